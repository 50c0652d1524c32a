"""Choosing one filing out of a company's history: by form, fiscal year or exact period end.

Fiscal years. EDGAR's ``reportDate`` is the period end. A filing belongs to fiscal year ``Y`` when its
report date falls in calendar year ``Y``. This matches how companies name their fiscal years:

* calendar-year filers: FY2024 ends 2024-12-31 (Tesla, Amazon, …);
* Apple's fiscal year ends on the last Saturday of September: FY2024 ends 2024-09-28;
* Microsoft's ends June 30: FY2024 ends 2024-06-30;
* companies whose year ends in January or early February name it after the calendar year in which it
  ends: NVIDIA FY2025 ends 2025-01-26, Walmart FY2025 ends 2025-01-31.

So ``report_date.year == Y`` is right for all of them. A company that names a year after the calendar year
in which it mostly fell while it ends in the next January (a few retailers do) is the exception: ask by
``period_end`` for those.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from filingproof.edgar.errors import FilingNotFoundError
from filingproof.edgar.models import FilingRef

_PERIODIC = ("10-K", "10-Q", "20-F", "40-F", "10-KT", "10-QT", "10-K/A", "10-Q/A", "20-F/A", "40-F/A", "8-K")


def fiscal_year_of(ref: FilingRef) -> int | None:
    """The fiscal year a filing reports on (see the module docstring), or ``None`` without a report date."""
    return ref.report_date.year if ref.report_date else None


def _form_matches(ref: FilingRef, form: str, include_amendments: bool) -> bool:
    wanted = form.strip().upper()
    actual = ref.form.strip().upper()
    return actual == wanted or (include_amendments and actual == f"{wanted}/A")


def _latest_first(refs: Iterable[FilingRef]) -> list[FilingRef]:
    return sorted(refs, key=lambda r: (r.filing_date, r.accession), reverse=True)


def matching(
    filings: Iterable[FilingRef],
    form: str = "10-K",
    fiscal_year: int | None = None,
    period_end: date | None = None,
    *,
    include_amendments: bool = False,
) -> list[FilingRef]:
    """Every filing matching the criteria, latest filed first."""
    found = [
        ref
        for ref in filings
        if _form_matches(ref, form, include_amendments)
        and (fiscal_year is None or fiscal_year_of(ref) == fiscal_year)
        and (period_end is None or ref.report_date == period_end)
    ]
    return _latest_first(found)


def select(
    filings: Sequence[FilingRef],
    form: str = "10-K",
    fiscal_year: int | None = None,
    period_end: date | None = None,
    *,
    include_amendments: bool = False,
    company_name: str | None = None,
    cik: int | None = None,
) -> FilingRef:
    """The one filing of ``form`` for ``fiscal_year`` and/or ``period_end``; if several, the latest filed.

    ``form`` matches exactly: ``"10-K"`` never picks a ``"10-K/A"`` unless ``include_amendments`` is true
    (or ``form="10-K/A"`` is asked for). With neither ``fiscal_year`` nor ``period_end``, the latest filed
    filing of that form. Raises `FilingNotFoundError` listing what is available.
    """
    found = matching(filings, form, fiscal_year, period_end, include_amendments=include_amendments)
    if found:
        return found[0]
    raise not_found_error(
        filings,
        form,
        fiscal_year,
        period_end,
        include_amendments=include_amendments,
        company_name=company_name,
        cik=cik,
    )


def not_found_error(
    filings: Sequence[FilingRef],
    form: str,
    fiscal_year: int | None,
    period_end: date | None,
    *,
    include_amendments: bool = False,
    company_name: str | None = None,
    cik: int | None = None,
) -> FilingNotFoundError:
    """A `FilingNotFoundError` that names the fiscal years and forms the company does have."""
    same_form = matching(filings, form, include_amendments=include_amendments)
    years: list[int] = []
    periods: list[date] = []
    for ref in same_form:
        year = fiscal_year_of(ref)
        if year is not None and year not in years:
            years.append(year)
        if ref.report_date is not None and ref.report_date not in periods:
            periods.append(ref.report_date)
    years.sort(reverse=True)
    periods.sort(reverse=True)
    forms: list[str] = []
    for ref in _latest_first(filings):
        if ref.form not in forms:
            forms.append(ref.form)
    # Periodic reports first (those are what people ask for), then the rest by most recent filing.
    forms.sort(key=lambda f: _PERIODIC.index(f) if f in _PERIODIC else len(_PERIODIC))
    filed = sorted(ref.filing_date for ref in filings)
    resolved_cik = cik if cik is not None else (filings[0].cik if filings else 0)
    return FilingNotFoundError(
        cik=resolved_cik,
        form=form,
        fiscal_year=fiscal_year,
        period_end=period_end,
        company_name=company_name,
        available_years=years,
        available_periods=periods,
        available_forms=forms,
        searched_from=filed[0] if filed else None,
        searched_to=filed[-1] if filed else None,
    )
