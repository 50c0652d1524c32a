"""Any OpenAI-compatible chat-completions endpoint (OpenAI, Groq, vLLM, Ollama) over httpx.

Retries 429 and 5xx a few times with backoff (honouring Retry-After); temperature 0 so a draft is
reproducible. Cost is the settings' price per 1,000 input and output tokens times the reported usage.

Bounded, so a provider cannot stall or flood the service: one completion, retries included, takes at most
`timeout_s`; a reply body is read only up to a cap; a draft longer than `max_output_chars` is rejected.
Every failure is a `ProviderError` whose message names no URL and quotes no reply (it reaches the trace);
the details go to the log.
"""

import asyncio
import json
import logging
import math
from collections.abc import Sequence
from typing import Any

import httpx

from filingproof.config import Settings
from filingproof.llm.base import ChatMessage, Completion, ProviderError, Usage

logger = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_ATTEMPTS = 3
BACKOFF_S = 0.5
MAX_RETRY_AFTER_S = 10.0
DEFAULT_MAX_OUTPUT_CHARS = 8000
# A JSON reply spends at most 6 bytes on a character of the draft ("\u00e9"), plus its envelope.
_BYTES_PER_CHAR = 6
_ENVELOPE_BYTES = 64 * 1024


class OpenAICompatProvider:
    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout_s: float = 60.0,
        max_output_chars: int = DEFAULT_MAX_OUTPUT_CHARS,
        cost_per_1k_input: float = 0.0,
        cost_per_1k_output: float = 0.0,
    ) -> None:
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._model = model
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._timeout_s = timeout_s
        self._max_output_chars = max_output_chars
        self._max_body_bytes = max_output_chars * _BYTES_PER_CHAR + _ENVELOPE_BYTES
        self._costs = (cost_per_1k_input, cost_per_1k_output)

    @property
    def name(self) -> str:
        return f"openai-compatible:{self._model}"

    async def complete(self, messages: Sequence[ChatMessage]) -> Completion:
        body = {
            "model": self._model,
            "temperature": 0,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
        }
        try:
            async with asyncio.timeout(self._timeout_s):
                async with httpx.AsyncClient(timeout=self._timeout_s, headers=self._headers) as client:
                    payload = await self._post(client, body)
        except TimeoutError as error:
            raise ProviderError(f"no completion within {self._timeout_s:g} s") from error
        return self._completion(payload)

    async def _post(self, client: httpx.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                status, data, retry_after = await self._exchange(client, body)
            except httpx.HTTPError as error:
                logger.warning("%s: %s (attempt %d)", self._url, error, attempt)
                if attempt == MAX_ATTEMPTS:
                    raise ProviderError(
                        f"the provider could not be reached ({type(error).__name__})"
                    ) from error
                await asyncio.sleep(BACKOFF_S * attempt)
                continue
            if status in RETRY_STATUSES and attempt < MAX_ATTEMPTS:
                await asyncio.sleep(retry_after or BACKOFF_S * attempt)
                continue
            if status != 200:
                logger.warning("%s: HTTP %d: %r", self._url, status, data[:200])
                raise ProviderError(f"the provider answered HTTP {status}")
            return _json_object(data)
        raise ProviderError("no response")  # pragma: no cover - the loop always returns

    async def _exchange(
        self, client: httpx.AsyncClient, body: dict[str, Any]
    ) -> tuple[int, bytes, float | None]:
        """Status, body (read up to the cap) and Retry-After of one request."""
        async with client.stream("POST", self._url, json=body) as response:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > self._max_body_bytes:
                raise ProviderError(f"the reply is larger than {self._max_body_bytes} bytes")
            chunks: list[bytes] = []
            size = 0
            async for chunk in response.aiter_bytes():
                size += len(chunk)
                if size > self._max_body_bytes:
                    raise ProviderError(f"the reply is larger than {self._max_body_bytes} bytes")
                chunks.append(chunk)
            return response.status_code, b"".join(chunks), _retry_after(response)

    def _completion(self, payload: dict[str, Any]) -> Completion:
        try:
            text = payload["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as error:
            raise ProviderError("the completion has no choices[0].message.content") from error
        if not isinstance(text, str):
            raise ProviderError("the completion's content is not text")
        if len(text) > self._max_output_chars:
            raise ProviderError(f"the draft is longer than {self._max_output_chars} characters")
        usage = payload.get("usage") or {}
        if not isinstance(usage, dict):
            raise ProviderError("the completion's usage is not an object")
        try:
            prompt = int(usage.get("prompt_tokens", 0) or 0)
            completion = int(usage.get("completion_tokens", 0) or 0)
        except (TypeError, ValueError) as error:
            raise ProviderError("the completion's token counts are not numbers") from error
        cost = (prompt * self._costs[0] + completion * self._costs[1]) / 1000
        return Completion(text, str(payload.get("model", self._model)), Usage(prompt, completion, cost))


def _json_object(data: bytes) -> dict[str, Any]:
    try:
        payload = json.loads(data)
    except ValueError as error:  # also bytes that are not UTF-8
        raise ProviderError("the body is not JSON") from error
    if not isinstance(payload, dict):
        raise ProviderError("the body is not a JSON object")
    return payload


def _retry_after(response: httpx.Response) -> float | None:
    try:
        seconds = float(response.headers.get("retry-after", ""))
    except ValueError:
        return None
    return min(max(seconds, 0.0), MAX_RETRY_AFTER_S) if math.isfinite(seconds) else None


def provider_from_settings(settings: Settings) -> OpenAICompatProvider | None:
    """The configured provider, or None (the deterministic writer) without LLM_BASE_URL and LLM_MODEL."""
    if not settings.llm_base_url or not settings.llm_model:
        return None
    return OpenAICompatProvider(
        settings.llm_base_url,
        settings.llm_model,
        api_key=settings.llm_api_key,
        timeout_s=settings.llm_timeout_s,
        max_output_chars=settings.llm_max_output_chars,
        cost_per_1k_input=settings.llm_cost_per_1k_input,
        cost_per_1k_output=settings.llm_cost_per_1k_output,
    )
