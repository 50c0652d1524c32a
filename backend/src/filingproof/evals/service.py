"""One evaluation run from start to stored scores, for the CLI (`filingproof eval`) and `POST /eval/run`."""

import asyncio
import logging
import subprocess
from pathlib import Path
from typing import Any

from filingproof import PARSER_VERSION
from filingproof.config import Settings
from filingproof.evals.gold import GoldItem, load_gold, version_of
from filingproof.evals.runner import evaluate
from filingproof.evals.store import Sessions, create_run, fail_run, finish_run, record_progress
from filingproof.llm.base import Provider

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
    """A gold file, loaded and checked before anything is stored: bad input fails before a run exists."""

    def __init__(self, gold: Path, settings: Settings, provider: Provider | None) -> None:
        self.items: list[GoldItem] = load_gold(gold)
        if not self.items:
            raise ValueError(f"{gold}: the gold set is empty")
        self.gold_version = version_of(gold)
        self.settings = settings
        self.provider = provider

    async def create(self, sessions: Sessions) -> int:
        provider = self.provider.name if self.provider else "deterministic"
        return await create_run(
            sessions, self.gold_version, len(self.items), provider, git_commit(), run_settings(self.settings)
        )

    async def execute(self, sessions: Sessions, run_id: int) -> None:
        """Answer every item and store the results; a failure or cancellation marks the run failed."""

        async def progress(done: int, total: int) -> None:
            if done % PROGRESS_EVERY == 0 and done < total:
                await record_progress(sessions, run_id, done)

        try:
            results = await evaluate(self.items, self.provider, progress)
            await finish_run(sessions, run_id, results)
        except asyncio.CancelledError:
            await asyncio.shield(fail_run(sessions, run_id, "interrupted: the run was cancelled"))
            raise
        except Exception as error:
            logger.exception("evaluation run %s failed", run_id)
            await fail_run(sessions, run_id, f"{type(error).__name__}: {error}")
