"""What an earnings release says it is, having no cover page: the quarter its headline reports ("PepsiCo
Reports First-Quarter 2023 Results", "Ulta Beauty Announces Fourth Quarter Fiscal 2022 Results", "today
announced results for fourth-quarter 2022"), the day it is dated, the ticker it names ("(NYSE: JNJ)"), and the
day that quarter ended ("12 Weeks Ended March 25, 2023").

An 8-K files a release as its exhibit 99.1: a release is stored as the form `8-K EX-99.1`, as its
fiscal year's quarter (`Q1`…`Q4`) by the year its headline names.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from filingproof.calendar import LONG_DATE_PATTERN, day_in_month, parse_long_date

RELEASE_FORM = "8-K EX-99.1"

_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_QUARTER = r"(?:(?P<quarter>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+quarter|q(?P<number>[1-4]))"
_YEAR = r"(?:and\s+(?:full|fiscal)[\s-]+year\s+)?(?:of\s+)?(?:fiscal(?:\s+year)?\s+)?(?P<year>(?:19|20)\d\d)"
# The headline's verb, then the quarter it reports within the same sentence.
_HEADLINE_RE = re.compile(
    rf"\b(?:reports?|reported|announces?|announced|posts?|posted|delivers?|delivered)\b[^.]{{0,80}}?"
    rf"\b{_QUARTER}\s+{_YEAR}\b",
    re.IGNORECASE,
)
_LISTED_RE = re.compile(
    r"\((?:NYSE|NASDAQ|Nasdaq|NYSE\s+American|Nasdaq\s+[A-Z]{2})\s*:\s*(?P<ticker>[A-Z][A-Z.-]{0,6})\)"
)
_ENDED_RE = re.compile(rf"\bended\s+({LONG_DATE_PATTERN})", re.IGNORECASE)
# A release follows its quarter's end by weeks: a date "ended" more than this before it is an earlier
# period's (the prior year's quarter, the last annual report's year).
_REPORTING_LAG = timedelta(days=150)


@dataclass(frozen=True, slots=True)
class ReleaseHeadline:
    quarter: int
    fiscal_year: int  # as the headline names it ("Fourth Quarter Fiscal 2022": 2022)
    dated: date | None  # the first day the first page writes out: the release's
    ticker: str | None

    @property
    def fiscal_period(self) -> str:
        return f"Q{self.quarter}"


def read_headline(first_page: str) -> ReleaseHeadline | None:
    """The release's headline read from its first page's text, or None when the page reports no quarter."""
    flat = " ".join(first_page.split())
    match = _HEADLINE_RE.search(flat)
    if match is None:
        return None
    quarter = int(match["number"]) if match["number"] else _QUARTERS[match["quarter"].lower()]
    listed = _LISTED_RE.search(flat)
    return ReleaseHeadline(
        quarter, int(match["year"]), parse_long_date(flat), listed["ticker"] if listed else None
    )


def quarter_end(headline: ReleaseHeadline, texts: Iterable[str]) -> date:
    """The day the reported quarter ended: the latest "… ended <date>" the release prints up to its own
    date; else the last calendar quarter's end before that date (a release that prints no date under its
    columns, "Fourth Quarter 2022 2021"), or the headline's quarter of the calendar year."""
    if headline.dated is None:
        return day_in_month(headline.fiscal_year, 3 * headline.quarter, 31)
    dated = headline.dated
    flat = " ".join(" ".join(texts).split())  # a column's "Ended" and its date may sit on two lines
    ended = [
        day
        for match in _ENDED_RE.finditer(flat)
        if (day := parse_long_date(match[1])) is not None and dated - _REPORTING_LAG <= day <= dated
    ]
    if ended:
        return max(ended)
    month = (dated.month - 1) // 3 * 3  # the last month of the calendar quarter before
    return day_in_month(dated.year - (month == 0), month or 12, 31)
