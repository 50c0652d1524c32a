"""The securities a company registers under Section 12(b), as its cover page lists them (issue 28): each class
quoted as the cover prints it and outlined there, from the filing the question narrows to. Read from the
corpus's 3M 10-Q for the quarter ended June 30, 2023 and Apple's filings."""

import pytest

from filingproof.agent.service import Pipeline

pytestmark = pytest.mark.usefixtures("ingested_corpus")


async def test_the_cover_lists_the_classes_registered(pipeline: Pipeline) -> None:
    response = await pipeline.run(
        "Which debt securities are registered to trade on a national securities exchange under 3M's name as "
        "of Q2 of 2023?"
    )
    assert response.status == "quoted", response.answer  # the filer's words, vouched for by no cell
    quotes = [quote for citation in response.citations for quote in citation.quotes]
    assert [quote.sentence for quote in quotes] == [
        "Common Stock, Par Value $.01 Per Share MMM New York Stock Exchange",
        "MMM Chicago Stock Exchange, Inc.",
        "1.500% Notes due 2026 MMM26 New York Stock Exchange",
        "1.750% Notes due 2030 MMM30 New York Stock Exchange",
        "1.500% Notes due 2031 MMM31 New York Stock Exchange",
    ]
    assert all(quote.boxes for quote in quotes)  # outlined on the cover
    assert {(citation.form, citation.page_no) for citation in response.citations} == {("10-Q", 1)}


async def test_trading_symbols_are_read_from_the_filing_asked(pipeline: Pipeline) -> None:
    # Apple's cover prints its exchange once, beside the rows: its table has the title and the symbol only
    response = await pipeline.run("what are apple's trading symbols in its fiscal 2024 10-K?")
    assert response.status == "quoted", response.answer
    quoted = [quote.sentence for citation in response.citations for quote in citation.quotes]
    assert quoted[0] == "Common Stock, $0.00001 par value per share AAPL"
    assert "0.000% Notes due 2025 —" in quoted
    assert {citation.form for citation in response.citations} == {"10-K"}
