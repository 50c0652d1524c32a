"""The same question from the same client twice within a second (a double click, a key held down, a client
retrying at once) is answered once: the later request is given the first one's answer (waiting for it while
it is being answered) rather than running the pipeline again. After the window, the same question is
answered anew. The window is `QUERY_DEDUP_SECONDS` (0: every request is answered on its own, as a service
whose scripted provider answers each request differently needs)."""

import asyncio
import time
from dataclasses import dataclass

from filingproof.agent.response import QueryResponse

WINDOW_S = 1.0

#: Who asked (the client's address), the question, and its filters (as JSON).
QuestionKey = tuple[str, str, str]


@dataclass
class _Asked:
    started: float
    # The first request's answer; None when it ended without one (cancelled, failed): the later request
    # then runs the question itself.
    answer: "asyncio.Future[QueryResponse | None]"


class RecentQuestions:
    """The questions asked within the last `window_s` seconds, by key. Used from the event loop only."""

    def __init__(self, window_s: float = WINDOW_S) -> None:
        # a window of 0 keeps nothing: `claim` forgets every question asked before now
        self.window_s = window_s
        self._asked: dict[QuestionKey, _Asked] = {}

    def claim(
        self, key: QuestionKey, now: float | None = None
    ) -> tuple[bool, "asyncio.Future[QueryResponse | None]"]:
        """(True, a future to settle) when this request is to answer the question; (False, the first
        request's answer to wait for) when the same question was asked less than `window_s` ago."""
        now = time.monotonic() if now is None else now
        self._forget_older_than(now - self.window_s)
        asked = self._asked.get(key)
        if asked is not None and self.window_s > 0:
            return False, asked.answer
        answer: asyncio.Future[QueryResponse | None] = asyncio.get_running_loop().create_future()
        self._asked[key] = _Asked(now, answer)
        return True, answer

    def release(self, key: QuestionKey, answer: "asyncio.Future[QueryResponse | None]") -> None:
        """The first request has ended. With an answer, it is given to the same question until the window
        closes; without one (cancelled, failed), the next request answers the question itself."""
        asked = self._asked.get(key)
        if asked is not None and asked.answer is answer and (not answer.done() or answer.result() is None):
            del self._asked[key]

    def _forget_older_than(self, cutoff: float) -> None:
        for key in [key for key, asked in self._asked.items() if asked.started < cutoff]:
            del self._asked[key]


def settle(answer: "asyncio.Future[QueryResponse | None]", response: QueryResponse | None) -> None:
    if not answer.done():
        answer.set_result(response)
