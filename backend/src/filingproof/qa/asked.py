"""What a question asks for, in its own words: the line item phrases and the periods, per company.

This is the question's side of the item-faithfulness check (`verify.items`): the words of the asked item
as the question writes them ("income before provision for income taxes", "Family of Apps revenue"), read
apart from the curated items that pick cells, so that a cell picked for a neighbouring line fails. The
words are the question less its scaffolding: the company mentions, the period ("in fiscal 2024", "for
the six months ended March 29, 2025"), question words and verbs ("what was", "how much did … spend"),
the arithmetic asked for ("growth", "difference between"), a trailing narrative clause ("and what drove
them"), and a sentence of instructions beside the question ("Answer briefly."). A ratio named by one
phrase ("operating margin") asks for its two lines (operating income, revenue).
"""

import re
from collections.abc import Sequence
from datetime import timedelta

from filingproof.qa.direction import asked_way
from filingproof.qa.items import SHARE_OF, Ask, find_items, item_spans, named_ratio_span
from filingproof.qa.periods import period_sum_for, target_for
from filingproof.reading.grammar import (
    CHANGE_WORDS,
    DERIVATION_WORDS,
    EDGE_WORDS,
    INSTRUCTION_WORDS,
    PERIOD_WORDS,
    QUESTION_WORDS,
    RATIO_WORDS,
)
from filingproof.understanding import Catalog, FilingRef, QueryUnderstanding
from filingproof.verify.items import AskedItem, AskedPeriod

_TOKEN = re.compile(r"[A-Za-z0-9$](?:[\w&’'.-]*[\w&])?")
# A sentence or clause break: not inside "U.S." or "3.5"
# (a sentence of instructions may open in lower case: "… in percent? use the cash flow statement numbers")
_CLAUSE_BREAK = re.compile(
    rf"(?<=[a-z0-9][.?!])\s+(?=[A-Z]|(?:{'|'.join(sorted(INSTRUCTION_WORDS))})\b)|(?<=[:;])\s+"
)
_NARRATIVE_CLAUSE = re.compile(
    r"[,;]?\s+(?:and|but)\s+(?:what|why|how|which|who|where|when)\b.*$", re.I | re.S
)
# The definition the reading writes of a ratio the question glosses ("Operating margin is defined as:
# operating income / total revenues"): the ratio's lines, already named by its name, no item's words.
_STATED_DEFINITION = re.compile(r"\.\s+[^.]*\bis\s+defined\s+as:.*$", re.IGNORECASE | re.DOTALL)
_PERIOD_TOKEN = re.compile(r"(?:[fc]y)?['’]?\d{1,4}|q[1-4]|[1-4]q|h[12]|10-?[kq]|\d+(?:st|nd|rd|th)")
# Where the figure is printed ("in Apple's cash flow statement"), not what it is.
_STATEMENT = re.compile(
    r"\b(?:(?:consolidated\s+)?statements?\s+of\s+(?:cash\s+flows?|operations|income|earnings)"
    r"|cash[- ]flows?\s+statements?|income\s+statements?|balance\s+sheets?)\b",
    re.IGNORECASE,
)
# What was spent or paid: a payment line answers it (not "paid-in capital").
_PAID = re.compile(r"\b(?:spen[dt]|spending|pa(?:y|ys|id|ying)(?![-\w])|outlays?)\b", re.IGNORECASE)


def asks_paid(question: str) -> bool:
    """Whether the question asks what was paid or spent ("How much did Meta spend on share repurchases")."""
    return _PAID.search(question) is not None


def _mention_spans(question: str, mentions: Sequence[str]) -> list[tuple[int, int]]:
    """Where the question names its companies, except inside a proper name ("Google Cloud", "Walmart
    International", "Amazon Web Services"), which names a segment or product."""
    spans = []
    for mention in mentions:
        for found in re.finditer(re.escape(mention), question):
            after = question[found.end() :].lstrip()
            # a ticker or a name typed in lower case ("AAPL", "aapl") begins no proper name, nor does a name
            # before another company's ("… difference AbbVie Abbott")
            if (
                re.search(r"['’]s$", mention)
                or not after[:1].isupper()
                or not mention[:1].isupper()
                or mention.isupper()
                or any(after.startswith(other) for other in mentions)
            ):
                spans.append(found.span())
    return spans


def _without_instructions(question: str) -> str:
    """The question less its sentences of instructions ("Answer slowly."): those naming no line item (a
    statement's name names none: "use the cash flow statement numbers please")."""
    statements = [found.span() for found in _STATEMENT.finditer(question)]
    spans = [
        (start, end)
        for start, end in item_spans(question)
        if not any(s <= start and end <= e for s, e in statements)
    ]
    kept, start = [], 0
    for found in [*_CLAUSE_BREAK.finditer(question), None]:
        end = found.start() if found else len(question)
        clause = question[start:end]
        first = clause.split(maxsplit=1)[0].lower().strip(",:;") if clause.strip() else ""
        names_item = any(start < span_end and span_start < end for span_start, span_end in spans)
        # blanked, not cut out, so that spans keep their places
        kept.append(clause if names_item or first not in INSTRUCTION_WORDS else " " * len(clause))
        kept.append(question[end : found.end()] if found else "")
        start = found.end() if found else end
    return "".join(kept)


def _kept_tokens(question: str, mentions: Sequence[str], derived: bool, printed: bool) -> list[re.Match[str]]:
    """The tokens of the question that may name the item: not a company, period, question word or verb."""
    body = _NARRATIVE_CLAUSE.sub("", _without_instructions(_STATED_DEFINITION.sub("", question)))
    taken = _mention_spans(body, mentions) + [found.span() for found in _STATEMENT.finditer(body)]
    dropped = PERIOD_WORDS | QUESTION_WORDS | DERIVATION_WORDS
    dropped |= (RATIO_WORDS if derived else frozenset()) | (frozenset() if printed else CHANGE_WORDS)
    tokens = list(_TOKEN.finditer(body))
    words = [re.sub(r"['’]s?$", "", token.group().lower()) for token in tokens]
    kept = []
    for index, (token, word) in enumerate(zip(tokens, words, strict=True)):
        if any(start < token.end() and token.start() < end for start, end in taken):
            continue
        if word in dropped or _PERIOD_TOKEN.fullmatch(word) or _before_period(words, index):
            continue
        kept.append(token)
    return kept


def _before_period(words: Sequence[str], index: int) -> bool:
    """Whether an edge word leads into a period ("in the first half of 2023", "Jan through June"): none of
    the item's words, wherever the period stands (an aside's names may follow it)."""
    if words[index] not in EDGE_WORDS:
        return False
    following = next((word for word in words[index + 1 :] if word not in EDGE_WORDS), "")
    return following in PERIOD_WORDS or _PERIOD_TOKEN.fullmatch(following) is not None


def _trimmed(tokens: Sequence[re.Match[str]]) -> Sequence[re.Match[str]]:
    """The tokens without edge words at either end ("of", "for", "in")."""
    start, end = 0, len(tokens)
    while start < end and tokens[start].group().lower() in EDGE_WORDS:
        start += 1
    while end > start and tokens[end - 1].group().lower() in EDGE_WORDS:
        end -= 1
    return tokens[start:end]


def _phrase(tokens: Sequence[re.Match[str]]) -> str:
    """The tokens as a phrase; a "&" typed between two of them is written "and" ("cash & cash equivalents"
    is no "cash cash equivalents")."""
    words: list[str] = []
    kept = _trimmed(tokens)
    for before, token in zip([None, *kept], kept, strict=False):
        if before is not None and token.string[before.end() : token.start()].strip() == "&":
            words.append("and")
        words.append(token.group())
    return " ".join(words)


def _once(tokens: Sequence[re.Match[str]]) -> list[re.Match[str]]:
    """The tokens less any whose word came earlier ("Services … of Services net sales")."""
    seen: set[str] = set()
    kept = []
    for token in tokens:
        if token.group().lower() not in seen:
            seen.add(token.group().lower())
            kept.append(token)
    return kept


def _grouped(question: str, tokens: Sequence[re.Match[str]]) -> list[list[re.Match[str]]]:
    """Tokens grouped by the line item they belong to: a modifier goes with the item named after it."""
    spans = item_spans(question)
    if len(spans) < 2:
        return [list(tokens)]
    groups: list[list[re.Match[str]]] = [[] for _ in spans]
    for token in tokens:
        index = next((i for i, (_, end) in enumerate(spans) if token.start() < end), len(spans) - 1)
        # a word right after a line's name ends that name ("research and development expense as a percentage
        # of total revenue")
        if index > 0 and not question[spans[index - 1][1] : token.start()].strip():
            index -= 1
        groups[index].append(token)
    return groups


def item_phrases(
    question: str, mentions: Sequence[str], ask: Ask | None, printed: bool = False
) -> tuple[str, ...]:
    """The line items the question asks for, as it words them: the lines a change or growth is computed
    from ("cash" for "the increase in cash"), or with `printed`, a line that states the change itself
    ("increase in cash")."""
    derived = ask is not None and ask.derivation is not None
    if ask is not None and ask.part is not None and (share := SHARE_OF.search(question)) is not None:
        whole = _phrase(_kept_tokens(question[share.end() :], mentions, derived, printed))
        return (ask.part, whole or ask.items[0].name)
    tokens = _kept_tokens(question, mentions, derived, printed)
    ratio = named_ratio_span(question) if ask is not None and derived else None
    if ask is not None and ratio is not None:
        start, end = ratio
        # a gloss restating the ratio's lines ("i.e. AWS operating income divided by AWS net sales", "as a
        # percentage of Services net sales") adds no modifier: the lines' own words are left out, and a
        # modifier said twice is one
        # (any line's: "cost of revenues" is no modifier of revenue)
        named = dict.fromkeys([*ask.items, *find_items(question)])
        lines = [found.span() for item in named for found in item.pattern.finditer(question)]
        outside = [
            t
            for t in tokens
            if (t.end() <= start or t.start() >= end)
            and not any(s <= t.start() and t.end() <= e for s, e in lines)
        ]
        modifiers = _phrase(_once(outside))
        return tuple(f"{modifiers} {item.name}".strip() for item in ask.items)
    if ask is None or len(ask.items) == 1:
        phrases = [_phrase(tokens)]
    else:
        phrases = [_phrase(group) for group in _grouped(question, tokens)]
    return tuple(dict.fromkeys(phrase for phrase in phrases if phrase))


def asked_periods(
    u: QueryUnderstanding, filings: list[FilingRef], ask: Ask | None, moved: bool = False
) -> tuple[AskedPeriod, ...]:
    """Every period the question asks for in one company's filings: each year named (or the latest), as a
    duration and as an instant at its end. A growth or change over one period also asks for what it is
    measured from: the same duration a year earlier (a flow), and the balance where the period starts. A
    fourth quarter, second half or trailing twelve months also asks for the printed periods they add up
    to (`qa.periods.PeriodSum`). So does a margin or ratio asked which way it `moved` ("did R&D as a % of
    sales go up in 2023?"): the year before is what it moved from."""
    kinds = ("growth", "change", "margin", "ratio") if moved else ("growth", "change")
    earlier = ask is not None and ask.derivation in kinds and len(u.years) < 2
    periods: list[AskedPeriod] = []
    years: list[int | None] = [*u.years] or [None]
    for year in years:
        duration = target_for(u, filings, "duration", year)
        instant = target_for(u, filings, "instant", year)
        summed = period_sum_for(u, filings, year)
        # a period no filing may print is asked as the printed periods that add up to it
        periods += [
            AskedPeriod(part.end, part.days) for part in (summed.plus + summed.minus if summed else ())
        ]
        if duration is not None:
            periods.append(AskedPeriod(duration.end, duration.days))
            if earlier:
                before = duration.earlier()
                periods.append(AskedPeriod(before.end, before.days))
        if instant is not None:
            periods.append(AskedPeriod(instant.end))
            if earlier and duration is not None and duration.days:
                periods.append(AskedPeriod(duration.end - timedelta(days=duration.days)))
            elif earlier:
                periods.append(AskedPeriod(instant.earlier().end))
    return tuple(dict.fromkeys(periods))


def with_part(question: str, mentions: Sequence[str], ask: Ask | None) -> Ask | None:
    """`ask` as a share of its one line item whose part the filings name by their own line ("What was AMC's
    Q2 2023 food & beverage as a percentage of revenue"); `ask` itself when the question asks no such
    share, or names its part by a line item of its own (then `ask` has both)."""
    share = SHARE_OF.search(question)
    if ask is None or len(ask.items) != 1 or ask.derivation is not None or share is None:
        return ask
    before = question[: share.start()]
    if find_items(before) or ask.items[0] not in find_items(question[share.end() :]):
        return ask
    kept = _trimmed(_kept_tokens(before, mentions, True, False))
    if not kept:
        return ask
    # as written, joiners and all ("food & beverage"), where the tokens are the text's own (no sentence of
    # instructions taken out before them)
    written = before[kept[0].start() : kept[-1].end()]
    fits = written.startswith(kept[0].group()) and written.endswith(kept[-1].group())
    return Ask(ask.items, "margin", written if fits else _phrase(kept))


def asked_items(
    question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask | None, printed: bool = False
) -> tuple[AskedItem, ...]:
    """The asked items, one per company and line item, with the periods asked in that company's filings
    (`printed`: as lines that state a change asked for, see `item_phrases`)."""
    phrases = item_phrases(question, u.company_mentions, ask, printed)
    items: list[AskedItem] = []
    for ticker in u.companies:
        periods = asked_periods(u, u.filings_of(catalog, ticker), ask, asked_way(question) is not None)
        items += [AskedItem(phrase, ticker, periods) for phrase in phrases]
    return tuple(items)
