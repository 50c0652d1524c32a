"""A PDF 10-Q's fiscal year is the one its quarter falls in, as the filer names it (issue 28): Best Buy's
quarter ended July 29, 2023 is its second quarter of fiscal 2024 (the year ending February 3, 2024), which the
calendar rule stored as 2023; MGM Resorts' quarter ended June 30, 2023 stays in fiscal 2023."""

from datetime import date
from pathlib import Path

import pytest

from filingproof.ingest.pdf.document import parse_pdf


@pytest.mark.parametrize(
    ("name", "period_end", "fiscal_year"),
    [("BESTBUY_2024Q2_10Q", date(2023, 7, 29), 2024), ("MGMRESORTS_2023Q2_10Q", date(2023, 6, 30), 2023)],
)
def test_a_quarter_falls_in_the_fiscal_year_that_ends_after_it(
    shared_dir: Path, name: str, period_end: date, fiscal_year: int
) -> None:
    document = parse_pdf((shared_dir / "financebench" / "pdfs" / f"{name}.pdf").read_bytes())
    period = document.period
    assert (period.form, period.period_end, period.fiscal_year) == ("10-Q", period_end, fiscal_year)
