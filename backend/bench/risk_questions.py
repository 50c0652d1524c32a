"""Risk-factor questions written apart from the code (`evals/gold/risks35.md`): how many are answered with
the headings that answer them, by style, and the topics answered alike all three ways. Run against a store
holding the set's 10-Ks:

    FILINGPROOF_HOME=… .venv/bin/python backend/bench/risk_questions.py \
        --gold backend/src/filingproof/evals/gold/risks35-dev.jsonl [--misses]

A topic question is right when the answer is quoted and quotes one of its expected headings; a list question
when it quotes both of its (the section's first two); a refusal when it is refused. The held-out half is
measured once, after the work; its figure is reported whatever it is.
"""

import argparse
import asyncio
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip().rstrip(".").lower()


def right(question: dict[str, Any], response: QueryResponse) -> bool:
    quoted = {_plain(quote.sentence) for citation in response.citations for quote in citation.quotes}
    expected = [_plain(heading) for heading in question["expected"]]
    if question["kind"] == "refusal":
        return response.status == "refused"
    found = [heading in quoted for heading in expected]
    return response.status == "quoted" and (all(found) if question["kind"] == "list" else any(found))


async def main(gold: Path, questions: list[dict[str, Any]], misses: bool) -> None:
    await upgrade_database_async(database_url(get_settings()))  # as the command line does
    pipeline = Pipeline(get_sessionmaker(), get_settings())
    by_style: dict[str, list[bool]] = defaultdict(list)
    families: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for question in questions:
        response = await pipeline.run(question["question"])
        ok = right(question, response)
        by_style[question["style"]].append(ok)
        if question["kind"] == "topic":
            families[(question["ticker"], question["topic"])].append(ok)
        if misses and not ok:
            print(f"miss {question['id']}: {question['question']} → {response.status}")
    total = [ok for oks in by_style.values() for ok in oks]
    styles = ", ".join(f"{style} {sum(oks)}/{len(oks)}" for style, oks in sorted(by_style.items()))
    alike = sum(all(oks) for oks in families.values())
    print(
        f"{gold.stem}: {sum(total)}/{len(total)} right ({sum(total) / len(total):.3f}); {styles}; "
        f"topics answered alike all three ways {alike}/{len(families)}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--gold", type=Path, required=True)
    parser.add_argument("--misses", action="store_true", help="print each question answered wrong")
    args = parser.parse_args()
    questions = [json.loads(line) for line in args.gold.read_text().splitlines() if line.strip()]
    asyncio.run(main(args.gold, questions, args.misses))
