"""When to retry an EDGAR request and how long to wait before the next attempt."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

_RNG = random.Random()


def is_retryable_status(status: int) -> bool:
    """Statuses worth another try: rate limited (429) or a server-side failure (5xx)."""
    return status == 429 or 500 <= status <= 599


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date); ``None`` if absent/bad."""
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = now or datetime.now(UTC)
    return max(0.0, (when - current).total_seconds())


def backoff_delay(
    attempt: int,
    *,
    base_s: float = 0.5,
    cap_s: float = 30.0,
    retry_after_s: float | None = None,
    rng: random.Random | None = None,
) -> float:
    """Delay before retry number ``attempt`` (1-based): exponential with jitter, never below Retry-After."""
    source = rng or _RNG
    exponential = min(cap_s, base_s * float(2 ** (attempt - 1)))
    delay = exponential + source.uniform(0, exponential / 2)
    if retry_after_s is not None:
        # Honour the server's wish exactly, plus a little jitter so that concurrent waiters spread out.
        delay = retry_after_s + source.uniform(0.0, min(0.25, base_s))
    return delay
