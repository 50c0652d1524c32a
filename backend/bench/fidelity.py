"""Prints parser fidelity (values and periods against the filer's own XBRL facts) per filing, per company and
in total, with the tables kept as text (warnings) and the misses.

Parse level only (no database, no browser): each filing is parsed as the ingest parses it, one at a time.
A corpus folder holds `<TICKER>/<file>` documents, plain (`.htm`) or gzip-compressed (`.htm.gz`).

.venv/bin/python backend/bench/fidelity.py [CORPUS_DIR ...] [--misses N] [--only TICKER]
    [--match TEXT] [--min-values R] [--min-periods R]
    e.g. `backend/bench/fidelity.py ../shared/corpus-large --min-values 0.995 --min-periods 0.985`
"""

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from filingproof.ingest.fidelity import Fidelity, measure
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.service import is_filing_file, read_filing

DEFAULT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "filings"


@dataclass(slots=True)
class Tally:
    """Fidelity summed over filings: facts in tables, agreeing values and periods, tables kept as text."""

    filings: int = 0
    facts: int = 0
    values: int = 0
    periods: int = 0
    warnings: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, one: Fidelity, warnings: int) -> None:
        self.filings += 1
        self.facts += one.facts
        self.values += one.values_agree
        self.periods += one.periods_agree
        self.warnings += warnings

    @property
    def value_rate(self) -> float:
        return self.values / self.facts if self.facts else 0.0

    @property
    def period_rate(self) -> float:
        return self.periods / self.facts if self.facts else 0.0

    def line(self, name: str) -> str:
        return (
            f"{name:44s} {self.facts:6d} facts  values {self.value_rate:.4f}  periods {self.period_rate:.4f}"
            f"  warnings {self.warnings}"
        )


def corpus_files(folders: Iterable[Path], only: str | None, match: str | None = None) -> list[Path]:
    files = sorted(p for folder in folders for p in folder.rglob("*") if is_filing_file(p) and p.is_file())
    return [
        p
        for p in files
        if (only is None or p.parent.name.upper() == only.upper())
        and (match is None or match in f"{p.parent.name}/{p.name}")
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("corpus", nargs="*", type=Path, default=[DEFAULT_CORPUS])
    parser.add_argument("--misses", type=int, default=20, help="how many misses of each kind to list")
    parser.add_argument("--only", help="only the filings of this ticker (folder)")
    parser.add_argument("--match", help="only the filings whose TICKER/file name contains this text")
    parser.add_argument("--min-values", type=float, help="exit 1 when the total value rate is below this")
    parser.add_argument("--min-periods", type=float, help="exit 1 when the total period rate is below this")
    args = parser.parse_args()
    files = corpus_files(args.corpus, args.only, args.match)
    total, companies = Tally(), dict[str, Tally]()
    misses = Fidelity()
    started = time.perf_counter()
    print("per filing")
    for path in files:
        name = f"{path.parent.name}/{path.name}"
        document = parse_filing(read_filing(path))
        one = measure([(name, document)])
        misses.misses.extend(one.misses)
        filing = Tally()
        filing.add(one, len(document.warnings))
        print(filing.line(name))
        for tally in (total, companies.setdefault(path.parent.name, Tally())):
            tally.add(one, len(document.warnings))
    print("\nper company")
    for company, tally in sorted(companies.items()):
        print(tally.line(f"{company} ({tally.filings} filings)"))
    print(f"\n{total.line(f'ALL ({total.filings} filings, {len(companies)} companies)')}")
    print(f"parsed in {time.perf_counter() - started:.0f} s")
    for kind in ("value", "period"):
        listed = [m for m in misses.misses if m.kind == kind]
        print(
            f"\n{kind} misses: {len(listed)}; by filing: {Counter(m.source for m in listed).most_common(10)}"
        )
        for miss in listed[: args.misses]:
            print(f"  {miss.source} {miss.concept} {miss.fact_text!r} fact={miss.fact} parsed={miss.parsed}")
    below = (args.min_values is not None and total.value_rate < args.min_values) or (
        args.min_periods is not None and total.period_rate < args.min_periods
    )
    sys.exit(1 if below else 0)


if __name__ == "__main__":
    main()
