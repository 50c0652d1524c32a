"""Item faithfulness on the real corpus: `verified` means the figure is the item asked.

Two halves. First, the verifier alone: a draft citing a true cell of the wrong item (the neighbouring
line, the company total for a segment, the prior year of the same row) goes through the pipeline's own
verify and answer nodes and is not verified, whatever picked the cell. Second, the whole pipeline: the
questions a new user asked that came back `verified` with another line's figure or with loosely related
quotes never do so now, and the right answers stay verified. Expected values are read from the filings'
XBRL facts.
"""

import json
import re
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import Deps
from filingproof.agent.nodes.answer import answer
from filingproof.agent.nodes.router import read_question
from filingproof.agent.nodes.verify import verify
from filingproof.agent.passages import sentences
from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.agent.state import AgentState, Draft, Passage
from filingproof.agent.writer import cite, figure, quote_sentence
from filingproof.db.session import Sessions, transaction
from filingproof.qa.items import parse_ask
from filingproof.qa.store import CellHit, tagged_cells
from filingproof.understanding import understand

pytestmark = pytest.mark.corpus
REVENUE = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
PROVISION = "us-gaap:IncomeTaxExpenseBenefit"
PRETAX = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
DATA_CENTER = {"srt:ProductOrServiceAxis": "nvda:DataCenterMember"}
FAMILY_OF_APPS = {"us-gaap:StatementBusinessSegmentsAxis": "meta:FamilyOfAppsMember"}


async def fact_value(
    session: AsyncSession,
    ticker: str,
    concept: str,
    end: date,
    dimensions: dict[str, str] | None = None,
    instant: bool = False,
) -> Decimal:
    """The value of the company's fact for the year ending `end` (at `end`: `instant`), with exactly these
    dimensions."""
    period = "x.instant" if instant else "NOT x.instant AND x.period_end - x.period_start > 300"
    found = (
        await session.execute(
            text(
                "SELECT DISTINCT x.value FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id "
                "WHERE f.ticker = :ticker AND x.concept = :concept AND x.period_end = :end "
                f"AND {period} AND x.dimensions = CAST(:dimensions AS jsonb)"
            ),
            {"ticker": ticker, "concept": concept, "end": end, "dimensions": json.dumps(dimensions or {})},
        )
    ).all()
    assert len(found) == 1, (ticker, concept, end, dimensions, found)
    value: Decimal = found[0].value
    return value


async def meta_cell(session: AsyncSession, concept: str, year: int, dimensions: dict[str, str]) -> CellHit:
    """The first tagged cell of Meta's fact for the calendar year (its primary statement comes first)."""
    cells = await tagged_cells(session, ["META"], [concept])
    return next(
        cell
        for cell in cells
        if cell.period_end == date(year, 12, 31)
        and cell.period_start == date(year, 1, 1)
        and cell.dimensions == dimensions
    )


def quotes(response: QueryResponse) -> list[str]:
    return re.findall(r'page [^:]+: "(.+)"$', response.answer, re.MULTILINE)


def values(response: QueryResponse) -> list[Decimal]:
    return [Decimal(str(each.value)) for each in response.figures]


# --- the verifier alone: a draft that cites the wrong cell ---------------------------------------------


async def verify_and_answer(
    pipeline: Pipeline, session: AsyncSession, question: str, stated: CellHit | Draft
) -> Any:
    """The pipeline's verify and answer nodes on a draft (or one stating a cell) answering `question`."""
    catalog = await pipeline.retriever.catalog.get(session)
    u = understand(question, catalog)
    if isinstance(stated, CellHit):
        written = f"{figure(stated.value, stated.unit)} {cite(stated)}"
        stated = Draft(f"Meta Platforms' figure was {written}.", (stated,))
    graph: StateGraph[Any] = StateGraph(AgentState)
    graph.add_node("verify", verify)
    graph.add_node("answer", answer)
    graph.add_edge(START, "verify")
    graph.add_edge("verify", "answer")
    graph.add_edge("answer", END)
    state: AgentState = {
        "question": question,
        "reading": await read_question(session, question, catalog, None),
        "catalog": catalog,
        "understanding": u,
        "ask": parse_ask(question, len(u.companies), len(u.years)),
        "draft": stated,
        "attempts": 1,
    }
    config: RunnableConfig = {"configurable": {"deps": Deps(session, pipeline.retriever)}}
    return await graph.compile().ainvoke(state, config)


@pytest.mark.parametrize(
    ("question", "concept", "year", "dimensions", "lacks"),
    [
        # the neighbouring line: the provision, for income before the provision
        (
            "What was Meta's income before provision for income taxes in 2024?",
            PROVISION,
            2024,
            {},
            "'before'",
        ),
        # and the other way round: "before provision for income taxes" is pre-tax income, which carries no
        # provision (an expense) of its own
        ("What was Meta's provision for income taxes in 2024?", PRETAX, 2024, {}, "'expense'"),
        # the company total for a segment, and a segment for the company total
        ("What was Meta's Family of Apps revenue in 2024?", REVENUE, 2024, {}, "'family'"),
        ("What was Meta's revenue in 2024?", REVENUE, 2024, FAMILY_OF_APPS, "'family of apps'"),
        # the prior year of the same row
        ("What was Meta's revenue in 2024?", REVENUE, 2023, {}, "2023-01-01 to 2023-12-31"),
    ],
)
async def test_the_verifier_refuses_a_true_cell_of_another_item(
    ingested_corpus: object,
    pipeline: Pipeline,
    sessions: Sessions,
    question: str,
    concept: str,
    year: int,
    dimensions: dict[str, str],
    lacks: str,
) -> None:
    async with transaction(sessions) as session:
        cell = await meta_cell(session, concept, year, dimensions)
        state = await verify_and_answer(pipeline, session, question, cell)
    response: QueryResponse = state["response"]
    assert [failure.kind for failure in state["verdict"].failed] == ["item"]
    assert response.status == "cannot_verify" and not response.figures and not response.citations
    assert lacks in response.answer
    assert f"{cell.value / 1_000_000:,.0f}" not in response.answer  # the wrong figure, nowhere


async def test_the_verifier_passes_the_cell_of_the_item_asked(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    async with transaction(sessions) as session:
        for question, concept, dimensions in [
            ("What was Meta's income before provision for income taxes in 2024?", PRETAX, {}),
            ("What was Meta's Family of Apps revenue in 2024?", REVENUE, FAMILY_OF_APPS),
            ("What was Meta's revenue in 2024?", REVENUE, {}),
        ]:
            cell = await meta_cell(session, concept, 2024, dimensions)
            state = await verify_and_answer(pipeline, session, question, cell)
            response: QueryResponse = state["response"]
            assert response.status == "verified", (question, response.answer)
            assert values(response) == [
                await fact_value(session, "META", concept, date(2024, 12, 31), dimensions)
            ]


async def a_figure_free_sentence(session: AsyncSession, filing_id: int, words: str) -> Passage:
    """A sentence of the filing naming `words` and stating no figure, as retrieval would quote it."""
    rows = await session.execute(
        text("SELECT page_no, label, text FROM pages WHERE filing_id = :filing ORDER BY page_no"),
        {"filing": filing_id},
    )
    filing = (await session.execute(text("SELECT * FROM filings WHERE id = :id"), {"id": filing_id})).one()
    for row in rows:
        for sentence in sentences(row.text):
            if words in sentence.lower() and not re.search(r"\d", sentence):
                return Passage(
                    sentence, filing_id, filing.accession, filing.ticker, filing.form,
                    filing.period_end.isoformat(), row.page_no, row.label,
                )  # fmt: skip
    raise AssertionError(f"no sentence names {words!r}")


async def test_a_wrong_figure_beside_quotes_is_dropped_and_the_quotes_stay_quoted(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    question = "What was Meta's income before provision for income taxes in 2024?"
    async with transaction(sessions) as session:
        cell = await meta_cell(session, PROVISION, 2024, {})
        passage = await a_figure_free_sentence(session, cell.filing_id, "income taxes")
        draft = Draft(
            f"Meta Platforms' figure was {figure(cell.value, cell.unit)} {cite(cell)}.\nThe filings say:\n"
            f"{quote_sentence(passage)}",
            (cell,),
            quotes=(passage,),
        )
        state = await verify_and_answer(pipeline, session, question, draft)
    response: QueryResponse = state["response"]
    assert response.status == "quoted", response.answer
    assert passage.sentence in response.answer and "'before'" in response.answer
    assert not response.figures and f"{cell.value / 1_000_000:,.0f}" not in response.answer
    assert [(c.filing_id, c.page_no) for c in response.citations] == [(passage.filing_id, passage.page_no)]


# --- the whole pipeline --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "ticker", "concept"),
    [
        ("What was Meta's income before provision for income taxes in 2024?", "META", PRETAX),
        ("How much did Coca-Cola pay in dividends in 2024?", "KO", "us-gaap:PaymentsOfDividends"),
        ("What was Alphabet's effective tax rate in 2024?", "GOOGL",
         "us-gaap:EffectiveIncomeTaxRateContinuingOperations"),
    ],
)  # fmt: skip
async def test_a_new_users_question_is_never_verified_with_another_items_figure(
    ingested_corpus: object,
    pipeline: Pipeline,
    sessions: Sessions,
    question: str,
    ticker: str,
    concept: str,
) -> None:
    response = await pipeline.run(question)
    async with transaction(sessions) as session:
        expected = await fact_value(session, ticker, concept, date(2024, 12, 31))
    if response.status == "verified":
        unit = response.figures[0].unit
        shown = [value / 100 if unit == "percent" else value for value in values(response)]
        assert shown == [expected], response.answer
    else:  # quoted, cannot verify or refused: whatever is quoted names the item
        assert "treasury" not in response.answer.lower()
        assert all(re.search(r"dividend|tax|provision", quote, re.I) for quote in quotes(response))


async def test_a_company_total_is_not_given_for_a_segment(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    response = await pipeline.run("What drives Alphabet's advertising revenues?")
    async with transaction(sessions) as session:
        total = await fact_value(session, "GOOGL", REVENUE, date(2024, 12, 31))
    assert response.status != "verified", response.answer
    assert total not in values(response)
    found = quotes(response)
    assert found and "advertising" in found[0]  # the sentences naming all of the item come first
    assert all(re.search(r"advertising|revenue", quote) for quote in found)


SHARES_OUTSTANDING = "us-gaap:CommonStockSharesOutstanding"


async def test_shares_outstanding_are_the_company_s_not_its_options(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    # Coca-Cola's stock-option table prints "Outstanding on December 31, 2024": 31 million options, worth
    # $289 million; both had been candidates for its shares outstanding, and the 31 million was verified
    shares = await pipeline.run("ugh, coke shares outstanding end of 2024?")
    options = await pipeline.run("Coca-Cola stock options outstanding at December 31, 2024")
    end = date(2024, 12, 31)
    award = "us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstanding"
    common = {"us-gaap:StatementEquityComponentsAxis": "us-gaap:CommonStockMember"}  # the equity statement's
    async with transaction(sessions) as session:
        outstanding = await fact_value(session, "KO", SHARES_OUTSTANDING, end, common, instant=True)
        count = await fact_value(session, "KO", f"{award}Number", end, instant=True)
        worth = await fact_value(session, "KO", f"{award}IntrinsicValue", end, instant=True)
    assert shares.status == "verified", shares.answer
    assert values(shares) == [outstanding]
    assert worth not in values(options), options.answer
    assert options.status != "verified" or values(options) == [count], options.answer


async def test_quotes_are_quoted_never_verified(ingested_corpus: object, pipeline: Pipeline) -> None:
    response = await pipeline.run("What does Meta say about share repurchases?")
    assert response.status == "quoted", response.answer
    found = quotes(response)
    assert found and all(re.search(r"repurchas", quote, re.I) for quote in found)


async def test_right_answers_stay_verified(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    apple = await pipeline.run("What were Apple's total net sales in fiscal 2024?")
    nvidia = await pipeline.run("What was NVIDIA's data center revenue in fiscal 2025?")
    margin = await pipeline.run("What was Meta's operating margin in fiscal 2024?")
    async with transaction(sessions) as session:
        assert apple.status == "verified", apple.answer
        assert values(apple) == [await fact_value(session, "AAPL", REVENUE, date(2024, 9, 28))]
        assert nvidia.status == "verified", nvidia.answer
        expected = await fact_value(session, "NVDA", "us-gaap:Revenues", date(2025, 1, 26), DATA_CENTER)
        assert values(nvidia) == [expected]
        income = await fact_value(session, "META", "us-gaap:OperatingIncomeLoss", date(2024, 12, 31))
        revenue = await fact_value(session, "META", REVENUE, date(2024, 12, 31))
    assert margin.status == "verified", margin.answer
    derived = margin.figures[-1]
    assert derived.source.derivation is not None and derived.source.derivation.kind == "margin"
    rounded = Decimal(str(derived.value)).quantize(Decimal("0.1"))
    assert rounded == (income / revenue * 100).quantize(Decimal("0.1"))


async def test_net_sales_are_the_line_the_question_says_where_a_filing_prints_total_revenues_too(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    # Walmart prints "Net sales", then "Membership and other income" and "Total revenues": each word names
    # its own line, for the company and for a segment written with its dots ("Walmart U.S.")
    total = await pipeline.run("Walmart net sales FY2025")
    segment = await pipeline.run("What were net sales of the Walmart U.S. segment in fiscal 2025?")
    revenues = await pipeline.run("What was Walmart's total revenue in fiscal 2025?")
    end = date(2025, 1, 31)
    async with transaction(sessions) as session:
        net_sales = await fact_value(session, "WMT", REVENUE, end)
        us = await fact_value(
            session, "WMT", REVENUE, end, {"us-gaap:StatementBusinessSegmentsAxis": "wmt:WalmartUSMember"}
        )
        all_revenues = await fact_value(session, "WMT", "us-gaap:Revenues", end)
    assert (total.status, values(total)) == ("verified", [net_sales]), total.answer
    assert (segment.status, values(segment)) == ("verified", [us]), segment.answer
    assert (revenues.status, values(revenues)) == ("verified", [all_revenues]), revenues.answer
    assert net_sales != all_revenues


async def test_a_part_the_company_does_not_report_is_refused_by_name(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    # Apple reports no car segment: no neighbouring line is offered, and the segments it reports are named
    response = await pipeline.run("What were Apple's car segment revenues in fiscal 2024?")
    assert response.status == "refused" and response.reason == "segment_not_reported", response.answer
    assert "named 'car'" in response.answer and "Greater China" in response.answer
    assert not response.figures


async def test_a_share_is_computed_from_the_line_the_filing_prints_or_refused_without_it(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    services = await pipeline.run(
        "What was Apple's Services as a percentage of total net sales in fiscal 2024?"
    )
    async with transaction(sessions) as session:
        end = date(2024, 9, 28)
        part = await fact_value(
            session, "AAPL", REVENUE, end, {"srt:ProductOrServiceAxis": "us-gaap:ServiceMember"}
        )
        whole = await fact_value(session, "AAPL", REVENUE, end)
    assert services.status == "verified", services.answer
    derived = services.figures[-1]
    assert derived.source.derivation is not None and derived.source.derivation.kind == "margin"
    assert Decimal(str(derived.value)).quantize(Decimal("0.1")) == (part / whole * 100).quantize(
        Decimal("0.1")
    )
    # a share whose part no line of the filing names is not answered with its whole alone
    missing = await pipeline.run("What was Apple's F&B as a percentage of total net sales in fiscal 2024?")
    assert missing.status == "refused" and not missing.figures, missing.answer
    assert "cannot be computed" in missing.answer


async def test_names_typed_as_people_type_them(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    # a company named with a slip and a line with one ("Teslas" is Tesla's; "revenu" is revenue) is
    # answered as if spelled right
    slip = await pipeline.run("Tesal revenu FY2024")
    async with transaction(sessions) as session:
        revenue = await fact_value(session, "TSLA", "us-gaap:Revenues", date(2024, 12, 31))
    assert (slip.status, values(slip)) == ("verified", [revenue]), slip.answer
    # a company nothing names, asked after a preamble naming ingested ones, is refused by its name: never
    # answered with the preamble's companies (probe 6's "have BMY + JNJ FY23; need Eli Lily rev FY23")
    for question in [
        "I've gone through Apple's and Tesla's 2024 annual reports; what was Eli Lilly's revenue in 2024?",
        "have AAPL + TSLA FY24; need Eli Lily rev FY24",
    ]:
        refused = await pipeline.run(question)
        assert refused.status == "refused" and not refused.figures, refused.answer
        assert "Eli Lil" in refused.answer
