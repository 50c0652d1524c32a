"""The request's filters bound every route of `POST /query/sync` and `POST /query` (SSE), a real server on
loopback over the ingested corpus with the deterministic writer, and `filingproof ask --ticker` (MCP's `ask`
is in test_mcp.py). One understanding carries the filters to the
router, the page search and table QA, so that no page and no figure from outside them is given; a question
about a company outside them says so and gives no figure."""

import json
import os
import subprocess
import sys
from typing import Any

import httpx
import pytest
from test_api_query import deterministic as deterministic  # the fixture: a server on the corpus
from test_api_query import read_events, without_timings

pytestmark = pytest.mark.corpus

SUPPLY_CHAIN = "What are the main supply chain risks?"
REVENUE_2024 = "What was revenue in fiscal 2024?"
NVIDIA_REVENUE_2024 = "What was NVIDIA's revenue in fiscal 2024?"
REVENUE_DRIVERS = "What drove revenue in fiscal {year}?"
APPLE_NET_INCOME = "What was Apple's net income in fiscal 2024?"


@pytest.fixture(scope="module")
def filings(deterministic: httpx.Client) -> dict[tuple[str, str, int], int]:
    """(ticker, form, fiscal year) → filing id, for the corpus's filings."""
    items = deterministic.get("/filings", params={"limit": 100}).json()["items"]
    return {(f["ticker"], f["form"], f["fiscal_year"]): f["id"] for f in items}


def ask(client: httpx.Client, question: str, **filters: Any) -> dict[str, Any]:
    response = client.post("/query/sync", json={"question": question, "filters": filters})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def route(answer: dict[str, Any]) -> str:
    router = next(event for event in answer["trace"] if event["name"] == "router")
    summary: str = router["summary"]
    return summary.split()[0].removeprefix("route=")


def cited(answer: dict[str, Any]) -> set[int]:
    return {citation["filing_id"] for citation in answer["citations"]}


def figure_cells(answer: dict[str, Any]) -> set[int]:
    return {cell for figure in answer["figures"] for cell in figure["source"]["cells"]}


def searched(answer: dict[str, Any]) -> list[str]:
    """The pages the search hop ranked, as its summary lists them ("NVDA 10-K p37")."""
    retrieval = next(event for event in answer["trace"] if event["name"] == "retrieval")
    summary: str = retrieval["summary"]
    listed = summary[summary.index("(") + 1 : summary.index(")")]
    return [page.strip() for page in listed.split(",") if page.strip()]


def page_text(client: httpx.Client, filing_id: int, page_no: int) -> str:
    text: str = client.get(f"/filings/{filing_id}/pages/{page_no}").json()["text"]
    return text


def test_a_filtered_narrative_question_cites_only_that_filing(
    deterministic: httpx.Client, filings: dict[tuple[str, str, int], int]
) -> None:
    for filing_id in (filings[("NVDA", "10-K", 2025)], filings[("AAPL", "10-K", 2024)]):
        answer = ask(deterministic, SUPPLY_CHAIN, filing_id=filing_id)
        assert route(answer) == "narrative", answer["trace"][0]
        assert answer["status"] == "quoted", answer["answer"]
        assert cited(answer) == {filing_id}
        # every page quoted is about the supply chain, as the filing prints it
        for citation in answer["citations"]:
            assert "supply" in page_text(deterministic, filing_id, citation["page_no"]).lower()


def test_a_company_outside_the_filter_is_named_and_gets_no_figure(deterministic: httpx.Client) -> None:
    unfiltered = ask(deterministic, APPLE_NET_INCOME)
    assert unfiltered["status"] == "verified", unfiltered["answer"]
    apple_figure = unfiltered["figures"][0]["text"]
    for filters in ({"tickers": ["NVDA"]}, {"tickers": ["NVDA"], "form": "10-K"}):
        answer = ask(deterministic, APPLE_NET_INCOME, **filters)
        assert answer["status"] == "refused"
        assert "Apple (AAPL), outside the filters (company NVDA" in answer["answer"]
        assert apple_figure not in answer["answer"]
        assert answer["figures"] == [] and answer["citations"] == []
        assert "Covered: NVDA 10-K" in answer["answer"]  # what the filters do allow
        assert "AAPL 10-K" not in answer["answer"]


def test_a_filtered_figure_is_read_from_that_filing(
    deterministic: httpx.Client, filings: dict[tuple[str, str, int], int]
) -> None:
    fy2025 = filings[("NVDA", "10-K", 2025)]
    unfiltered = ask(deterministic, NVIDIA_REVENUE_2024)
    assert unfiltered["status"] == "verified", unfiltered["answer"]
    assert cited(unfiltered) == {filings[("NVDA", "10-K", 2024)]}  # the year's own 10-K, unfiltered
    answer = ask(deterministic, REVENUE_2024, filing_id=fy2025)
    assert route(answer) == "numeric"
    assert answer["status"] == "verified", answer["answer"]
    assert cited(answer) == {fy2025}  # the FY2025 10-K's comparative column
    assert [f["value"] for f in answer["figures"]] == [f["value"] for f in unfiltered["figures"]]
    assert figure_cells(answer).isdisjoint(figure_cells(unfiltered))


def test_a_filtered_hybrid_question_keeps_to_the_filter(
    deterministic: httpx.Client, filings: dict[tuple[str, str, int], int]
) -> None:
    nvidia = {filing_id for (ticker, _, _), filing_id in filings.items() if ticker == "NVDA"}
    answer = ask(deterministic, REVENUE_DRIVERS.format(year=2025), tickers=["NVDA"])
    assert route(answer) == "hybrid", answer["trace"][0]
    assert answer["citations"], answer["answer"]
    assert cited(answer) <= nvidia
    assert searched(answer) and {page.split()[0] for page in searched(answer)} == {"NVDA"}
    # FY2024 under the FY2025 10-K: its comparative column, not the FY2024 10-K the year would pick
    fy2025 = filings[("NVDA", "10-K", 2025)]
    one_filing = ask(deterministic, REVENUE_DRIVERS.format(year=2024), filing_id=fy2025)
    assert route(one_filing) == "hybrid"
    assert one_filing["status"] == "verified", one_filing["answer"]
    assert cited(one_filing) == {fy2025}
    assert [f["value"] for f in one_filing["figures"]] == [
        ask(deterministic, NVIDIA_REVENUE_2024)["figures"][0]["value"]
    ]


def test_the_stream_carries_the_same_filtered_answer(
    deterministic: httpx.Client, filings: dict[tuple[str, str, int], int]
) -> None:
    body = {"question": SUPPLY_CHAIN, "filters": {"filing_id": filings[("NVDA", "10-K", 2025)]}}
    with deterministic.stream("POST", "/query", json=body) as response:
        assert response.status_code == 200
        events = list(read_events(response))
    router = json.loads(events[0].data)
    assert router["name"] == "router" and "filtered to 1 filings" in router["summary"]
    streamed = json.loads(events[-1].data)
    synced = deterministic.post("/query/sync", json=body).json()
    assert without_timings(streamed) == without_timings(synced)
    outside = {"question": APPLE_NET_INCOME, "filters": {"tickers": ["NVDA"]}}
    with deterministic.stream("POST", "/query", json=outside) as response:
        answer = json.loads(list(read_events(response))[-1].data)
    assert answer["status"] == "refused" and answer["figures"] == []
    assert "outside the filters" in answer["answer"]


def test_the_command_line_takes_the_same_filters(deterministic: httpx.Client) -> None:
    questions = f"{APPLE_NET_INCOME}\n{REVENUE_2024}\n"
    done = subprocess.run(
        [sys.executable, "-m", "filingproof", "ask", "--json", "--ticker", "nvda", "-"],
        input=questions, capture_output=True, text=True, env=dict(os.environ), timeout=300, check=True,
    )  # fmt: skip
    outside, revenue = (json.loads(line) for line in done.stdout.splitlines())
    assert outside["status"] == "refused" and outside["figures"] == []
    assert "Apple (AAPL), outside the filters (company NVDA)" in outside["answer"]
    assert revenue["status"] == "verified", revenue["answer"]
    assert {citation["ticker"] for citation in revenue["citations"]} == {"NVDA"}
    expected = ask(deterministic, NVIDIA_REVENUE_2024)
    assert [f["value"] for f in revenue["figures"]] == [f["value"] for f in expected["figures"]]
