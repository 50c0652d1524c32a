"""CPU work over a draft, on the event loop or off it by the draft's length."""

import asyncio
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# A draft this short (the deterministic writer's are a few hundred characters) is read and checked on the
# event loop: a worker thread's hand-off costs more than the work, and its thread then contends for the
# interpreter with the loop. A longer one (an LLM's) goes to a worker thread, so that the service answers
# other requests while it is checked.
ON_LOOP_CHARS = 1_500


async def over_draft(text: str, func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`func(*args, **kwargs)`, work over the draft `text`: here when it is short, else in a thread."""
    if len(text) <= ON_LOOP_CHARS:
        return func(*args, **kwargs)
    return await asyncio.to_thread(func, *args, **kwargs)
