"""A digest of everything the parser reads off one filing's tables, to show a refactoring left it unchanged.

Each parsed cell contributes its position, text, value, unit, scale, labels, row path, periods (its own and
its column's, with the `assumed` flag the dataclass leaves out of equality), the span of a figure written
inside a text cell, and the `<td>`s it was read from (by their XPath); each table its scale, header rows,
grid and column labels; the document the links from XBRL facts to cells.

Run as a script (`python tests/parsed_cells.py OUT.json`) to write the expected digests with whatever
`filingproof` is on the path: the baseline in `integration/parsed_cells.sha256.json` was written this way
by the parser as it stood before the parse layer was split into phases and named rules.
"""

import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

from lxml import etree


class _Period(Protocol):
    kind: str
    start: Any
    end: Any
    assumed: bool


def _period(period: _Period | None) -> list[str] | None:
    if period is None:
        return None
    return [period.kind, str(period.start), str(period.end), str(period.assumed)]


def cell_record(cell: Any, tree: etree._ElementTree) -> list[Any]:
    """One cell as JSON-able values (Decimals as their exact text, so 1.0 and 1.00 differ)."""
    return [
        cell.row,
        cell.col,
        cell.text,
        [str(cell.shown.value), cell.shown.is_percent, cell.shown.is_currency, cell.shown.decimals],
        str(cell.value),
        cell.unit,
        cell.scale,
        cell.row_label,
        list(cell.row_path),
        cell.column_label,
        _period(cell.period),
        _period(cell.column_period),
        list(cell.inline_span) if cell.inline_span is not None else None,
        [tree.getpath(element) for element in cell.elements],
    ]


def document_records(document: Any) -> Iterator[list[Any]]:
    """Every table (None for a layout table) with its cells, then the fact → cell links, in order."""
    tree = document.root.getroottree()
    for t, table in enumerate(document.tables):
        if table is None:
            yield ["table", t, None]
            continue
        yield ["table", t, table.title, table.scale, table.scale_text, table.header_rows, table.grid]
        yield ["columns", t, table.column_labels]
        for cell in table.cells:
            yield ["cell", t, *cell_record(cell, tree)]
    yield ["links", sorted([f, list(link)] for f, link in document.fact_cells.items())]


def digest(records: Iterable[list[Any]]) -> tuple[str, int]:
    """SHA-256 of the records (one canonical JSON line each) and how many cells were among them."""
    sha = hashlib.sha256()
    cells = 0
    for record in records:
        cells += record[0] == "cell"
        sha.update(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode())
        sha.update(b"\n")
    return sha.hexdigest(), cells


def corpus_digests(corpus_dir: Path) -> dict[str, Any]:
    """{"filings": {relative path: {"sha256", "cells"}}, "overall": sha256 of the per-filing digests}."""
    try:
        from filingproof.ingest.parse.document import parse_filing
    except ImportError:  # the parser before the parse layer moved into its own package
        from filingproof.ingest.document import parse_filing  # type: ignore[no-redef]

    filings: dict[str, dict[str, Any]] = {}
    for path in sorted(corpus_dir.rglob("*.htm")):
        sha, cells = digest(document_records(parse_filing(path.read_bytes())))
        filings[path.relative_to(corpus_dir).as_posix()] = {"sha256": sha, "cells": cells}
    return {"filings": filings, "overall": overall(filings)}


def overall(filings: dict[str, dict[str, Any]]) -> str:
    return hashlib.sha256(
        "".join(f"{name} {entry['sha256']}\n" for name, entry in sorted(filings.items())).encode()
    ).hexdigest()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from edgar_mirror import CORPUS_DIR

    Path(sys.argv[1]).write_text(json.dumps(corpus_digests(CORPUS_DIR), indent=2, sort_keys=True) + "\n")
