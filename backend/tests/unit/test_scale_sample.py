"""The scale bench's `--sample N` of corpus-large: every company once before any twice, and the same
filings on every run (so that samples of one size compare across runs and machines)."""

import sys
from pathlib import Path

from filingproof.ingest.service import filing_files

sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))  # the bench imports its siblings
from scale import sample


def test_a_sample_takes_every_company_once_before_any_twice(shared_dir: Path) -> None:
    files = filing_files(shared_dir / "corpus-large")
    companies = {path.parent.name for path in files}
    ordered = sample(files, None)
    assert sorted(ordered) == sorted(files)  # each filing once
    assert len({path.parent.name for path in ordered[: len(companies)]}) == len(companies) < len(files)
    assert sample(files, 4) == ordered[:4] == sample(list(reversed(files)), 4)
    assert len({path.parent.name for path in sample(files, 4)}) == 4
