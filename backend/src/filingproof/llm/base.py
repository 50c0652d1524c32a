"""The provider protocol: chat messages in, text and token usage out."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

Role = Literal["system", "user", "assistant"]


class ProviderError(RuntimeError):
    """The provider could not produce a completion (network, HTTP status, malformed body)."""


@dataclass(frozen=True, slots=True)
class ChatMessage:
    role: Role
    content: str


@dataclass(frozen=True, slots=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    model: str
    usage: Usage


class Provider(Protocol):
    @property
    def name(self) -> str: ...

    async def complete(self, messages: Sequence[ChatMessage]) -> Completion: ...
