"""Apple's 10-Q statements as SEC renders them (R2, R4, R7) against the cells parsed from the document."""

import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from lxml import html

from filingproof.ingest.document import ParsedDocument, parse_filing
from filingproof.ingest.numbers import parse_number
from filingproof.ingest.xbrl import parse_long_date

FILING_DIR = Path("www.sec.gov/Archives/edgar/data/320193/000032019325000057")
SCALES = {"Millions": Decimal(10) ** 6, "Thousands": Decimal(10) ** 3}


def _normal(label: str) -> str:
    label = re.sub(r"\((?:in [^)]*)\)", "", label, flags=re.IGNORECASE)
    label = re.sub(r"[^a-z0-9]+", " ", label.lower().replace("’", "'")).strip()
    return label.removeprefix("total ")


def sec_rows(path: Path) -> tuple[str, list[tuple[str, str, date, int | None, Decimal]]]:
    """(statement title, [(heading, label, column end, column months, value in base units)])."""
    page = html.fromstring(path.read_bytes())
    report = page.xpath("//table[@class='report']")[0]
    header_rows = report.xpath(".//tr[th]")
    title = " ".join(header_rows[0].xpath(".//th")[0].text_content().split())
    money_scale = SCALES[m[1]] if (m := re.search(r"\$ in (\w+)", title)) else Decimal(1)
    share_scale = SCALES[m[1]] if (m := re.search(r"shares in (\w+)", title)) else Decimal(1)
    spans: list[int | None] = []
    for th in header_rows[0].xpath(".//th")[1:]:
        months = re.search(r"(\d+) Months Ended", th.text_content())
        spans.extend([int(months[1]) if months else None] * int(th.get("colspan", "1")))
    ends = [parse_long_date(th.text_content().replace(".", "")) for th in header_rows[-1].xpath(".//th")]
    if len(header_rows) == 1:
        ends = ends[1:]
    if not spans or len(spans) != len(ends):
        spans = [None] * len(ends)
    rows = []
    heading = ""
    for tr in report.xpath(".//tr[td]"):
        tds = tr.xpath("./td")
        label = " ".join(tds[0].text_content().split())
        values = [" ".join(td.text_content().split()) for td in tds[1:]]
        if not any(values):
            heading = label
            continue
        scale = Decimal(1) if "per share" in label else share_scale if "in shares" in label else money_scale
        for text, end, months in zip(values, ends, spans, strict=False):
            number = parse_number(text)
            if number is not None and end is not None:
                rows.append((heading, label, end, months, number.value * scale))
    return title, rows


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
        if t is not None and statement_word[0].lower() in (layout.context_before[-400:] + (layout.title or "")).lower()
    ]
    assert tables, f"no parsed table for {title}"
    cells = [c for t in tables for c in t.cells]
    assert len(rows) >= 20
    mismatches = []
    for heading, label, end, months, value in rows:
        wanted = {_normal(label), _normal(heading)}
        candidates = [
            c
            for c in cells
            if c.period is not None
            and c.period.end == end
            and (months is None or abs(c.period.days - months * 30.4) < 20)
            and _normal(c.row_label) in wanted
        ]
        if not any(c.value == value for c in candidates):
            mismatches.append((heading, label, end, months, value, [(c.row_path, c.text, c.value) for c in candidates]))
    assert mismatches == []
