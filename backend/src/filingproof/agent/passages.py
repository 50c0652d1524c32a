"""Extractive answers: the sentences of the retrieved pages that best match the question, quoted verbatim.

A sentence is chosen for the question's item, not only for sharing words with it: it must name at least
half the words of the asked item ("share repurchases", "effective tax rate"; see `qa.asked`), compared as
`verify.items` folds them (plurals, synonyms) and by their first letters ("repurchased", "competitive").
Sentences naming more of the item rank first, then those sharing more of the question's other words. For a
question asking for a figure ("how much", "what was"), a sentence that states figures is kept only when one
of them stands next to the item's words ("paid dividends of $8,359 million", not "a $100 investment …
assumes dividends were reinvested").

A sentence that states figures is kept only if every figure verifies against the cells of its own page
(fail closed); periods in a quote are the filer's words and are not held against it.

A quote carries the boxes of the lines it is drawn on (`pages.lines`, measured at ingest in the layout that
drew the page image), found by its text with the spaces left out, so the viewer outlines it on the page.
"""

import dataclasses
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.state import Passage
from filingproof.index.tokenize import tokenize
from filingproof.qa.asked import item_phrases
from filingproof.qa.store import page_cells
from filingproof.retrieval.search import PageHit
from filingproof.understanding import QueryUnderstanding
from filingproof.verify import CellSource, extract, verify_draft
from filingproof.verify.items import terms

MAX_SENTENCES = 3
MAX_PER_PAGE = 2
MIN_CHARS, MAX_CHARS = 40, 600
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(])|\n+")
_GENERIC = frozenset({"company", "say", "says", "about", "fiscal", "year", "report", "describe", "discuss"})


def sentences(body: str) -> list[str]:
    found = []
    for part in _SPLIT.split(body):
        sentence = " ".join(part.split())
        if MIN_CHARS <= len(sentence) <= MAX_CHARS and sentence[-1:] in ".!?":
            found.append(sentence)
    return found


# A "why" question is answered by the sentences that give causes, whatever the line item's wording.
_CAUSAL_QUESTION = re.compile(r"\bwhy\b|\bdr(?:ove|ive|ivers?|iven)\b|\bcaus|\breasons?\b|\bexplain", re.I)
_CAUSAL_TERMS = frozenset(tokenize("due primarily driven higher lower increase decrease compared"))


_ASKS_FIGURE = re.compile(r"^\s*(?:how\s+(?:much|many)|what\s+(?:was|were|is|are))\b", re.I)
_ROOT = 6  # letters compared: "repurchased" and "repurchases", "competitive" and "competition"
_NEAR = (80, 40)  # characters before and after a figure in which the item's words must stand


def _roots(text: str) -> frozenset[str]:
    return frozenset(term[:_ROOT] for term in terms(text))


@dataclass(frozen=True)
class _Relevance:
    item: frozenset[str]  # roots of the asked item's words
    other: frozenset[str]  # the question's other words (BM25 tokens), with causal words for "why"
    asks_figure: bool

    @property
    def needed(self) -> int:
        return max(1, math.ceil(len(self.item) / 2))


def _relevance(u: QueryUnderstanding) -> _Relevance:
    item = _roots(" ".join(item_phrases(u.query, u.company_mentions, None)))
    naming = {t for mention in u.company_mentions for t in tokenize(mention)}
    other = {t for t in tokenize(u.query) if t not in naming and t not in _GENERIC and not t.isdigit()}
    if _CAUSAL_QUESTION.search(u.query):
        other |= _CAUSAL_TERMS
    return _Relevance(item, frozenset(other), _ASKS_FIGURE.match(u.query) is not None)


def _figure_near_item(sentence: str, item: frozenset[str]) -> bool | None:
    """Whether a figure of the sentence stands next to the item's words; None: it states no figure."""
    figures = extract(sentence).figures if any(char.isdigit() for char in sentence) else []
    if not figures:
        return None
    before, after = _NEAR
    return any(item & _roots(sentence[max(0, f.start - before) : f.end + after]) for f in figures)


def _score(sentence: str, relevance: _Relevance, rank: int) -> tuple[float, ...] | None:
    """How well the sentence answers the asked item (higher first); None: it does not."""
    shared = len(relevance.other.intersection(tokenize(sentence))) + 1.0 / (rank + 2)
    if not relevance.item:  # the question names no item: its words decide
        return (0.0, 0.0, shared) if shared >= 1 else None
    named = len(relevance.item & _roots(sentence))
    if named < relevance.needed:
        return None
    near = _figure_near_item(sentence, relevance.item) if relevance.asks_figure else None
    if near is False:
        return None  # its figures are about something else
    return (named / len(relevance.item), 1.0 if near else 0.0, shared)


Line = Sequence[Any]  # a page's line as stored: text, x0, y0, x1, y1
_SPACES = re.compile(r"[\s\u200b]+")


@dataclass(frozen=True)
class _PageText:
    body: str
    lines: Sequence[Line]


def sentence_boxes(sentence: str, lines: Sequence[Line]) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of the lines a sentence is drawn on (its first occurrence), compared without spaces (the
    page's text and its drawn lines break and space words differently); none when it is not found."""
    wanted = _SPACES.sub("", sentence)
    squashed = [_SPACES.sub("", str(line[0])) for line in lines]
    start = "".join(squashed).find(wanted)
    if not wanted or start < 0:
        return ()
    end, offset, boxes = start + len(wanted), 0, []
    for line, chars in zip(lines, squashed, strict=True):
        if offset < end and offset + len(chars) > start:
            boxes.append((float(line[1]), float(line[2]), float(line[3]), float(line[4])))
        offset += len(chars)
    return tuple(boxes)


async def _page_texts(session: AsyncSession, hits: Sequence[PageHit]) -> dict[tuple[int, int], _PageText]:
    rows = await session.execute(
        text(
            "SELECT filing_id, page_no, text, lines FROM pages WHERE (filing_id, page_no) IN "
            "(SELECT * FROM unnest(CAST(:f AS integer[]), CAST(:p AS integer[])))"
        ),
        {"f": [h.filing_id for h in hits], "p": [h.page_no for h in hits]},
    )
    return {(row.filing_id, row.page_no): _PageText(row.text, row.lines or ()) for row in rows}


async def _checked(
    session: AsyncSession, sentence: str, hit: PageHit, lines: Sequence[Line]
) -> Passage | None:
    """The passage, with the cells its figures match; None if a figure does not verify."""
    base = Passage(
        sentence, hit.filing_id, hit.accession, hit.ticker, hit.form, hit.period_end.isoformat(), hit.page_no,
        hit.label, boxes=sentence_boxes(sentence, lines),
    )  # fmt: skip
    extraction = extract(sentence)
    if not extraction.figures and not extraction.unrecognised:
        return base
    cells = await page_cells(session, hit.filing_id, hit.page_no)
    verdict = verify_draft(sentence, [c.cited() for c in cells])
    if any(failure.kind not in ("period", "reference", "claim") for failure in verdict.failed):
        # A sentence of the filing: its periods, references and claims are its own; its figures are not.
        return None
    used = {f.matched_source.cell_id for f in verdict.figures if isinstance(f.matched_source, CellSource)}
    return dataclasses.replace(base, cells=tuple(c for c in cells if c.cell_id in used))


async def select_passages(
    session: AsyncSession, u: QueryUnderstanding, hits: Sequence[PageHit]
) -> list[Passage]:
    if not hits:
        return []
    relevance = _relevance(u)
    pages = await _page_texts(session, hits)
    scored: list[tuple[tuple[float, ...], int, str, PageHit]] = []
    for rank, hit in enumerate(hits):
        page = pages.get((hit.filing_id, hit.page_no))
        for order, sentence in enumerate(sentences(page.body if page else "")):
            score = _score(sentence, relevance, rank)
            if score is not None:
                scored.append((score, -rank * 1000 - order, sentence, hit))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    chosen: list[Passage] = []
    per_page: dict[tuple[int, int], int] = {}
    for _, _, sentence, hit in scored:
        key = (hit.filing_id, hit.page_no)
        if per_page.get(key, 0) >= MAX_PER_PAGE or any(p.sentence == sentence for p in chosen):
            continue
        page = pages.get(key)
        passage = await _checked(session, sentence, hit, page.lines if page else ())
        if passage is None:
            continue
        chosen.append(passage)
        per_page[key] = per_page.get(key, 0) + 1
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen
