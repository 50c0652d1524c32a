"""A segment, division, unit or brand the question names that the company's filings do not report.

"Travelers' Life & Annuity segment", "Nike's golf segment", "Alphabet's Waymo unit", "P&G's Tide brand":
when no line answers such a question, the name before the word "segment" (or "division", "unit",
"business", "brand") is looked up in the company's cells. If no cell carries the name's words, the company
reports no such thing, and the answer says so with the segments it does report, instead of offering the
nearest lines (which would answer a neighbouring question) or quoting its text.
"""

import re
from collections.abc import Sequence

from filingproof.qa.vocabulary import Vocabulary, printed_names
from filingproof.reading.grammar import PART_WORDS
from filingproof.verify.items import member_words, terms

# The kinds of a company's parts a question names by their own names ("seg" as analysts shorten it), and a
# brand, which is no part the reading binds a member by
_PART = re.compile(rf"\b(?:{'|'.join(sorted(PART_WORDS | {'units', 'brand', 'brands'}))})\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’.-]*|&")
# words inside a part's name: "Life & Annuity", "Bond and Specialty Insurance"
_JOINERS = frozenset({"&", "and"})
# words a name does not go on past ("premiums per unit", "revenue of the … segment")
_ENDS = frozenset(
    {"per", "of", "for", "in", "at", "by", "from", "on", "to", "with", "the", "a", "an", "its", "their"}
    # a question's word or a pointer back is no name ("What segment EBITA did …", "that segment's income")
    | {"what", "which", "whose", "that", "this", "these", "those", "each", "every", "same"}
    # nor is the question's verb ("What revenue did Texas Instruments' Automotive segment report")
    | {"did", "does", "do", "was", "were", "is", "are", "has", "have", "had"}
)
# the longest name looked for before the word "segment"
_NAME_WORDS = 4
# the axes whose members are the company's segments
_SEGMENT_AXIS = re.compile(r"(?<!Sub)BusinessSegmentsAxis$")


def _names_before_parts(
    question: str, neutral: frozenset[str], mentions: Sequence[str]
) -> list[tuple[str, str]]:
    """The names written right before a part word, each with that word: the run of words that name something
    (a stop word, a company's name, as written or as the question mentions it, or a period ends it), joiners
    kept inside."""
    named = {_bare(mention) for mention in mentions}
    # a part word inside a company's name is none ("International Business Machines")
    for mention in (mention for mention in mentions if " " in mention.strip()):
        question = re.sub(re.escape(mention), lambda found: " " * len(found.group()), question, flags=re.I)
    names = []
    for part in _PART.finditer(question):
        words = _WORD.findall(question[: part.start()])
        run: list[str] = []
        for word in reversed(words):
            if word.lower() in _JOINERS:
                run.insert(0, word)
                continue
            bare = _bare(word)
            if bare in _ENDS or bare in named or not terms(word, neutral) or len(run) >= _NAME_WORDS:
                break
            run.insert(0, word)
        while run and run[0].lower() in _JOINERS:
            run.pop(0)
        if run:
            names.append((" ".join(run), part.group().lower()))
    return names


def _bare(word: str) -> str:
    return re.sub(r"['’]s?$", "", word.strip()).lower()


def _carried(vocab: Vocabulary, wanted: frozenset[str]) -> bool:
    """Whether some cell of the company carries every one of the words (whatever its period)."""
    found: set[int] | None = None
    for term in wanted:
        having = set(vocab.by_term.get(term, ()))
        found = having if found is None else found & having
        if not found:
            return False
    return True


def unreported_part(
    question: str,
    vocab: Vocabulary,
    neutral: frozenset[str],
    mentions: Sequence[str] = (),
    read: str | None = None,
) -> str | None:
    """The name of a segment, division, unit or brand the question names and no cell of the company
    carries ("Life & Annuity"), else None. `mentions`: how the question names companies ("NKE"); `read`:
    the question as read, which must hold the name's words too (a name in an aside set aside is none)."""
    kept = terms(read if read is not None else question)
    for name, part in _names_before_parts(question, neutral, mentions):
        wanted = terms(name, neutral)
        if not wanted or not wanted <= kept:
            continue
        if not _carried(vocab, wanted) or (part in _SEGMENT_WORDS and not _segment_named(vocab, wanted)):
            return name
    return None


# the words that name a reported segment, which a company that tags its segments names by a member
_SEGMENT_WORDS = frozenset({"segment", "segments", "seg", "division", "divisions"})


def _segment_named(vocab: Vocabulary, wanted: frozenset[str]) -> bool:
    """Whether the words name one of the company's segments: a member on its segments axis, as tagged or as
    printed, a row or column that prints the name alone (PepsiCo's "LatAm"), or a table captioned with it.
    True when the company tags no segments (nothing to tell by). "Cadillac dealer strategy", a line of GM's
    reconciliation, names no segment "Cadillac"."""
    members = {
        str(member)
        for entry in vocab.entries
        for axis, member in entry.cell.dimensions.items()
        if _SEGMENT_AXIS.search(axis)
    }
    if not members or any(wanted <= terms(member_words(member)) for member in members):
        return True
    if any(entry.row == wanted or entry.column == wanted for entry in vocab.entries):
        return True
    captions = (entry.carried - entry.own for entry in vocab.entries if entry.cell.fact_id is None)
    if any(wanted <= caption for caption in captions):
        return True
    # last, the members as printed: the filer's rows and columns read again (`printed_names`)
    printed = printed_names(vocab)
    return any(wanted <= terms(member_words(m)) | terms(printed.get(m, "")) for m in members)


def reported_segments(vocab: Vocabulary) -> list[str]:
    """The segments the company's tagged cells report, as its rows print them, in order of appearance."""
    printed = printed_names(vocab)
    members = dict.fromkeys(
        str(member)
        for entry in vocab.entries
        for axis, member in entry.cell.dimensions.items()
        if _SEGMENT_AXIS.search(axis) and not member.startswith(("us-gaap:", "srt:"))
    )
    return list(dict.fromkeys(printed.get(member) or _spelled(member) for member in members))


def _spelled(member: str) -> str:
    """A member no row prints, by its tag's words: "trv:PersonalInsuranceMember" → "Personal Insurance"."""
    return " ".join(w if w in {"and", "of"} else w.capitalize() for w in member_words(member).split())


def unreported_sentence(ticker: str, company: str, name: str, vocab: Vocabulary) -> str:
    """Why there is no figure, and what can be asked instead."""
    segments = reported_segments(vocab)
    listed = f" The segments they report: {', '.join(segments)}." if segments else ""
    return (
        f"The ingested filings of {company} ({ticker}) report no segment, division, unit or brand named "
        f"'{name}': neither a segment of theirs nor a line of their tables is named so, so there is no "
        f"figure for it.{listed}"
    )
