"""A filing whose table cannot be dated is stored all the same: the table as text, one warning on the filing,
shown by `filingproof filings` (and the API's filings, the same read model). Read from a `.htm.gz`.

Inline XBRL with one broken tag (as NVIDIA's FY2023 10-K is copied in a public repository) keeps its facts:
read with a recovering XML parse, the filing says so."""

import asyncio
import gzip
import json
import subprocess
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

from sqlalchemy import func, select
from stored_pdf import remove_filing

from filingproof.config import Settings
from filingproof.db.models import Cell, Filing, Table, XbrlFact
from filingproof.db.session import Sessions, session_scope
from filingproof.ingest.metadata import FilingMetadata
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import NamedSource, file_source, ingest_sources

# No inline XBRL and no printed cover: the document says nothing of its period (the caller says what it is).
UNDATED_FILING = (
    "<html><body><p>Table of Contents</p><table>"
    "<tr><td></td><td>Page</td></tr>"
    "<tr><td>Item 7. Management’s Discussion and Analysis</td><td>25</td></tr>"
    "<tr><td>Item 8. Financial Statements</td><td>40</td></tr>"
    "</table><p>Our business makes widgets.</p></body></html>"
)
GIVEN = FilingMetadata(
    cik=999_000_001, company_name="Widget Test Co", form="10-K", period_end=date(2024, 12, 31)
)


async def filingproof(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line, in its own process (on the session's home)."""
    command = [sys.executable, "-m", "filingproof", *args]
    return await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True, timeout=300)


async def ingest_one(source: NamedSource, settings: Settings, sessions: Sessions) -> int:
    """Ingest one document, which must succeed; its filing's id."""
    results, failures = await ingest_sources([source], settings, sessions, lambda _name: SilentProgress())
    assert failures == []
    [result] = results
    return result.filing_id


async def test_an_undatable_table_is_stored_as_text_with_a_warning(
    settings: Settings, sessions: Sessions, tmp_path: Path
) -> None:
    path = tmp_path / "widget-10-K.htm.gz"
    path.write_bytes(gzip.compress(UNDATED_FILING.encode()))
    filing_id = await ingest_one(file_source(path, GIVEN), settings, sessions)
    try:
        async with session_scope() as session:
            filing = await session.get(Filing, filing_id)
            assert filing is not None
            [warning] = filing.warnings
            assert warning.startswith("table 0 on page 1 kept as text: ValueError")
            [table] = (await session.execute(select(Table).where(Table.filing_id == filing.id))).scalars()
            assert table.grid[2] == ["Item 8. Financial Statements", "40"]
            cells = (await session.execute(select(Cell).where(Cell.filing_id == filing.id))).scalars().all()
            assert cells == []
        done = await filingproof("filings", "--json")
        assert done.returncode == 0, done.stderr
        [listed] = [row for row in json.loads(done.stdout) if row["id"] == filing_id]
        assert listed["warnings"] == [warning]
        shown = await filingproof("filings")
        assert f"filing {filing_id} (Widget Test Co): {warning}" in " ".join(shown.stdout.split())
    finally:
        await remove_filing(settings, filing_id)


def broken_tag(raw: bytes) -> bytes:
    """The document with one closing tag mismatched halfway through (a `</span>` closed as `</div>`), the
    way NVIDIA's FY2023 10-K is broken in its public copy: no longer well-formed XML."""
    at = raw.index(b"</span>", len(raw) // 2)
    return raw[:at] + b"</div>" + raw[at + len(b"</span>") :]


async def test_inline_xbrl_with_a_broken_tag_keeps_its_facts(
    settings: Settings, sessions: Sessions, corpus_dir: Path, tmp_path: Path
) -> None:
    intact = parse_filing((corpus_dir / "NVDA/10-K_2024-01-28.htm").read_bytes())
    path = tmp_path / "nvidia-10-K-broken.htm"
    path.write_bytes(broken_tag((corpus_dir / "NVDA/10-K_2024-01-28.htm").read_bytes()))
    filing_id = await ingest_one(file_source(path), settings, sessions)
    try:
        async with session_scope() as session:
            filing = await session.get(Filing, filing_id)
            assert filing is not None
            [repaired] = [w for w in filing.warnings if w.startswith("inline XBRL is not well-formed XML")]
            assert "Opening and ending tag mismatch: span" in repaired
            assert "recovering XML parse" in repaired
            stored = select(func.count()).select_from(XbrlFact).where(XbrlFact.filing_id == filing.id)
            assert (await session.execute(stored)).scalar_one() == len(intact.facts) > 1000
            revenue = select(XbrlFact.value, XbrlFact.cell_id).where(
                XbrlFact.filing_id == filing.id,
                XbrlFact.concept == "us-gaap:Revenues",
                XbrlFact.period_end == date(2024, 1, 28),
                XbrlFact.period_start == date(2023, 1, 30),
                XbrlFact.dimensions == {},
            )
            values = (await session.execute(revenue)).all()
            assert {value for value, _ in values} == {Decimal(60_922_000_000)}
            assert any(cell_id is not None for _, cell_id in values)  # linked to the income statement's cell
        shown = await filingproof("filings")
        named = filing.ticker or filing.company_name
        assert f"filing {filing_id} ({named}): {repaired}" in " ".join(shown.stdout.split())
    finally:
        await remove_filing(settings, filing_id)
