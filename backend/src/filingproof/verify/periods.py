"""Years, quarters and dates written in a draft, and whether a cited period backs them.

A fiscal year is named by the calendar year it ends in (Apple's fiscal 2024 ended September 28, 2024;
NVIDIA's fiscal 2025 ended January 26, 2025). Retailers and others on 52/53-week years end their years
and quarters a few days either side of a month end, so dates and lengths are compared within the slack of
`filingproof.calendar`, which also reads the dates.
"""

import calendar
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

from filingproof.calendar import (
    END_SLACK,
    MONTH_NAME_PATTERN,
    QUARTER_DAYS,
    YEAR_DAYS,
    dates_match,
    days_in_months,
    find_dates,
    fiscal_year_of,
    length_matches,
    month_number,
    shift_months,
)
from filingproof.verify.cells import PeriodRef

PeriodWordKind = Literal["date", "month", "year", "quarter", "duration"]

_ORDINAL_QUARTERS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_LENGTH_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "3": 3, "6": 6, "9": 9, "12": 12}

_LENGTH_PREFIX = re.compile(
    r"(?:(?P<months>three|six|nine|twelve|3|6|9|12)[-\s]months?"
    r"|(?P<weeks>[1-9]\d?)[-\s]weeks?"
    r"|(?P<unit>(?:fiscal\s+)?(?:quarter|year)))"
    r"\s+(?:period\s+)?(?:then\s+)?ended\s+(?:on\s+)?$",
    re.IGNORECASE,
)
_MONTH_YEAR = re.compile(rf"(?<![\w/-])(?P<mon>{MONTH_NAME_PATTERN}),?\s+(?P<year>\d{{4}})(?![\w/-])")
_QUARTER = re.compile(
    r"(?<![\w$])(?:Q(?P<q1>[1-4])|(?P<q2>[1-4])Q|(?P<q3>first|second|third|fourth|1st|2nd|3rd|4th)"
    r"[\s-]+(?P<fq>fiscal[\s-]+)?quarter)"
    r"(?:\s*(?:of\s+)?(?:(?P<fy>fiscal(?:\s+year)?|FY)\s*'?)(?P<y1>\d{4}|\d{2})(?!\d|,\d|\.\d|%)"
    r"|\s*(?:of\s+)?(?P<y2>\d{4})(?!\d|,\d|\.\d|%)"
    r"|'?(?P<y3>\d{2})(?!\d|,\d|\.\d|%))?"
    r"(?![\w])",
    re.IGNORECASE,
)
_FISCAL_YEAR = re.compile(
    r"(?<![\w$])(?:(?P<fiscal>fiscal|FY|calendar|CY)[\s-]*(?:years?\s*)?'?(?P<year>\d{4}|\d{2}))(?![\w%]|,\d|\.\d)",
    re.IGNORECASE,
)
_NOT_A_YEAR_AFTER = (
    r"(?!\d|,\d|\.\d|\s?(?:%|x\b|×)|\s?(?:percent|thousand|million|billion|trillion|mn\b|bn\b|tn\b"
    r"|[kmbt]\b|shares|per\s+share|dollars))"
)
_BARE_YEAR = re.compile(rf"(?<![\w$.,-])(?P<year>19[5-9]\d|20\d\d|2100)\b{_NOT_A_YEAR_AFTER}", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class WrittenPeriod:
    """A period named in a draft. `year` is the (fiscal) year named; `days` the length of "N months ended"."""

    text: str
    start: int
    end: int
    kind: PeriodWordKind
    year: int | None = None
    on: date | None = None
    quarter: int | None = None
    days: int | None = None
    fiscal: bool = False


def _full_year(digits: str) -> int:
    return int(digits) if len(digits) == 4 else 2000 + int(digits)


def _length_days(prefix: re.Match[str]) -> int:
    if prefix["months"]:
        return days_in_months(_LENGTH_WORDS[prefix["months"].lower()])
    if prefix["weeks"]:
        return int(prefix["weeks"]) * 7
    return QUARTER_DAYS if "quarter" in prefix["unit"].lower() else YEAR_DAYS


def _dates(text: str) -> Iterator[WrittenPeriod]:
    # "February 30, 2024" is no date: `find_dates` skips it, and its digits stay to be judged as figures.
    for found in find_dates(text):
        on = found.on
        prefix = _LENGTH_PREFIX.search(text, max(0, found.start - 40), found.start)
        if prefix:
            yield WrittenPeriod(
                text[prefix.start() : found.end],
                prefix.start(),
                found.end,
                "duration",
                year=on.year,
                on=on,
                days=_length_days(prefix),
            )
        else:
            written = text[found.start : found.end]
            yield WrittenPeriod(written, found.start, found.end, "date", year=on.year, on=on)


def _months(text: str) -> Iterator[WrittenPeriod]:
    for found in _MONTH_YEAR.finditer(text):
        month = month_number(found["mon"])
        yield WrittenPeriod(
            found[0],
            found.start(),
            found.end(),
            "month",
            year=int(found["year"]),
            on=date(int(found["year"]), month, 1),
        )


def _quarters(text: str) -> Iterator[WrittenPeriod]:
    for found in _QUARTER.finditer(text):
        number = found["q1"] or found["q2"]
        quarter = int(number) if number else _ORDINAL_QUARTERS[found["q3"].lower()]
        digits = found["y1"] or found["y2"] or found["y3"]
        year = _full_year(digits) if digits else None
        fiscal = bool(found["fq"] or found["fy"])
        yield WrittenPeriod(
            found[0], found.start(), found.end(), "quarter", year=year, quarter=quarter, fiscal=fiscal
        )


def _years(text: str) -> Iterator[WrittenPeriod]:
    for found in _FISCAL_YEAR.finditer(text):
        fiscal = found["fiscal"].lower() in {"fiscal", "fy"}
        if len(found["year"]) == 2 and found["fiscal"].lower() in {"fiscal", "calendar"}:
            continue  # "fiscal 25" is too odd to read as a year; its digits stay to be judged
        yield WrittenPeriod(
            found[0], found.start(), found.end(), "year", year=_full_year(found["year"]), fiscal=fiscal
        )
    for found in _BARE_YEAR.finditer(text):
        yield WrittenPeriod(found[0], found.start(), found.end(), "year", year=int(found["year"]))


def find_periods(text: str) -> list[WrittenPeriod]:
    """Every period named in `text`, without overlaps (longer, more specific forms win), in text order."""
    taken: list[WrittenPeriod] = []
    covered = bytearray(len(text))  # characters of periods taken: linear in the text, however many
    for finder in (_dates, _months, _quarters, _years):
        for period in finder(text):
            if not any(covered[period.start : period.end]):
                taken.append(period)
                covered[period.start : period.end] = b"\x01" * (period.end - period.start)
    return sorted(taken, key=lambda period: period.start)


def _length(ref: PeriodRef) -> int | None:
    if ref.period_kind != "duration" or ref.period_start is None:
        return None
    return (ref.period_end - ref.period_start).days + 1


def _ends_in_year(end: date, year: int, shift: int = 0) -> bool:
    """A (fiscal) year Y is a period ending in calendar Y, or in the first week of Y+1 (52/53 weeks); for a
    filer that names its years `shift` off that rule (`PeriodRef.year_shift`), also its own name for it."""
    return (
        end.year == year
        or fiscal_year_of(end) == year
        or (shift != 0 and fiscal_year_of(end) + shift == year)
    )


def _backs_quarter(period: WrittenPeriod, ref: PeriodRef) -> bool:
    length = _length(ref)
    if length is not None and not length_matches(length, QUARTER_DAYS):
        return False  # a quarter is three months: not the half year or year to date that ends with it
    if period.year is None or period.quarter is None:
        return True
    # Quarter q of (fiscal) year Y ends 3 × (4 − q) months before a year end that falls in calendar Y
    # (see _ends_in_year); for a calendar-year company that is the calendar quarter.
    return _ends_in_year(shift_months(ref.period_end, 3 * (4 - period.quarter)), period.year, ref.year_shift)


def backs(period: WrittenPeriod, ref: PeriodRef) -> bool:
    """Whether the cited period `ref` is consistent with the written period."""
    if period.kind == "date" and period.on is not None:
        return dates_match(ref.period_end, period.on) or (
            ref.period_start is not None and dates_match(ref.period_start, period.on)
        )
    if period.kind == "duration" and period.on is not None and period.days is not None:
        length = _length(ref)
        return (
            length is not None
            and dates_match(ref.period_end, period.on)
            and length_matches(length, period.days)
        )
    if period.kind == "month" and period.on is not None:
        last = date(period.on.year, period.on.month, calendar.monthrange(period.on.year, period.on.month)[1])
        edges = [ref.period_end] + ([ref.period_start] if ref.period_start else [])
        return any(period.on - END_SLACK <= edge <= last + END_SLACK for edge in edges)
    if period.kind == "quarter":
        return _backs_quarter(period, ref)
    if period.year is None or not _ends_in_year(ref.period_end, period.year, ref.year_shift):
        return False
    # "fiscal 2023" names a whole year (or a date in it); a bare "2023" may sit beside a quarter.
    length = _length(ref)
    return not period.fiscal or length is None or length_matches(length, YEAR_DAYS)


def is_backed(period: WrittenPeriod, refs: Sequence[PeriodRef]) -> bool:
    """Whether any cited period backs the written one."""
    return any(backs(period, ref) for ref in refs)
