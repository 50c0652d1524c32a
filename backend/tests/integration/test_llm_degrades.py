"""The LLM writer path through the whole service (`filingproof serve` on loopback), against a real
OpenAI-compatible server on loopback that fails, hangs, garbles, floods, or writes numbers that used to
slip past the verifier.

- A provider error, a timeout, a malformed or an oversized reply: the deterministic writer answers
  (verified), and the synthesis hop says it fell back.
- A draft that states a figure the verifier used to miss is never verified, and none of its wrong text
  reaches the response or any event of the stream. Correct drafts in other wordings stay verified.
- A long draft is verified off the event loop: the service answers /health while it is checked.
"""

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import httpx
import pytest
from loopback_llm import serve_llm

from filingproof.api.server import ChildServer, child_server

pytestmark = pytest.mark.corpus

QUESTION = "What were Apple's total net sales in fiscal 2024?"
HANG_S = 6.0  # the provider's stall; the service gives up after LLM_TIMEOUT_S
TIMEOUT_S = 2
BIG_DRAFT_CHARS = 1_000_000
FALLBACK = "fallback to the deterministic writer"
_FACT = re.compile(r"^\[c(\d+)\] .*?: \$([\d,]+) million \(shown as ", re.MULTILINE)

Fact = tuple[str, int]  # the cited cell id and its value in millions, as the prompt lists them
Reply = tuple[int, bytes]  # HTTP status and body


def _completion(text: str) -> bytes:
    return json.dumps(
        {"model": "scripted", "choices": [{"message": {"role": "assistant", "content": text}}],
         "usage": {"prompt_tokens": 100, "completion_tokens": 10}}
    ).encode()  # fmt: skip


_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = [
    "ten", "eleven", "twelve", "thirteen", "fourteen",
    "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(number: int) -> str:
    """An integer below 1,000 in words: 391 → "three hundred ninety-one"."""
    hundreds, rest = divmod(number, 100)
    parts = [f"{_UNITS[hundreds]} hundred"] if hundreds else []
    if rest >= 20:
        parts.append(_TENS[rest // 10 - 2] + (f"-{_UNITS[rest % 10]}" if rest % 10 else ""))
    elif rest >= 10:
        parts.append(_TEENS[rest - 10])
    elif rest or not parts:
        parts.append(_UNITS[rest])
    return " ".join(parts)


# Drafts built from the prompt's fact: wrong ones (with the text that must never reach a client), then
# right ones in other wordings. The keys are the modes a test sets on the provider.
WRONG: dict[str, tuple[Callable[[Fact], str], str]] = {
    "glued code": (lambda f: f"Apple's total net sales were USD96,995 million [c{f[0]}].", "96,995"),
    "glued letters": (lambda f: f"Apple's total net sales were US96,995m [c{f[0]}].", "96,995"),
    "superscript": (
        lambda f: f"Apple's total net sales were ${f[1]:,} million [c{f[0]}], up ⁹⁶,⁹⁹⁵.",
        "⁹⁶,⁹⁹⁵",
    ),
    "scale word": (lambda f: f"Apple's total net sales were ninety-seven bn [c{f[0]}].", "ninety-seven"),
    "percent word": (
        lambda f: f"Apple's total net sales grew twelve percent to ${f[1]:,} million [c{f[0]}].",
        "twelve percent",
    ),
    "note disguise": (
        lambda f: f"Apple's total net sales were ${f[1]:,} million [c{f[0]}] (see Note 96995).",
        "96995",
    ),
    "doubling": (
        lambda f: f"Apple's total net sales roughly doubled to ${f[1]:,} million [c{f[0]}].",
        "doubled",
    ),
    "fake marker": (lambda f: f"Apple's total net sales were ${f[1]:,} million [c96995].", "96995"),
}
RIGHT: dict[str, Callable[[Fact], str]] = {
    "short billions": lambda f: f"Apple's total net sales were ${f[1] / 1000:.1f} billion [c{f[0]}].",
    "currency code": lambda f: f"Apple's total net sales were USD{f[1]:,} million [c{f[0]}].",
    "dollars word": lambda f: f"Apple's total net sales were {f[1]:,} million dollars [c{f[0]}].",
    "in words": lambda f: (
        f"Apple's total net sales were {words(round(f[1] / 1000))} billion dollars [c{f[0]}]."
    ),
    "real note": lambda f: f"Apple's total net sales were ${f[1]:,} million [c{f[0]}] (see Note 2).",
}


class Provider(BaseHTTPRequestHandler):
    """Chat completions as `mode` says (the test sets it before asking): fail, hang, garble, flood, or a
    scripted draft from the prompt's fact. The question is always QUESTION, so the pipeline is the same."""

    mode = "right"

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = "\n".join(message["content"] for message in body["messages"])
        cell_id, millions = _FACT.findall(prompt)[0]
        status, reply = self.reply(Provider.mode, (cell_id, int(millions.replace(",", ""))))
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the service gave up waiting

    @staticmethod
    def reply(mode: str, fact: Fact) -> Reply:
        if mode == "provider error":
            return 500, b'{"error": "upstream failure"}'
        if mode == "provider hangs":
            time.sleep(HANG_S)
        if mode == "not json":
            return 200, b"<html>Bad gateway</html>"
        if mode == "no choices":
            return 200, b'{"choices": []}'
        if mode == "flood":
            return 200, _completion(big_draft(fact))
        if mode in WRONG:
            return 200, _completion(WRONG[mode][0](fact))
        if mode in RIGHT:
            return 200, _completion(RIGHT[mode](fact))
        return 200, _completion(f"Apple's total net sales were ${fact[1]:,} million [c{fact[0]}].")

    def log_message(self, format: str, *args: Any) -> None:
        pass


def big_draft(fact: Fact) -> str:
    """A true sentence, repeated to about BIG_DRAFT_CHARS: every figure in it must be checked."""
    sentence = f"Apple's total net sales for fiscal 2024 were ${fact[1]:,} million [c{fact[0]}]. "
    return sentence * (BIG_DRAFT_CHARS // len(sentence))


@pytest.fixture(scope="module")
def provider_url() -> Iterator[str]:
    with serve_llm(Provider) as base_url:
        yield base_url


def _env(provider_url: str, **extra: str) -> dict[str, str]:
    return {
        "LLM_BASE_URL": provider_url,
        "LLM_MODEL": "scripted",
        "LLM_TIMEOUT_S": str(TIMEOUT_S),
        "QUERY_RATE_PER_MINUTE": "6000",
        "QUERY_RATE_BURST": "1000",
        # the scripted provider changes its mode between identical questions: each is answered on its own
        "QUERY_DEDUP_SECONDS": "0",
        **extra,
    }


@pytest.fixture(scope="module")
def service(ingested_corpus: Any, provider_url: str) -> Iterator[httpx.Client]:
    with (
        child_server(_env(provider_url)) as server,
        httpx.Client(base_url=server.base_url, timeout=120) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def roomy(ingested_corpus: Any, provider_url: str) -> Iterator[ChildServer]:
    """A service whose size cap lets a 1 MB draft through to the verifier."""
    with child_server(_env(provider_url, LLM_MAX_OUTPUT_CHARS=str(2 * BIG_DRAFT_CHARS))) as server:
        yield server


def _events(client: httpx.Client, question: str) -> list[tuple[str, str]]:
    events: list[tuple[str, str]] = []
    with client.stream("POST", "/query", json={"question": question}) as response:
        assert response.status_code == 200
        fields: dict[str, str] = {}
        for line in response.iter_lines():
            if not line and "data" in fields:
                events.append((fields.get("event", "message"), fields["data"]))
                fields = {}
            elif line and not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
    return events


def _synthesis_summaries(response: dict[str, Any]) -> list[str]:
    return [event["summary"] for event in response["trace"] if event["name"] == "synthesis"]


@pytest.mark.parametrize("trouble", ["provider error", "provider hangs", "not json", "no choices", "flood"])
def test_a_failing_provider_falls_back_to_the_deterministic_writer(
    service: httpx.Client, trouble: str
) -> None:
    Provider.mode = trouble
    reply = service.post("/query/sync", json={"question": QUESTION})
    assert reply.status_code == 200, reply.text
    response = reply.json()
    assert response["status"] == "verified", response["answer"]
    assert [figure["value"] for figure in response["figures"]] == [391_035_000_000]
    [summary] = _synthesis_summaries(response)
    assert FALLBACK in summary and "by deterministic" in summary
    assert "upstream failure" not in reply.text and "Bad gateway" not in reply.text


def test_an_oversized_draft_is_rejected_and_never_shown(service: httpx.Client) -> None:
    Provider.mode = "flood"
    events = _events(service, QUESTION)
    answer = json.loads(events[-1][1])
    assert events[-1][0] == "answer" and answer["status"] == "verified"
    assert "larger than" in _synthesis_summaries(answer)[0]  # the reason: over the size cap
    assert "for fiscal 2024 were" not in answer["answer"]  # the provider's sentence, not the writer's
    assert sum(len(data) for _, data in events) < BIG_DRAFT_CHARS // 10


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_draft_is_never_verified_nor_shown(service: httpx.Client, case: str) -> None:
    Provider.mode = case
    wrong_text = WRONG[case][1]
    events = _events(service, QUESTION)
    answer = json.loads(events[-1][1])
    assert answer["status"] != "verified", answer
    assert answer["figures"] == []
    escaped = json.dumps(wrong_text)[1:-1]  # as JSON writes it with non-ASCII escaped
    for _, data in events:
        assert wrong_text not in data and escaped not in data, data
    synced = service.post("/query/sync", json={"question": QUESTION}).json()
    assert synced["status"] != "verified"
    assert wrong_text not in json.dumps(synced, ensure_ascii=False)


@pytest.mark.parametrize("case", sorted(RIGHT))
def test_a_right_draft_in_other_words_stays_verified(service: httpx.Client, case: str) -> None:
    Provider.mode = case
    response = service.post("/query/sync", json={"question": QUESTION}).json()
    assert response["status"] == "verified", (case, response["answer"], response["trace"])
    assert "by openai-compatible:scripted" in _synthesis_summaries(response)[0]
    assert len(response["figures"]) == 1
    assert response["figures"][0]["source"]["cells"]


def test_health_answers_while_a_long_draft_is_verified(roomy: ChildServer) -> None:
    Provider.mode = "flood"
    health_done: list[float] = []
    arrived: dict[str, float] = {}
    started, finished = threading.Event(), threading.Event()

    def poll_health() -> None:
        started.wait(60)
        with httpx.Client(base_url=roomy.base_url, timeout=60) as client:
            while "verify" not in arrived and not finished.is_set():
                assert client.get("/health").status_code == 200
                health_done.append(time.monotonic())

    poller = threading.Thread(target=poll_health)
    poller.start()
    with (
        httpx.Client(base_url=roomy.base_url, timeout=120) as client,
        client.stream("POST", "/query", json={"question": QUESTION}) as response,
    ):
        for line in response.iter_lines():
            if line.startswith("event: "):
                arrived.setdefault(line.removeprefix("event: "), time.monotonic())
                if line == "event: synthesis":
                    started.set()  # the verifier starts on the long draft now
    finished.set()
    started.set()
    poller.join(60)
    assert {"synthesis", "verify", "answer"} <= set(arrived)
    # /health was answered after the draft was written and before its verification ended.
    assert any(arrived["synthesis"] < done < arrived["verify"] for done in health_done), (
        arrived,
        health_done,
    )
