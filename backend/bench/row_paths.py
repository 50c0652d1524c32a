"""Prints, per filing, how the parsed row paths agree with SEC's renderings of its statements (the R pages
the EDGAR mirror holds), and each disagreeing line with the path parsed for it.

Parse level only: each filing is parsed as the ingest parses it. Filings without R pages in the mirror
are listed as such; the statements read by hand are in `tests/integration/test_row_paths.py`.

.venv/bin/python backend/bench/row_paths.py [CORPUS_DIR] [--mirror DIR]
"""

import argparse
from pathlib import Path

from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.row_paths import check_statement, read_statement, sec_renderings, statement_cells
from filingproof.ingest.service import is_filing_file

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("corpus", nargs="?", type=Path, default=SHARED / "corpus" / "filings")
    parser.add_argument("--mirror", type=Path, default=SHARED / "edgar-mirror")
    args = parser.parse_args()
    lines = agreeing = 0
    for filing in sorted(p for p in args.corpus.glob("*/*") if is_filing_file(p)):
        pages = sec_renderings(args.mirror, filing)
        name = f"{filing.parent.name}/{filing.name}"
        if not pages:
            print(f"{name:34} no R pages in the mirror")
            continue
        document = parse_filing(filing.read_bytes())
        for page in pages:
            statement = read_statement(page)
            checks = check_statement(statement, statement_cells(document, statement.title))
            good = sum(check.agrees for check in checks)
            lines, agreeing = lines + len(checks), agreeing + good
            print(f"{name:34} {page.name:7} {good:3}/{len(checks):3} lines agree  {statement.title[:60]}")
            for check in checks:
                if not check.agrees:
                    parsed = " › ".join(check.path) if check.path is not None else "(no cell matched)"
                    sections = list(check.line.open_sections)
                    print(f"    {check.line.label!r}: sections {sections}; parsed {parsed}")
    print(f"ALL: {agreeing}/{lines} lines agree" + (f" ({agreeing / lines:.4f})" if lines else ""))


if __name__ == "__main__":
    main()
