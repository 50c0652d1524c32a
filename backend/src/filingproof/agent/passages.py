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
from functools import cached_property
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import StoreKey
from filingproof.agent.state import Passage
from filingproof.index.tokenize import tokenize
from filingproof.lru import LruCache
from filingproof.qa.asked import item_phrases
from filingproof.qa.store import CellHit, page_cells
from filingproof.retrieval.search import PageHit
from filingproof.understanding import QueryUnderstanding
from filingproof.verify import CellSource, WrittenFigure, extract, verify_draft
from filingproof.verify.figures import Extraction
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
# A sentence that gives a cause: "primarily due to", "driven by", "as a result of", "reflecting", "offset by".
_GIVES_CAUSE = re.compile(
    r"\b(?:due\s+to|driven\s+by|as\s+a\s+result\s+of|because|attributable\s+to|result(?:ed|ing)?\s+from"
    r"|reflect(?:s|ed|ing)?|offset\s+by|primarily\s+(?:from|by)|caused\s+by)\b",
    re.IGNORECASE,
)


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
    asks_why: bool = False  # "why", "what drove": only a sentence that gives a cause answers

    @property
    def needed(self) -> int:
        return max(1, math.ceil(len(self.item) / 2))


def _relevance(u: QueryUnderstanding) -> _Relevance:
    item = _roots(" ".join(item_phrases(u.query, u.company_mentions, None)))
    naming = {t for mention in u.company_mentions for t in tokenize(mention)}
    other = {t for t in tokenize(u.query) if t not in naming and t not in _GENERIC and not t.isdigit()}
    asks_why = _CAUSAL_QUESTION.search(u.query) is not None
    if asks_why:
        other |= _CAUSAL_TERMS
    return _Relevance(item, frozenset(other), _ASKS_FIGURE.match(u.query) is not None, asks_why)


@dataclass(frozen=True)
class _Sentence:
    """A sentence of a page with what scoring reads of it, worked out once per page read (see `_Page`)."""

    text: str
    tokens: frozenset[str]  # its BM25 tokens
    roots: frozenset[str]  # its words' roots (`_roots`)

    @cached_property
    def extraction(self) -> Extraction:
        return extract(self.text)

    @cached_property
    def figures(self) -> tuple[WrittenFigure, ...]:
        """The figures scoring reads: none without a digit."""
        return tuple(self.extraction.figures) if any(char.isdigit() for char in self.text) else ()


def _sentence(text: str) -> _Sentence:
    return _Sentence(text, frozenset(tokenize(text)), _roots(text))


def _figure_near_item(sentence: _Sentence, item: frozenset[str]) -> bool | None:
    """Whether a figure of the sentence stands next to the item's words; None: it states no figure."""
    if not sentence.figures:
        return None
    before, after = _NEAR
    text = sentence.text
    return any(item & _roots(text[max(0, f.start - before) : f.end + after]) for f in sentence.figures)


# "The increase was primarily due to …": a sentence about the move the sentence before it states.
_ANAPHOR = re.compile(
    r"^(?:the|this|these|that)\s+(?:increases?|decreases?|declines?|growth|changes?|rises?|drops?"
    r"|improvements?|reductions?)\b",
    re.IGNORECASE,
)


def _score(
    sentence: _Sentence, relevance: _Relevance, rank: int, before: _Sentence | None = None
) -> tuple[float, ...] | None:
    """How well the sentence answers the asked item (higher first); None: it does not. A sentence about
    "the increase" names the item of the sentence `before` it."""
    shared = len(relevance.other & sentence.tokens) + 1.0 / (rank + 2)
    if not relevance.item:  # the question names no item: its words decide
        return (0.0, 0.0, shared) if shared >= 1 else None
    roots = sentence.roots | (before.roots if before is not None and _ANAPHOR.match(sentence.text) else set())
    named = len(relevance.item & roots)
    if named < relevance.needed or (relevance.asks_why and not _GIVES_CAUSE.search(sentence.text)):
        return None
    near = _figure_near_item(sentence, relevance.item) if relevance.asks_figure else None
    if near is False:
        return None  # its figures are about something else
    return (named / len(relevance.item), 1.0 if near else 0.0, shared)


Line = Sequence[Any]  # a page's line as stored: text, x0, y0, x1, y1
_SPACES = re.compile(r"[\s\u200b]+")


@dataclass(frozen=True)
class _Page:
    body: str
    lines: Sequence[Line]

    @cached_property
    def sentences(self) -> tuple[_Sentence, ...]:
        return tuple(_sentence(text) for text in sentences(self.body))

    @cached_property
    def squashed(self) -> tuple[str, ...]:
        """Its drawn lines' texts without spaces (`sentence_boxes`)."""
        return squashed_lines(self.lines)


def squashed_lines(lines: Sequence[Line]) -> tuple[str, ...]:
    return tuple(_SPACES.sub("", str(line[0])) for line in lines)


def sentence_boxes(
    sentence: str, lines: Sequence[Line], squashed: Sequence[str] | None = None
) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of the lines a sentence is drawn on (its first occurrence), compared without spaces (the
    page's text and its drawn lines break and space words differently); none when it is not found.
    `squashed`: the lines' `squashed_lines`, when worked out already."""
    wanted = _SPACES.sub("", sentence)
    squashed = squashed_lines(lines) if squashed is None else squashed
    start = "".join(squashed).find(wanted)
    if not wanted or start < 0:
        return ()
    end, offset, boxes = start + len(wanted), 0, []
    for line, chars in zip(lines, squashed, strict=True):
        if offset < end and offset + len(chars) > start:
            boxes.append((float(line[1]), float(line[2]), float(line[3]), float(line[4])))
        offset += len(chars)
    return tuple(boxes)


# Pages and quotes read lately, by store (`agent.deps.StoreKey`): a stored page never changes, and the pages
# a search ranks first come back question after question.
PAGES_KEPT = 256
_PageKey = tuple[StoreKey, int, int]  # store, filing, page
_PAGES: LruCache[_PageKey, _Page] = LruCache(PAGES_KEPT)
# a sentence's figures checked against its page's cells: the cells they match, or None when one does not
_CHECKED: LruCache[tuple[_PageKey, str], tuple[CellHit, ...] | None] = LruCache(PAGES_KEPT * MAX_SENTENCES)


async def _page_texts(
    session: AsyncSession, hits: Sequence[PageHit], store: StoreKey | None
) -> dict[tuple[int, int], _Page]:
    pages: dict[tuple[int, int], _Page] = {}
    for hit in hits:
        kept = _PAGES.get((store, hit.filing_id, hit.page_no)) if store else None
        if kept is not None:
            pages[hit.filing_id, hit.page_no] = kept
    missing = [hit for hit in hits if (hit.filing_id, hit.page_no) not in pages]
    if not missing:
        return pages
    rows = await session.execute(
        text(
            "SELECT filing_id, page_no, text, lines FROM pages WHERE (filing_id, page_no) IN "
            "(SELECT * FROM unnest(CAST(:f AS integer[]), CAST(:p AS integer[])))"
        ),
        {"f": [h.filing_id for h in missing], "p": [h.page_no for h in missing]},
    )
    for row in rows:
        page = _Page(row.text, row.lines or ())
        pages[row.filing_id, row.page_no] = page
        if store:
            _PAGES.put((store, row.filing_id, row.page_no), page)
    return pages


async def _verified_cells(
    session: AsyncSession, sentence: _Sentence, hit: PageHit, store: StoreKey | None
) -> tuple[CellHit, ...] | None:
    """The cells of its page the sentence's figures match; None if a figure does not verify."""
    key = ((store, hit.filing_id, hit.page_no), sentence.text) if store else None
    if key is not None and key in _CHECKED:
        return _CHECKED.get(key)
    cells = await page_cells(session, hit.filing_id, hit.page_no)
    verdict = verify_draft(sentence.text, [c.cited() for c in cells])
    used: tuple[CellHit, ...] | None = None
    if not any(failure.kind not in ("period", "reference", "claim") for failure in verdict.failed):
        # A sentence of the filing: its periods, references and claims are its own; its figures are not.
        ids = {f.matched_source.cell_id for f in verdict.figures if isinstance(f.matched_source, CellSource)}
        used = tuple(c for c in cells if c.cell_id in ids)
    if key is not None:
        _CHECKED.put(key, used)
    return used


async def _checked(
    session: AsyncSession, sentence: _Sentence, hit: PageHit, page: _Page | None, store: StoreKey | None
) -> Passage | None:
    """The passage, with the cells its figures match; None if a figure does not verify."""
    boxes = sentence_boxes(sentence.text, page.lines, page.squashed) if page else ()
    base = Passage(
        sentence.text, hit.filing_id, hit.accession, hit.ticker, hit.form, hit.period_end.isoformat(),
        hit.page_no, hit.label, boxes=boxes,
    )  # fmt: skip
    if not sentence.extraction.figures and not sentence.extraction.unrecognised:
        return base
    used = await _verified_cells(session, sentence, hit, store)
    return None if used is None else dataclasses.replace(base, cells=used)


async def select_passages(
    session: AsyncSession, u: QueryUnderstanding, hits: Sequence[PageHit], store: StoreKey | None = None
) -> list[Passage]:
    """The sentences of the pages `hits` to quote (see the module); `store`: where pages read are kept
    between runs (None: read again)."""
    if not hits:
        return []
    relevance = _relevance(u)
    pages = await _page_texts(session, hits, store)
    scored: list[tuple[tuple[float, ...], int, _Sentence, PageHit]] = []
    for rank, hit in enumerate(hits):
        page = pages.get((hit.filing_id, hit.page_no))
        for order, sentence in enumerate(page.sentences if page else ()):
            before = page.sentences[order - 1] if page and order else None
            score = _score(sentence, relevance, rank, before)
            if score is not None:
                scored.append((score, -rank * 1000 - order, sentence, hit))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    chosen: list[Passage] = []
    per_page: dict[tuple[int, int], int] = {}
    for _, _, sentence, hit in scored:
        key = (hit.filing_id, hit.page_no)
        if per_page.get(key, 0) >= MAX_PER_PAGE or any(p.sentence == sentence.text for p in chosen):
            continue
        passage = await _checked(session, sentence, hit, pages.get(key), store)
        if passage is None:
            continue
        chosen.append(passage)
        per_page[key] = per_page.get(key, 0) + 1
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen
