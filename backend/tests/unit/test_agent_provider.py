"""The OpenAI-compatible client against a real HTTP server on loopback: retries, usage, cost, errors."""

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from filingproof.config import Settings
from filingproof.llm.base import ChatMessage, ProviderError
from filingproof.llm.openai_compat import OpenAICompatProvider, provider_from_settings

COMPLETION = {
    "model": "m",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello."}}],
    "usage": {"prompt_tokens": 1000, "completion_tokens": 500},
}


@dataclass(frozen=True)
class Stall:
    """A reply sent only after `seconds`; `over` is set then."""

    seconds: float
    over: threading.Event = field(default_factory=threading.Event)


@pytest.fixture
def server() -> Iterator[tuple[str, list[tuple[int, Any]], list[dict[str, Any]]]]:
    """A server answering from a list of (status, body); it records the requests."""
    replies: list[tuple[int, Any]] = []
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
            status, reply = replies.pop(0)
            if isinstance(reply, Stall):
                time.sleep(reply.seconds)
                reply.over.set()
                reply = COMPLETION
            data = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
            self.send_response(status)
            self.send_header("Content-Length", str(len(data)))
            if status == 429:
                self.send_header("Retry-After", "0")
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up
                self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", replies, seen
    httpd.shutdown()
    httpd.server_close()


async def test_a_completion_with_usage_and_cost(server: tuple[str, list[Any], list[Any]]) -> None:
    url, replies, seen = server
    replies.append((200, COMPLETION))
    provider = OpenAICompatProvider(url, "m", api_key="k", cost_per_1k_input=0.1, cost_per_1k_output=0.2)
    completion = await provider.complete([ChatMessage("user", "Hi")])
    assert completion.text == "Hello."
    assert completion.usage.total_tokens == 1500
    assert completion.usage.cost == pytest.approx(0.2)
    assert seen[0]["path"] == "/v1/chat/completions" and seen[0]["auth"] == "Bearer k"
    assert seen[0]["body"]["messages"] == [{"role": "user", "content": "Hi"}]


async def test_429_is_retried(server: tuple[str, list[Any], list[Any]]) -> None:
    url, replies, seen = server
    replies.extend([(429, {"error": "slow down"}), (200, COMPLETION)])
    completion = await OpenAICompatProvider(url, "m").complete([ChatMessage("user", "Hi")])
    assert completion.text == "Hello." and len(seen) == 2


async def test_a_client_error_or_malformed_body_raises(server: tuple[str, list[Any], list[Any]]) -> None:
    url, replies, _ = server
    replies.extend([(400, {"error": "bad"}), (200, {"choices": []})])
    provider = OpenAICompatProvider(url, "m")
    with pytest.raises(ProviderError, match="HTTP 400"):
        await provider.complete([ChatMessage("user", "Hi")])
    with pytest.raises(ProviderError, match="choices"):
        await provider.complete([ChatMessage("user", "Hi")])


def test_no_provider_without_base_url_and_model() -> None:
    assert provider_from_settings(Settings(LLM_BASE_URL=None, LLM_MODEL=None)) is None
    configured = provider_from_settings(Settings(LLM_BASE_URL="http://127.0.0.1:1/v1", LLM_MODEL="m"))
    assert configured is not None and configured.name == "openai-compatible:m"


async def test_a_slow_provider_fails_within_the_timeout_retries_included(
    server: tuple[str, list[Any], list[Any]],
) -> None:
    url, replies, seen = server
    stall = Stall(5.0)
    replies.append((200, stall))
    with pytest.raises(ProviderError, match=r"no completion within 0\.5 s"):
        await OpenAICompatProvider(url, "m", timeout_s=0.5).complete([ChatMessage("user", "Hi")])
    assert not stall.over.is_set()  # gave up at its deadline, while the provider still stalled
    assert len(seen) == 1


async def test_a_reply_over_the_size_cap_is_rejected(server: tuple[str, list[Any], list[Any]]) -> None:
    url, replies, _ = server
    provider = OpenAICompatProvider(url, "m", max_output_chars=100)
    long_draft = {**COMPLETION, "choices": [{"message": {"content": "x" * 101}}]}
    replies.extend([(200, long_draft), (200, {**COMPLETION, "padding": "x" * 1_000_000})])
    with pytest.raises(ProviderError, match="longer than 100 characters"):
        await provider.complete([ChatMessage("user", "Hi")])
    with pytest.raises(ProviderError, match="larger than"):
        await provider.complete([ChatMessage("user", "Hi")])
    replies.append((200, {**COMPLETION, "choices": [{"message": {"content": "x" * 100}}]}))
    assert (await provider.complete([ChatMessage("user", "Hi")])).text == "x" * 100


@pytest.mark.parametrize(
    "reply",
    [b"<html>Bad gateway</html>", b"[1, 2]", b"\xff\xfe", {"choices": [{"message": {"content": None}}]}],
)
async def test_a_malformed_reply_raises(server: tuple[str, list[Any], list[Any]], reply: Any) -> None:
    url, replies, _ = server
    replies.append((200, reply))
    with pytest.raises(ProviderError):
        await OpenAICompatProvider(url, "m").complete([ChatMessage("user", "Hi")])


async def test_errors_name_no_url_and_quote_no_reply(server: tuple[str, list[Any], list[Any]]) -> None:
    url, replies, _ = server
    replies.extend([(500, {"error": "secret detail"})] * 3)
    with pytest.raises(ProviderError) as raised:
        await OpenAICompatProvider(url, "m").complete([ChatMessage("user", "Hi")])
    assert str(raised.value) == "the provider answered HTTP 500"
