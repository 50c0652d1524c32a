"""Items outside the curated list, resolved against the filing's own vocabulary, through the pipeline on the
real corpus. Expected values are the filings' XBRL facts (consolidated, fiscal 2024)."""

import json
from dataclasses import replace
from decimal import Decimal

import pytest
from sqlalchemy import text

from filingproof.agent.service import Pipeline
from filingproof.db.session import session_scope
from filingproof.qa.filing_words import filing_words

pytestmark = pytest.mark.corpus


async def consolidated(
    ticker: str, concept: str, year: int, dimensions: dict[str, str] | None = None
) -> set[Decimal]:
    """The values of the company's fact with exactly `dimensions` (none: consolidated) for the full year
    ending in calendar year `year`."""
    async with session_scope() as session:
        rows = await session.execute(
            text(
                "SELECT DISTINCT x.value FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id "
                "WHERE f.ticker = :ticker AND x.concept = :concept "
                "AND EXTRACT(YEAR FROM x.period_end) = :year "
                "AND NOT x.instant AND x.period_end - x.period_start > 300 "
                "AND x.dimensions = CAST(:dimensions AS jsonb)"
            ),
            {"ticker": ticker, "concept": concept, "year": year, "dimensions": json.dumps(dimensions or {})},
        )
        return {row.value for row in rows}


async def reporters_of(member: str) -> set[str]:
    """The tickers whose facts carry a company-specific member named `member` ("Americas")."""
    async with session_scope() as session:
        rows = await session.execute(
            text(
                "SELECT DISTINCT f.ticker FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id, "
                "jsonb_each_text(x.dimensions) AS d(axis, member) "
                "WHERE d.member ~ (':' || :member || '(Segment)?Member$') AND d.member NOT LIKE 'us-gaap:%'"
            ),
            {"member": member},
        )
        return {row.ticker for row in rows}


@pytest.mark.parametrize(
    ("question", "ticker", "concept"),
    [
        (
            "What was Meta's income before provision for income taxes in 2024?",
            "META",
            "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        ),
        ("How much did Coca-Cola pay in dividends in 2024?", "KO", "us-gaap:PaymentsOfDividends"),
    ],
)
async def test_a_line_outside_the_curated_items_is_answered_and_verified(
    ingested_corpus: object, pipeline: Pipeline, question: str, ticker: str, concept: str
) -> None:
    expected = await consolidated(ticker, concept, 2024)
    assert len(expected) == 1
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    assert {abs(Decimal(str(figure.value))) for figure in response.figures} == {abs(v) for v in expected}


async def test_a_printed_ratio_is_read_as_its_cell(ingested_corpus: object, pipeline: Pipeline) -> None:
    fractions = await consolidated("GOOGL", "us-gaap:EffectiveIncomeTaxRateContinuingOperations", 2024)
    assert len(fractions) == 1  # the fact is a fraction (0.164); the cell prints percent points (16.4)
    response = await pipeline.run("What was Alphabet's effective tax rate in 2024?")
    assert response.status == "verified", response.answer
    assert [figure.unit for figure in response.figures] == ["percent"]
    assert Decimal(str(response.figures[0].value)) == fractions.pop() * 100


REPURCHASED = "us-gaap:StockRepurchasedAndRetiredDuringPeriodValue"  # the equity statement's line
REPURCHASES_PAID = "us-gaap:PaymentsForRepurchaseOfCommonStock"  # the cash-flow statement's


async def test_two_statements_printing_different_values_for_the_item_are_ambiguous(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    retired = await consolidated("META", REPURCHASED, 2024)  # the statement's figure, and a note's
    (paid,) = await consolidated("META", REPURCHASES_PAID, 2024)
    assert paid not in retired  # the equity statement and the cash flows print different figures
    response = await pipeline.run("What were Meta's share repurchases in 2024?")
    assert response.status == "ambiguous", response.answer
    shown = {Decimal(str(figure.value)) for figure in response.figures}
    assert paid in shown and len(shown) == 2 and shown - {paid} <= retired
    linked = {cell.cell_id for citation in response.citations for cell in citation.cells}
    assert {cell for figure in response.figures for cell in figure.source.cells} <= linked
    assert len(linked) == 2


async def test_what_was_spent_is_the_cash_flow_statements_payment(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    (paid,) = await consolidated("META", REPURCHASES_PAID, 2024)
    response = await pipeline.run("How much did Meta spend on share repurchases in 2024?")
    assert response.status == "verified", response.answer
    assert [Decimal(str(figure.value)) for figure in response.figures] == [paid]


async def test_a_printed_change_is_read_not_computed_from_two_balances(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    (printed,) = await consolidated("AMZN", "us-gaap:IncreaseDecreaseInInventories", 2022)
    response = await pipeline.run(
        "In Amazon's cash flow statement, what was the change in inventories in 2022?"
    )
    assert response.status == "verified", response.answer
    assert [abs(Decimal(str(figure.value))) for figure in response.figures] == [abs(printed)]
    assert all(figure.source.derivation is None for figure in response.figures)


async def test_the_company_is_inferred_from_a_product_only_it_reports(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    assert await reporters_of("Mac") == {"AAPL"}
    mac = {"srt:ProductOrServiceAxis": "aapl:MacMember"}
    expected = await consolidated(
        "AAPL", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", 2024, mac
    )
    response = await pipeline.run("How much revenue did the Mac generate in fiscal 2024?")
    assert response.status == "verified", response.answer
    assert {Decimal(str(figure.value)) for figure in response.figures} == expected
    assert {citation.ticker for citation in response.citations} == {"AAPL"}


async def test_a_member_several_companies_report_is_refused_naming_them(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    reporters = await reporters_of("Americas")
    assert len(reporters) >= 2
    response = await pipeline.run("What was revenue in the Americas in 2024?")
    assert response.status == "refused", response.answer
    assert not response.figures
    assert all(f"({ticker})" in response.answer for ticker in reporters), response.answer


async def test_the_words_of_a_set_of_companies_are_read_once_while_their_filings_stay(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    async with session_scope() as session:
        catalog = await pipeline.retriever.catalog.get(session)
        first = await filing_words(session, catalog, ["NVDA", "AAPL"])
        assert ("NVDA", "Data Center") in first.members and "iphone" in first.terms
        assert await filing_words(session, catalog, ["AAPL", "NVDA", "AAPL"]) is first
        # a filing fewer (one removed, or left out by a filter) is another set of words
        fewer = replace(catalog, filings=tuple(f for f in catalog.filings if f.form != "10-Q"))
        assert await filing_words(session, fewer, ["NVDA", "AAPL"]) is not first


async def test_each_companys_words_are_kept_in_the_store_and_made_again_when_its_filings_change(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    """A question naming no company reads every company's words: kept as rows (`company_words`), read
    back as they were made from the cells, and not trusted once the company's filings differ."""
    from filingproof.qa import filing_words as words_module
    from filingproof.qa.vocabulary import vocabulary

    async with session_scope() as session:
        catalog = await pipeline.retriever.catalog.get(session)
        tickers = sorted({filing.ticker for filing in catalog.filings})
        await session.execute(text("DELETE FROM company_words"))
        await session.commit()
        words_module._WIDE.clear()
        made = await filing_words(session, catalog, tickers)
        rows = (await session.execute(text("SELECT ticker, filing_ids FROM company_words"))).all()
        stored: dict[str, list[int]] = {row.ticker: list(row.filing_ids) for row in rows}
        assert set(stored) == set(tickers)
        nvidia_filings = sorted(f.filing_id for f in catalog.filings if f.ticker == "NVDA")
        assert stored["NVDA"] == nvidia_filings
        words_module._WIDE.clear()
        read = await filing_words(session, catalog, tickers)
        assert read is not made and read == made  # from the rows, the same words as from the cells
        assert ("AMZN", "AWS") in read.members or ("AMZN", "Amazon Web Services") in read.members
        nvidia = await vocabulary(session, "NVDA", nvidia_filings, frozenset({"nvidia", "corp"}))
        assert read.terms >= frozenset(nvidia.by_term)
        # a row made from other filings is made again from the company's cells
        await session.execute(
            text("UPDATE company_words SET filing_ids = '{1}', terms = '{}' WHERE ticker = 'NVDA'")
        )
        await session.commit()
        words_module._WIDE.clear()
        again = await filing_words(session, catalog, tickers)
        assert again == made
        row = (
            await session.execute(text("SELECT filing_ids FROM company_words WHERE ticker = 'NVDA'"))
        ).one()
        assert list(row.filing_ids) == nvidia_filings
