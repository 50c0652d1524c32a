"""`filingproof index …`: index maintenance for filings ingested before a stage existed."""

import asyncio

import typer
from rich.console import Console
from sqlalchemy import select

from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.models import Chunk, Filing
from filingproof.db.session import database_url, session_scope
from filingproof.index.embed import EmbeddingUnavailable, get_embedder
from filingproof.index.store import backfill_embeddings, finalize_index, index_filing
from filingproof.progress_bars import progress_bars

index_app = typer.Typer(help="Chunks, embeddings and the BM25 index.", no_args_is_help=True)
console = Console(stderr=True)


@index_app.command("backfill")
def backfill() -> None:
    """Index filings that have no chunks yet, embed chunks that have no vector, then finalize."""

    async def run() -> None:
        settings = get_settings()
        await upgrade_database_async(database_url(settings))
        try:
            embedder = get_embedder()
        except EmbeddingUnavailable as error:
            raise typer.Exit(code=_fail(f"the embedding model cannot load: {error}")) from error
        async with session_scope() as session:
            indexed = select(Chunk.filing_id).distinct()
            missing = list(
                (await session.execute(select(Filing.id).where(Filing.id.not_in(indexed)))).scalars()
            )
        with progress_bars(console) as bars:
            task = bars.add_task("index filings", total=len(missing))
            for filing_id in missing:
                async with session_scope() as session:  # one transaction per filing
                    await index_filing(session, filing_id, embedder)
                bars.advance(task)
            embed_task = bars.add_task("embed chunks", total=None)
            async with session_scope() as session:
                done = await backfill_embeddings(
                    session, embedder, lambda n, total: bars.update(embed_task, completed=n, total=total)
                )
            async with session_scope() as session:
                stats = await finalize_index(session, settings)
        console.print(f"indexed {len(missing)} filings, embedded {done} chunks; {stats}")

    asyncio.run(run())


def _fail(message: str) -> int:
    console.print(f"[red]error:[/red] {message}")
    return 2
