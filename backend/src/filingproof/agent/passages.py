"""Extractive answers: the sentences of the retrieved pages that best match the question, quoted verbatim.

A sentence that states figures is kept only if every figure verifies against the cells of its own page
(fail closed); periods in a quote are the filer's words and are not held against it.
"""

import dataclasses
import re
from collections.abc import Sequence

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.state import Passage
from filingproof.index.tokenize import tokenize
from filingproof.qa.store import page_cells
from filingproof.retrieval.query import QueryUnderstanding
from filingproof.retrieval.search import PageHit
from filingproof.verify import CellSource, extract, verify_draft

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


def _terms(u: QueryUnderstanding) -> set[str]:
    naming = {t for mention in u.company_mentions for t in tokenize(mention)}
    terms = {t for t in tokenize(u.query) if t not in naming and t not in _GENERIC and not t.isdigit()}
    return terms | _CAUSAL_TERMS if _CAUSAL_QUESTION.search(u.query) else terms


def _score(sentence: str, terms: set[str], rank: int) -> float:
    found = terms.intersection(tokenize(sentence))
    return len(found) + 1.0 / (rank + 2) if found else 0.0


async def _page_texts(session: AsyncSession, hits: Sequence[PageHit]) -> dict[tuple[int, int], str]:
    rows = await session.execute(
        text(
            "SELECT filing_id, page_no, text FROM pages WHERE (filing_id, page_no) IN "
            "(SELECT * FROM unnest(CAST(:f AS integer[]), CAST(:p AS integer[])))"
        ),
        {"f": [h.filing_id for h in hits], "p": [h.page_no for h in hits]},
    )
    return {(row.filing_id, row.page_no): row.text for row in rows}


async def _checked(session: AsyncSession, sentence: str, hit: PageHit) -> Passage | None:
    """The passage, with the cells its figures match; None if a figure does not verify."""
    base = Passage(
        sentence, hit.filing_id, hit.accession, hit.ticker, hit.form, hit.period_end.isoformat(), hit.page_no,
        hit.label,
    )  # fmt: skip
    extraction = extract(sentence)
    if not extraction.figures and not extraction.unrecognised:
        return base
    cells = await page_cells(session, hit.filing_id, hit.page_no)
    verdict = verify_draft(sentence, [c.cited() for c in cells])
    if any(failure.kind != "period" for failure in verdict.failed):
        return None
    used = {f.matched_source.cell_id for f in verdict.figures if isinstance(f.matched_source, CellSource)}
    return dataclasses.replace(base, cells=tuple(c for c in cells if c.cell_id in used))


async def select_passages(
    session: AsyncSession, u: QueryUnderstanding, hits: Sequence[PageHit]
) -> list[Passage]:
    if not hits:
        return []
    terms = _terms(u)
    bodies = await _page_texts(session, hits)
    scored: list[tuple[float, int, str, PageHit]] = []
    for rank, hit in enumerate(hits):
        for order, sentence in enumerate(sentences(bodies.get((hit.filing_id, hit.page_no), ""))):
            score = _score(sentence, terms, rank)
            if score > 0:
                scored.append((score, -rank * 1000 - order, sentence, hit))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    chosen: list[Passage] = []
    per_page: dict[tuple[int, int], int] = {}
    for _, _, sentence, hit in scored:
        key = (hit.filing_id, hit.page_no)
        if per_page.get(key, 0) >= MAX_PER_PAGE or any(p.sentence == sentence for p in chosen):
            continue
        passage = await _checked(session, sentence, hit)
        if passage is None:
            continue
        chosen.append(passage)
        per_page[key] = per_page.get(key, 0) + 1
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen
