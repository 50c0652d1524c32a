"""Row paths measured against SEC's renderings of a filing's statements (the R pages of its XBRL viewer).

An R page does not show indentation, but it lists the statement's line items in order with the section
headings the filer's presentation gives them ("Operating expenses:"), and it underlines totals. A heading
opens a section; a total closes the sections open at it. A parsed row agrees when its path sits under the
innermost section the R page has open at that line (for a total, under one of the open sections), and
under no heading of the R page that is closed there.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from lxml import html

from filingproof.ingest.parse.document import ParsedDocument
from filingproof.ingest.parse.numbers import parse_number
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.tables import ParsedTable

_SCALES = {"Millions": Decimal(10) ** 6, "Thousands": Decimal(10) ** 3, "Billions": Decimal(10) ** 9}


@dataclass(frozen=True, slots=True)
class SecLine:
    """One line item of an R page: its label, its first figure in base units, the sections open at it."""

    label: str
    value: Decimal
    total: bool  # underlined: a total or subtotal
    open_sections: tuple[str, ...]  # normalized headings, outermost first


@dataclass(frozen=True, slots=True)
class SecStatement:
    title: str
    headings: frozenset[str]  # every section heading the page shows, normalized
    lines: tuple[SecLine, ...]


@dataclass(frozen=True, slots=True)
class PathCheck:
    line: SecLine
    path: Sequence[str] | None  # the matched cell's row path, None when no cell matched
    agrees: bool


def normal(label: str) -> str:
    """A label compared with SEC's: no "(in millions)"-like notes, no punctuation, no trailing colon."""
    label = re.sub(r"\((?:in [^)]*)\)", "", label, flags=re.IGNORECASE)
    label = re.sub(r"[^a-z0-9]+", " ", label.lower().replace("’", "'")).strip()
    return label.removeprefix("total ")  # SEC names a total by what it sums: "Net sales"


def _text(element: html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def read_statement(path: Path) -> SecStatement:
    """The line items of an R page down to its first breakdown by a dimension (a row of class `rh`)."""
    page = html.fromstring(path.read_bytes())
    report = next(t for t in page.iter("table") if t.get("class") == "report")
    title = _text(next(report.iter("th")))
    money = _SCALES[m[1]] if (m := re.search(r"\$ in (\w+)", title)) else Decimal(1)
    shares = _SCALES[m[1]] if (m := re.search(r"shares in (\w+)", title)) else Decimal(1)
    headings: list[str] = []
    open_sections: list[str] = []
    lines: list[SecLine] = []
    for tr in report.iter("tr"):
        tds = list(tr.iter("td"))
        if tr.get("class") == "rh":
            break
        if not tds:
            continue
        label = _text(tds[0])
        figures = [n for td in tds[1:] if (n := parse_number(_text(td))) is not None]
        if not figures:
            if "[Abstract]" not in label:  # the taxonomy's root, not printed on the statement
                open_sections.append(normal(label))
                headings.append(normal(label))
            continue
        scale = Decimal(1) if "per share" in label else shares if "in shares" in label else money
        total = (tr.get("class") or "").endswith("u")
        lines.append(SecLine(label, figures[0].value * scale, total, tuple(open_sections)))
        if total:
            open_sections.clear()
    return SecStatement(title, frozenset(headings), tuple(lines))


def check_line(line: SecLine, headings: frozenset[str], path: Sequence[str]) -> bool:
    """The row's headings that the R page shows are sections open at the line, and it sits under the
    innermost one (a total: under one of them); a line with none open sits under none."""
    shown = {normal(name) for name in path[:-1]} & headings
    if not line.open_sections:
        return not shown
    if line.total:
        return bool(shown) and shown <= set(line.open_sections)
    return line.open_sections[-1] in shown and shown <= set(line.open_sections)


def check_statement(statement: SecStatement, cells: Iterable[NumericCell]) -> list[PathCheck]:
    """Each line item of the statement against the parsed cell with its label and first figure."""
    by_label: dict[str, list[NumericCell]] = {}
    for cell in cells:
        by_label.setdefault(normal(cell.row_label), []).append(cell)
    checks = []
    for line in statement.lines:
        matched = next((c for c in by_label.get(normal(line.label), []) if c.value == line.value), None)
        if matched is None:
            checks.append(PathCheck(line, None, False))
        else:
            checks.append(
                PathCheck(line, matched.row_path, check_line(line, statement.headings, matched.row_path))
            )
    return checks


def statement_tables(document: ParsedDocument, title: str) -> list[ParsedTable]:
    """The tables that print the statement an R page renders, found by the statement's name ("STATEMENTS
    OF OPERATIONS", "BALANCE SHEETS" in its title) in the prose just before them."""
    found = re.search(r"(STATEMENTS? OF [A-Z’' ]+?|BALANCE SHEETS?)\s*(?:\(|-|$)", title.upper())
    if found is None:
        return []
    name = found[1].lower()
    return [
        table
        for table, layout in zip(document.tables, document.layout.tables, strict=True)
        if table is not None and name in (layout.context_before[-400:] + (layout.title or "")).lower()
    ]


def statement_cells(document: ParsedDocument, title: str) -> list[NumericCell]:
    return [cell for table in statement_tables(document, title) for cell in table.cells]


def sec_renderings(mirror: Path, filing: Path) -> list[Path]:
    """The R pages the EDGAR mirror holds for a corpus filing (`AAPL/10-Q_2025-03-29.htm` is filed as
    `aapl-20250329.htm`), in order."""
    ticker, stem = filing.parent.name.lower(), filing.name.split(".")[0]
    document = f"{ticker}-{stem.split('_')[-1].replace('-', '')}.htm"
    folders = sorted(p.parent for p in mirror.glob(f"www.sec.gov/Archives/edgar/data/*/*/{document}"))
    pages = [page for folder in folders for page in folder.glob("R*.htm")]
    return sorted(pages, key=lambda page: int(re.sub(r"\D", "", page.stem) or 0))
