"""Month names, dates written out, and the slack that lets two periods match: one copy for every part.

Ingestion reads dates off column headers and covers ("Sept. 28, 2024", "Three Months Ended Jul 27, 2025"),
the query understanding and the verifier read them in questions and drafts, and table QA and the verifier
compare periods. They all take the month names, the date forms and the tolerances from here, so a header,
a question and a draft that name the same day read it the same way, and two periods that one part calls
the same the others do too. Pure: it imports nothing of the project.

Fiscal years are named by the calendar year they end in (Apple's fiscal 2024 ended September 28, 2024;
NVIDIA's fiscal 2025 ended January 26, 2025). Many filers keep 52/53-week years that end on one weekday in
the last (or nearest) week of a month, so the same period ends on a different day each year: NVIDIA's
fiscal 2024 ended January 28, 2024, its fiscal 2025 January 26, 2025.
"""

import re
from dataclasses import dataclass
from datetime import date, timedelta

MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
MONTH_ABBREVIATIONS = tuple(name[:3] for name in MONTH_NAMES)
# Every way a filing or a question writes a month, lower case, without its period: "sept" is Apple's.
MONTH_NUMBERS: dict[str, int] = {
    **{name: number for number, name in enumerate(MONTH_NAMES, start=1)},
    **{name: number for number, name in enumerate(MONTH_ABBREVIATIONS, start=1)},
    "sept": 9,
}
MONTH_WORDS = frozenset(MONTH_NUMBERS)

# A month's name, whole or abbreviated, in any case, as a word: "January", "SEPT.", "Jul". Not "Marketing"
# or "Decreased" (their first letters spell a month), which a prefix match read as March and December.
MONTH_NAME_PATTERN = (
    r"\b(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
# Month first as digits, the way some tables print their columns: "9/28/2024", "12/31/23".
NUMERIC_DATE_PATTERN = r"(?<![\d/])\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})(?![\d/])"
# A day written out: "September 28, 2024", "Sept. 28, 2024", "28 September 2024", "2024-09-28", "9/28/2024".
# No groups, so that it can sit inside the patterns of the parts that read dates in context.
LONG_DATE_PATTERN = (
    rf"(?:{MONTH_NAME_PATTERN}\s+\d{{1,2}},?\s+\d{{4}}"
    rf"|(?<!\d)\d{{1,2}}\s+{MONTH_NAME_PATTERN},?\s+\d{{4}}"
    r"|(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])"
    rf"|{NUMERIC_DATE_PATTERN})"
)
_DATE = re.compile(
    rf"(?P<m1>{MONTH_NAME_PATTERN})\s+(?P<d1>\d{{1,2}}),?\s+(?P<y1>\d{{4}})"
    rf"|(?<!\d)(?P<d2>\d{{1,2}})\s+(?P<m2>{MONTH_NAME_PATTERN}),?\s+(?P<y2>\d{{4}})"
    r"|(?<![\d-])(?P<y3>\d{4})-(?P<m3>\d{2})-(?P<d3>\d{2})(?![\d-])"
    r"|(?<![\d/])(?P<m4>\d{1,2})/(?P<d4>\d{1,2})/(?P<y4>\d{4}|\d{2})(?![\d/])"
)


@dataclass(frozen=True, slots=True)
class WrittenDate:
    """A day named in a text, and where: `text[start:end]`."""

    on: date
    start: int
    end: int


def month_number(name: str) -> int:
    """1–12 for a month's name as `MONTH_NAME_PATTERN` matched it ("Sept." → 9, "JANUARY" → 1); KeyError for
    a word that names no month."""
    return MONTH_NUMBERS[name.strip().rstrip(".").lower()]


def _day_of(match: re.Match[str]) -> date | None:
    for n in "1234":
        if match[f"y{n}"] is None:
            continue
        month_text, year = match[f"m{n}"], int(match[f"y{n}"])
        month = int(month_text) if month_text.isdigit() else month_number(month_text)
        year += 2000 if year < 100 else 0  # "12/31/23"
        try:
            return date(year, month, int(match[f"d{n}"]))
        except ValueError:
            return None  # "February 30, 2024" names no day
    return None


def find_dates(text: str) -> list[WrittenDate]:
    """Every day `text` writes out (`LONG_DATE_PATTERN`), in order; impossible ones are skipped."""
    found = []
    for match in _DATE.finditer(text):
        if (day := _day_of(match)) is not None:
            found.append(WrittenDate(day, match.start(), match.end()))
    return found


def parse_long_date(text: str) -> date | None:
    """The first day `text` writes out: "September 28, 2024", "Sept. 28, 2024", "Jul 27, 2025", "9/9/2023"."""
    dates = find_dates(text)
    return dates[0].on if dates else None


def long_date(day: date) -> str:
    """The way filings print a day: "January 26, 2025"."""
    return f"{MONTH_NAMES[day.month - 1].capitalize()} {day.day}, {day.year}"


def day_in_month(year: int, month: int, day: int) -> date:
    """That day of that month, or the month's last where it is shorter: (2023, 2, 29) → February 28;
    (year, month, 31): the month's last day."""
    last = ((date(year + month // 12, month % 12 + 1, 1)) - timedelta(days=1)).day
    return date(year, month, min(day, last))


def shift_months(day: date, months: int) -> date:
    """The same day of the month `months` later (earlier when negative), clamped to the month's last day."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return day_in_month(year, month + 1, day.day)


# The tolerances every part compares periods with.
#
# A 52/53-week year ends on a fixed weekday in a month's last (or nearest) week, so the same fiscal period
# ends up to 6 days away from where it ended a year before (NVIDIA: January 28, 2024; January 26, 2025), and
# a date printed for it (in a header, a question, a draft) is the same period when it lies within a week.
# A week's slack matches these and still tells apart ends a month or more apart.
END_SLACK = timedelta(days=7)
# An end counted by months from another period's end (the quarters of a fiscal year, from the 10-K's end)
# is further off where a 53rd week sits between the two: Apple's second quarter of fiscal 2023 (a 53-week
# year) ended April 1, 2023, while six months after fiscal 2022 ended (September 24, 2022) is March 24, 8
# days earlier. Ten days cover it, still far from the next month's end.
COUNTED_END_SLACK = timedelta(days=10)
# Lengths are compared against months of 365.25 / 12 days (`days_in_months`), which 52/53-week calendars
# count in weeks: PepsiCo's "36 weeks ended September 9, 2023" is 252 days where nine months are 274, its
# 16-week fourth quarter 112 days where three months are 91, and a 53-week year 371 days. A slack under the
# shortest month (28 days) covers them and still tells apart any two lengths a month or more apart, and so a
# quarter, a half, nine months and a year.
LENGTH_SLACK_DAYS = 27
QUARTER_DAYS = 91
YEAR_DAYS = 365


def days_in_months(months: int) -> int:
    """The nominal length of `months` months in days: 3 → 91, 6 → 183, 9 → 274, 12 → 365."""
    return round(months * 365.25 / 12)


def dates_match(first: date, second: date, slack: timedelta = END_SLACK) -> bool:
    """Whether two dates name the same period end (or start), within `slack`: `END_SLACK` for two printed
    dates, `COUNTED_END_SLACK` where one was counted by months from another period's end."""
    return abs(first - second) <= slack


def length_matches(days: int, nominal: int) -> bool:
    """Whether a period `days` long is the length `nominal` names (a quarter, a year), within the slack."""
    return abs(days - nominal) <= LENGTH_SLACK_DAYS


def fiscal_year_of(end: date) -> int:
    """The fiscal year a period ending on `end` belongs to: the calendar year it ends in, except that a
    52/53-week year ending in January's first week (December's last, moved) belongs to the year before."""
    return (end - END_SLACK).year


def naming_shift(form: str, period_end: date, fiscal_year: int | None, fiscal_period: str | None) -> int:
    """How many years a filer's name for a fiscal year is off `fiscal_year_of` its end: -1 for filers that
    name a year by the calendar year it begins in (Home Depot's fiscal 2023 ended January 28, 2024), else 0.
    Read from a filing's own fiscal year (its cover, `dei:DocumentFiscalYearFocus`); a 10-Q's is the year
    that ends 3 × (4 − q) months after its quarter."""
    if fiscal_year is None:
        return 0
    year_end = period_end
    if form != "10-K" and fiscal_period in ("Q1", "Q2", "Q3"):
        year_end = shift_months(period_end, 3 * (4 - int(fiscal_period[1])))
    shift = fiscal_year - fiscal_year_of(year_end)
    return shift if shift == -1 else 0  # anything else is a mislabelled cover, not a way of naming years
