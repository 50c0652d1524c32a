"""The query path at 17, 100 and 1,000 filings (#31 item 1): a store grown from real ingested filings by
copying them in SQL under other companies and accessions, measured at each size.

    .venv/bin/python backend/bench/thousand.py --from-home HOME [--sizes 17,100,1000] [--server-workers 1,2]
                                               [--work DIR] [--keep]

HOME holds the filings ingested once (e.g. `filingproof ingest --dir ../shared/corpus/filings`); its server
is stopped and the home copied to DIR, which grows size by size. A copy is a bench fixture, never product
data: copy k of a filing belongs to a company of its own (ticker `R<k>X<ticker>`, CIK + k·10⁸, a made-up
name that no question names) under accession `99<k>-00-<filing>`, and every row of the filing (pages,
tables, cells, XBRL facts, chunks with their vectors, BM25 postings) is copied with ids shifted by k times
the base's largest id (the big tables' indexes built again after, the BM25 statistics recomputed). Page
rows name the original's images. Questions about the real companies still read the real filings: what
grows is everything else.

At each size, in this order and one at a time:
1. in a child process: hybrid / BM25 / dense search p50 and p95 (bench/search_latency.py, warm), and the
   store's sizes per filing (bench/scale.py's `store_sizes`);
2. for each server worker count W: `filingproof serve --workers W` started on the store, `/health` and
   `/ready` (query path warm) after the start, then `/query/sync` from one client (bench/load.py's 44
   questions, `--requests`), then 32 clients x `--burst` each (throughput, loopback), and the server's
   peak memory (VmHWM summed over the server's processes: each worker's peak, an upper bound).

Each figure is printed with the machine's load average: the machine has 2 cores, shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ingest import stop_database
from load import UNLIMITED, load_average, run_load, summary
from scale import copy_home

MB = 1_000_000
CIK_STEP = 100_000_000  # real CIKs stay below 10⁸
Figures = dict[str, Any]

# -- growing the store (child) ----------------------------------------------------------------------------

# Per table: the id-like columns shifted in a copy, by the span of the table their ids belong to.
SHIFTED = {
    "pages": {"id": "pages", "filing_id": "filings"},
    "tables": {"id": "tables", "filing_id": "filings", "page_id": "pages"},
    "cells": {"id": "cells", "filing_id": "filings", "table_id": "tables"},
    "xbrl_facts": {"id": "xbrl_facts", "filing_id": "filings", "cell_id": "cells"},
    "chunks": {"id": "chunks", "filing_id": "filings", "page_id": "pages"},
    "bm25_postings": {"chunk_id": "chunks", "filing_id": "filings"},
}
SPANNED = ("companies", "filings", "pages", "tables", "cells", "xbrl_facts", "chunks")
SYLLABLES = ("zor", "vex", "qua", "lin", "bri", "tak", "mon", "dra", "pel", "sul", "ny", "gar")


def made_up_name(k: int, company_id: int) -> str:
    """A company name of letters no question uses: copy k of company `company_id`."""
    n = k * 1000 + company_id
    word = "".join(SYLLABLES[(n // 12**i) % 12] for i in range(4))
    return f"{word.capitalize()} Replica Industries {k}"


async def columns(session: Any, table: str) -> list[str]:
    from sqlalchemy import text

    rows = await session.execute(
        text(
            "SELECT column_name FROM information_schema.columns WHERE table_name = :t "
            "AND table_schema = current_schema() ORDER BY ordinal_position"
        ),
        {"t": table},
    )
    return [name for (name,) in rows]


async def base_filings(session: Any) -> tuple[list[int], dict[str, int]]:
    """The ingested filings (those not copies, by id) and each spanned table's largest id among them + 1."""
    from sqlalchemy import text

    ids = [
        i
        for (i,) in await session.execute(
            text("SELECT id FROM filings WHERE cik < :s ORDER BY id"), {"s": CIK_STEP}
        )
    ]
    spans = {}
    for table in SPANNED:
        # every base row's id is below the span: copy k's ids are in [k·span, (k+1)·span)
        key = "id" if table in ("companies", "filings") else "filing_id"
        where = f"WHERE {key} = ANY(CAST(:ids AS integer[]))"
        spans[table] = (
            1
            + (
                await session.execute(text(f"SELECT coalesce(max(id), 0) FROM {table} {where}"), {"ids": ids})
            ).scalar_one()
        )
    spans["companies"] = (
        1
        + (
            await session.execute(text("SELECT max(id) FROM companies WHERE cik < :s"), {"s": CIK_STEP})
        ).scalar_one()
    )
    return ids, spans


async def copy_filings(session: Any, k: int, filing_ids: Sequence[int], spans: dict[str, int]) -> None:
    """Copy k of `filing_ids` with all their rows, in the caller's transaction."""
    from sqlalchemy import text

    off = {table: k * span for table, span in spans.items()}
    params = {"ids": list(filing_ids)}
    await session.execute(
        text(
            "INSERT INTO companies (id, cik, ticker, name, aliases) "
            "SELECT DISTINCT c.id + :co, c.cik + CAST(:cik_off AS bigint), "
            "CAST(:prefix AS text) || coalesce(c.ticker, CAST(c.id AS text)), "
            "'', CAST('{}' AS text[]) FROM companies c JOIN filings f ON f.company_id = c.id "
            "WHERE f.id = ANY(CAST(:ids AS integer[])) ON CONFLICT (cik) DO NOTHING"
        ),
        {**params, "co": off["companies"], "cik_off": k * CIK_STEP, "prefix": f"R{k}X"},
    )
    rows = await session.execute(
        text("SELECT id FROM companies WHERE cik >= :low AND cik < :high AND name = ''"),
        {"low": k * CIK_STEP, "high": (k + 1) * CIK_STEP},
    )
    for (company_id,) in rows.all():
        await session.execute(
            text("UPDATE companies SET name = :name WHERE id = :id"),
            {"name": made_up_name(k, company_id - off["companies"]), "id": company_id},
        )
    filing_columns = await columns(session, "filings")
    replaced = {
        "id": "f.id + :fo",
        "accession": "CAST(:accession AS text) || lpad(CAST(f.id AS text), 6, '0')",
        "sha256": "encode(sha256(convert_to(f.sha256 || CAST(:accession AS text), 'UTF8')), 'hex')",
        "company_id": "c.id",
        "cik": "c.cik",
        "ticker": "c.ticker",
        "company_name": "c.name",
    }
    await session.execute(
        text(
            f"INSERT INTO filings ({', '.join(filing_columns)}) "
            f"SELECT {', '.join(replaced.get(name, f'f.{name}') for name in filing_columns)} "
            "FROM filings f JOIN companies c ON c.id = f.company_id + :co "
            "WHERE f.id = ANY(CAST(:ids AS integer[]))"
        ),
        {**params, "fo": off["filings"], "co": off["companies"], "accession": f"99{k:08d}-00-"},
    )
    for table, shifted in SHIFTED.items():
        names = await columns(session, table)
        values = [f"{name} + {off[shifted[name]]}" if name in shifted else name for name in names]
        await session.execute(
            text(
                f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(values)} FROM {table} "
                "WHERE filing_id = ANY(CAST(:ids AS integer[]))"
            ),
            params,
        )


BULK_TABLES = ("bm25_postings", "cells", "xbrl_facts", "chunks", "tables", "pages")


async def drop_indexes(session: Any) -> list[str]:
    """Drop the bulk tables' indexes but their primary keys (bm25_postings' too); the statements that
    build them again."""
    from sqlalchemy import text

    rows = await session.execute(
        text(
            "SELECT i.indexname, i.indexdef, c.conname FROM pg_indexes i "
            "LEFT JOIN pg_constraint c ON c.conname = i.indexname "
            "WHERE i.tablename = ANY(CAST(:tables AS text[])) AND i.schemaname = current_schema()"
        ),
        {"tables": list(BULK_TABLES)},
    )
    again = []
    for name, definition, constraint in rows.all():
        if name == "bm25_postings_pkey":
            await session.execute(text(f"ALTER TABLE bm25_postings DROP CONSTRAINT {name}"))
            again.append("ALTER TABLE bm25_postings ADD PRIMARY KEY (term_id, chunk_id)")
        elif constraint is None:
            await session.execute(text(f"DROP INDEX {name}"))
            again.append(definition)
    return again


async def grow(target: int) -> Figures:
    """Copies of the base filings until the store holds `target` filings (a last copy may be partial)."""
    from sqlalchemy import text

    from filingproof.config import get_settings
    from filingproof.db.migrate import upgrade_database_async
    from filingproof.db.session import database_url, session_scope
    from filingproof.index.bm25 import recompute_statistics

    await upgrade_database_async(database_url(get_settings()))
    started = time.perf_counter()
    async with session_scope() as session:
        base, spans = await base_filings(session)
        count = (await session.execute(text("SELECT count(*) FROM filings"))).scalar_one()
    if count >= target:
        return {"filings": count, "grow_s": 0.0}
    async with session_scope() as session:
        # Bulk load: the big tables' secondary indexes dropped and built again after (sorted, not one random
        # insert per row), and no trigger per row (foreign-key checks, BM25 statistics: recomputed after).
        indexes = await drop_indexes(session)
        await session.execute(text("SET session_replication_role = replica"))
        while count < target:
            k = count // len(base)  # copy k holds the base filings from position count % len(base) on
            first = count % len(base)
            chosen = base[first : first + min(len(base) - first, target - count)]
            await copy_filings(session, k, chosen, spans)
            count += len(chosen)
            print(f"  {count} filings ({time.perf_counter() - started:.0f} s)", flush=True)
        await session.execute(text("SET session_replication_role = DEFAULT"))
        await session.execute(text("SET maintenance_work_mem = '512MB'"))
        for definition in indexes:
            await session.execute(text(definition))
        print(f"  indexes built ({time.perf_counter() - started:.0f} s)", flush=True)
        await recompute_statistics(session)
        for table in SPANNED:  # later ingests take ids above every copy's
            await session.execute(
                text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
            )
        await session.commit()
    async with session_scope() as session:
        await session.execute(text("ANALYZE"))
    return {"filings": count, "grow_s": time.perf_counter() - started}


# -- measures in process (child) --------------------------------------------------------------------------


async def in_process(rounds: int) -> Figures:
    from retrieval import DEFAULT_GOLD, read_gold
    from scale import store_sizes
    from search_latency import latency

    started_load = load_average()
    search = await latency([q["question"] for q in read_gold(DEFAULT_GOLD)], rounds)
    return {
        "search": search,
        "sizes": await store_sizes(),
        "no_company": await naming_no_company(),
        "load": f"{started_load} → {load_average()}",
    }


NAMING_NO_COMPANY = "What was AWS revenue in 2024?"


async def naming_no_company() -> Figures:
    """A question naming no company, read with every company's words (`qa.filing_words`): seconds the first
    time, when each company's words are made from its cells and kept (`company_words`), and on a process
    that finds them kept (a server started again)."""
    from sqlalchemy import text

    from filingproof.agent.service import Pipeline
    from filingproof.config import get_settings
    from filingproof.db.migrate import upgrade_database_async
    from filingproof.db.session import database_url, get_sessionmaker, session_scope
    from filingproof.qa import filing_words

    await upgrade_database_async(database_url(get_settings()))  # a store grown before `company_words`
    async with session_scope() as session:
        await session.execute(text("DELETE FROM company_words"))
        await session.commit()
    pipeline = Pipeline(get_sessionmaker(), get_settings())
    await pipeline.warm()
    figures: Figures = {}
    for run in ("made_s", "kept_s"):
        filing_words._WIDE.clear()  # the process's own copy: a new server's first question
        started = time.perf_counter()
        answer = await pipeline.run(NAMING_NO_COMPANY)
        figures[run] = time.perf_counter() - started
    figures["status"] = answer.status
    return figures


# -- the server (parent) ----------------------------------------------------------------------------------


def process_tree_peak_mib(pid: int) -> float:
    """VmHWM summed over `pid` and its descendants (uvicorn workers): each process's own peak."""
    import psutil

    root = psutil.Process(pid)
    total = 0.0
    for process in (root, *root.children(recursive=True)):
        try:
            status = Path(f"/proc/{process.pid}/status").read_text()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)
    return total / 1024


def server_figures(home: Path, workers: int, requests: int, burst: int) -> Figures:
    from load import startup_figures

    from filingproof.api.server import child_server

    env = {**UNLIMITED, "FILINGPROOF_HOME": str(home)}
    argv = [sys.executable, "-m", "filingproof", "serve", "--log-level", "warning"]
    argv += [*(["--workers", str(workers)] if workers != 1 else []), "--port"]
    figures: Figures = {"workers": workers, "load_at_start": load_average()}
    spawned = time.perf_counter()
    with child_server(env, argv=argv, startup_timeout_s=300) as server:
        figures["startup"] = startup_figures(server.base_url, spawned)
        one, _ = asyncio.run(run_load(server.base_url, "query", clients=1, requests=requests))
        figures["one_client"] = {"errors": one.errors, **summary(one.latencies_ms)}
        many, elapsed = asyncio.run(run_load(server.base_url, "query", clients=32, requests=burst))
        figures["clients_32"] = {
            "errors": many.errors,
            "per_s": 32 * burst / elapsed,
            **summary(many.latencies_ms),
        }
        figures["peak_mib"] = process_tree_peak_mib(server.process.pid)
    figures["load_at_end"] = load_average()
    return figures


# -- the parent -------------------------------------------------------------------------------------------


def child(phase: str, home: Path, *extra: str) -> Figures:
    out = home.parent / f"{phase}.json"
    env = {name: value for name, value in os.environ.items() if name != "DATABASE_URL"}
    env["FILINGPROOF_HOME"] = str(home)
    subprocess.run(
        [sys.executable, __file__, "--phase", phase, "--out", str(out), *extra], env=env, check=True
    )
    stop_database(home)
    figures: Figures = json.loads(out.read_text())
    return figures


def report(size: int, at: Figures) -> None:
    sizes = at["sizes"]
    n = sizes["filings"]
    print(
        f"\n== {n} filings (asked {size}): pages {sizes['pages']:,}, chunks {sizes['chunks']:,}, "
        f"cells {sizes['cells']:,}"
    )
    for mode, s in at["search"].items():
        print(
            f"search {mode:<6} p50 {s['p50_ms']:.1f} ms  p95 {s['p95_ms']:.1f} ms  "
            f"(n {s['n']}; load {at['load']})"
        )
    per = {
        name: sizes[name] / n / MB for name in ("bm25_postings", "bm25_terms", "chunks_bytes", "cells_bytes")
    }
    print("MB per filing: " + ", ".join(f"{name} {value:.2f}" for name, value in per.items()))
    no_company = at["no_company"]
    print(
        f"naming no company ({NAMING_NO_COMPANY!r}, {no_company['status']}): {no_company['made_s']:.1f} s "
        f"with every company's words made, {no_company['kept_s']:.2f} s with them kept"
    )
    for s in at["servers"]:
        one, many = s["one_client"], s["clients_32"]
        print(f"server, {s['workers']} worker(s): {s['startup']}")
        print(
            f"  /query/sync 1 client: p50 {one['p50']:.1f} ms  p95 {one['p95']:.1f} ms  "
            f"errors {one['errors']}"
        )
        print(
            f"  32 clients: {many['per_s']:.1f} requests/s, p50 {many['p50']:.0f} ms, "
            f"p95 {many['p95']:.0f} ms, errors {many['errors']}"
        )
        print(f"  peak memory {s['peak_mib']:.0f} MiB; load {s['load_at_start']} → {s['load_at_end']}")


def counts(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--from-home", type=Path, help="a home holding the ingested filings (copied)")
    parser.add_argument(
        "--work", type=Path, default=Path("/tmp/filingproof-thousand"), help="the grown store"
    )
    parser.add_argument("--sizes", type=counts, default=[17, 100, 1000])
    parser.add_argument("--server-workers", type=counts, default=[1])
    parser.add_argument("--requests", type=int, default=88, help="/query/sync requests from one client")
    parser.add_argument("--burst", type=int, default=10, help="requests per client of the 32")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the search latency questions")
    parser.add_argument("--keep", action="store_true", help="keep the grown store")
    parser.add_argument("--phase", choices=("grow", "measure"), help=argparse.SUPPRESS)
    parser.add_argument("--target", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase is not None:
        figures = asyncio.run(grow(args.target) if args.phase == "grow" else in_process(args.rounds))
        args.out.write_text(json.dumps(figures, default=str))
        return
    home = args.work / "store"
    if args.from_home is not None:
        shutil.rmtree(args.work, ignore_errors=True)
        args.work.mkdir(mode=0o755, parents=True)
        copy_home(args.from_home, home)
    try:
        for size in args.sizes:
            grown = child("grow", home, "--target", str(size))
            print(f"grown to {grown['filings']} filings in {grown['grow_s']:.0f} s", flush=True)
            at = child("measure", home, "--rounds", str(args.rounds))
            at["servers"] = []
            for workers in args.server_workers:
                at["servers"].append(server_figures(home, workers, args.requests, args.burst))
                stop_database(home)
            (args.work / f"figures-{size}.json").write_text(json.dumps(at, default=str))
            report(size, at)
    finally:
        stop_database(home)
        if not args.keep:
            shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()
