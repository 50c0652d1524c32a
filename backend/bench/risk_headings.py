"""Prints, for every 10-K of the corpora, how many risk factors its Item 1A gives by heading
(`agent.risk_factors.risk_headings`), with the first and the last, and how many 10-Ks give none.

Parse level only (no database, no browser): each 10-K is parsed as the ingest parses it.

.venv/bin/python backend/bench/risk_headings.py [CORPUS_DIR ...]
    e.g. `backend/bench/risk_headings.py ../shared/corpus/filings ../shared/corpus-large`
"""

import argparse
import time
from pathlib import Path

from filingproof.agent.risk_factors import risk_headings
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.service import read_filing

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DEFAULT_CORPORA = (SHARED / "corpus" / "filings", SHARED / "corpus-large")
_SHOWN = 60


def _ten_ks(corpora: list[Path]) -> list[Path]:
    return sorted(path for corpus in corpora for path in corpus.glob("*/10-K*"))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("corpora", nargs="*", type=Path, default=list(DEFAULT_CORPORA))
    args = parser.parse_args()
    started = time.perf_counter()
    counts: list[int] = []
    for path in _ten_ks(args.corpora):
        pages = parse_filing(read_filing(path)).layout.pages
        risks = risk_headings([(page.number, page.text, page.headings or ()) for page in pages])
        counts.append(len(risks))
        first, last = (risks[0].text[:_SHOWN], risks[-1].text[:_SHOWN]) if risks else ("", "")
        print(f"{path.parent.name:6} {path.name:40} {len(risks):4}  {first!r} … {last!r}", flush=True)
    found = [count for count in counts if count]
    print(
        f"{len(found)} of {len(counts)} 10-Ks give their risks by heading"
        + (f" ({min(found)} to {max(found)} each)" if found else "")
        + f"; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
