"""Evaluation runs are leased: two servers on one database, for real (child processes on loopback).

A second server starting up leaves the first one's live run alone (it used to fail every `running` run),
and refuses to start a second run while that one's lease holds. Once the first server is killed (SIGKILL:
no cleanup), its run's lease lapses and the run shows as interrupted, and a new run may start.
"""

import signal
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from filingproof.api.server import child_server

pytestmark = pytest.mark.corpus

ADMIN_TOKEN = "lease-admin-token-0123456789"
AUTH = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
ENV = {"ADMIN_TOKEN": ADMIN_TOKEN, "EVAL_HEARTBEAT_S": "0.5"}  # the lease: four beats, 2 s
LAPSED = "lease lapsed"


def _wait_for(check: Callable[[], dict[str, Any] | None], timeout_s: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = check()
        if found is not None:
            return found
        time.sleep(0.2)
    raise AssertionError(f"not within {timeout_s} s")


def test_a_second_server_leaves_a_live_run_alone_and_a_dead_ones_lapses(ingested_corpus: Any) -> None:
    with child_server(ENV) as first, httpx.Client(base_url=first.base_url, timeout=60) as one:
        started = one.post("/eval/run", json={"gold": "v2"}, headers=AUTH)
        assert started.status_code == 202, started.text
        run_id = started.json()["id"]

        with child_server(ENV) as second, httpx.Client(base_url=second.base_url, timeout=60) as two:
            # The second server has started (and swept lapsed runs); the first one's run is still live.
            run = two.get(f"/eval/runs/{run_id}").json()
            assert run["status"] == "running", run
            assert one.get(f"/eval/runs/{run_id}").json()["status"] == "running"
            busy = two.post("/eval/run", json={"gold": "v2"}, headers=AUTH)
            assert busy.status_code == 409, busy.text

            first.process.send_signal(signal.SIGKILL)
            first.process.wait(30)

            def lapsed() -> dict[str, Any] | None:
                shown: dict[str, Any] = two.get(f"/eval/runs/{run_id}").json()
                return shown if shown["status"] != "running" else None

            run = _wait_for(lapsed)
            assert run["status"] == "failed" and LAPSED in run["error"], run
            listed = next(item for item in two.get("/eval/runs").json()["runs"] if item["id"] == run_id)
            assert (listed["status"], listed["error"]) == ("failed", run["error"])

            # Nothing holds a lease now: the second server may run one (stopped with the server below).
            again = two.post("/eval/run", json={"gold": "v2"}, headers=AUTH)
            assert again.status_code == 202, again.text
