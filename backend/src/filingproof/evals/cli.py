"""`filingproof eval [--gold PATH] [--json]` runs a gold set and prints its scores per kind;
`filingproof gold [--check]` rebuilds the gold set from the ingested filings' facts, or checks it."""

import asyncio
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import get_sessionmaker, session_scope
from filingproof.evals.gold import DEFAULT_VERSION, GoldItem, dump_gold, gold_path, load_gold
from filingproof.evals.make_gold import build_gold, differences, keep_verified
from filingproof.evals.metrics import Scores
from filingproof.evals.service import EvalJob
from filingproof.evals.store import RunDetail, get_run
from filingproof.llm.openai_compat import provider_from_settings

console = Console(stderr=True)
DEFAULT_GOLD = gold_path(DEFAULT_VERSION)
RATIOS = ("accuracy", "refusal_precision", "refusal_recall", "filing_hit_at_3", "page_hit_at_3", "page_mrr")


def _cell(value: float | int | None, ratio: bool) -> str:
    if value is None:
        return "–"
    return f"{value:.3f}" if ratio else f"{value:g}"


def _delta(value: float | None) -> str:
    return "" if value is None or value == 0 else f" ({value:+.3f})"


def render(run: RunDetail) -> Table:
    table = Table(
        title=f"eval run {run.id} · gold {run.gold_version} · {run.provider} · {run.git_commit or ''}"
    )
    columns = ("kind", "n", *RATIOS, "wrong&verified", "p50 ms", "p95 ms")
    for column in columns:
        table.add_column(column, justify="left" if column == "kind" else "right")

    def row(name: str, scores: Scores, deltas: dict[str, float | None] | None) -> list[str]:
        values = scores.model_dump()
        cells = [name, str(scores.n)]
        cells += [_cell(values[r], True) + (_delta(deltas.get(r)) if deltas else "") for r in RATIOS]
        cells += [
            str(scores.wrong_verified),
            _cell(scores.latency_p50_ms, False),
            _cell(scores.latency_p95_ms, False),
        ]
        return cells

    for kind, scores in run.per_kind.items():
        table.add_row(*row(kind, scores, None))
    if run.scores is not None:
        table.add_row(*row("overall", run.scores, run.deltas), style="bold")
    return table


async def _eval(gold: Path) -> RunDetail:
    await upgrade_database_async()
    settings = get_settings()
    job = EvalJob(gold, settings, provider_from_settings(settings))
    sessions = get_sessionmaker()
    run_id = await job.create(sessions)
    with console.status(f"evaluating {len(job.items)} questions of gold {job.gold_version} (run {run_id})"):
        await job.execute(sessions, run_id)
    async with session_scope() as session:
        run = await get_run(session, run_id)
    assert run is not None
    return run


def eval_command(
    gold: Annotated[Path, typer.Option(help="Gold set (JSONL).")] = DEFAULT_GOLD,
    json_out: Annotated[bool, typer.Option("--json", help="Print the run as JSON.")] = False,
) -> None:
    """Run a gold set through the pipeline; print accuracy, refusals, retrieval and latency per kind."""
    try:
        run = asyncio.run(_eval(gold))
    except (OSError, ValueError) as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(code=2) from error
    if json_out:
        sys.stdout.write(run.model_dump_json(indent=2) + "\n")
    else:
        Console().print(render(run))
    if run.status != "done":
        console.print(f"[red]run {run.id} {run.status}:[/red] {run.error}")
        raise typer.Exit(code=1)


async def _build() -> list[GoldItem]:
    await upgrade_database_async()
    async with session_scope() as session:
        return await build_gold(session)


def gold_command(
    check: Annotated[bool, typer.Option(help="Compare the file with the filings; change nothing.")] = False,
    out: Annotated[Path, typer.Option(help="The gold file.")] = DEFAULT_GOLD,
) -> None:
    """Rebuild the gold set's expected values and source cells from the ingested XBRL facts."""
    fresh = asyncio.run(_build())
    committed = load_gold(out) if out.exists() else []
    if check:
        problems = differences(fresh, committed)
        for line in problems:
            console.print(line)
        verified = sum(item.verified for item in committed)
        console.print(
            f"{out}: {len(committed)} items, {verified} verified by a person, {len(problems)} differences"
        )
        raise typer.Exit(code=1 if problems else 0)
    items = keep_verified(fresh, committed)
    dump_gold(items, out)
    kinds: dict[str, int] = {}
    for item in items:
        kinds[item.kind] = kinds.get(item.kind, 0) + 1
    console.print(f"{len(items)} items written to {out}: {kinds}")
