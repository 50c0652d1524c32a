"""The year of the filing a question reads from ("in its 2023 10-K"): the figure's period where the question
says no other, the filing's alone where it does ("2022 revenue in the 2023 10-K")."""

from datetime import date

from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions

CATALOG = Catalog(
    (CompanyRef("AMZN", "Amazon.com, Inc."),),
    (
        FilingRef(1, "AMZN", "10-K", date(2023, 12, 31), 2023, "FY"),
        FilingRef(2, "AMZN", "10-K", date(2024, 12, 31), 2024, "FY"),
    ),
)


def periods(question: str) -> list[str]:
    reading = read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, None)
    return [span.bound for span in reading.of("period")]


def test_the_filings_year_is_the_figures_where_no_other_period_is_said() -> None:
    assert periods("Amazon net sales in its 2023 10-K") == ["2023"]
    assert periods("amazon risk factors in its 2023 10-k?") == ["2023"]


def test_another_period_said_leaves_the_filings_year_to_the_filing() -> None:
    assert periods("Amazon 2022 net sales in the 2023 10-K") == ["2022"]
