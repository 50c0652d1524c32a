"""The ingested companies and filings, read from the database for query understanding.

Kept warm per database by its `Retriever` (retrieval.search): reloaded only when the `filings` table
changes (count, newest id, newest ingest).
"""

import gzip
from functools import cache
from importlib.resources import files

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.db.models import Company, Filing
from filingproof.understanding import Catalog, CompanyRef, FilingRef, display_name


async def _version(session: AsyncSession) -> tuple[object, ...]:
    row = (
        await session.execute(
            select(func.count(Filing.id), func.max(Filing.id), func.max(Filing.ingested_at))
        )
    ).one()
    return tuple(row)


async def load_catalog(session: AsyncSession) -> Catalog:
    filing_rows = (
        await session.execute(
            select(
                Filing.id,
                Filing.ticker,
                Filing.form,
                Filing.period_end,
                Filing.fiscal_year,
                Filing.fiscal_period,
                Filing.company_name,
                Filing.company_id,
            ).order_by(Filing.id)
        )
    ).all()
    filings = tuple(
        FilingRef(row.id, row.ticker or row.company_name, row.form, row.period_end, row.fiscal_year,
                  row.fiscal_period)
        for row in filing_rows
    )  # fmt: skip
    covered_ids = {row.company_id for row in filing_rows}
    companies: dict[str, CompanyRef] = {}
    for company in (await session.execute(select(Company).where(Company.ticker.is_not(None)))).scalars():
        assert company.ticker is not None
        name = display_name(company.name)
        companies[company.ticker] = CompanyRef(
            company.ticker, name, tuple(company.aliases or ()), company.id in covered_ids
        )
    for row in filing_rows:  # filings whose company row lacks a ticker still name their company
        if row.ticker and row.ticker not in companies:
            companies[row.ticker] = CompanyRef(row.ticker, display_name(row.company_name))
    for known in edgar_companies():
        companies.setdefault(known.ticker, known)
    return Catalog(tuple(companies.values()), filings)


@cache
def edgar_companies() -> tuple[CompanyRef, ...]:
    """Every company EDGAR's company list names (a snapshot of `company_tickers.json` shipped with the
    package, so that it is known offline): a question naming one that is not ingested is refused by its
    name, never answered for another company."""
    raw = files("filingproof.retrieval").joinpath("company_tickers.tsv.gz").read_bytes()
    rows = (line.split("\t") for line in gzip.decompress(raw).decode("utf-8").splitlines())
    return tuple(CompanyRef(row[0], row[2], covered=False) for row in rows if not row[0].startswith("#"))


class CatalogCache:
    def __init__(self) -> None:
        self._version: tuple[object, ...] | None = None
        self._catalog: Catalog | None = None

    @property
    def version(self) -> tuple[object, ...] | None:
        """The `filings` table's version the cached catalog was read at (None before the first read):
        the other caches of what ingestion writes key on it."""
        return self._version

    async def get(self, session: AsyncSession) -> Catalog:
        version = await _version(session)
        if self._catalog is None or version != self._version:
            # two concurrent reloads are harmless: both read the same rows
            self._catalog = await load_catalog(session)
            self._version = version
        return self._catalog
