"""A filing to ingest, fetched from EDGAR: its metadata comes from EDGAR's own records."""

from datetime import date

from filingproof.config import Settings
from filingproof.edgar import EdgarError, fetch_filing
from filingproof.ingest.errors import IngestError
from filingproof.ingest.metadata import FilingMetadata
from filingproof.ingest.pipeline import FilingSource
from filingproof.ingest.service import NamedSource


def edgar_source(
    settings: Settings, ticker: str, form: str, fiscal_year: int | None, period_end: date | None
) -> NamedSource:
    wanted = " ".join(str(part) for part in (ticker.upper(), form, fiscal_year or period_end or "latest"))

    async def load() -> FilingSource:
        try:
            ref, company, raw = await fetch_filing(settings, ticker, form, fiscal_year, period_end)
        except EdgarError as error:
            raise IngestError(str(error)) from error
        metadata = FilingMetadata(
            cik=company.cik,
            ticker=company.ticker,
            company_name=company.name,
            form=ref.form,
            period_end=ref.report_date,
            accession=ref.accession,
            filed_at=ref.filing_date,
            source_url=ref.document_url,
        )
        return FilingSource(raw=raw, name=ref.document_url, metadata=metadata)

    return NamedSource(f"EDGAR {wanted}", load)
