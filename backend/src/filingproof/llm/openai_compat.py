"""Any OpenAI-compatible chat-completions endpoint (OpenAI, Groq, vLLM, Ollama) over httpx.

Retries 429 and 5xx a few times with backoff (honouring Retry-After); temperature 0 so a draft is
reproducible. Cost is the settings' price per 1,000 input and output tokens times the reported usage.
"""

import asyncio
from collections.abc import Sequence
from typing import Any

import httpx

from filingproof.config import Settings
from filingproof.llm.base import ChatMessage, Completion, ProviderError, Usage

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_ATTEMPTS = 3
BACKOFF_S = 0.5


class OpenAICompatProvider:
    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout_s: float = 60.0,
        cost_per_1k_input: float = 0.0,
        cost_per_1k_output: float = 0.0,
    ) -> None:
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._model = model
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._timeout = httpx.Timeout(timeout_s)
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
        async with httpx.AsyncClient(timeout=self._timeout, headers=self._headers) as client:
            payload = await self._post(client, body)
        return self._completion(payload)

    async def _post(self, client: httpx.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                response = await client.post(self._url, json=body)
            except httpx.HTTPError as error:
                if attempt == MAX_ATTEMPTS:
                    raise ProviderError(f"{self._url}: {error}") from error
                await asyncio.sleep(BACKOFF_S * attempt)
                continue
            if response.status_code in RETRY_STATUSES and attempt < MAX_ATTEMPTS:
                await asyncio.sleep(_retry_after(response) or BACKOFF_S * attempt)
                continue
            if response.status_code != 200:
                raise ProviderError(f"{self._url}: HTTP {response.status_code}: {response.text[:200]}")
            try:
                payload = response.json()
            except ValueError as error:
                raise ProviderError(f"{self._url}: the body is not JSON") from error
            if not isinstance(payload, dict):
                raise ProviderError(f"{self._url}: the body is not a JSON object")
            return payload
        raise ProviderError(f"{self._url}: no response")  # pragma: no cover - the loop always returns

    def _completion(self, payload: dict[str, Any]) -> Completion:
        try:
            text = payload["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as error:
            raise ProviderError("the completion has no choices[0].message.content") from error
        if not isinstance(text, str):
            raise ProviderError("the completion's content is not text")
        usage = payload.get("usage") or {}
        prompt = int(usage.get("prompt_tokens", 0) or 0)
        completion = int(usage.get("completion_tokens", 0) or 0)
        cost = (prompt * self._costs[0] + completion * self._costs[1]) / 1000
        return Completion(text, str(payload.get("model", self._model)), Usage(prompt, completion, cost))


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return min(float(response.headers.get("retry-after", "")), 10.0)
    except ValueError:
        return None


def provider_from_settings(settings: Settings) -> OpenAICompatProvider | None:
    """The configured provider, or None (the deterministic writer) without LLM_BASE_URL and LLM_MODEL."""
    if not settings.llm_base_url or not settings.llm_model:
        return None
    return OpenAICompatProvider(
        settings.llm_base_url,
        settings.llm_model,
        api_key=settings.llm_api_key,
        timeout_s=settings.llm_timeout_s,
        cost_per_1k_input=settings.llm_cost_per_1k_input,
        cost_per_1k_output=settings.llm_cost_per_1k_output,
    )
