"""Filings of `corpus-large` (60 more filers, gzip-compressed) at the parse level: no database, no browser.

The NVIDIA cover date read through the `dei:` fact nested in it, a filing from before inline XBRL (whose
missing cover date once failed the whole filing with `year 0 is out of range`), and a sample of filings
across sectors held to the corpus-wide fidelity targets. The whole corpus is measured by
`backend/bench/fidelity.py ../shared/corpus-large`.
"""

from datetime import date
from pathlib import Path

import pytest
from edgar_mirror import EdgarMirror
from stored_pdf import mirrored

from filingproof.config import Settings
from filingproof.ingest.fidelity import measure
from filingproof.ingest.metadata import metadata_from_cover
from filingproof.ingest.parse.document import ParsedDocument, parse_filing
from filingproof.ingest.parse.xbrl import parse_cover
from filingproof.ingest.parse.xhtml import IX
from filingproof.ingest.pdf.source import parse_source
from filingproof.ingest.registrants import no_registrants
from filingproof.ingest.render import chromium, render_document
from filingproof.ingest.service import read_filing

VALUE_TARGET = 0.995
PERIOD_TARGET = 0.985


@pytest.fixture(scope="module")
def corpus_large(shared_dir: Path) -> Path:
    return shared_dir / "corpus-large"


def parsed(corpus_large: Path, name: str) -> ParsedDocument:
    return parse_filing(read_filing(corpus_large / name))


def test_the_nvidia_cover_date_is_read_through_the_fact_nested_in_it(corpus_large: Path) -> None:
    """NVIDIA's `dei:DocumentPeriodEndDate` wraps its `dei:CurrentFiscalYearEndDate` ("January 28</ix>,
    2024"): the period end is read from the outer fact's whole text, also with no other cover fact to date
    the document (no contexts), and the fiscal year end from the inner one."""
    document = parsed(corpus_large, "NVDA/10-K_0001045810-24-000029.htm.gz")
    [outer] = [
        e for e in document.root.iter(f"{{{IX}}}nonNumeric") if e.get("name") == "dei:DocumentPeriodEndDate"
    ]
    assert [inner.get("name") for inner in outer.iter(f"{{{IX}}}nonNumeric")][1:] == [
        "dei:CurrentFiscalYearEndDate"
    ]
    assert document.cover.get("DocumentPeriodEndDate") == "January 28, 2024"
    assert document.cover.get("CurrentFiscalYearEndDate") == "January 28"
    assert parse_cover(document.root, contexts={}).document_period_end == date(2024, 1, 28)
    assert document.period.period_end == date(2024, 1, 28)
    assert metadata_from_cover(document).fiscal_year_end == "--01-28"
    # No table kept as text; cells flagged by their tags: the dividend yield printed 0.1% and tagged 0.1, and
    # the restricted stock units granted (a count, in a table in millions, read as money)
    units, dividend = document.warnings
    assert "disagree with 1 cell, never cited: 'Dividend yield' 0.1% read as 0.1 percent" in dividend
    granted = (
        "disagree with 3 cells, never cited: 'Awards granted' 14 read as 14000000 USD, tagged 14000000 shares"
    )
    assert granted in units
    revenue = next(
        c for t in document.tables if t for c in t.cells if (c.row_label, c.text) == ("Revenue", "$60,922")
    )
    assert revenue.value == 60_922_000_000 and revenue.period is not None
    assert (revenue.period.start, revenue.period.end) == (date(2023, 1, 29), date(2024, 1, 28))


def test_a_filing_from_before_inline_xbrl_says_what_it_is_on_its_printed_cover(corpus_large: Path) -> None:
    """Facebook's Q1 2019 10-Q has no `dei:` tags: without a period end, its table of contents asked for a
    period twelve months before `date.min` and failed the whole filing. The cover prints the period."""
    document = parsed(corpus_large, "META/10-Q_0001326801-19-000037.htm.gz")
    assert document.facts == []
    assert (document.period.form, document.period.period_end) == ("10-Q", date(2019, 3, 31))
    assert document.warnings == []
    revenue = next(c for t in document.tables if t for c in t.cells if c.row_label == "Revenue")
    assert revenue.value == 15_077_000_000 and revenue.period is not None
    assert (revenue.period.start, revenue.period.end) == (date(2019, 1, 1), date(2019, 3, 31))


async def test_a_filing_from_before_inline_xbrl_is_settled_by_its_cover_and_edgars_list(
    corpus_large: Path, settings: Settings
) -> None:
    """Alcoa's Q2 2018 10-Q: company, form and period from its printed cover, the CIK and ticker from
    EDGAR's company list (the loopback mirror), as a PDF's are."""
    path = corpus_large / "AA/10-Q_0001193125-18-236766.htm.gz"
    with EdgarMirror() as mirror:
        edgar = mirrored(settings, mirror)
        document, meta = await parse_source(read_filing(path), str(path), None, edgar, no_registrants)
    assert document.facts == [] and document.warnings == []
    assert (meta.cik, meta.ticker, meta.company_name) == (1675149, "AA", "ALCOA CORPORATION")
    assert (meta.form, meta.period_end) == ("10-Q", date(2018, 6, 30))


# Tech, retail, autos, industrials and apparel: each filing at the corpus-wide targets on its own.
SAMPLE = (
    "AAPL/10-K_0000320193-24-000123.htm.gz",
    "AMZN/10-Q_0001018724-23-000012.htm.gz",
    "TSLA/10-K_0001628280-24-002390.htm.gz",
    "MMM/10-Q_0000066740-23-000058.htm.gz",
    "NKE/10-Q_0000320187-23-000052.htm.gz",
)


@pytest.mark.parametrize("name", SAMPLE)
def test_a_sampled_filing_meets_the_fidelity_targets(corpus_large: Path, name: str) -> None:
    fidelity = measure([(name, parsed(corpus_large, name))])
    assert fidelity.facts > 500
    assert fidelity.value_rate >= VALUE_TARGET, [m for m in fidelity.misses if m.kind == "value"][:5]
    assert fidelity.period_rate >= PERIOD_TARGET, [m for m in fidelity.misses if m.kind == "period"][:5]


@pytest.mark.parametrize(
    ("name", "pages", "labels"),
    [
        # page-break-before on each page's first element, the page number in a one-cell table
        ("MARA/10-Q_0001493152-23-027174.htm.gz", 50, [str(n) for n in range(2, 51)]),
        # page-break-before after a rule, numbered from the first page after the cover and the contents
        ("AA/10-Q_0001193125-18-236766.htm.gz", 54, [str(n) for n in range(1, 53)]),
    ],
)
def test_a_filer_that_breaks_pages_before_their_first_element_gets_its_pages(
    corpus_large: Path, name: str, pages: int, labels: list[str]
) -> None:
    """Once these filings were one page each (a 37,249 px image): only `page-break-after` was read."""
    layout = parsed(corpus_large, name).layout
    assert len(layout.pages) == pages and len(layout.breaks) == pages - 1
    assert all(page_break.before for page_break in layout.breaks)
    assert [page.label for page in layout.pages if page.label is not None] == labels


async def test_pages_that_start_at_a_break_are_rendered_as_the_filer_paginated(
    corpus_large: Path, settings: Settings, tmp_path: Path
) -> None:
    """Marathon's 10-Q: one image per filer page, each page as tall as a printed page at most, and every
    cell's box inside its own page's image."""
    document = parsed(corpus_large, "MARA/10-Q_0001493152-23-027174.htm.gz")
    async with chromium(settings.chromium_path) as browser:
        width, stall_s = settings.page_viewport_width, settings.render_stall_s
        rendering = await render_document(browser, document, tmp_path, width, stall_s)
    heights = [page.height for page in rendering.pages]
    assert len(heights) == 50 and all(page.image is not None for page in rendering.pages)
    assert max(heights) < 2 * settings.page_viewport_width * 11 / 8.5  # a letter page at this width, twice
    assert len(rendering.cell_boxes) > 1000
    for (t, _), box in rendering.cell_boxes.items():
        height = heights[document.layout.tables[t].page - 1]
        assert 0 <= box.y0 < box.y1 <= height
