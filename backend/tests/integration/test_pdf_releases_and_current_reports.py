"""8-Ks and earnings releases say what they are without flags (issue 28): an 8-K's cover prints "FORM 8-K" and
the day of its report; an earnings release has no cover, and is known by the quarter its headline reports, the
ticker it names and the day its quarter ended, though its body names "our Quarterly Report on Form 10-Q"."""

from datetime import date
from pathlib import Path

import pytest

from filingproof.ingest.metadata import company_key
from filingproof.ingest.parse.cover import printed_form
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.release import RELEASE_FORM
from filingproof.ingest.pdf.cover import read_cover
from filingproof.ingest.pdf.document import parse_pdf
from filingproof.ingest.pdf.glyphs import open_pdf, read_page
from filingproof.ingest.pdf.lines import page_lines


def _parsed(shared_dir: Path, name: str) -> tuple[str | None, DocumentPeriod]:
    document = parse_pdf((shared_dir / "financebench" / "pdfs" / f"{name}.pdf").read_bytes())
    assert document.pdf_cover is not None
    return document.pdf_cover.ticker, document.period


@pytest.mark.parametrize(
    ("name", "ticker", "report_day"),
    [
        ("FOOTLOCKER_2022_8K_dated-2022-05-20", "FL", date(2022, 5, 20)),  # "May 20, 2022 (May 18, 2022)"
        ("PEPSICO_2023_8K_dated-2023-05-05", "PEP", date(2023, 5, 3)),
        ("JOHNSON_JOHNSON_2023_8K_dated-2023-08-30", "JNJ", date(2023, 8, 30)),
    ],
)
def test_an_8k_is_dated_by_its_report(shared_dir: Path, name: str, ticker: str, report_day: date) -> None:
    read_ticker, period = _parsed(shared_dir, name)
    assert read_ticker == ticker
    assert (period.form, period.period_end, period.fiscal_period) == ("8-K", report_day, None)


@pytest.mark.parametrize(
    ("name", "ticker", "quarter_end", "fiscal_year", "quarter"),
    [
        ("PEPSICO_2023Q1_EARNINGS", "PEP", date(2023, 3, 25), 2023, "Q1"),  # "12 Weeks Ended March 25, 2023"
        ("MGMRESORTS_2022Q4_EARNINGS", "MGM", date(2022, 12, 31), 2022, "Q4"),
        # "Fourth Quarter Fiscal 2022": the 13 weeks that ended January 28, 2023, by the filer's name for it.
        ("ULTABEAUTY_2023Q4_EARNINGS", "ULTA", date(2023, 1, 28), 2022, "Q4"),
        # No column prints its day: the calendar quarter before the release's day (July 20, 2023); the
        # filer's quarter ended July 2, within the week's slack every period comparison allows.
        ("JOHNSON_JOHNSON_2023Q2_EARNINGS", "JNJ", date(2023, 6, 30), 2023, "Q2"),
    ],
)
def test_an_earnings_release_is_its_quarter(
    shared_dir: Path, name: str, ticker: str, quarter_end: date, fiscal_year: int, quarter: str
) -> None:
    read_ticker, period = _parsed(shared_dir, name)
    assert read_ticker == ticker
    assert (period.form, period.period_end, period.fiscal_year, period.fiscal_period) == (
        RELEASE_FORM,
        quarter_end,
        fiscal_year,
        quarter,
    )


def test_a_form_a_sentence_names_is_not_the_covers() -> None:
    assert (
        printed_form("Washington, D.C. 20549\nFORM 10-Q\nQUARTERLY REPORT PURSUANT TO SECTION 13") == "10-Q"
    )
    assert printed_form("FORM 8-K\nCURRENT REPORT") == "8-K"
    release = "Please refer to PepsiCo's Quarterly Report on Form 10-Q for the 12 weeks ended March 25, 2023"
    assert printed_form(release) is None
    assert printed_form("in our Q1 2023\nForm 10-Q) filed with the SEC") is None


def test_a_scrambled_cover_is_named_by_its_title_page(shared_dir: Path) -> None:
    """3M's FY2022 10-K: the cover's text layer is out of order ("NA NUAL ER PORT", "OC MPANY"); the title
    page after it prints "3M COMPANY" over "FORM 10-K" and "For the Year Ended December 31, 2022"."""
    handle = open_pdf((shared_dir / "financebench" / "pdfs" / "3M_2022_10K.pdf").read_bytes())
    try:
        pages = [page_lines(read_page(handle, index).glyphs) for index in range(3)]
    finally:
        handle.close()
    cover = read_cover(pages)
    assert (cover.company_name, cover.form, cover.period_end) == ("3M COMPANY", "10-K", date(2022, 12, 31))
    assert company_key(cover.company_name or "") == company_key("3M CO")  # EDGAR's name: found by it


def test_each_numbered_matter_of_a_vote_is_prose_over_its_own_table(shared_dir: Path) -> None:
    """PepsiCo's 8-K of its 2023 annual meeting (Item 5.07): "(8) The shareholder proposal regarding a
    congruency report on net-zero emissions policies was defeated:" over its For / Against rows is a matter's
    lead, not a heading inside one table of all the votes below the fifth."""
    document = parse_pdf(
        (shared_dir / "financebench" / "pdfs" / "PEPSICO_2023_8K_dated-2023-05-05.pdf").read_bytes()
    )
    page = document.layout.pages[3].text
    lead = (
        "(8) The shareholder proposal regarding a congruency report on net-zero emissions policies was "
        "defeated:"
    )
    assert f"{lead}\n[table " in page
    tables = [document.tables[index] for index in document.layout.pages[3].tables]
    assert len(tables) == 5  # matters (4) to (8), one table each
    last = tables[-1]
    assert last is not None
    assert [(cell.row_label, cell.text) for cell in last.cells][:2] == [
        ("For", "19,718,780"),
        ("Against", "977,228,788"),
    ]


def test_a_header_centred_over_narrow_figures_is_the_columns(shared_dir: Path) -> None:
    """Best Buy's 10-Q for Q2 FY2024 (page 17): "Total Stores at / End of Second / Quarter" is centred over
    store counts ("969") narrower than itself, left of them: a header, not prose above the table."""
    document = parse_pdf((shared_dir / "financebench" / "pdfs" / "BESTBUY_2024Q2_10Q.pdf").read_bytes())
    tables = [document.tables[index] for index in document.layout.pages[16].tables]
    stores = next(
        table for table in tables if table is not None and any(c.text == "969" for c in table.cells)
    )
    total = next(cell for cell in stores.cells if cell.text == "969")
    assert total.row_label == "Total"
    assert "End of Second Quarter" in total.column_label
