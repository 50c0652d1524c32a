"""Where a document ingested from a file or folder stands on EDGAR: its accession number and filing date.

A filing document does not say either (its `dei:` cover tags the company, form and period, never the
accession), so they are looked up in the company's EDGAR filing history by form and period end, read
through the cached EDGAR client like every other EDGAR read. A file named by its accession, as
EDGAR-derived datasets name theirs ("10-K_0000320193-24-000123.htm.gz"), is looked up by that accession.
When EDGAR cannot be read (no `EDGAR_USER_AGENT`, no network) or lists no such filing, they stay empty, a
warning says why, and the ingest goes on: a lookup never fails an ingest.
"""

import logging
import re
from dataclasses import dataclass, replace
from datetime import date
from pathlib import PurePath

from sqlalchemy import select

from filingproof.config import Settings
from filingproof.db.models import Filing
from filingproof.db.session import Sessions
from filingproof.edgar import EdgarClient, EdgarError, FilingNotFoundError, FilingRef
from filingproof.ingest.metadata import CompleteMetadata

logger = logging.getLogger(__name__)

_ACCESSION_RE = re.compile(r"(?<!\d)(\d{10}-\d{2}-\d{6})(?!\d)")
# A lookup is a nicety: one retry and a short timeout, so that an ingest without EDGAR is not held up.
_LOOKUP_RETRIES = 1
_LOOKUP_TIMEOUT_S = 10.0


@dataclass(frozen=True, slots=True)
class EdgarRecord:
    accession: str
    filed_at: date


@dataclass(frozen=True, slots=True)
class FilingKey:
    """What a filing is, as EDGAR's history lists it: the filer, the form and the period's end."""

    cik: int
    form: str
    period_end: date


def accession_in_name(name: str) -> str | None:
    """The accession number a document's file name carries, if any."""
    match = _ACCESSION_RE.search(PurePath(name).name)
    return match[1] if match else None


async def edgar_record(
    settings: Settings, key: FilingKey, accession: str | None, source_name: str
) -> EdgarRecord | None:
    """The filing's accession and filing date from EDGAR's history of the filer; None, with a warning that
    says why, when EDGAR cannot be read or lists no such filing."""
    lookup_settings = settings.model_copy(
        update={
            "edgar_max_retries": min(settings.edgar_max_retries, _LOOKUP_RETRIES),
            "edgar_timeout_s": min(settings.edgar_timeout_s, _LOOKUP_TIMEOUT_S),
        }
    )
    try:
        async with EdgarClient(lookup_settings) as edgar:
            ref = await _find(edgar, key, accession)
    except EdgarError as error:
        logger.warning("%s: accession and filing date not found on EDGAR: %s", source_name, error)
        return None
    return EdgarRecord(ref.accession, ref.filing_date)


async def _find(edgar: EdgarClient, key: FilingKey, accession: str | None) -> FilingRef:
    if accession is None:
        return await edgar.find_filing(key.cik, key.form, period_end=key.period_end)
    for ref in await edgar.filings(key.cik, since=key.period_end):
        if ref.accession == accession:
            return ref
    raise FilingNotFoundError(cik=key.cik, form=f"{key.form} with accession {accession}")


async def with_edgar_record(meta: CompleteMetadata, source_name: str, settings: Settings) -> CompleteMetadata:
    """`meta` with its accession and filing date filled in where they are missing."""
    if meta.accession is not None and meta.filed_at is not None:
        return meta
    accession = meta.accession or accession_in_name(source_name)
    key = FilingKey(meta.cik, meta.form, meta.period_end)
    record = await edgar_record(settings, key, accession, source_name)
    if record is None:
        return replace(meta, accession=accession)
    return replace(meta, accession=record.accession, filed_at=meta.filed_at or record.filed_at)


async def record_stored_filing(
    sessions: Sessions, filing_id: int, source_name: str, settings: Settings
) -> None:
    """Fill in the accession and filing date of a stored filing that lacks them (one ingested from a file
    before EDGAR could be read), unless another stored filing already has that accession."""
    async with sessions() as session:
        filing = await session.get(Filing, filing_id)
        if filing is None or filing.accession is not None:
            return
        key = FilingKey(filing.cik, filing.form, filing.period_end)
        accession = accession_in_name(source_name)
        record = await edgar_record(settings, key, accession, source_name)
        if record is None:
            return
        holder = select(Filing.id).where(Filing.accession == record.accession, Filing.id != filing_id)
        if (await session.execute(holder)).first() is not None:
            logger.warning("%s: accession %s is another stored filing's", source_name, record.accession)
            return
        filing.accession = record.accession
        filing.filed_at = filing.filed_at or record.filed_at
        await session.commit()
