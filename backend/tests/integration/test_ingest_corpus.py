"""The 17 corpus filings ingested into the embedded PostgreSQL: counts, pages, images, boxes, idempotency."""

import re
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import func, select

from filingproof.config import Settings
from filingproof.db.models import Cell, Filing, Page, XbrlFact
from filingproof.db.session import Sessions, session_scope
from filingproof.index.hook import default_index_hook
from filingproof.ingest.pipeline import IngestResult
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import IngestFailure, file_source, ingest_sources

Ingested = tuple[list[IngestResult], list[IngestFailure]]


async def test_every_corpus_filing_is_ingested(ingested_corpus: Ingested, corpus_files: list[Path]) -> None:
    results, failures = ingested_corpus
    assert failures == []
    assert len(results) == len(corpus_files) == 17
    async with session_scope() as session:
        tickers = set((await session.execute(select(Filing.ticker))).scalars())
    assert tickers == {"AAPL", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "WMT", "KO", "MMM", "PFE"}


async def test_reingesting_changes_nothing(
    ingested_corpus: Ingested, settings: Settings, sessions: Sessions, corpus_files: list[Path]
) -> None:
    before = await _row_counts()
    results, failures = await ingest_sources(
        [file_source(path) for path in corpus_files], settings, sessions, lambda _name: SilentProgress()
    )
    assert failures == []
    assert {r.outcome for r in results} == {"unchanged"}
    assert await _row_counts() == before


async def _row_counts() -> dict[str, int]:
    async with session_scope() as session:
        return {
            model.__tablename__: (await session.execute(select(func.count()).select_from(model))).scalar_one()
            for model in (Filing, Page, Cell, XbrlFact)
        }


async def test_pages_are_the_filers_page_breaks_plus_one(
    ingested_corpus: Ingested, corpus_files: list[Path]
) -> None:
    async with session_scope() as session:
        stored = {f.source_name: f.page_count for f in (await session.execute(select(Filing))).scalars()}
    for path in corpus_files:
        breaks = len(re.findall(rb"page-break-after:\s*always", path.read_bytes()))
        assert stored[str(path)] == breaks + 1, path.name


async def test_apple_printed_page_numbers_are_kept(ingested_corpus: Ingested, corpus_dir: Path) -> None:
    async with session_scope() as session:
        filing = (
            await session.execute(
                select(Filing).where(Filing.source_name == str(corpus_dir / "AAPL/10-K_2024-09-28.htm"))
            )
        ).scalar_one()
        labels = dict(
            (await session.execute(select(Page.page_no, Page.label).where(Page.filing_id == filing.id))).all()
        )
    # The income statement is printed as page 28 of Apple's FY2024 10-K ("Apple Inc. | 2024 Form 10-K | 28").
    assert labels[30] == "28"
    assert sum(1 for label in labels.values() if label) >= 55


async def test_every_numeric_cell_has_a_box_inside_its_page_image(
    ingested_corpus: Ingested, settings: Settings
) -> None:
    async with session_scope() as session:
        pages = {(p.filing_id, p.page_no): p for p in (await session.execute(select(Page))).scalars()}
        cells = (await session.execute(select(Cell))).scalars().all()
    sizes: dict[str, tuple[int, int]] = {}
    outside: list[tuple[int, object]] = []
    for cell in cells:
        page = pages[(cell.filing_id, cell.page_no)]
        assert page.image_path is not None, f"cell {cell.id} sits on page {page.page_no} that has no image"
        if page.image_path not in sizes:
            with Image.open(settings.pages_dir / page.image_path) as image:
                sizes[page.image_path] = image.size
        width, height = sizes[page.image_path]
        assert (page.width, page.height) == (width, height)
        if cell.x0 is None or cell.y0 is None or cell.x1 is None or cell.y1 is None:
            outside.append((cell.id, "no box"))
        elif not (0 <= cell.x0 < cell.x1 <= width + 0.5 and 0 <= cell.y0 < cell.y1 <= height + 0.5):
            outside.append((cell.id, ((cell.x0, cell.y0, cell.x1, cell.y1), (width, height))))
    assert len(cells) > 20_000
    assert outside == []


@pytest.mark.parametrize(
    ("source", "label", "text", "value"),
    [
        ("AAPL/10-K_2024-09-28.htm", "Total net sales", "$391,035", 391_035_000_000),
        ("NVDA/10-Q_2025-07-27.htm", "Revenue", "$46,743", 46_743_000_000),
        ("MMM/10-Q_2023-06-30.htm", "Net income (loss) attributable to 3M", "$(6,841)", -6_841_000_000),
    ],
)
async def test_known_cells_are_tagged_with_their_fact(
    ingested_corpus: Ingested, corpus_dir: Path, source: str, label: str, text: str, value: int
) -> None:
    async with session_scope() as session:
        rows = (
            await session.execute(
                select(Cell, XbrlFact)
                .join(Filing, Filing.id == Cell.filing_id)
                .join(XbrlFact, XbrlFact.cell_id == Cell.id)
                .where(
                    Filing.source_name == str(corpus_dir / source), Cell.row_label == label, Cell.text == text
                )
            )
        ).all()
    assert rows, f"no tagged cell {label!r} = {text!r} in {source}"
    cell, fact = rows[0]
    assert cell.value == value
    assert fact.value is not None and abs(fact.value) == abs(value)


async def test_a_new_parser_version_reingests(
    ingested_corpus: Ingested,
    settings: Settings,
    sessions: Sessions,
    corpus_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = corpus_dir / "AAPL/10-Q_2025-03-29.htm"
    before = await _row_counts()
    monkeypatch.setattr("filingproof.ingest.pipeline.PARSER_VERSION", "test-next")
    monkeypatch.setattr("filingproof.ingest.store.PARSER_VERSION", "test-next")
    results, failures = await ingest_sources(
        [file_source(path)], settings, sessions, lambda _name: SilentProgress(), default_index_hook(settings)
    )
    assert failures == []
    assert [r.outcome for r in results] == ["reingested"]
    assert await _row_counts() == before
    async with session_scope() as session:
        version = (
            await session.execute(select(Filing.parser_version).where(Filing.source_name == str(path)))
        ).scalar_one()
    assert version == "test-next"
