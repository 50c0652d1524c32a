"""Evaluation runs: `POST /eval/run` starts one in the background (admin); `GET /eval/runs[/{id}]` read them.

A run belongs to the server, not to the request that started it: the client may disconnect, and the run
still finishes and is stored. One run at a time, so a run's latency figures are not another run's load.
"""

import asyncio
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from pydantic import BaseModel, Field

from filingproof.api.deps import SessionDep, require_admin
from filingproof.api.errors import problem_responses
from filingproof.evals.gold import DEFAULT_VERSION, gold_path
from filingproof.evals.service import EvalJob
from filingproof.evals.store import RunDetail, RunList, get_run, list_runs, live_run

router = APIRouter(prefix="/eval", tags=["evaluation"], responses=problem_responses(422))


class EvalRunRequest(BaseModel):
    gold: str = Field(
        default=DEFAULT_VERSION,
        pattern=r"^[a-z0-9][a-z0-9_.\-]{0,63}$",
        description="Gold set version: a file `evals/gold/<gold>.jsonl` of the package.",
    )


class EvalRunStarted(BaseModel):
    id: int
    status: Literal["running"]
    gold_version: str


def _running(request: Request) -> set[asyncio.Task[None]]:
    tasks: set[asyncio.Task[None]] = request.app.state.eval_tasks
    return tasks


@router.post(
    "/run",
    status_code=202,
    summary="Start an evaluation run in the background (admin token)",
    dependencies=[Depends(require_admin)],
    responses=problem_responses(400, 401, 403, 404, 409, 413),
)
async def start_run(request: Request, body: EvalRunRequest | None = None) -> EvalRunStarted:
    body = body or EvalRunRequest()
    path = gold_path(body.gold)
    if not path.exists():
        raise HTTPException(404, f"No gold set named {body.gold!r}.")
    # This server's runs, then any other process's whose lease holds (two servers on one database).
    if _running(request) or await live_run(request.app.state.pipeline.sessions) is not None:
        raise HTTPException(409, "An evaluation run is in progress; wait for it to finish.")
    job = EvalJob(path, request.app.state.pipeline)
    run_id = await job.create()
    task = asyncio.create_task(job.execute(run_id), name=f"eval-run-{run_id}")
    _running(request).add(task)
    task.add_done_callback(_running(request).discard)
    return EvalRunStarted(id=run_id, status="running", gold_version=job.gold_version)


@router.get("/runs", summary="Evaluation runs, newest first, with deltas to the previous run of their gold")
async def get_runs(session: SessionDep) -> RunList:
    return RunList(runs=await list_runs(session))


@router.get(
    "/runs/{run_id}",
    summary="One evaluation run: scores overall and per kind, and every item",
    responses=problem_responses(404),
)
async def get_one_run(session: SessionDep, run_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> RunDetail:
    run = await get_run(session, run_id)
    if run is None:
        raise HTTPException(404, f"No evaluation run has id {run_id}.")
    return run
