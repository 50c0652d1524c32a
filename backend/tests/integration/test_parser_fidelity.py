"""Over the whole corpus, values and periods parsed from the page agree with the filer's XBRL facts.

The floors are the acceptance figures of the foundation issue (0.995 for values, 0.99 for periods); reached:
0.9998 and 0.9901 (`backend/bench/fidelity.py`). Every regression that crosses them fails here.
"""

from pathlib import Path

from filingproof.ingest.fidelity import measure
from filingproof.ingest.parse.document import parse_filing

VALUE_FLOOR = 0.995
PERIOD_FLOOR = 0.99


def test_parsed_cells_agree_with_the_filers_tags(corpus_files: list[Path]) -> None:
    fidelity = measure((path.name, parse_filing(path.read_bytes())) for path in corpus_files)
    assert fidelity.facts > 19_000
    assert fidelity.value_rate >= VALUE_FLOOR
    assert fidelity.period_rate >= PERIOD_FLOOR
