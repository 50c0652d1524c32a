"""Every cell the parser reads off the corpus is what it was before the parse layer was restructured.

`parsed_cells.sha256.json` holds, per corpus filing, the digest of every parsed cell (value, unit, period,
inline span, labels, row path, source `<td>`s) and table (scale, header rows, grid, column labels), written
by the parser before `parse_table` was split into phases and period resolution into named rules
(`tests/parsed_cells.py`). A deliberate change to what the parser reads regenerates it:
`python tests/parsed_cells.py tests/integration/parsed_cells.sha256.json`, and says why in the commit.
"""

import json
from pathlib import Path

from parsed_cells import corpus_digests

EXPECTED = Path(__file__).with_name("parsed_cells.sha256.json")


def test_every_parsed_cell_is_unchanged(corpus_dir: Path) -> None:
    expected = json.loads(EXPECTED.read_text())
    actual = corpus_digests(corpus_dir)
    assert sorted(actual["filings"]) == sorted(expected["filings"]), "the corpus is not the one hashed"
    changed = {
        name: (entry["cells"], actual["filings"][name]["cells"])
        for name, entry in expected["filings"].items()
        if actual["filings"][name] != entry
    }
    assert not changed, f"parsed cells differ (expected, actual cell counts): {changed}"
    assert actual["overall"] == expected["overall"]
    assert sum(entry["cells"] for entry in actual["filings"].values()) > 25_000
