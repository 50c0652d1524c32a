"""`/ready` says ready only once the server's warm-up (the first query's model and caches) has finished."""

import asyncio

from filingproof.api.routes.health import _query_path


async def test_the_query_path_is_ready_only_after_its_warm_up() -> None:
    loaded = asyncio.Event()

    async def warm() -> float:
        await loaded.wait()
        return 1234.0

    warm_up = asyncio.create_task(warm())
    await asyncio.sleep(0)
    waiting = _query_path(warm_up)
    assert not waiting.ok and waiting.detail.startswith("warming up")
    loaded.set()
    await warm_up
    assert _query_path(warm_up).model_dump() == {
        "name": "query_path",
        "ok": True,
        "detail": "warmed in 1234 ms",
    }


async def test_a_failed_warm_up_is_not_ready_and_says_why() -> None:
    async def warm() -> float:
        raise RuntimeError("the model could not load")

    warm_up = asyncio.create_task(warm())
    await asyncio.gather(warm_up, return_exceptions=True)
    failed = _query_path(warm_up)
    assert not failed.ok and failed.detail == "warm-up failed: RuntimeError: the model could not load"
