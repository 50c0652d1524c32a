"""Prints parser fidelity over the corpus (values and periods against the filer's XBRL facts) and the misses.

.venv/bin/python backend/bench/fidelity.py [--misses N] [CORPUS_DIR]
"""

import argparse
from collections import Counter
from pathlib import Path

from filingproof.ingest.fidelity import measure
from filingproof.ingest.parse.document import parse_filing

DEFAULT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "filings"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--misses", type=int, default=20, help="how many misses of each kind to list")
    args = parser.parse_args()
    files = sorted(args.corpus.rglob("*.htm"))
    for path in files:
        one = measure([(path.name, parse_filing(path.read_bytes()))])
        print(
            f"{path.parent.name}/{path.name:24s} facts in tables {one.facts:5d}  "
            f"values {one.value_rate:.4f}  periods {one.period_rate:.4f}"
        )
    total = measure((f"{p.parent.name}/{p.name}", parse_filing(p.read_bytes())) for p in files)
    print(
        f"\nALL  facts in tables {total.facts}  values agree {total.value_rate:.4f}"
        f"  periods agree {total.period_rate:.4f}\n"
        f"     of which in columns whose header prints a date ({total.dated_columns}): "
        f"periods agree {total.dated_column_rate:.4f}"
    )
    for kind in ("value", "period"):
        misses = [m for m in total.misses if m.kind == kind]
        print(f"\n{kind} misses: {len(misses)}; by filing: {Counter(m.source for m in misses).most_common()}")
        for miss in misses[: args.misses]:
            print(f"  {miss.source} {miss.concept} {miss.fact_text!r} fact={miss.fact} parsed={miss.parsed}")


if __name__ == "__main__":
    main()
