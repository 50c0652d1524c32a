"""Evaluation runs in the database: created, advanced, finished or failed; read with their deltas."""

from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import ColumnElement, and_, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.db.models import EvalResult, EvalRun
from filingproof.db.session import Sessions
from filingproof.evals.gold import REFUSAL_KINDS
from filingproof.evals.metrics import Scores, deltas, scores, scores_by_kind
from filingproof.evals.runner import ItemResult

RunStatus = Literal["running", "done", "failed"]
LAPSED = "interrupted: its process stopped (the run's lease lapsed)"
LEASE_BEATS = 4  # a lease lasts this many heartbeats: a slow beat or two does not lose the run


class RunProgress(BaseModel):
    done: int
    total: int


class RunSummary(BaseModel):
    id: int
    status: RunStatus
    started_at: datetime
    finished_at: datetime | None
    git_commit: str | None
    gold_version: str
    provider: str
    settings: dict[str, Any]
    progress: RunProgress
    scores: Scores | None
    deltas: dict[str, float | None] | None  # scores − those of the previous finished run of this gold
    previous_run_id: int | None
    error: str | None


class RunDetail(RunSummary):
    per_kind: dict[str, Scores]
    items: list[ItemResult]


class RunList(BaseModel):
    runs: list[RunSummary]


def summarize(results: list[ItemResult]) -> tuple[Scores, dict[str, Scores]]:
    scored = [result.scored(ranked=result.kind not in REFUSAL_KINDS) for result in results]
    return scores(scored), scores_by_kind(scored)


def _lease_from_now(lease_s: float) -> ColumnElement[datetime]:
    """The database's now() plus the lease: one clock for every process that reads or renews leases."""
    return func.now() + timedelta(seconds=lease_s)


async def create_run(
    sessions: Sessions,
    gold_version: str,
    total: int,
    provider: str,
    git_commit: str | None,
    settings: dict[str, Any],
    lease_s: float,
) -> int:
    """A `running` run, leased for `lease_s` seconds: its process renews the lease (`renew_lease`)."""
    async with sessions() as session:
        run = EvalRun(
            status="running", gold_version=gold_version, total=total, done=0, provider=provider,
            git_commit=git_commit, settings=settings, lease_until=_lease_from_now(lease_s),
        )  # fmt: skip
        session.add(run)
        await session.commit()
        return run.id


async def renew_lease(sessions: Sessions, run_id: int, lease_s: float) -> None:
    """The heartbeat of a running run: its lease runs `lease_s` seconds from now."""
    async with sessions() as session:
        await session.execute(
            update(EvalRun)
            .where(EvalRun.id == run_id, EvalRun.status == "running")
            .values(lease_until=_lease_from_now(lease_s))
        )
        await session.commit()


def _lapsed() -> ColumnElement[bool]:
    """Running, but its lease has run out (or it never had one): its process is gone."""
    return and_(
        EvalRun.status == "running", or_(EvalRun.lease_until.is_(None), EvalRun.lease_until < func.now())
    )


async def live_run(sessions: Sessions) -> int | None:
    """A run some process is running now (its lease holds), if any."""
    async with sessions() as session:
        found = await session.execute(
            select(EvalRun.id).where(EvalRun.status == "running", EvalRun.lease_until >= func.now()).limit(1)
        )
        return found.scalar_one_or_none()


async def record_progress(sessions: Sessions, run_id: int, done: int) -> None:
    async with sessions() as session:
        await session.execute(update(EvalRun).where(EvalRun.id == run_id).values(done=done))
        await session.commit()


async def finish_run(sessions: Sessions, run_id: int, results: list[ItemResult]) -> None:
    overall, per_kind = summarize(results)
    async with sessions() as session:
        session.add_all(
            EvalResult(run_id=run_id, ordinal=ordinal, item_id=r.item_id, kind=r.kind, result=r.model_dump())
            for ordinal, r in enumerate(results)
        )
        await session.execute(
            update(EvalRun)
            .where(EvalRun.id == run_id)
            .values(
                status="done",
                done=len(results),
                finished_at=datetime.now(UTC),
                scores=overall.model_dump(),
                per_kind={kind: s.model_dump() for kind, s in per_kind.items()},
            )
        )
        await session.commit()


async def fail_run(sessions: Sessions, run_id: int, error: str) -> None:
    async with sessions() as session:
        await session.execute(
            update(EvalRun)
            .where(EvalRun.id == run_id)
            .values(status="failed", finished_at=datetime.now(UTC), error=error[:2000])
        )
        await session.commit()


async def interrupt_stale_runs(sessions: Sessions) -> None:
    """Runs whose process stopped (their lease lapsed) cannot finish: say so rather than spin forever.
    A run another process is still running keeps its lease and is left alone."""
    async with sessions() as session:
        await session.execute(
            update(EvalRun).where(_lapsed()).values(status="failed", finished_at=func.now(), error=LAPSED)
        )
        await session.commit()


async def _previous(session: AsyncSession, run: EvalRun) -> EvalRun | None:
    found = await session.execute(
        select(EvalRun)
        .where(EvalRun.gold_version == run.gold_version, EvalRun.status == "done", EvalRun.id < run.id)
        .order_by(EvalRun.id.desc())
        .limit(1)
    )
    return found.scalar_one_or_none()


def _shown_status(run: EvalRun, now: datetime) -> tuple[str, str | None]:
    """A running run whose lease lapsed is shown failed, before a server start records it so."""
    if run.status == "running" and (run.lease_until is None or run.lease_until < now):
        return "failed", LAPSED
    return run.status, run.error


async def _now(session: AsyncSession) -> datetime:
    """The database's clock, the one leases are written with."""
    now: datetime = (await session.execute(select(func.now()))).scalar_one()
    return now


async def _summary(session: AsyncSession, run: EvalRun, now: datetime) -> dict[str, Any]:
    previous = await _previous(session, run)
    current = Scores.model_validate(run.scores) if run.scores else None
    before = Scores.model_validate(previous.scores) if previous and previous.scores else None
    status, error = _shown_status(run, now)
    return {
        "id": run.id, "status": status, "started_at": run.started_at, "finished_at": run.finished_at,
        "git_commit": run.git_commit, "gold_version": run.gold_version, "provider": run.provider,
        "settings": run.settings, "progress": RunProgress(done=run.done, total=run.total),
        "scores": current, "deltas": deltas(current, before) if current and before else None,
        "previous_run_id": previous.id if previous else None, "error": error,
    }  # fmt: skip


async def list_runs(session: AsyncSession, limit: int = 100) -> list[RunSummary]:
    now = await _now(session)
    runs = (await session.execute(select(EvalRun).order_by(EvalRun.id.desc()).limit(limit))).scalars()
    return [RunSummary.model_validate(await _summary(session, run, now)) for run in runs]


async def get_run(session: AsyncSession, run_id: int) -> RunDetail | None:
    run = await session.get(EvalRun, run_id)
    if run is None:
        return None
    rows = await session.execute(
        select(EvalResult.result).where(EvalResult.run_id == run_id).order_by(EvalResult.ordinal)
    )
    per_kind = {kind: Scores.model_validate(s) for kind, s in (run.per_kind or {}).items()}
    items = [ItemResult.model_validate(result) for result in rows.scalars()]
    summary = await _summary(session, run, await _now(session))
    return RunDetail.model_validate({**summary, "per_kind": per_kind, "items": items})
