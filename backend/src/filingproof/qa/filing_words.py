"""What the named companies' filings name, for the reading of a question (`reading.FilingWords`): the
terms of their cells and the printed names of their segment, product and geography members. Each
company's are worked out from its cells once and kept in the store (`company_words`), so that a question
naming no company, read with every company's words, reads rows, not every company's cells."""

import hashlib
import logging
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.db.models import CompanyWords as CompanyWordsRow
from filingproof.db.models import Page
from filingproof.lru import LruCache
from filingproof.qa import defined_names as defined_names_module
from filingproof.qa import pick as pick_module
from filingproof.qa import vocabulary as vocabulary_module
from filingproof.qa.defined_names import defined_short_forms
from filingproof.qa.pick import member_name, name_words, without_company
from filingproof.qa.vocabulary import (
    VOCABULARIES_KEPT,
    Vocabulary,
    database_of,
    printed_label,
    printed_names,
    reported_members,
    vocabulary,
)
from filingproof.reading.lexicon import is_known_word
from filingproof.reading.reading import FilingWords
from filingproof.understanding import Catalog
from filingproof.verify import items as verify_items
from filingproof.verify.items import spellings, terms

logger = logging.getLogger(__name__)

# Members that name no product of anyone's: the taxonomy's generic categories (`us-gaap:ProductMember`).
_GENERIC_NAMESPACE = "us-gaap:"

# A line of words listed up to an "and" ("Food and beverage"; "Selling, informational and administrative
# expenses"), which analysts write by their initials ("F&B", "SI&A")
_LISTED_WORDS = re.compile(
    r"^\s*(?P<listed>[A-Za-z]+(?:\s*,\s*[A-Za-z]+)*),?\s+(?:and|&)\s+(?P<last>[A-Za-z]+)"
    r"(?:\s+(?:expenses?|costs?))?\s*$"
)

# The words of the sets of companies read last, kept while their filings stay the same: questions name the
# same companies again and again (and one naming none is read with every company's words), and merging
# their vocabularies costs more than reading the question.
WORD_SETS_KEPT = 16
_Key = tuple[str, tuple[tuple[str, tuple[int, ...]], ...]]
_KEPT: LruCache[_Key, FilingWords] = LruCache(WORD_SETS_KEPT)
# Sets of more companies than this (a question naming none reads every company's words) are kept apart,
# so that questions about single companies do not push them out; a set of more companies than half the
# vocabularies kept reads theirs without keeping them (hundreds would push out every vocabulary kept).
WIDE = 8
WIDE_SETS_KEPT = 4
_WIDE: LruCache[_Key, FilingWords] = LruCache(WIDE_SETS_KEPT)


async def filing_words(session: AsyncSession, catalog: Catalog, tickers: Iterable[str]) -> FilingWords:
    """The words of these companies' filings (those the catalog holds)."""
    filings: dict[str, list[int]] = defaultdict(list)
    for filing in catalog.filings_of(tickers):
        filings[filing.ticker].append(filing.filing_id)
    companies = tuple((ticker, tuple(sorted(ids))) for ticker, ids in sorted(filings.items()))
    key = (database_of(session), companies)
    sets = _WIDE if len(companies) > WIDE else _KEPT
    kept = sets.get(key)
    if kept is not None:
        return kept
    names = {ticker: name_words(catalog, ticker) for ticker, _ in companies}
    made_by = {ticker: _fingerprint(name) for ticker, name in names.items()}
    each = await _stored(session, companies, made_by)
    keep = len(companies) <= VOCABULARIES_KEPT // 2
    for ticker, ids in companies:
        if ticker not in each:
            vocab = await vocabulary(session, ticker, ids, names[ticker], keep=keep)
            each[ticker] = company_words(vocab, names[ticker], await _texts(session, ids))
            await _store(session, ticker, ids, made_by[ticker], each[ticker])
    words = _together(each)
    sets.put(key, words)
    return words


@dataclass(frozen=True, slots=True)
class CompanyWords:
    """What one company's filings name (a row of `company_words`)."""

    terms: frozenset[str]
    members: frozenset[str]  # as tagged and as printed, with and without the company's name
    initials: frozenset[tuple[str, str]]  # ("f&b", "food and beverage")
    printed: frozenset[tuple[str, str]]  # (printed name, tag's name) of one member


def line_initials(label: str) -> tuple[str, str] | None:
    """A line of words listed up to an "and" by its initials, and the line: "Food and beverage" →
    ("f&b", "food and beverage"); "Selling, informational and administrative expenses" → ("si&a", "selling,
    informational and administrative")."""
    listed = _LISTED_WORDS.match(label)
    if listed is None:
        return _capitals_initials(label)
    words = re.split(r"\s*,\s*", listed["listed"])
    short = "".join(word[0] for word in words) + f"&{listed['last'][0]}"
    return short.lower(), f"{', '.join(words)} and {listed['last']}".lower()


# the small words a region's initials leave out ("Europe, the Middle East and Africa": EMEA)
_SMALL = frozenset({"the", "and", "of", "&"})


def _capitals_initials(label: str) -> tuple[str, str] | None:
    """A line of three capitalised words or more by their initials, and the line: "Europe, the Middle East and
    Africa" → ("emea", "europe, the middle east and africa"); "Asia Pacific and Japan" → ("apj", …)."""
    line = re.sub(r"\s*\([^)]*\)*\)?", "", label).strip(" :")
    words = [word for word in re.findall(r"[A-Za-z&]+", line) if word.lower() not in _SMALL]
    if len(words) < 3 or not all(word[0].isupper() for word in words):
        return None
    return "".join(word[0] for word in words).lower(), line


async def _texts(session: AsyncSession, filing_ids: Sequence[int]) -> list[str]:
    """The filings' pages' text, where a filer defines its short forms."""
    rows = await session.execute(select(Page.text).where(Page.filing_id.in_(list(filing_ids))))
    return list(rows.scalars())


# the words a line's initials may skip ("Cost of sales and services": "COSAS" or "CSS")
_MINOR = frozenset({"and", "of", "the", "from", "for", "in", "on", "to"})
# lines of more words than this are not written by their initials
_MOST_WORDS = 6


def line_acronyms(label: str) -> set[tuple[str, str]]:
    """A printed line of three to six words by its initials, with and without its small words, and the line:
    "Earnings from operations" → {("efo", "earnings from operations")}; "Value-added services" → {("vas", …)}.
    Only initials of three letters or more that are no English or analysts' word: two letters ("eo", "dc")
    are read as the words they spell, and "Cost of goods sold" is no "cogs" of its own."""
    line = re.sub(r"\s*\([^)]*\)", "", printed_label(label)).strip(" :").lower()
    words = re.findall(r"[a-z]+", line)
    if not 3 <= len(words) <= _MOST_WORDS:
        return set()
    variants = {"".join(word[0] for word in words), "".join(word[0] for word in words if word not in _MINOR)}
    return {(short, line) for short in variants if len(short) >= 3 and not is_known_word(short)}


def company_words(vocab: Vocabulary, name: frozenset[str], texts: Iterable[str] = ()) -> CompanyWords:
    """What the company's vocabulary names; `name`: the words of the company's name; `texts`: its filings'
    text, whose short forms of the lines and members the tables print are named by them too."""
    initials: set[tuple[str, str]] = set()
    for entry in vocab.entries:
        if (written := line_initials(entry.cell.row_label)) is not None:
            initials.add(written)
        initials |= line_acronyms(entry.cell.row_label)
    members: set[str] = set()
    same: set[tuple[str, str]] = set()
    printed = printed_names(vocab, name)
    for member in reported_members(vocab):
        if not member.startswith(_GENERIC_NAMESPACE):
            # as its tag names it, and as the filer prints it ("Cardiac Rhythm & Heart Failure" for
            # `mdt:CardiacRhythmandHeartFailureDivisionMember`)
            name_of_tag = member_name(member)
            if (printed_name := printed.get(member, name_of_tag)) != name_of_tag:
                same.add((printed_name, name_of_tag))
            for member_named in {name_of_tag, printed_name}:
                members.add(member_named)
                if short_name := without_company(member_named, name):
                    members.add(short_name)  # "Model E" of "Ford Model E"
    lines = {entry.cell.row_label for entry in vocab.entries if entry.cell.row_label} | members
    initials |= defined_short_forms(texts, lines, name)
    return CompanyWords(frozenset(vocab.by_term), frozenset(members), frozenset(initials), frozenset(same))


def _together(each: dict[str, CompanyWords]) -> FilingWords:
    """The companies' words as one reading reads them; a short form stands for a line only when one line
    of all their filings has it."""
    # a line however its short forms write it ("Europe, the Middle East and Africa" as printed, and in lower
    # case), as printed where one writes it so
    lines: dict[str, dict[str, str]] = defaultdict(dict)
    for words in each.values():
        for short, line in sorted(words.initials, key=lambda pair: pair[1].islower()):
            lines[short].setdefault(line.lower(), line)
    found = frozenset().union(*(words.terms for words in each.values()))
    return FilingWords(
        # with the words the terms join ("provision" of "expense"): a slip of one is that word ("provison")
        found | spellings(found),
        tuple(sorted((ticker, name) for ticker, words in each.items() for name in words.members)),
        fold=terms,
        initials=tuple(
            sorted((short, next(iter(one.values()))) for short, one in lines.items() if len(one) == 1)
        ),
        printed=tuple(sorted({pair for words in each.values() for pair in words.printed})),
    )


# The code that reads a company's words: a row made by other code is made again.
_READERS = (verify_items, vocabulary_module, pick_module, defined_names_module, sys.modules[__name__])
_CODE = hashlib.sha256(b"".join(Path(str(module.__file__)).read_bytes() for module in _READERS)).hexdigest()


def _fingerprint(name: frozenset[str]) -> str:
    """What a company's words were made by: this code, and the words of its name (left out of its terms)."""
    return hashlib.sha256(f"{_CODE}:{' '.join(sorted(name))}".encode()).hexdigest()[:32]


async def _stored(
    session: AsyncSession, companies: Sequence[tuple[str, tuple[int, ...]]], made_by: dict[str, str]
) -> dict[str, CompanyWords]:
    """The companies' kept words that still hold: made from the same filings by the same code. Read in a
    session of its own, so that a store without them (not yet migrated) leaves the question's intact."""
    filings = dict(companies)
    try:
        async with AsyncSession(session.bind) as reader:
            rows = (
                await reader.execute(select(CompanyWordsRow).where(CompanyWordsRow.ticker.in_(list(filings))))
            ).scalars()
            kept = [row for row in rows if row.made_by == made_by[row.ticker]]
    except SQLAlchemyError as error:
        logger.warning("the companies' kept words could not be read: %s", error.__class__.__name__)
        return {}
    return {
        row.ticker: CompanyWords(
            frozenset(row.terms),
            frozenset(row.members),
            frozenset((short, line) for short, line in row.initials),
            frozenset((name, tag) for name, tag in row.printed),
        )
        for row in kept
        if tuple(row.filing_ids) == filings[row.ticker]
    }


async def _store(
    session: AsyncSession, ticker: str, filing_ids: tuple[int, ...], made_by: str, words: CompanyWords
) -> None:
    """Keep a company's words, in a transaction of its own (the question's session only reads); a store
    that cannot be written (read-only, busy) keeps nothing, and the words are made again next time."""
    values = {
        "ticker": ticker,
        "filing_ids": list(filing_ids),
        "made_by": made_by,
        "terms": sorted(words.terms),
        "members": sorted(words.members),
        "initials": [list(pair) for pair in sorted(words.initials)],
        "printed": [list(pair) for pair in sorted(words.printed)],
    }
    upsert = insert(CompanyWordsRow).values(values)
    upsert = upsert.on_conflict_do_update(index_elements=["ticker"], set_=values)
    try:
        async with AsyncSession(session.bind) as writer, writer.begin():
            await writer.execute(upsert)
    except SQLAlchemyError as error:
        logger.warning("the words of %s could not be kept: %s", ticker, error.__class__.__name__)
