"""Two workers storing the first filings of one company at once, on the embedded database of a throwaway
home: the company's row is created once, by whichever comes first; the other waits for that transaction
and stores its filing under the same row. Before, the second's insert failed on the CIK's unique key and its
job with it (Tesla's 10-K and 10-Q, taken by two workers of a fresh store)."""

import asyncio
from datetime import date

from sqlalchemy import select
from throwaway_home import migrated_home

from filingproof.db.models import Company
from filingproof.db.session import Sessions
from filingproof.ingest.metadata import CompleteMetadata
from filingproof.ingest.store import upsert_company

TESLA = 1318605


def tesla_filing(form: str, period_end: date, name: str) -> CompleteMetadata:
    return CompleteMetadata(
        cik=TESLA,
        ticker="TSLA",
        company_name=name,
        form=form,
        period_end=period_end,
        fiscal_year=period_end.year,
        fiscal_period="FY" if form == "10-K" else "Q1",
        fiscal_year_end="--12-31",
        accession=None,
        filed_at=None,
        source_url=None,
        registrant=None,
    )


async def store_company(
    sessions: Sessions,
    meta: CompleteMetadata,
    after: asyncio.Event | None,
    done: asyncio.Event,
    hold_s: float,
) -> int:
    """The company's row as a filing's transaction makes it, `hold_s` before that transaction commits (the
    rest of the filing being stored); started once `after` is set."""
    if after is not None:
        await after.wait()
    async with sessions() as session, session.begin():
        company = await upsert_company(session, meta)
        done.set()
        await asyncio.sleep(hold_s)
        return company.id


async def test_two_filings_of_a_new_company_stored_at_once_share_its_one_row() -> None:
    async with migrated_home("filingproof-company-") as (_, sessions):
        first_in = asyncio.Event()
        ten_k = tesla_filing("10-K", date(2024, 12, 31), "Tesla, Inc.")
        ten_q = tesla_filing("10-Q", date(2025, 3, 31), "Tesla, Inc.")
        # the 10-Q's transaction asks for the row while the 10-K's has created it and not yet committed
        ids = await asyncio.gather(
            store_company(sessions, ten_k, None, first_in, hold_s=0.5),
            store_company(sessions, ten_q, first_in, asyncio.Event(), hold_s=0.0),
        )
        async with sessions() as session:
            rows = (await session.execute(select(Company))).scalars().all()
        assert [(row.cik, row.ticker, row.name, row.aliases) for row in rows] == [
            (TESLA, "TSLA", "Tesla, Inc.", [])
        ]
        assert list(ids) == [rows[0].id, rows[0].id]
