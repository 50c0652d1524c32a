"""An async sliding-window rate limiter: at most N request starts in any window of one second."""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable

#: SEC's published ceiling; the limiter never allows more, whatever it is asked.
MAX_REQUESTS_PER_SECOND = 10.0


class RateLimiter:
    """Guarantees at most ``N`` acquisitions in any sliding window of ``window_s`` seconds.

    ``requests_per_second`` is clamped to (0, 10]. For rates of one or more, ``N`` is the whole part of
    the rate and the window is one second (5 → at most 5 per second, 2.5 → at most 2). Below one request
    per second, ``N`` is 1 and the window is ``1 / rate`` seconds. ``margin_s`` widens the window a little
    so that network jitter cannot make the server see more than ``N`` arrivals within one second.
    Waiters are served in arrival order; one limiter is meant to be shared by every request of a client.
    """

    def __init__(
        self,
        requests_per_second: float,
        *,
        margin_s: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not requests_per_second > 0:
            raise ValueError(f"requests_per_second must be positive, got {requests_per_second}")
        rate = min(float(requests_per_second), MAX_REQUESTS_PER_SECOND)
        if rate >= 1:
            self.max_requests = math.floor(rate)
            self.window_s = 1.0 + margin_s
        else:
            self.max_requests = 1
            self.window_s = 1.0 / rate + margin_s
        self.requests_per_second = rate
        self._clock = clock
        self._starts: deque[float] = deque()
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        """Wait until one more request may start within the limit, then record its start."""
        async with self._lock:
            while True:
                now = self._clock()
                while self._starts and now - self._starts[0] >= self.window_s:
                    self._starts.popleft()
                if len(self._starts) < self.max_requests:
                    self._starts.append(now)
                    return
                await asyncio.sleep(self._starts[0] + self.window_s - now)

    async def __aenter__(self) -> RateLimiter:
        await self.acquire()
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None
