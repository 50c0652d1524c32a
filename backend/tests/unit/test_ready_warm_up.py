"""`/ready` says ready only once the server's warm-up (the first query's model and caches) has finished."""

import asyncio
from pathlib import Path

import pytest

from filingproof.api.routes.health import _query_path
from filingproof.api.warm import WARM_DIR_ENV, WORKERS_ENV, WorkersWarm, mark_warm, workers_warm


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


async def test_several_workers_are_ready_only_once_every_one_is_warm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as `filingproof serve --workers 2` tells its workers: a folder of the warm ones, and their number
    monkeypatch.setenv(WARM_DIR_ENV, str(tmp_path))
    monkeypatch.setenv(WORKERS_ENV, "2")

    async def warm() -> float:
        return 10.0

    warm_up = asyncio.create_task(warm())
    await warm_up
    mark_warm()  # this worker
    alone = _query_path(warm_up)
    assert not alone.ok and alone.detail == "warmed in 10 ms; 1 of 2 workers warm"
    (tmp_path / "4242").touch()  # the other worker, by its process id
    assert _query_path(warm_up).ok
    assert workers_warm() == WorkersWarm(2, 2)
