"""One evaluation run from start to stored scores, for the CLI (`filingproof eval`) and `POST /eval/run`."""

import asyncio
import logging
import subprocess
from pathlib import Path
from typing import Any

from filingproof import PARSER_VERSION
from filingproof.agent.service import Pipeline
from filingproof.config import Settings
from filingproof.evals.gold import GoldItem, load_gold, version_of
from filingproof.evals.runner import evaluate
from filingproof.evals.store import (
    LEASE_BEATS,
    create_run,
    fail_run,
    finish_run,
    record_progress,
    renew_lease,
)

logger = logging.getLogger(__name__)
PROGRESS_EVERY = 10  # items between progress writes: a live count without a write per question


def git_commit() -> str | None:
    """The checked-out commit, when the code runs from a git checkout (not in a wheel or image)."""
    try:
        found = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent, capture_output=True, text=True, timeout=5
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return found.stdout.strip() or None if found.returncode == 0 else None


def run_settings(settings: Settings) -> dict[str, Any]:
    """The settings a score depends on, stored with the run so two runs can be told apart."""
    return {
        "parser_version": PARSER_VERSION,
        "bm25_k1": settings.bm25_k1,
        "bm25_b": settings.bm25_b,
        "rrf_k": settings.rrf_k,
        "retrieval_candidates": settings.retrieval_candidates,
        "llm_model": settings.llm_model,
    }


class EvalJob:
    """A gold file, loaded and checked before anything is stored: bad input fails before a run exists.

    The run is stored in the pipeline's database and scores that pipeline: its settings and its writer."""

    def __init__(self, gold: Path, pipeline: Pipeline) -> None:
        self.items: list[GoldItem] = load_gold(gold)
        if not self.items:
            raise ValueError(f"{gold}: the gold set is empty")
        self.gold_version = version_of(gold)
        self.pipeline = pipeline

    async def create(self) -> int:
        pipeline = self.pipeline
        provider = pipeline.provider.name if pipeline.provider else "deterministic"
        return await create_run(
            pipeline.sessions,
            self.gold_version,
            len(self.items),
            provider,
            git_commit(),
            run_settings(pipeline.settings),
            self._lease_s,
        )

    @property
    def _lease_s(self) -> float:
        return LEASE_BEATS * self.pipeline.settings.eval_heartbeat_s

    async def _heartbeat(self, run_id: int) -> None:
        """Renew the run's lease every EVAL_HEARTBEAT_S while it runs, so no other process takes it for
        abandoned; a failed renewal is logged and retried at the next beat (the lease outlasts a few)."""
        while True:
            await asyncio.sleep(self.pipeline.settings.eval_heartbeat_s)
            try:
                await renew_lease(self.pipeline.sessions, run_id, self._lease_s)
            except Exception:
                logger.warning("evaluation run %s: the lease was not renewed", run_id, exc_info=True)

    async def execute(self, run_id: int) -> None:
        """Answer every item and store the results; a failure or cancellation marks the run failed."""
        sessions = self.pipeline.sessions

        async def progress(done: int, total: int) -> None:
            if done % PROGRESS_EVERY == 0 and done < total:
                await record_progress(sessions, run_id, done)

        heartbeat = asyncio.create_task(self._heartbeat(run_id), name=f"eval-run-{run_id}-heartbeat")
        try:
            results = await evaluate(self.pipeline, self.items, progress)
            await finish_run(sessions, run_id, results)
        except asyncio.CancelledError:
            await asyncio.shield(fail_run(sessions, run_id, "interrupted: the run was cancelled"))
            raise
        except Exception as error:
            logger.exception("evaluation run %s failed", run_id)
            await fail_run(sessions, run_id, f"{type(error).__name__}: {error}")
        finally:
            heartbeat.cancel()
            await asyncio.gather(heartbeat, return_exceptions=True)
