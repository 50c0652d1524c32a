"""Prints parser fidelity (values and periods against the filer's own XBRL facts) per filing, per company and
in total, with the tables kept as text (warnings) and the misses.

Parse level only (no database, no browser): each filing is parsed as the ingest parses it, one at a time.
A corpus folder holds `<TICKER>/<file>` documents, plain (`.htm`) or gzip-compressed (`.htm.gz`).

.venv/bin/python backend/bench/fidelity.py [CORPUS_DIR ...] [--misses N] [--only TICKER]
    [--match TEXT] [--split dev|held-out] [--min-values R] [--min-periods R] [--groups N] [--group TEXT]
    e.g. `backend/bench/fidelity.py ../shared/corpus-large --min-values 0.995 --min-periods 0.985`

Each line also counts the cells counted in another measure than their fact ("other measure": money read as
shares, shares as money), which the value rate, comparing magnitudes, does not see.

Filings are also summed by the corpus-large split (`HELD_OUT`): dev and held-out side by side, with the
gap between their period rates.

`--groups N` sorts the period misses into groups (`miss_group`: what went wrong, under what kind of column)
and prints the N largest, with the period rules that answered there; `--group TEXT` lists the misses of the
groups whose name contains TEXT (with their row labels) instead of the first ones.
"""

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from filingproof.calendar import dates_match
from filingproof.ingest.fidelity import Fidelity, Miss, measure
from filingproof.ingest.parse.document import ParsedDocument, parse_filing
from filingproof.ingest.parse.tags import described
from filingproof.ingest.service import is_filing_file, read_filing

DEFAULT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "filings"

# The held-out companies of corpus-large, fixed once (issue 29) and never studied or tuned on: a rule that
# helps dev and costs held-out is not kept. The rule that chose them: corpus-large's 60 tickers sorted,
# without the companies of the 17-filing corpus (AAPL AMZN GOOG META MMM NVDA TSLA WMT: their layouts
# were studied before corpus-large), then every third from the first: 18 of the 52 left. Written out, so
# that a company added to the corpus later changes neither set.
HELD_OUT = frozenset(
    {
        "AA", "ADBE", "AMD", "BMY", "CMCSA", "DOW", "GE", "HD", "INTC",
        "KHC", "MARA", "MRK", "ORCL", "PLTR", "RTX", "TRV", "V", "XOM",
    }
)  # fmt: skip


@dataclass(slots=True)
class Tally:
    """Fidelity summed over filings: facts in tables, agreeing values and periods, tables kept as text."""

    filings: int = 0
    facts: int = 0
    values: int = 0
    periods: int = 0
    measures: int = 0  # cells counted in another measure than their fact (`Fidelity.measures_disagree`)
    warnings: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, one: Fidelity, warnings: int) -> None:
        self.filings += 1
        self.facts += one.facts
        self.values += one.values_agree
        self.periods += one.periods_agree
        self.measures += one.measures_disagree
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
            f"  warnings {self.warnings}  other measure {self.measures}"
        )


def miss_group(miss: Miss) -> str:
    """What went wrong with a period miss, and under what column: "balance as flow | dated column".

    Kinds: a balance (instant) parsed as a flow or the reverse; the wrong end date; the right end but the
    wrong length (a 10-Q's year to date against its quarter). Columns: one that prints a period, one that
    prints only a year (its kind assumed), or one that names none.
    """
    cell, context = miss.cell, miss.context
    if cell is None or cell.period is None or context is None:
        return "no cell"
    parsed = cell.period
    if context.instant and parsed.kind == "duration":
        what = "balance as flow"
    elif not context.instant and parsed.kind == "instant":
        what = "flow as balance"
    elif not dates_match(parsed.end, context.end):
        what = "wrong end"
    else:
        what = "wrong length"
    column = cell.column_period
    kind = "no period column" if column is None else "year-only column" if column.assumed else "dated column"
    return f"{what} | {kind}"


@dataclass(slots=True)
class Grouped:
    """The period misses by group, with the rules that answered and the misses themselves, compactly."""

    groups: Counter[str] = field(default_factory=Counter)
    rules: dict[str, Counter[str]] = field(default_factory=dict)
    listed: dict[str, list[str]] = field(default_factory=dict)

    def add(self, misses: Iterable[Miss]) -> None:
        for miss in misses:
            if miss.kind != "period":
                continue
            group = miss_group(miss)
            rule = miss.cell.period_rule if miss.cell is not None else ""
            self.groups[group] += 1
            self.rules.setdefault(group, Counter())[rule] += 1
            row = miss.cell.row_label[:70] if miss.cell is not None else ""
            self.listed.setdefault(group, []).append(
                f"{miss.source} {miss.concept} {miss.fact_text!r} fact={miss.fact} row={row!r} [{rule}]"
                f" {miss.parsed}"
            )
            miss.cell = None  # not to keep every filing's tree alive

    def print(self, largest: int, match: str | None, count: int) -> None:
        print("\nperiod misses by group")
        for group, n in self.groups.most_common(largest):
            print(f"{n:6d}  {group}   rules: {self.rules[group].most_common(4)}")
        if match is not None:
            for group in self.groups:
                if match in group:
                    print(f"\n{group}")
                    print("\n".join(f"  {line}" for line in self.listed[group][:count]))


def tag_conflicts(name: str, document: ParsedDocument) -> list[str]:
    """Every cell whose linked fact's value it does not show (`ingest.parse.tags`), one line each."""
    lines = []
    for (t, c), fact in sorted(document.tag_conflicts.items()):
        table = document.tables[t]
        assert table is not None
        lines.append(f"{name} table {t}: {described(table.cells[c], fact)}")
    return lines


def corpus_files(folders: Iterable[Path], only: str | None, match: str | None = None) -> list[Path]:
    files = sorted(p for folder in folders for p in folder.rglob("*") if is_filing_file(p) and p.is_file())
    return [
        p
        for p in files
        if (only is None or p.parent.name.upper() == only.upper())
        and (match is None or match in f"{p.parent.name}/{p.name}")
    ]


def print_split(split: dict[str, Tally], companies: dict[str, Tally]) -> None:
    """Dev and held-out side by side (`HELD_OUT`), and how far apart their period rates are."""
    held = sum(company.upper() in HELD_OUT for company in companies)
    sizes = {"dev": len(companies) - held, "held-out": held}
    for side, tally in split.items():
        print(tally.line(f"{side} ({tally.filings} filings, {sizes[side]} companies)"))
    if all(tally.facts for tally in split.values()):
        gap = 100 * (split["dev"].period_rate - split["held-out"].period_rate)
        print(f"periods, dev − held-out: {gap:+.2f} points")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("corpus", nargs="*", type=Path, default=[DEFAULT_CORPUS])
    parser.add_argument("--misses", type=int, default=20, help="how many misses of each kind to list")
    parser.add_argument("--only", help="only the filings of this ticker (folder)")
    parser.add_argument("--match", help="only the filings whose TICKER/file name contains this text")
    parser.add_argument(
        "--split",
        choices=("dev", "held-out"),
        help="only one side of corpus-large's company split: study dev's misses without reading held-out's",
    )
    parser.add_argument("--min-values", type=float, help="exit 1 when the total value rate is below this")
    parser.add_argument("--min-periods", type=float, help="exit 1 when the total period rate is below this")
    parser.add_argument("--groups", type=int, default=0, help="print the N largest groups of period misses")
    parser.add_argument("--group", help="list the period misses of the groups whose name contains this")
    args = parser.parse_args()
    files = [
        path
        for path in corpus_files(args.corpus, args.only, args.match)
        if args.split is None or (path.parent.name.upper() in HELD_OUT) == (args.split == "held-out")
    ]
    total, companies, split = Tally(), dict[str, Tally](), {"dev": Tally(), "held-out": Tally()}
    misses, grouped, conflicts = Fidelity(), Grouped(), list[str]()
    started = time.perf_counter()
    print("per filing")
    for path in files:
        name = f"{path.parent.name}/{path.name}"
        document = parse_filing(read_filing(path))
        one = measure([(name, document)])
        grouped.add(one.misses)
        conflicts.extend(tag_conflicts(name, document))
        misses.misses.extend(one.misses)
        filing = Tally()
        filing.add(one, len(document.warnings))
        print(filing.line(name))
        side = split["held-out" if path.parent.name.upper() in HELD_OUT else "dev"]
        for tally in (total, companies.setdefault(path.parent.name, Tally()), side):
            tally.add(one, len(document.warnings))
    print("\nper company")
    for company, tally in sorted(companies.items()):
        print(tally.line(f"{company} ({tally.filings} filings)"))
    print(f"\n{total.line(f'ALL ({total.filings} filings, {len(companies)} companies)')}")
    print_split(split, companies)
    print(f"parsed in {time.perf_counter() - started:.0f} s")
    for kind in ("value", "period"):
        listed = [m for m in misses.misses if m.kind == kind]
        print(
            f"\n{kind} misses: {len(listed)}; by filing: {Counter(m.source for m in listed).most_common(10)}"
        )
        if (
            kind == "value"
        ):  # why (`value_cause`): no cell, a percentage or not, the wrong scale, other digits
            print(f"by cause: {Counter(m.cause for m in listed).most_common()}")
        for miss in listed[: args.misses]:
            cause = f" [{miss.cause}]" if miss.cause else ""
            print(
                f"  {miss.source} {miss.concept} {miss.fact_text!r} fact={miss.fact} parsed={miss.parsed}",
                end="",
            )
            print(cause)
    print(f"\ncells their XBRL tag disagrees with (flagged on the filing, never cited): {len(conflicts)}")
    print("\n".join(f"  {line}" for line in conflicts))
    if args.groups or args.group:
        grouped.print(args.groups, args.group, args.misses)
    below = (args.min_values is not None and total.value_rate < args.min_values) or (
        args.min_periods is not None and total.period_rate < args.min_periods
    )
    sys.exit(1 if below else 0)


if __name__ == "__main__":
    main()
