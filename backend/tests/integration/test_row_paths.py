"""Row paths follow the printed indentation, and totals and subtotals close their sections.

Measured two ways:
- against SEC's renderings of Apple's 10-Q statements (R2, R4, R7: the R pages the EDGAR mirror holds for
  the corpus), which list the line items with their section headings and underline totals;
- against five statements of other filings read by hand from their rendering (each table's HTML drawn by
  Chromium): the paths below are what the page shows, by indentation, centered headings and rules.

`backend/bench/row_paths.py` prints the R-page agreement per filing.
"""

from pathlib import Path

import pytest

from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.row_paths import check_statement, read_statement, sec_renderings, statement_cells

APPLE_10Q = "AAPL/10-Q_2025-03-29.htm"
ADJUSTMENTS = "Adjustments to reconcile consolidated net income to net cash provided by operating activities"
CHANGES = "Changes in certain assets and liabilities, net of effects of acquisitions and dispositions"

# (filing, the statement's name as its heading prints it, [(row label, first figure, path as rendered)])
BY_HAND: list[tuple[str, str, list[tuple[str, str, str]]]] = [
    (
        "AAPL/10-K_2024-09-28.htm",
        "CONSOLIDATED STATEMENTS OF OPERATIONS",
        [
            ("Products", "$294,866", "Net sales › Products"),
            ("Total net sales", "391,035", "Net sales › Total net sales"),
            ("Products", "185,233", "Cost of sales › Products"),
            ("Gross margin", "180,683", "Gross margin"),
            ("Research and development", "31,370", "Operating expenses › Research and development"),
            ("Total operating expenses", "57,467", "Operating expenses › Total operating expenses"),
            ("Operating income", "123,216", "Operating income"),
            ("Net income", "$93,736", "Net income"),
            ("Basic", "$6.11", "Earnings per share › Basic"),
            ("Diluted", "15,408,095", "Shares used in computing earnings per share › Diluted"),
        ],
    ),
    (
        "NVDA/10-K_2025-01-26.htm",
        "Consolidated Statements of Income",
        [
            ("Cost of revenue", "32,639", "Cost of revenue"),
            ("Gross profit", "97,858", "Gross profit"),
            ("Acquisition termination cost", "—", "Operating expenses › Acquisition termination cost"),
            ("Total operating expenses", "16,405", "Operating expenses › Total operating expenses"),
            ("Operating income", "81,453", "Operating income"),
            ("Interest expense", "(247)", "Interest expense"),
            ("Net income", "$72,880", "Net income"),
            ("Diluted", "$2.94", "Net income per share › Diluted"),
        ],
    ),
    (
        "KO/10-K_2024-12-31.htm",
        "CONSOLIDATED BALANCE SHEETS",
        [
            ("Cash and cash equivalents", "$10,828", "ASSETS › Current Assets › Cash and cash equivalents"),
            ("Marketable securities", "1,723", "ASSETS › Current Assets › Marketable securities"),
            ("Total Current Assets", "25,997", "ASSETS › Current Assets › Total Current Assets"),
            ("Goodwill", "18,139", "ASSETS › Goodwill"),
            ("Long-term debt", "42,375", "LIABILITIES AND EQUITY › Long-term debt"),
            (
                "Reinvested earnings",
                "76,054",
                "LIABILITIES AND EQUITY › The Coca-Cola Company Shareowners’ Equity › Reinvested earnings",
            ),
            (
                "Equity attributable to noncontrolling interests",
                "1,516",
                "LIABILITIES AND EQUITY › Equity attributable to noncontrolling interests",
            ),
            (
                "Total Liabilities and Equity",
                "$100,549",
                "LIABILITIES AND EQUITY › Total Liabilities and Equity",
            ),
        ],
    ),
    (
        "WMT/10-K_2025-01-31.htm",
        "Consolidated Statements of Cash Flows",
        [
            (
                "Consolidated net income",
                "$20,157",
                "Cash flows from operating activities › Consolidated net income",
            ),
            (
                "Depreciation and amortization",
                "12,973",
                f"Cash flows from operating activities › {ADJUSTMENTS} › Depreciation and amortization",
            ),
            (
                "Inventories",
                "(2,755)",
                f"Cash flows from operating activities › {ADJUSTMENTS} › {CHANGES} › Inventories",
            ),
            (
                "Net cash provided by operating activities",
                "36,443",
                "Cash flows from operating activities › Net cash provided by operating activities",
            ),
            ("Dividends paid", "(6,688)", "Cash flows from financing activities › Dividends paid"),
            (
                "Net increase (decrease) in cash, cash equivalents and restricted cash",
                "(399)",
                "Net increase (decrease) in cash, cash equivalents and restricted cash",
            ),
            ("Interest paid", "2,739", "Supplemental disclosure of cash flow information › Interest paid"),
        ],
    ),
    (
        "AMZN/10-K_2024-12-31.htm",
        "CONSOLIDATED STATEMENTS OF OPERATIONS",
        [
            ("Total net sales", "513,983", "Total net sales"),
            ("Fulfillment", "84,299", "Operating expenses › Fulfillment"),
            ("Total operating expenses", "501,735", "Operating expenses › Total operating expenses"),
            ("Operating income", "12,248", "Operating income"),
            ("Total non-operating income (expense)", "(18,184)", "Total non-operating income (expense)"),
            ("Net income (loss)", "$(2,722)", "Net income (loss)"),
            (
                "Diluted",
                "10,189",
                "Weighted-average shares used in computation of earnings per share › Diluted",
            ),
        ],
    ),
]


@pytest.mark.parametrize("report", ["R2.htm", "R4.htm", "R7.htm"])
def test_every_line_sits_in_the_section_sec_shows(corpus_dir: Path, shared_dir: Path, report: str) -> None:
    pages = {page.name: page for page in sec_renderings(shared_dir / "edgar-mirror", corpus_dir / APPLE_10Q)}
    statement = read_statement(pages[report])
    document = parse_filing((corpus_dir / APPLE_10Q).read_bytes())
    checks = check_statement(statement, statement_cells(document, statement.title))
    assert len(checks) >= 15
    disagreeing = [(c.line.label, c.line.open_sections, c.path) for c in checks if not c.agrees]
    assert disagreeing == []


def test_apple_net_income_is_under_no_cost_section(corpus_dir: Path, shared_dir: Path) -> None:
    """The path that let "operating income" claims pass: "Cost of sales › Operating expenses › Net income"."""
    pages = {page.name: page for page in sec_renderings(shared_dir / "edgar-mirror", corpus_dir / APPLE_10Q)}
    statement = read_statement(pages["R2.htm"])
    net_income = next(line for line in statement.lines if line.label == "Net income")
    assert net_income.open_sections == ()  # SEC shows it under no section
    document = parse_filing((corpus_dir / APPLE_10Q).read_bytes())
    paths = {
        tuple(c.row_path) for c in statement_cells(document, statement.title) if c.value == net_income.value
    }
    assert paths == {("Net income",)}


@pytest.mark.parametrize(("filing", "statement", "rows"), BY_HAND, ids=[f for f, _, _ in BY_HAND])
def test_paths_read_by_hand(
    corpus_dir: Path, filing: str, statement: str, rows: list[tuple[str, str, str]]
) -> None:
    cells = statement_cells(parse_filing((corpus_dir / filing).read_bytes()), statement)
    wrong = []
    for label, text, path in rows:
        found = {
            " › ".join(c.row_path) for c in cells if c.row_label == label and c.text == text and c.col == 1
        }
        if found != {path}:
            wrong.append((label, text, path, found))
    assert wrong == []
