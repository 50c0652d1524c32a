"""Registrants the store already knows, found by the numbers a rename keeps.

A filing from before inline XBRL names its registrant only in print, under the name it had then: EDGAR's
company list knows Facebook's CIK only as Meta Platforms'. Its cover also prints the registrant's
commission file number and employer identification number, which Meta's later filings carry as `dei:`
tags: a stored company with both numbers is that registrant, read with no EDGAR list at all.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import select

from filingproof.db.models import Company
from filingproof.db.session import Sessions
from filingproof.ingest.parse.cover import RegistrantNumbers


@dataclass(frozen=True, slots=True)
class KnownRegistrant:
    cik: int
    ticker: str | None
    name: str


KnownRegistrants = Callable[[RegistrantNumbers], Awaitable[KnownRegistrant | None]]


async def no_registrants(numbers: RegistrantNumbers) -> KnownRegistrant | None:
    """Nothing stored to look in (a parse outside the ingest: tests, benches)."""
    return None


def stored_registrants(sessions: Sessions) -> KnownRegistrants:
    """The one stored company with both numbers (none, or more than one: unknown)."""

    async def find(numbers: RegistrantNumbers) -> KnownRegistrant | None:
        query = select(Company.cik, Company.ticker, Company.name).where(
            Company.file_number == numbers.file_number, Company.tax_id == numbers.tax_id
        )
        async with sessions() as session:
            rows = (await session.execute(query.limit(2))).all()
        return KnownRegistrant(rows[0].cik, rows[0].ticker, rows[0].name) if len(rows) == 1 else None

    return find
