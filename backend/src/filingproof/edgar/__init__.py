"""EDGAR access: tickers, filing histories, filing selection and documents, politely and cached."""

from filingproof.edgar.cache import EdgarCache
from filingproof.edgar.client import EdgarClient, fetch_filing
from filingproof.edgar.errors import (
    EdgarError,
    EdgarHTTPError,
    FilingNotFoundError,
    PlaceholderUserAgentError,
    UnknownTickerError,
)
from filingproof.edgar.models import CompanyRef, FilingRef
from filingproof.edgar.ratelimit import RateLimiter
from filingproof.edgar.selection import fiscal_year_of, select
from filingproof.edgar.useragent import validate_user_agent

__all__ = [
    "CompanyRef",
    "EdgarCache",
    "EdgarClient",
    "EdgarError",
    "EdgarHTTPError",
    "FilingNotFoundError",
    "FilingRef",
    "PlaceholderUserAgentError",
    "RateLimiter",
    "UnknownTickerError",
    "fetch_filing",
    "fiscal_year_of",
    "select",
    "validate_user_agent",
]
