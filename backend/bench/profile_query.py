"""Where `/query/sync`'s time goes: the pipeline run in process on the store of FILINGPROOF_HOME over
bench/load.py's questions, warm, under pyinstrument (a sampling profiler that follows await).

    PYTHONPATH=DIR_WITH_PYINSTRUMENT FILINGPROOF_HOME=… .venv/bin/python backend/bench/profile_query.py \\
        [--rounds 4] [--html out.html] [--depth 14]

pyinstrument is not a dependency of the project: `pip install --target DIR pyinstrument`. Prints the
mean milliseconds per question with and without the profiler, and the call tree (frames of 2 % or more).
The server's own work (HTTP, JSON) is not in it: bench/load.py measures the whole.
"""

import argparse
import asyncio
import time
from pathlib import Path

from load import QUESTIONS

from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.session import get_sessionmaker


async def run_all(pipeline: Pipeline, rounds: int) -> float:
    started = time.perf_counter()
    for _ in range(rounds):
        for question in QUESTIONS:
            await pipeline.run(question)
    return (time.perf_counter() - started) * 1000 / (rounds * len(QUESTIONS))


async def main(rounds: int, html: str | None, depth: int) -> None:
    from pyinstrument import Profiler

    pipeline = Pipeline(get_sessionmaker(), get_settings())
    await pipeline.warm()
    await run_all(pipeline, 1)  # every question's company loaded once
    plain = await run_all(pipeline, rounds)
    profiler = Profiler(interval=0.0005, async_mode="enabled")
    with profiler:
        profiled = await run_all(pipeline, rounds)
    print(f"mean per question: {plain:.1f} ms ({profiled:.1f} ms under the profiler)")
    text = profiler.output_text(unicode=True, color=False, show_all=False, time="percent_of_total")
    print("\n".join(line for line in text.splitlines() if len(line) - len(line.lstrip(" │├└─")) <= depth * 3))
    if html:
        Path(html).write_text(profiler.output_html())  # noqa: ASYNC240 (once, at the end)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--html", help="also write pyinstrument's HTML view here")
    parser.add_argument("--depth", type=int, default=14)
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.html, args.depth))
