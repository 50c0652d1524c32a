"""`filingproof eval [--gold PATH] [--json]` runs a gold set and prints its scores per kind (and per split);
`filingproof gold [--version v2] [--check]` rebuilds a gold set from the ingested filings' facts, or checks
it."""

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker, session_scope
from filingproof.evals.financebench import (
    FinanceBenchRun,
    headers,
    is_financebench,
    markdown,
    run_financebench,
)
from filingproof.evals.gold import DEFAULT_VERSION, GoldItem, dump_gold, gold_path, load_gold
from filingproof.evals.make_gold import build_gold, differences, keep_verified
from filingproof.evals.make_gold_v2 import build_gold_v2
from filingproof.evals.metrics import Scores
from filingproof.evals.service import EvalJob
from filingproof.evals.splits import render_splits, split_scores
from filingproof.evals.store import RunDetail, get_run
from filingproof.jobs.cli import DocumentGiven, enqueue_files, run_ingest_jobs
from filingproof.jobs.queue import JobQueue

console = Console(stderr=True)
DEFAULT_GOLD = gold_path(DEFAULT_VERSION)
Builder = Callable[[AsyncSession], Awaitable[list[GoldItem]]]
BUILDERS: dict[str, Builder] = {"v1": build_gold, "v2": build_gold_v2}
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
    settings = get_settings()
    await upgrade_database_async(database_url(settings))
    job = EvalJob(gold, Pipeline.from_settings(get_sessionmaker(), settings))
    run_id = await job.create()
    with console.status(f"evaluating {len(job.items)} questions of gold {job.gold_version} (run {run_id})"):
        await job.execute(run_id)
    async with session_scope() as session:
        run = await get_run(session, run_id)
    assert run is not None
    return run


def eval_command(
    gold: Annotated[Path, typer.Option(help="Gold set (JSONL).")] = DEFAULT_GOLD,
    json_out: Annotated[bool, typer.Option("--json", help="Print the run as JSON.")] = False,
    gold_format: Annotated[
        str,
        typer.Option(
            "--format",
            help="gold (the project's gold items) or financebench (FinanceBench records: both modes, side "
            "by side with GPT-4-Turbo); a FinanceBench file is recognised either way.",
        ),
    ] = "gold",
    pdfs: Annotated[
        Path | None,
        typer.Option(
            help="Folder of the records' documents: <doc_name>.pdf, or doc_name itself where it has its "
            "extension (default: pdfs/ beside the --gold file)."
        ),
    ] = None,
    judgments: Annotated[
        Path | None,
        typer.Option(
            help="A reader's labels of the answers to prose golds "
            "(default: evals/gold/<gold file name>.judged.jsonl)."
        ),
    ] = None,
) -> None:
    """Run a gold set through the pipeline; print accuracy, refusals, retrieval and latency per kind."""
    if gold_format == "financebench" or (gold.exists() and is_financebench(gold)):
        financebench_command(gold, json_out, pdfs, judgments)
        return
    if gold_format != "gold":
        console.print(f"[red]error:[/red] unknown --format {gold_format!r}: gold or financebench")
        raise typer.Exit(code=2)
    try:
        run = asyncio.run(_eval(gold))
    except (OSError, ValueError) as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(code=2) from error
    report = split_scores(load_gold(gold), run.items)  # gold v2: dev and held-out companies apart
    if json_out:
        document = json.loads(run.model_dump_json())
        if report:
            document["per_split"] = {split: {kind: s.model_dump() for kind, s in kinds.items()}
                                     for split, kinds in report.items()}  # fmt: skip
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
    else:
        Console().print(render(run))
        if report:
            Console().print(render_splits(f"eval run {run.id} · gold {run.gold_version} by split", report))
    if run.status != "done":
        console.print(f"[red]run {run.id} {run.status}:[/red] {run.error}")
        raise typer.Exit(code=1)


async def _build(version: str) -> list[GoldItem]:
    await upgrade_database_async(database_url(get_settings()))
    async with session_scope() as session:
        return await BUILDERS[version](session)


def gold_command(
    check: Annotated[bool, typer.Option(help="Compare the file with the filings; change nothing.")] = False,
    version: Annotated[str, typer.Option(help="Gold set version: v1 or v2.")] = DEFAULT_VERSION,
    out: Annotated[Path | None, typer.Option(help="The gold file (default: the version's).")] = None,
) -> None:
    """Rebuild the gold set's expected values and source cells from the ingested XBRL facts."""
    version = version if version.startswith("v") else f"v{version}"
    if version not in BUILDERS:
        console.print(f"[red]error:[/red] no gold set builder for {version!r}: {', '.join(BUILDERS)}")
        raise typer.Exit(code=2)
    out = out or gold_path(version)
    fresh = asyncio.run(_build(version))
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


async def _financebench(gold: Path, pdfs: Path | None, judgments: Path | None) -> FinanceBenchRun:
    settings = get_settings()
    await upgrade_database_async(database_url(settings))
    sessions = get_sessionmaker()
    pipeline = Pipeline.from_settings(sessions, settings)

    async def ingest(paths: list[Path]) -> dict[Path, str]:
        console.print(f"ingesting {len(paths)} documents: {', '.join(path.name for path in paths)}")

        async def enqueue(queue: JobQueue) -> list[int]:
            return await enqueue_files(queue, paths, DocumentGiven(None, None, None, None))

        jobs = await run_ingest_jobs(
            settings, sessions, enqueue, lambda jobs: None, local_worker=True, wait=True
        )
        # One job per path, in the order enqueued (`read_jobs` keeps it).
        return {path: job.error for path, job in zip(paths, jobs, strict=True) if job.error}

    with console.status("answering FinanceBench questions") as status:

        def progress(done: int, total: int) -> None:
            status.update(f"answering FinanceBench questions: {done}/{total}")

        return await run_financebench(gold, pipeline, ingest, progress, pdfs, judgments)


def financebench_command(
    gold: Path, json_out: bool, pdfs: Path | None = None, judgments: Path | None = None
) -> None:
    """FinanceBench records in shared-store and per-filing mode, beside GPT-4-Turbo's labels."""
    try:
        if judgments is not None and not judgments.exists():
            raise OSError(f"no judgments at {judgments}")
        run = asyncio.run(_financebench(gold, pdfs, judgments))
    except (OSError, ValueError) as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(code=2) from error
    rows = run.rows()
    if json_out:
        document = json.loads(run.model_dump_json())
        document["markdown"] = markdown(rows)
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
    else:
        ids = ", ".join(f"{mode} run {run_id}" for mode, run_id in run.run_ids.items())
        table = Table(title=f"FinanceBench {gold.stem} ({ids})")
        for column in headers():
            table.add_column(column)
        for row in rows:
            table.add_row(*row, style="bold" if row[0] == "total" else None)
        Console().print(table)
    for doc, why in run.not_ingested.items():
        console.print(f"[yellow]not ingested:[/yellow] {doc}: {why} (refused per filing; asked alone)")
