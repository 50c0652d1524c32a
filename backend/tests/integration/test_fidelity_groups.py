"""The fidelity bench's grouping of period misses (`bench/fidelity.py --groups`), on a corpus filing's real
misses: every miss falls in one group, named by what went wrong and under what kind of column."""

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from filingproof.ingest.fidelity import measure
from filingproof.ingest.parse.document import parse_filing

BENCH = Path(__file__).resolve().parents[2] / "bench" / "fidelity.py"
WHAT = ("balance as flow", "flow as balance", "wrong end", "wrong length")
COLUMNS = ("dated column", "year-only column", "no period column")


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fidelity_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_period_miss_of_a_filing_falls_in_one_named_group(corpus_files: list[Path]) -> None:
    (path,) = [p for p in corpus_files if f"{p.parent.name}/{p.name}" == "NVDA/10-K_2024-01-28.htm"]
    misses = measure([(path.name, parse_filing(path.read_bytes()))]).misses
    period_misses = [m for m in misses if m.kind == "period"]
    # NVIDIA's debt table prints each note's "Effective Interest Rate" in a column that names no period: read
    # at the report date, tagged over the year.
    assert period_misses
    module = bench()
    groups = {id(m): module.miss_group(m) for m in period_misses}
    for miss in period_misses:
        what, column = groups[id(miss)].split(" | ")
        assert what in WHAT and column in COLUMNS, groups[id(miss)]
    rates = [m for m in period_misses if m.concept.endswith("DebtInstrumentInterestRateDuringPeriod")]
    assert rates and {groups[id(m)] for m in rates} == {"flow as balance | no period column"}
    grouped = module.Grouped()
    grouped.add(misses)
    assert sum(grouped.groups.values()) == len(period_misses)
    assert all(m.cell is None for m in period_misses)  # let go of the parsed tree once grouped


def test_the_held_out_companies_are_the_rule_applied_to_corpus_large(shared_dir: Path) -> None:
    """The split written in the bench is the one its comment states: corpus-large's tickers sorted, without
    the 17-filing corpus's companies, every third from the first; about a third of the 60 companies."""
    module = bench()
    tickers = sorted(folder.name for folder in (shared_dir / "corpus-large").iterdir() if folder.is_dir())
    studied = {"AAPL", "AMZN", "GOOG", "META", "MMM", "NVDA", "TSLA", "WMT"}
    assert len(tickers) == 60 and studied <= set(tickers)
    assert frozenset([t for t in tickers if t not in studied][0::3]) == module.HELD_OUT
    assert len(module.HELD_OUT) == 18


def test_dev_and_held_out_are_reported_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    module = bench()
    dev, held = (
        module.Tally(facts=1000, values=998, periods=990),
        module.Tally(facts=500, values=499, periods=490),
    )
    dev.filings, held.filings = 3, 1
    companies = {"AXP": dev, "CAT": dev, "KHC": held}
    module.print_split({"dev": dev, "held-out": held}, companies)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("dev (3 filings, 2 companies)") and "periods 0.9900" in lines[0]
    assert lines[1].startswith("held-out (1 filings, 1 companies)") and "periods 0.9800" in lines[1]
    assert lines[2] == "periods, dev − held-out: +1.00 points"
