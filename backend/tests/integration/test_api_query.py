"""`POST /query` (SSE) and `POST /query/sync` over a real server on loopback, with the ingested corpus: the
deterministic writer, and an OpenAI-compatible loopback server scripted to be slow, wrong, or to hang."""

import json
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any

import httpx
import pytest
from loopback_llm import serve_llm

from filingproof.api.server import ChildServer, child_server

pytestmark = pytest.mark.corpus

HOPS = ("router", "retrieval", "table_qa", "synthesis", "verify", "repair")
NET_SALES = "What were Apple's total net sales in fiscal 2024?"
SLOW_S = 1.0
WRONG_FIGURE = "$999.9 billion"
ADMIN_TOKEN = "test-admin-token-0123456789"
_QUESTION = re.compile(r"^Question: (.*)$", re.MULTILINE)
_FACT = re.compile(r"^\[c(\d+)\] .*?: (.+?) \(shown as ", re.MULTILINE)


@dataclass(frozen=True)
class SseEvent:
    event: str
    id: str | None
    data: str
    at: float


def read_events(response: httpx.Response) -> Iterator[SseEvent]:
    fields: dict[str, str] = {}
    for line in response.iter_lines():
        if not line:
            if "data" in fields:
                yield SseEvent(
                    fields.get("event", "message"), fields.get("id"), fields["data"], time.monotonic()
                )
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            fields[name] = f"{fields[name]}\n{value}" if name == "data" and "data" in fields else value


def stream(client: httpx.Client, question: str) -> list[SseEvent]:
    with client.stream("POST", "/query", json={"question": question}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        return list(read_events(response))


def without_timings(response: dict[str, Any]) -> dict[str, Any]:
    return {
        **response,
        "latency_ms": None,
        "trace": [{**event, "latency_ms": None} for event in response["trace"]],
    }


class ScriptedLlm(BaseHTTPRequestHandler):
    """Chat completions keyed on the question: "slowly" answers right after SLOW_S, "wrongly" cites a
    real cell with a wrong figure, "hang" never answers in time; else the first fact, copied exactly."""

    hung = threading.Event()

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = "\n".join(message["content"] for message in body["messages"])
        cell_id, shown = _FACT.findall(prompt)[0]
        question = _QUESTION.findall(prompt)[0]
        if "hang" in question:
            ScriptedLlm.hung.set()
            time.sleep(30)
        if "slowly" in question:
            time.sleep(SLOW_S)
        figure = WRONG_FIGURE if "wrongly" in question else shown
        text = f"Apple's total net sales were {figure} [c{cell_id}]."
        payload = json.dumps(
            {"model": "scripted", "choices": [{"message": {"role": "assistant", "content": text}}],
             "usage": {"prompt_tokens": 100, "completion_tokens": 10}}
        ).encode()  # fmt: skip
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (the hang case)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def deterministic(ingested_corpus: Any) -> Iterator[httpx.Client]:
    with (
        child_server({"QUERY_RATE_PER_MINUTE": "6000", "QUERY_RATE_BURST": "1000"}) as server,
        httpx.Client(base_url=server.base_url, timeout=60) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def scripted_llm() -> Iterator[str]:
    with serve_llm(ScriptedLlm) as base_url:
        yield base_url


@pytest.fixture(scope="module")
def with_llm(ingested_corpus: Any, scripted_llm: str) -> Iterator[ChildServer]:
    env = {
        "LLM_BASE_URL": scripted_llm,
        "LLM_MODEL": "scripted",
        "LLM_COST_PER_1K_INPUT": "0.5",
        "ADMIN_TOKEN": ADMIN_TOKEN,  # GET /stats shows the recent questions to the admin only
        "QUERY_RATE_PER_MINUTE": "6000",
        "QUERY_RATE_BURST": "1000",
    }
    with child_server(env) as server:
        yield server


@pytest.fixture(scope="module")
def llm_client(with_llm: ChildServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=with_llm.base_url, timeout=60) as client:
        yield client


def test_events_come_in_pipeline_order_then_the_answer(deterministic: httpx.Client) -> None:
    events = stream(deterministic, NET_SALES)
    names = [event.event for event in events]
    assert names == ["router", "retrieval", "table_qa", "synthesis", "verify", "answer"]
    assert [event.id for event in events] == [str(n) for n in range(1, len(events) + 1)]
    answer = json.loads(events[-1].data)
    assert answer["status"] == "verified"
    assert "$391,035 million" in answer["answer"]
    hops = [json.loads(event.data) for event in events[:-1]]
    assert [hop["name"] for hop in hops] == [
        event["name"] for event in answer["trace"] if event["name"] in HOPS
    ]


def test_answer_event_equals_the_sync_response(deterministic: httpx.Client) -> None:
    for question in (
        NET_SALES,
        "What was Apple's net income in fiscal 2024?",
        "What is Tesla's revenue in 2031?",
    ):
        streamed = json.loads(stream(deterministic, question)[-1].data)
        synced = deterministic.post("/query/sync", json={"question": question})
        assert synced.status_code == 200
        assert without_timings(streamed) == without_timings(synced.json())


def test_events_arrive_as_each_hop_completes(llm_client: httpx.Client) -> None:
    events = stream(llm_client, f"{NET_SALES} Answer slowly.")
    at = {event.event: event.at for event in events}
    assert json.loads(events[-1].data)["status"] == "verified"
    # The writer takes SLOW_S: the hops before it must have been delivered before it finished.
    assert at["synthesis"] - at["table_qa"] >= SLOW_S * 0.8
    assert at["answer"] - at["router"] >= SLOW_S * 0.8


def test_a_wrong_figure_never_appears_in_any_event(llm_client: httpx.Client) -> None:
    question = f"{NET_SALES} Answer wrongly."
    events = stream(llm_client, question)
    names = [event.event for event in events]
    assert names == [
        "router",
        "retrieval",
        "table_qa",
        "synthesis",
        "verify",
        "repair",
        "synthesis",
        "verify",
        "answer",
    ]
    answer = json.loads(events[-1].data)
    assert answer["status"] == "cannot_verify"
    assert answer["figures"] == []
    for event in events:
        assert "999.9" not in event.data
    synced = llm_client.post("/query/sync", json={"question": question}).json()
    assert synced["status"] == "cannot_verify"
    assert "999.9" not in json.dumps(synced)
    assert synced["cost"] > 0


def test_disconnect_cancels_the_run(llm_client: httpx.Client) -> None:
    question = f"{NET_SALES} Then hang."
    started = time.monotonic()
    with llm_client.stream("POST", "/query", json={"question": question}) as response:
        events = read_events(response)  # held open: closing the iterator would close the connection
        next(event for event in events if event.event == "table_qa")
        assert ScriptedLlm.hung.wait(10)  # the run is inside the writer when the client leaves
    deadline = time.monotonic() + 20
    logged: list[dict[str, Any]] = []
    while time.monotonic() < deadline and not logged:
        recent = llm_client.get("/stats", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}).json()["recent"]
        logged = [row for row in recent if row["question"] == question]
        time.sleep(0.2)
    assert logged and logged[0]["status"] == "cancelled"
    assert time.monotonic() - started < 25  # cancelled, not run to the writer's 30 s end
