"""`filingproof filings` and `filingproof cells` print the read model the API and the MCP server serve: the
same filings, and for each cell the record whose view is the API's `CellOut`."""

import json
import subprocess
import sys
from decimal import Decimal
from typing import Any

import pytest

from filingproof.catalog.models import CellOut, CellRecord
from filingproof.catalog.reads import page_row, tables_on_page
from filingproof.db.session import session_scope

pytestmark = pytest.mark.corpus

REVENUE = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"


def filingproof(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "filingproof", *args], capture_output=True, text=True, timeout=300
    )


def json_of(*args: str) -> Any:
    done = filingproof(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def apple_10k(ingested_corpus: object) -> dict[str, Any]:
    listed = json_of("filings", "--json")
    assert len(listed) == len({row["id"] for row in listed}) == 17
    [filing] = [
        row for row in listed if (row["ticker"], row["form"], row["fiscal_year"]) == ("AAPL", "10-K", 2024)
    ]
    return dict(filing)


async def test_cells_of_a_filing_are_the_records_the_api_shows(apple_10k: dict[str, Any]) -> None:
    rows = json_of("cells", str(apple_10k["id"]), "--json")
    assert len(rows) == apple_10k["cells"]
    assert set(rows[0]) == {field.name for field in CellRecord.__dataclass_fields__.values()}
    # the fiscal-2024 total net sales cell: its exact value, the tag and the period of the fact tagging it
    sales = next(
        row
        for row in rows
        if (row["concept"], row["row_label"], row["fact_period_end"])
        == (REVENUE, "Total net sales", "2024-09-28")
    )
    assert Decimal(sales["value"]) == Decimal("391035000000")
    assert sales["fact_period_start"] == "2023-10-01" and sales["box"] is not None
    async with session_scope() as session:
        page = await page_row(session, apple_10k["id"], sales["page_no"])
        assert page is not None
        tables = await tables_on_page(session, page)
    shown = {cell.id: cell for table in tables for cell in table.cells}
    on_page = [row for row in rows if row["page_no"] == sales["page_no"]]
    assert sorted(shown) == sorted(row["id"] for row in on_page)  # the same cells, one query behind both
    api_sales = shown[sales["id"]]
    assert api_sales == CellOut.model_validate(
        {**sales, "box": dict(zip(("x0", "y0", "x1", "y1"), sales["box"], strict=True))}
    )
    assert api_sales.value == 391_035_000_000


def test_an_unknown_filing_is_an_error_naming_it(ingested_corpus: object) -> None:
    done = filingproof("cells", "0000000000-00-000000")
    assert done.returncode == 2
    assert "no ingested filing with id or accession '0000000000-00-000000'" in " ".join(done.stderr.split())
