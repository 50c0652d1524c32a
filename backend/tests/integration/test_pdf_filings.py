"""PDF filings on real documents: FinanceBench's 10-K PDFs, a corpus iXBRL filing printed to PDF by
Chromium (checked against its own XBRL tags), and the whole ingest into the database.

CI-sized: one FinanceBench PDF (Netflix FY2017, 73 pages) and one printed filing (Apple's 10-Q, 26 pages);
`bench/pdf_fidelity.py` runs all of them.
"""

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from edgar_mirror import MIRROR_DIR, EdgarMirror
from sqlalchemy import func, select
from stored_pdf import ingest_pdf, remove_filing

from filingproof.config import Settings
from filingproof.db.models import Cell, Filing, Page
from filingproof.db.session import Sessions, session_scope
from filingproof.ingest.fidelity import Fidelity
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.parse.periods import Period
from filingproof.ingest.pdf.document import PdfDocument, parse_pdf
from filingproof.ingest.pdf.errors import MissingMetadataError
from filingproof.ingest.pdf.fidelity import colour_facts, drawn_facts, measure_printed, print_pdf
from filingproof.ingest.pdf.metadata import pdf_metadata
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.registrants import no_registrants
from filingproof.ingest.render import chromium
from filingproof.ingest.service import file_source, ingest_sources

NETFLIX = "NETFLIX_2017_10K"
ACTIVISION = "ACTIVISIONBLIZZARD_2019_10K"  # Activision Blizzard, acquired in 2023: no longer listed
ALL_NAMES = "Archives/edgar/cik-lookup-data.txt"  # EDGAR's list of every name ever filed under


@pytest.fixture(scope="module")
def financebench(shared_dir: Path) -> Path:
    return shared_dir / "financebench"


@pytest.fixture(scope="module")
def netflix(financebench: Path) -> PdfDocument:
    return parse_pdf((financebench / "pdfs" / f"{NETFLIX}.pdf").read_bytes())


def _questions(financebench: Path, doc: str) -> list[dict[str, object]]:
    records = [json.loads(line) for line in (financebench / "questions_dev.jsonl").read_text().splitlines()]
    return [record for record in records if record["doc_name"] == doc]


def test_the_cover_of_a_financebench_pdf(netflix: PdfDocument) -> None:
    cover = netflix.pdf_cover
    assert cover is not None
    assert (cover.company_name, cover.form, cover.period_end) == ("Netflix, Inc.", "10-K", date(2017, 12, 31))
    assert cover.ticker is None  # a 2018 cover prints no trading symbol: EDGAR's list gives it
    assert len(netflix.layout.pages) == 73


def test_extraction_answers_are_cells_on_their_evidence_page(
    financebench: Path, netflix: PdfDocument
) -> None:
    """The gold answer (USD millions, as the question asks) is a cell of the evidence page, with the line
    item the annotators name as its row, at the balance sheet date."""
    (question,) = _questions(financebench, NETFLIX)
    gold = Decimal(str(question["answer"]).lstrip("$"))
    pages = question["evidence_pages"]
    assert isinstance(pages, list)
    cells = [
        cell
        for t, table in enumerate(netflix.tables)
        if table is not None and netflix.layout.tables[t].page in pages
        for cell in table.cells
        if round(cell.value.scaleb(-6)) == gold
    ]
    assert [cell.row_label for cell in cells] == ["Total current liabilities"]
    assert cells[0].period == Period("instant", None, date(2017, 12, 31))
    assert cells[0].text == "5,466,312"  # printed in thousands


def test_quarterly_data_columns_are_quarters_that_add_up_to_the_year(netflix: PdfDocument) -> None:
    """ "Selected Quarterly Financial Data": the day each quarter ends over the columns, the year over each
    block of rows. Its "Total revenues" are four quarters a year, and 2017's add up to the year's revenues
    (the statement of operations' row "Revenues")."""
    quarters = [
        c for table in netflix.tables if table for c in table.cells if c.row_label == "Total revenues"
    ]
    assert len(quarters) == 8
    assert all(c.period and c.period.kind == "duration" and 89 <= c.period.days <= 92 for c in quarters), [
        (c.column_label, c.period) for c in quarters
    ]
    of_2017 = [c for c in quarters if c.period and c.period.end.year == 2017]
    assert sorted(c.period.end for c in of_2017 if c.period) == [
        date(2017, 3, 31),
        date(2017, 6, 30),
        date(2017, 9, 30),
        date(2017, 12, 31),
    ]
    year = Period("duration", date(2017, 1, 1), date(2017, 12, 31))
    revenues = {
        c.value
        for table in netflix.tables
        if table
        for c in table.cells
        if c.row_label == "Revenues" and c.period == year
    }
    assert revenues == {sum(c.value for c in of_2017)}


async def test_a_printed_filing_carries_its_xbrl_values_and_periods(
    settings: Settings, corpus_dir: Path
) -> None:
    html = parse_filing((corpus_dir / "AAPL/10-Q_2025-03-29.htm").read_bytes())
    coloured = colour_facts(html)
    async with chromium(settings.chromium_path) as browser:
        printed = await print_pdf(browser, coloured.body, html.is_xhtml)
    pdf = parse_pdf(printed)
    fidelity = measure_printed("AAPL 10-Q", html, pdf, drawn_facts(printed, coloured.nested))
    assert fidelity.facts > 600
    assert fidelity.value_rate >= 0.99, _misses(fidelity, "value")
    assert fidelity.period_rate >= 0.97, _misses(fidelity, "period")
    assert pdf.pdf_cover is not None and pdf.pdf_cover.ticker == "AAPL"


def _misses(fidelity: Fidelity, kind: str) -> list[str]:
    return [f"{m.concept} {m.fact_text} {m.fact} {m.parsed}" for m in fidelity.misses if m.kind == kind][:10]


async def test_a_pdf_filing_is_stored_with_its_pages_cells_and_boxes(
    settings: Settings, sessions: Sessions, financebench: Path
) -> None:
    """Ingested into the session's database (and removed after): the CIK and ticker from EDGAR's company
    list by the cover's company name, every PDF page an image at the HTML pages' width, cells with boxes."""
    result = await ingest_pdf(settings, sessions, financebench / "pdfs" / f"{NETFLIX}.pdf")
    try:
        assert (result.ticker, result.form, result.period_end) == ("NFLX", "10-K", "2017-12-31")
        async with session_scope() as session:
            filing = await session.get(Filing, result.filing_id)
            assert filing is not None and filing.cik == 1065280 and filing.company_name == "Netflix, Inc."
            pages = (await session.execute(select(Page).where(Page.filing_id == filing.id))).scalars().all()
            assert len(pages) == 73
            assert all(page.width == settings.page_viewport_width for page in pages)
            assert all((settings.pages_dir / str(page.image_path)).is_file() for page in pages)
            cell = (
                (
                    await session.execute(
                        select(Cell).where(
                            Cell.filing_id == filing.id, Cell.row_label == "Total current liabilities"
                        )
                    )
                )
                .scalars()
                .first()
            )
            assert cell is not None
            page = next(page for page in pages if page.page_no == cell.page_no)
            box = (cell.x0, cell.y0, cell.x1, cell.y1)
            assert None not in box and page.width is not None and page.height is not None
            x0, y0, x1, y1 = (float(v) for v in box if v is not None)
            assert 0 < x0 < x1 <= page.width and 0 < y0 < y1 <= page.height
    finally:
        await remove_filing(settings, result.filing_id)


async def test_a_truncated_pdf_leaves_nothing_behind(
    settings: Settings, sessions: Sessions, financebench: Path, tmp_path: Path
) -> None:
    raw = (financebench / "pdfs" / f"{NETFLIX}.pdf").read_bytes()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(raw[: len(raw) * 2 // 3])
    not_pdf = tmp_path / "page.pdf"
    not_pdf.write_text("<html><body>not a PDF</body></html>")
    before = await _counts()
    results, failures = await ingest_sources(
        [file_source(cut), file_source(not_pdf)], settings, sessions, lambda _n: SilentProgress()
    )
    assert results == []
    assert ["truncated" in failures[0].error, "not a PDF" in failures[1].error] == [True, True]
    assert await _counts() == before


async def _counts() -> tuple[int, ...]:
    async with session_scope() as session:
        return tuple(
            [
                (await session.execute(select(func.count()).select_from(m))).scalar_one()
                for m in (Filing, Page, Cell)
            ]
        )


def _edgar_settings(mirror: EdgarMirror, home: Path) -> Settings:
    values = {
        "FILINGPROOF_HOME": home,
        "EDGAR_USER_AGENT": "filingproof tests dev@filingproof.org",
        "EDGAR_WWW_BASE": mirror.www_base,
        "EDGAR_DATA_BASE": mirror.data_base,
    }
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def activision(financebench: Path) -> PdfDocument:
    return parse_pdf((financebench / "pdfs" / f"{ACTIVISION}.pdf").read_bytes())


@pytest.mark.skipif(not MIRROR_DIR.is_dir(), reason=f"EDGAR mirror not found at {MIRROR_DIR}")
async def test_metadata_offline_from_the_edgar_mirror(
    netflix: PdfDocument, activision: PdfDocument, tmp_path: Path
) -> None:
    """Through a loopback server over `../shared/edgar-mirror`: Netflix by its cover's name in the company
    list. Activision Blizzard is in no list the mirror holds (it lacks the list of all names), so the
    error names the missing CIK and `--cik`, after asking for that list."""
    with EdgarMirror() as mirror:
        settings = _edgar_settings(mirror, tmp_path)
        found = await pdf_metadata(netflix, None, settings, no_registrants)
        assert (found.cik, found.ticker, found.company_name) == (1065280, "NFLX", "Netflix, Inc.")
        with pytest.raises(MissingMetadataError, match=r"the CIK of ATVI.*--cik"):
            await pdf_metadata(activision, None, settings, no_registrants)
        assert f"/{ALL_NAMES}" in [request.path for request in mirror.requests]


@pytest.mark.skipif(not MIRROR_DIR.is_dir(), reason=f"EDGAR mirror not found at {MIRROR_DIR}")
async def test_a_company_no_longer_listed_is_found_by_its_name_among_all_names(
    activision: PdfDocument, tmp_path: Path
) -> None:
    """A mirror with EDGAR's list of all names (these lines of it, in its "NAME:CIK:" form): the cover's
    "ACTIVISION BLIZZARD, INC." gives Activision's CIK; the ticker is the cover's."""
    root = tmp_path / "mirror"
    (root / "www.sec.gov" / ALL_NAMES).parent.mkdir(parents=True)
    (root / "www.sec.gov" / "files").mkdir()
    (root / "data.sec.gov").mkdir()
    tickers = MIRROR_DIR / "www.sec.gov" / "files" / "company_tickers.json"
    (root / "www.sec.gov" / "files" / "company_tickers.json").write_bytes(tickers.read_bytes())
    lines = [
        "ACTIVISION BLIZZARD, INC.:0000718877:",
        "ACTIVISION INC /NY:0000718877:",
        "NETFLIX INC:0001065280:",
    ]
    (root / "www.sec.gov" / ALL_NAMES).write_text("\n".join(lines) + "\n", encoding="latin-1")
    with EdgarMirror(root) as mirror:
        found = await pdf_metadata(
            activision, None, _edgar_settings(mirror, tmp_path / "home"), no_registrants
        )
    assert (found.cik, found.ticker, found.company_name) == (718877, "ATVI", "ACTIVISION BLIZZARD, INC.")
    assert (found.form, found.period_end) == ("10-K", date(2019, 12, 31))
