"""The OpenAI-compatible client against a real HTTP server on loopback: retries, usage, cost, errors."""

import json
import threading
from collections.abc import Iterator
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
            data = json.dumps(reply).encode()
            self.send_response(status)
            self.send_header("Content-Length", str(len(data)))
            if status == 429:
                self.send_header("Retry-After", "0")
            self.end_headers()
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
