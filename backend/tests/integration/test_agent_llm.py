"""The LLM path against a real OpenAI-compatible server on loopback that returns scripted drafts.

The server reads the facts the pipeline sends (`[c123] … : $391,035 million`) and answers with a draft built
from them, so a scripted draft cites the real cell ids of the test database.
"""

import json
import re
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.evals.gold import DEFAULT_VERSION, gold_path, load_gold
from filingproof.evals.runner import evaluate
from filingproof.evals.store import summarize
from filingproof.llm.openai_compat import OpenAICompatProvider

pytestmark = pytest.mark.corpus

Script = Callable[[str], str]  # the prompt's facts → the draft
QUESTION = "What were Apple's total net sales in fiscal 2024?"
WRONG = "$408,123 million"


def _fact(prompt: str) -> tuple[str, str]:
    found = re.search(r"\[c(\d+)\] Apple (?:total net sales|revenue) .*?: (\$[\d,]+ million)", prompt)
    assert found, prompt
    return found.group(1), found.group(2)


def correct(prompt: str) -> str:
    cell, value = _fact(prompt)
    return f"Apple's total net sales for fiscal 2024 were {value} [c{cell}]."


def wrong(prompt: str) -> str:
    cell, _ = _fact(prompt)
    return f"Apple's total net sales for fiscal 2024 were {WRONG} [c{cell}]."


class ScriptedServer:
    def __init__(self, scripts: list[Script]) -> None:
        self.scripts = scripts
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                prompt = "\n".join(m["content"] for m in body["messages"])
                script = server.scripts[min(len(server.requests), len(server.scripts)) - 1]
                payload = {
                    "id": f"chatcmpl-{len(server.requests)}",
                    "object": "chat.completion",
                    "model": body["model"],
                    "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": script(prompt)},
                         "finish_reason": "stop"}
                    ],
                    "usage": {"prompt_tokens": 200, "completion_tokens": 40, "total_tokens": 240},
                }  # fmt: skip
                data = json.dumps(payload).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedServer":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def serve() -> Iterator[Callable[[list[Script]], ScriptedServer]]:
    servers: list[ScriptedServer] = []

    def start(scripts: list[Script]) -> ScriptedServer:
        server = ScriptedServer(scripts).__enter__()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.__exit__()


def _with_llm(pipeline: Pipeline, server: ScriptedServer) -> Pipeline:
    """The session's pipeline, writing with the scripted LLM."""
    provider = OpenAICompatProvider(
        server.base_url, "scripted", api_key="test", cost_per_1k_input=0.5, cost_per_1k_output=1.5
    )
    return Pipeline(pipeline.sessions, pipeline.settings, provider)


async def test_a_correct_draft_passes_with_usage_and_cost(
    ingested_corpus: object, pipeline: Pipeline, serve: Callable[[list[Script]], ScriptedServer]
) -> None:
    server = serve([correct])
    response = await _with_llm(pipeline, server).run(QUESTION)
    assert response.status == "verified", response.answer
    assert [f.value for f in response.figures] == [391_035_000_000]
    assert len(server.requests) == 1
    assert server.requests[0]["temperature"] == 0
    synthesis = [e for e in response.trace if e.name == "synthesis"]
    assert synthesis[0].tokens == 240
    assert synthesis[0].cost == pytest.approx((200 * 0.5 + 40 * 1.5) / 1000)
    assert response.cost == pytest.approx(0.16)


async def test_a_wrong_figure_is_repaired(
    ingested_corpus: object, pipeline: Pipeline, serve: Callable[[list[Script]], ScriptedServer]
) -> None:
    server = serve([wrong, correct])
    response = await _with_llm(pipeline, server).run(QUESTION)
    assert response.status == "verified", response.answer
    assert [e.name for e in response.trace].count("repair") == 1
    assert [e.name for e in response.trace].count("synthesis") == 2
    repair_prompt = server.requests[1]["messages"][-1]["content"]
    assert WRONG in repair_prompt  # the writer is told which figure failed
    _assert_absent(response, WRONG)


async def test_wrong_twice_cannot_verify_and_no_figure_of_the_draft_leaks(
    ingested_corpus: object, pipeline: Pipeline, serve: Callable[[list[Script]], ScriptedServer]
) -> None:
    server = serve([wrong, wrong])
    response = await _with_llm(pipeline, server).run(QUESTION)
    assert response.status == "cannot_verify"
    assert response.figures == [] and response.citations == []
    assert len(server.requests) == 2
    _assert_absent(response, WRONG)


async def test_an_uncited_figure_fails_even_when_true(
    ingested_corpus: object, pipeline: Pipeline, serve: Callable[[list[Script]], ScriptedServer]
) -> None:
    def uncited(prompt: str) -> str:
        return f"Apple's total net sales for fiscal 2024 were {_fact(prompt)[1]}."

    server = serve([uncited, uncited])
    response = await _with_llm(pipeline, server).run(QUESTION)
    assert response.status == "cannot_verify"


def _assert_absent(response: QueryResponse, figure: str) -> None:
    dumped = response.model_dump_json()
    digits = figure.strip("$").split()[0]
    for form in (figure, digits, digits.replace(",", "")):
        assert form not in dumped, form


async def test_an_eval_run_with_a_provider_counts_its_tokens_and_cost(
    ingested_corpus: object, pipeline: Pipeline, serve: Callable[[list[Script]], ScriptedServer]
) -> None:
    item = next(i for i in load_gold(gold_path(DEFAULT_VERSION)) if i.id == "aapl-fy2024-revenue-line_item")
    server = serve([correct])
    results = await evaluate(_with_llm(pipeline, server), [item])
    overall, _ = summarize(results)
    assert results[0].right and results[0].status == "verified"
    assert overall.tokens == 240
    assert overall.cost == pytest.approx(0.16)

    server = serve([wrong])  # wrong twice: cannot verify, so wrong but never wrong-and-verified
    results = await evaluate(_with_llm(pipeline, server), [item])
    assert results[0].status == "cannot_verify"
    assert not results[0].right and not results[0].wrong_verified
    assert summarize(results)[0].tokens == 480
