"""The evaluation harness on the ingested corpus: the committed gold set still follows from the filings'
facts, a full run clears the committed thresholds with no wrong figure verified, and `POST /eval/run`
runs in the background, survives its client and reports deltas against the previous run."""

import json
import socket
import subprocess
import sys
import time
import typing
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from filingproof.api.server import ChildServer, child_server
from filingproof.db.session import session_scope
from filingproof.evals.gold import DEFAULT_VERSION, GOLD_DIR, Kind, gold_path, load_gold
from filingproof.evals.make_gold import build_gold, differences

pytestmark = pytest.mark.corpus

ADMIN_TOKEN = "eval-admin-token-0123456789"
THRESHOLDS = json.loads((GOLD_DIR / "thresholds.json").read_text())[DEFAULT_VERSION]


async def test_the_committed_gold_set_follows_from_the_filings(ingested_corpus: Any) -> None:
    committed = load_gold(gold_path(DEFAULT_VERSION))
    async with session_scope() as session:
        fresh = await build_gold(session)
    assert differences(fresh, committed) == []


def test_the_gold_set_covers_every_company_and_kind() -> None:
    items = load_gold(gold_path(DEFAULT_VERSION))
    assert len(items) >= 100
    assert {item.kind for item in items} == set(typing.get_args(Kind))
    tickers = {source.ticker for item in items for source in item.sources}
    assert tickers == {"AAPL", "AMZN", "GOOGL", "KO", "META", "MMM", "NVDA", "PFE", "TSLA", "WMT"}
    assert all(item.sources for item in items if item.answerable)
    assert any(item.verified for item in items)


def test_a_full_run_clears_the_committed_thresholds(ingested_corpus: Any) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "filingproof", "eval", "--json"], capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, done.stderr[-3000:]
    run = json.loads(done.stdout)
    print(json.dumps({"overall": run["scores"], "per_kind": run["per_kind"]}, indent=1))
    assert run["status"] == "done"
    assert run["scores"]["n"] == len(load_gold(gold_path(DEFAULT_VERSION)))
    assert run["scores"]["wrong_verified"] == 0, [i["item_id"] for i in run["items"] if i["wrong_verified"]]
    assert run["scores"]["accuracy"] >= THRESHOLDS["accuracy"], [
        i["item_id"] for i in run["items"] if not i["right"]
    ]
    assert run["scores"]["refusal_recall"] >= THRESHOLDS["refusal_recall"]
    assert run["scores"]["filing_hit_at_3"] >= THRESHOLDS["filing_hit_at_3"]
    # The table reads the same run back from the database.
    apple = next(i for i in run["items"] if i["item_id"] == "aapl-fy2024-revenue-line_item")
    assert apple["right"] and apple["status"] == "verified" and apple["expected"] == 391_035_000_000


@pytest.fixture(scope="module")
def server(ingested_corpus: Any) -> Iterator[ChildServer]:
    with child_server({"ADMIN_TOKEN": ADMIN_TOKEN}) as running:
        yield running


def _wait_done(client: httpx.Client, run_id: int, timeout_s: float = 1200) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        run: dict[str, Any] = client.get(f"/eval/runs/{run_id}").json()
        if run["status"] != "running":
            return run
        assert 0 <= run["progress"]["done"] <= run["progress"]["total"]
        time.sleep(1)
    raise AssertionError(f"run {run_id} did not finish in {timeout_s} s")


def _post_and_hang_up(server: ChildServer) -> None:
    """POST /eval/run on a raw socket and close it once the status line arrives, before the body."""
    host, port = server.base_url.removeprefix("http://").split(":")
    body = b'{"gold": "v1"}'
    request = (
        f"POST /eval/run HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {ADMIN_TOKEN}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body
    with socket.create_connection((host, int(port)), timeout=30) as raw:
        raw.sendall(request)
        head = b""
        while b"\r\n" not in head and (chunk := raw.recv(64)):
            head += chunk
    assert head.startswith(b"HTTP/1.1 202"), head


def test_eval_runs_over_http(server: ChildServer) -> None:
    with httpx.Client(base_url=server.base_url, timeout=60) as client:
        assert client.post("/eval/run").status_code == 401
        wrong = client.post("/eval/run", headers={"Authorization": "Bearer not-the-admin-token-at-all"})
        assert wrong.status_code == 403
        assert wrong.headers["content-type"].startswith("application/problem+json")
        auth = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
        assert client.post("/eval/run", json={"gold": "v0-missing"}, headers=auth).status_code == 404
        assert client.post("/eval/run", json={"gold": "../etc"}, headers=auth).status_code == 422

        _post_and_hang_up(server)  # the client is gone; the run goes on
        first = client.get("/eval/runs").json()["runs"][0]["id"]  # one run at a time: the newest is it
        busy = client.post("/eval/run", headers=auth)
        assert busy.status_code == 409
        first_run = _wait_done(client, first)
        assert first_run["status"] == "done", first_run["error"]
        assert first_run["progress"] == {"done": first_run["scores"]["n"], "total": first_run["scores"]["n"]}

        started = client.post("/eval/run", json={"gold": "v1"}, headers=auth)
        assert started.status_code == 202
        assert started.json()["status"] == "running"
        second_run = _wait_done(client, started.json()["id"])
        assert second_run["status"] == "done"
        assert second_run["previous_run_id"] == first
        assert second_run["deltas"] is not None
        assert second_run["deltas"]["accuracy"] == pytest.approx(
            second_run["scores"]["accuracy"] - first_run["scores"]["accuracy"], abs=1e-6
        )
        assert len(second_run["items"]) == second_run["scores"]["n"]
        assert set(second_run["per_kind"]) == {item["kind"] for item in second_run["items"]}

        listed = client.get("/eval/runs").json()["runs"]
        assert [run["id"] for run in listed][:2] == [second_run["id"], first]
        assert client.get("/eval/runs/999999").status_code == 404
