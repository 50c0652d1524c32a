"""Apple's 10-Q statements as SEC renders them (R2, R4, R7) against the cells parsed from the document."""

import re
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from lxml import html

from filingproof.calendar import parse_long_date
from filingproof.ingest.parse.document import ParsedDocument, parse_filing
from filingproof.ingest.parse.numbers import parse_number
from filingproof.ingest.parse.periods import Period
from filingproof.ingest.row_paths import normal

FILING_DIR = Path("www.sec.gov/Archives/edgar/data/320193/000032019325000057")
SCALES = {"Millions": Decimal(10) ** 6, "Thousands": Decimal(10) ** 3}


def _text(element: html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def sec_rows(path: Path) -> tuple[str, list[tuple[str, str, date, int | None, Decimal]]]:
    """(statement title, [(heading, label, column end, column months, value in base units)])."""
    page = html.fromstring(path.read_bytes())
    report = next(t for t in page.iter("table") if t.get("class") == "report")
    rows = list(report.iter("tr"))
    header_rows = [tr for tr in rows if tr.find("th") is not None]
    first = list(header_rows[0].iter("th"))
    title = _text(first[0])
    money_scale = SCALES[m[1]] if (m := re.search(r"\$ in (\w+)", title)) else Decimal(1)
    share_scale = SCALES[m[1]] if (m := re.search(r"shares in (\w+)", title)) else Decimal(1)
    spans: list[int | None] = []
    for th in first[1:]:
        found = re.search(r"(\d+) Months Ended", _text(th))
        spans.extend([int(found[1]) if found else None] * int(th.get("colspan", "1")))
    ends = [parse_long_date(_text(th).replace(".", "")) for th in header_rows[-1].iter("th")]
    if len(header_rows) == 1:
        ends = ends[1:]
    if len(spans) != len(ends):
        spans = [None] * len(ends)
    values: list[tuple[str, str, date, int | None, Decimal]] = []
    heading = ""
    for tr in rows:
        tds = list(tr.iter("td"))
        if not tds:
            continue
        label = _text(tds[0])
        texts = [_text(td) for td in tds[1:]]
        if not any(texts):
            heading = label
            continue
        scale = Decimal(1) if "per share" in label else share_scale if "in shares" in label else money_scale
        for text, end, months in zip(texts, ends, spans, strict=False):
            number = parse_number(text)
            if number is not None and end is not None:
                values.append((heading, label, end, months, number.value * scale))
    return title, values


def _same_period(period: Period | None, end: date, months: int | None) -> bool:
    """SEC shows a cash-flow statement's beginning balance under the period's column; we store the instant."""
    if period is None:
        return False
    if period.kind == "instant":
        starts = end - timedelta(days=round((months or 0) * 30.44))
        return period.end == end or (months is not None and abs((period.end - starts).days) <= 7)
    return period.end == end and (months is None or abs(period.days - months * 30.4) < 20)


@pytest.fixture(scope="module")
def apple_10q(corpus_dir: Path) -> ParsedDocument:
    return parse_filing((corpus_dir / "AAPL/10-Q_2025-03-29.htm").read_bytes())


@pytest.mark.parametrize("report", ["R2.htm", "R4.htm", "R7.htm"])
def test_every_statement_line_equals_the_parsed_cell(
    apple_10q: ParsedDocument, shared_dir: Path, report: str
) -> None:
    title, rows = sec_rows(shared_dir / "edgar-mirror" / FILING_DIR / report)
    statement_word = re.search(r"OPERATIONS|BALANCE SHEETS|CASH FLOWS", title)
    assert statement_word is not None
    tables = [
        t
        for t, layout in zip(apple_10q.tables, apple_10q.layout.tables, strict=True)
        if t is not None
        and statement_word[0].lower() in (layout.context_before[-400:] + (layout.title or "")).lower()
    ]
    assert tables, f"no parsed table for {title}"
    cells = [c for t in tables for c in t.cells]
    assert len(rows) >= 20
    mismatches = []
    for heading, label, end, months, value in rows:
        wanted = {normal(label), normal(heading)}
        candidates = [
            c for c in cells if _same_period(c.period, end, months) and normal(c.row_label) in wanted
        ]
        if not any(c.value == value for c in candidates):
            mismatches.append(
                (heading, label, end, months, value, [(c.row_path, c.text, c.value) for c in candidates])
            )
    assert mismatches == []
