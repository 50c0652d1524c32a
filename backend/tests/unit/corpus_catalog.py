"""The catalog of the 17-filing development corpus, as `retrieval.catalog.load_catalog` would read it."""

from datetime import date

from filingproof.retrieval.query import Catalog, CompanyRef, FilingRef

_FILINGS = [
    ("AAPL", "10-K", date(2024, 9, 28), 2024, "FY"),
    ("AAPL", "10-Q", date(2025, 3, 29), 2025, "Q2"),
    ("NVDA", "10-K", date(2024, 1, 28), 2024, "FY"),
    ("NVDA", "10-K", date(2025, 1, 26), 2025, "FY"),
    ("NVDA", "10-Q", date(2025, 7, 27), 2026, "Q2"),
    ("AMZN", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("AMZN", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("GOOGL", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("GOOGL", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("META", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("META", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("TSLA", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("TSLA", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("WMT", "10-K", date(2025, 1, 31), 2025, "FY"),
    ("KO", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("MMM", "10-Q", date(2023, 6, 30), 2023, "Q2"),
    ("PFE", "10-Q", date(2023, 7, 2), 2023, "Q2"),
]
_NAMES = {
    "AAPL": "Apple Inc.",
    "NVDA": "NVIDIA CORP",
    "AMZN": "AMAZON COM INC",
    "GOOGL": "Alphabet Inc.",
    "META": "Meta Platforms, Inc.",
    "TSLA": "Tesla, Inc.",
    "WMT": "Walmart Inc.",
    "KO": "COCA COLA CO",
    "MMM": "3M CO",
    "PFE": "PFIZER INC",
}

CORPUS = Catalog(
    companies=tuple(CompanyRef(ticker, name) for ticker, name in _NAMES.items()),
    filings=tuple(
        FilingRef(i + 1, ticker, form, period_end, year, period)
        for i, (ticker, form, period_end, year, period) in enumerate(_FILINGS)
    ),
)


def filing_id(ticker: str, form: str, period_end: date) -> int:
    return next(
        f.filing_id for f in CORPUS.filings if (f.ticker, f.form, f.period_end) == (ticker, form, period_end)
    )
