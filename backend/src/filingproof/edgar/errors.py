"""Errors raised by the EDGAR client: one base class, one subclass per thing that can go wrong."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date


class EdgarError(Exception):
    """Base class of every error the EDGAR client raises."""


class PlaceholderUserAgentError(EdgarError):
    """The configured User-Agent is empty or a placeholder; raised before any request is sent."""

    def __init__(self, user_agent: str, reason: str) -> None:
        self.user_agent = user_agent
        self.reason = reason
        super().__init__(
            f"EDGAR User-Agent {user_agent!r} refused: {reason}. SEC requires a real contact in the form "
            "'Company Name email@domain' (set EDGAR_USER_AGENT, e.g. 'Acme Research ops@acme.io'); "
            "no request was sent."
        )


class UnknownTickerError(EdgarError):
    """The ticker is not listed in SEC's company_tickers.json."""

    def __init__(self, ticker: str, url: str) -> None:
        self.ticker = ticker
        self.url = url
        super().__init__(
            f"Ticker {ticker!r} was not found in company_tickers.json ({url}). "
            "Check the symbol (share classes are written with a dash, e.g. BRK-B)."
        )


class FilingNotFoundError(EdgarError):
    """No filing of the company matches the requested form / fiscal year / period end."""

    def __init__(
        self,
        *,
        cik: int,
        form: str,
        fiscal_year: int | None = None,
        period_end: date | None = None,
        company_name: str | None = None,
        available_years: Sequence[int] = (),
        available_periods: Sequence[date] = (),
        available_forms: Sequence[str] = (),
        searched_from: date | None = None,
        searched_to: date | None = None,
    ) -> None:
        self.cik = cik
        self.form = form
        self.fiscal_year = fiscal_year
        self.period_end = period_end
        self.company_name = company_name
        self.available_years = list(available_years)
        self.available_periods = list(available_periods)
        self.available_forms = list(available_forms)
        self.searched_from = searched_from
        self.searched_to = searched_to

        who = f"{company_name} (CIK {cik})" if company_name else f"CIK {cik}"
        wanted = form
        if fiscal_year is not None:
            wanted += f" for fiscal year {fiscal_year}"
        if period_end is not None:
            wanted += f" for the period ending {period_end.isoformat()}"
        parts = [f"No {wanted} found among the filings of {who}."]
        if self.available_years:
            years = ", ".join(str(y) for y in self.available_years[:8])
            more = " …" if len(self.available_years) > 8 else ""
            periods = ", ".join(p.isoformat() for p in self.available_periods[:4])
            parts.append(f"Available {form} fiscal years (latest first): {years}{more}")
            if periods:
                parts[-1] += f"; latest period ends: {periods}"
            parts[-1] += "."
        else:
            searched = ""
            if searched_from and searched_to:
                searched = f" filed {searched_from.isoformat()} to {searched_to.isoformat()}"
            parts.append(f"There is no {form} at all among its filings{searched}.")
        if self.available_forms:
            parts.append(f"Forms it does file include: {', '.join(self.available_forms[:12])}.")
        super().__init__(" ".join(parts))


class EdgarHTTPError(EdgarError):
    """EDGAR answered with an error status (after retries, where retrying made sense) or was unreachable."""

    def __init__(self, url: str, status: int | None, attempts: int, detail: str = "") -> None:
        self.url = url
        self.status = status
        self.attempts = attempts
        self.detail = detail
        if status == 404:
            message = (
                f"EDGAR has no document at {url} (HTTP 404 Not Found): the document does not exist there."
            )
        elif status == 403:
            message = (
                f"EDGAR refused {url} (HTTP 403 Forbidden). SEC answers 403 to requests without a declared "
                "User-Agent or above its rate limit (10 requests/s)."
            )
        elif status is None:
            message = f"Could not reach EDGAR for {url} after {attempts} attempt(s)"
        else:
            message = f"EDGAR answered HTTP {status} for {url} after {attempts} attempt(s)"
        if detail:
            message += f" ({detail})" if not message.endswith(".") else f" {detail}"
        super().__init__(message)
