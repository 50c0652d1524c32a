"""The PDF parser on small PDFs written for each case (`pdf_builder`): tables rebuilt from positioned text,
the cover's metadata, the EDGAR name lookup, and the bad documents that must be refused."""

from datetime import date
from decimal import Decimal

import pytest
from pdf_builder import PAGE_HEIGHT, Text, encrypted_pdf, image_only_pdf, pdf_with_pages

from filingproof.edgar.models import CompanyRef
from filingproof.ingest.errors import IngestError
from filingproof.ingest.metadata import FilingMetadata, company_key
from filingproof.ingest.parse.periods import Period
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.pdf.document import PdfDocument, parse_pdf
from filingproof.ingest.pdf.errors import (
    EncryptedPdfError,
    MissingMetadataError,
    NotAPdfError,
    ScannedPdfError,
    TruncatedPdfError,
)
from filingproof.ingest.pdf.metadata import cik_by_name, find_company, same_letters

COVER = [
    Text(200, 40, "UNITED STATES SECURITIES AND EXCHANGE COMMISSION"),
    Text(270, 60, "FORM 10-K", size=12),
    Text(220, 80, "For the fiscal year ended December 31, 2023"),
    Text(240, 110, "EXAMPLE WIDGETS, INC.", size=12),
    Text(200, 128, "(Exact name of registrant as specified in its charter)"),
    Text(80, 160, "Title of each class"),
    Text(260, 160, "Trading Symbol(s)"),
    Text(400, 160, "Name of each exchange on which registered"),
    Text(80, 175, "Common Stock, $0.01 par value"),
    Text(275, 175, "EXWD"),
    Text(400, 175, "The Nasdaq Stock Market LLC"),
]
# Two columns of figures, right-aligned at 460 and 540, each with its `$` printed apart on the left.
RIGHT = (460.0, 540.0)
DOLLAR = (400.0, 480.0)


def _row(
    top: float, label: str, figures: tuple[str, str], indent: float = 0, dollar: bool = False
) -> list[Text]:
    texts = [Text(50 + indent, top, label)] if label else []
    for column, figure in enumerate(figures):
        texts.append(Text(RIGHT[column], top, figure, right=True))
        if dollar:
            texts.append(Text(DOLLAR[column], top, "$"))
    return texts


STATEMENT = [
    Text(220, 40, "CONSOLIDATED STATEMENTS OF OPERATIONS"),
    Text(210, 55, "(In millions, except per share amounts)"),
    Text(455, 80, "Year Ended December 31,"),
    Text(RIGHT[0], 94, "2023", right=True),
    Text(RIGHT[1], 94, "2022", right=True),
    Text(60, 110, "Revenue:"),  # indented: the rows at the margin below are not under it
    *_row(124, "Products", ("1,000", "900"), indent=20, dollar=True),
    *_row(138, "Services", ("234", "(12)"), indent=20),
    *_row(152, "Total revenue", ("1,234", "888"), indent=30),
    *_row(166, "Other income (loss)", ("—", "5")),
    Text(50, 180, "Net income attributable to common stockholders after"),
    *_row(192, "tax adjustments", ("100", "80"), indent=6),
    *_row(206, "Gross margin percentage", ("45.2 %", "44.1 %")),
    *_row(220, "Diluted net income per share", ("1.25", "1.10"), dollar=True),
    Text(50, 300, "The accompanying notes are an integral part of these consolidated financial statements."),
]
BALANCE = [
    Text(240, 40, "CONSOLIDATED BALANCE SHEETS"),
    Text(270, 55, "(In thousands)"),
    Text(50, 80, "December 31,"),
    Text(RIGHT[0], 80, "2023", right=True),
    Text(RIGHT[1], 80, "2022", right=True),
    *_row(96, "Cash and cash equivalents", ("5,000", "4,000"), dollar=True),
    *_row(110, "Total assets", ("9,500", "8,000")),
]


@pytest.fixture(scope="module")
def filing() -> PdfDocument:
    return parse_pdf(pdf_with_pages([COVER, STATEMENT, BALANCE]))


def _cell(document: PdfDocument, label: str, column: int) -> NumericCell:
    cells = [cell for table in document.tables if table for cell in table.cells if cell.row_label == label]
    assert len(cells) == 2, [cell.row_label for table in document.tables if table for cell in table.cells]
    return cells[column]


def _year(year: int) -> Period:
    return Period("duration", date(year, 1, 1), date(year, 12, 31))


def test_the_cover_says_what_the_filing_is(filing: PdfDocument) -> None:
    cover = filing.pdf_cover
    assert cover is not None
    assert (cover.company_name, cover.form, cover.period_end, cover.ticker) == (
        "EXAMPLE WIDGETS, INC.",
        "10-K",
        date(2023, 12, 31),
        "EXWD",
    )
    assert filing.period.fiscal_year == 2023
    assert filing.facts == [] and "no XBRL" in filing.degraded[0]


def test_pages_are_the_pdfs_own_with_their_text(filing: PdfDocument) -> None:
    assert [page.number for page in filing.layout.pages] == [1, 2, 3]
    assert "For the fiscal year ended December 31, 2023" in filing.layout.pages[0].text
    assert "The accompanying notes are an integral part" in filing.layout.pages[1].text
    assert [filing.layout.tables[t].page for t in filing.layout.pages[1].tables] == [2]


def test_figures_fold_dollar_parentheses_dash_and_percent_as_in_html(filing: PdfDocument) -> None:
    products = _cell(filing, "Products", 0)
    assert (products.text, products.value, products.unit) == ("$ 1,000", Decimal("1.000E+9"), "USD")
    assert _cell(filing, "Services", 1).value == Decimal("-12E+6")
    dash = _cell(filing, "Other income (loss)", 0)
    assert dash.value == 0 and dash.shown.is_dash
    margin = _cell(filing, "Gross margin percentage", 0)
    assert (margin.value, margin.unit) == (Decimal("45.2"), "percent")
    per_share = _cell(filing, "Diluted net income per share", 0)
    assert (per_share.value, per_share.unit) == (Decimal("1.25"), "USD/share")


def test_columns_take_their_periods_from_the_headers(filing: PdfDocument) -> None:
    products = [_cell(filing, "Products", column) for column in (0, 1)]
    assert [cell.period for cell in products] == [_year(2023), _year(2022)]
    assert products[0].column_label == "Year Ended December 31, 2023"
    cash = [_cell(filing, "Cash and cash equivalents", column) for column in (0, 1)]
    assert [cell.period for cell in cash] == [
        Period("instant", None, date(2023, 12, 31)),
        Period("instant", None, date(2022, 12, 31)),
    ]
    assert cash[0].value == Decimal("5.000E+6")  # "(In thousands)"


def test_labels_are_joined_over_lines_and_indentation_gives_the_path(filing: PdfDocument) -> None:
    assert _cell(filing, "Products", 0).row_path == ["Revenue", "Products"]
    assert _cell(filing, "Total revenue", 0).row_path == ["Revenue", "Total revenue"]
    assert _cell(filing, "Other income (loss)", 0).row_path == ["Other income (loss)"]
    wrapped = _cell(filing, "Net income attributable to common stockholders after tax adjustments", 1)
    assert wrapped.value == Decimal("80E+6")


def test_each_cell_keeps_the_box_of_its_figure(filing: PdfDocument) -> None:
    statement = filing.layout.pages[1].tables[0]
    table = filing.tables[statement]
    assert table is not None
    for c, cell in enumerate(table.cells):
        _, top, x1, bottom = filing.cell_boxes[(statement, c)]
        assert abs(x1 - RIGHT[cell.col - 1]) < 3  # right-aligned on the column's edge
        assert 0 < top < bottom < PAGE_HEIGHT
    products = next(c for c, cell in enumerate(table.cells) if cell.row_label == "Products")
    assert filing.cell_boxes[(statement, products)][0] == pytest.approx(DOLLAR[0], abs=1)  # its `$`, too


def test_a_cover_without_form_or_period_needs_them_given() -> None:
    raw = pdf_with_pages([[Text(50, 50, "EXAMPLE WIDGETS, INC.")], STATEMENT])
    with pytest.raises(MissingMetadataError, match="--form and --period-end"):
        parse_pdf(raw)
    given = FilingMetadata(form="10-K", period_end=date(2023, 12, 31))
    document = parse_pdf(raw, given)
    assert document.period.form == "10-K"
    assert _cell(document, "Products", 0).period == _year(2023)


def test_not_a_pdf_is_refused() -> None:
    with pytest.raises(NotAPdfError, match="not a PDF"):
        parse_pdf(b"<html><body>a web page</body></html>")
    with pytest.raises(NotAPdfError, match="damaged"):
        parse_pdf(b"%PDF-1.7\n" + b"\x00garbage" * 50 + b"\n%%EOF\n")


def test_a_truncated_pdf_is_refused() -> None:
    raw = pdf_with_pages([COVER, STATEMENT])
    with pytest.raises(TruncatedPdfError, match="truncated"):
        parse_pdf(raw[: len(raw) // 2])
    with pytest.raises(TruncatedPdfError, match="truncated"):
        parse_pdf(raw[:-30])  # only the end-of-file marker and the cross-reference offset lost


def test_an_encrypted_pdf_is_refused() -> None:
    with pytest.raises(EncryptedPdfError, match="password"):
        parse_pdf(encrypted_pdf())


def test_a_scanned_pdf_is_refused() -> None:
    with pytest.raises(ScannedPdfError, match="OCR"):
        parse_pdf(image_only_pdf())


def test_every_bad_document_is_an_ingest_error() -> None:
    for error in (NotAPdfError, EncryptedPdfError, TruncatedPdfError, ScannedPdfError, MissingMetadataError):
        assert issubclass(error, IngestError)


COMPANIES = {
    "KO": CompanyRef(21344, "KO", "COCA COLA CO"),
    "COST": CompanyRef(909832, "COST", "COSTCO WHOLESALE CORP /NEW"),
    "MGM": CompanyRef(789570, "MGM", "MGM Resorts International"),
    "AMZN": CompanyRef(1018724, "AMZN", "AMAZON COM INC"),
}


def test_company_names_compare_without_legal_form_and_punctuation() -> None:
    assert company_key("The Coca-Cola Company") == company_key("COCA COLA CO") == "COCA COLA"
    assert company_key("Costco Wholesale Corporation") == company_key("COSTCO WHOLESALE CORP /NEW")
    assert company_key("AMAZON.COM, INC.") == "AMAZON COM"


def test_the_company_is_found_by_ticker_name_or_cover_text() -> None:
    assert find_company(COMPANIES, "cost", None, "") == COMPANIES["COST"]
    assert find_company(COMPANIES, None, "Amazon.com, Inc.", "") == COMPANIES["AMZN"]
    assert find_company(COMPANIES, None, "MGM R ESORTS I NTERNATIONAL", "") == COMPANIES["MGM"]  # small caps
    cover = "FORM 10-K ... One Coca-Cola Plaza, Atlanta, Georgia 30313"  # the name is a logo
    assert find_company(COMPANIES, None, None, cover) == COMPANIES["KO"]
    assert find_company(COMPANIES, None, "Example Widgets, Inc.", cover) is None


def test_a_small_capitals_name_is_the_listed_one_but_for_its_spacing() -> None:
    assert same_letters("MGM R ESORTS I NTERNATIONAL", "MGM Resorts International")
    assert not same_letters("MGM Resorts International", "MGM RESORTS INTERNATIONAL")  # the same already
    assert not same_letters("Example Widgets, Inc.", "MGM Resorts International")


def test_a_company_no_longer_listed_is_found_among_all_names_filed() -> None:
    """`cik-lookup-data.txt` lines: "NAME:CIK:", past names included, colons allowed inside a name."""
    lookup = "\n".join(
        [
            "ACTIVISION BLIZZARD, INC.:0000718877:",
            "ACTIVISION INC /NY:0000718877:",
            "ACTIVISION BLIZZARD INC:0000718877:",
            "ACME: WIDGETS CO:0000000042:",
            "EXAMPLE HOLDINGS INC:0000000001:",
            "EXAMPLE HOLDINGS CORP:0000000002:",
        ]
    )
    assert cik_by_name(lookup, "ACTIVISION BLIZZARD, INC.") == 718877
    assert cik_by_name(lookup, "Acme: Widgets Company") == 42
    assert cik_by_name(lookup, "Example Holdings, Inc.") is None  # two CIKs carry that name
    assert cik_by_name(lookup, "Activision Publishing") is None


# A rate reconciliation: each date over its amount and its percentage (the header centred over the pair,
# `$` included), a label wrapped after "U.S.", and one wrapped inside its parentheses.
PAIRS = [
    Text(50, 40, "The reconciliation of the statutory rate to our effective tax rate is as follows:"),
    Text(365, 70, "Dec 31, 2023"),
    Text(485, 70, "Dec 31, 2022"),
    Text(340, 86, "$"),
    Text(380, 86, "1,000", right=True),
    Text(440, 86, "21.0 %", right=True),
    Text(460, 86, "$"),
    Text(500, 86, "900", right=True),
    Text(560, 86, "21.0 %", right=True),
    Text(50, 86, "Tax at the statutory rate"),
    Text(50, 100, "Earnings in jurisdictions taxed at rates different from the statutory U.S."),
    Text(56, 112, "federal tax rate"),
    Text(380, 112, "(50)", right=True),
    Text(440, 112, "(1.1)%", right=True),
    Text(500, 112, "40", right=True),
    Text(560, 112, "0.9 %", right=True),
    Text(50, 126, "Other (including the effect of changes in"),
    Text(50, 138, "foreign statutory rates)"),
    Text(380, 138, "10", right=True),
    Text(440, 138, "0.2 %", right=True),
    Text(500, 138, "5", right=True),
    Text(560, 138, "0.1 %", right=True),
]


def test_a_header_over_a_pair_of_columns_dates_both_and_wrapped_labels_join() -> None:
    document = parse_pdf(pdf_with_pages([COVER, PAIRS]))
    cells = [cell for table in document.tables if table for cell in table.cells]
    by_label: dict[str, list[NumericCell]] = {}
    for cell in cells:
        by_label.setdefault(cell.row_label, []).append(cell)
    assert list(by_label) == [
        "Tax at the statutory rate",
        "Earnings in jurisdictions taxed at rates different from the statutory U.S. federal tax rate",
        "Other (including the effect of changes in foreign statutory rates)",
    ]
    for row in by_label.values():
        assert [cell.period.end if cell.period else None for cell in row] == [
            date(2023, 12, 31),
            date(2023, 12, 31),
            date(2022, 12, 31),
            date(2022, 12, 31),
        ]
    assert [cell.unit for cell in by_label["Tax at the statutory rate"]] == ["USD", "percent"] * 2
