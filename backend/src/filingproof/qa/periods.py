"""The reporting period a question asks for, as a target a fact's or cell's period must match.

A fiscal year is named by the calendar year it ends in (NVIDIA's fiscal 2025 ended January 26, 2025);
quarter n of fiscal year Y ends 3 × (4 − n) months before that year's end. Ends and lengths match within
the calendar's slack (`filingproof.calendar`: 52/53-week years move their ends by a few days each year).

Some periods people ask for are seldom printed: the fourth quarter (a 10-K prints the year), the second
half, the trailing twelve months. Each is also a sum of printed periods (`PeriodSum`): Q4 is the year less
its first nine months, the second half the year less its first half, the trailing twelve months the last
fiscal year plus this year to date less the same months a year earlier (the 10-Q's comparative column).
"""

from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Literal

from filingproof.calendar import (
    COUNTED_END_SLACK,
    QUARTER_DAYS,
    YEAR_DAYS,
    dates_match,
    days_in_months,
    fiscal_year_of,
    length_matches,
    long_date,
    naming_shift,
    shift_months,
)
from filingproof.qa.items import PeriodNature
from filingproof.understanding import FilingRef, QueryUnderstanding

TargetKind = Literal["duration", "instant"]


@dataclass(frozen=True)
class Target:
    kind: TargetKind
    end: date
    days: int | None  # length of a duration
    fiscal_year: int | None = None
    quarter: int | None = None
    name: str | None = None  # how a period no cell may print is named ("the second half of fiscal 2024")

    def ends_near(self, day: date) -> bool:
        """Whether a period ending on `day` ends where the target does: its end is mostly counted by months
        from another period's end (`fiscal_year_end`), hence the counted slack."""
        return dates_match(day, self.end, COUNTED_END_SLACK)

    def matches(self, instant: bool, start: date | None, end: date) -> bool:
        if not self.ends_near(end):
            return False
        if self.kind == "instant":
            return instant
        if instant or start is None or self.days is None:
            return False
        return length_matches((end - start).days + 1, self.days)

    def words(self) -> str:
        """The period as the filings print it: "the nine months ended September 30, 2024"; a balance's
        date ("March 29, 2025")."""
        if self.kind == "instant":
            return long_date(self.end)
        months = round((self.days or 0) / 30.4)
        length = {3: "three months", 6: "six months", 9: "nine months", 12: "year"}.get(
            months, f"{months} months"
        )
        return f"the {length} ended {long_date(self.end)}"

    def earlier(self) -> "Target":
        """The same period a year before (the comparative a growth question needs)."""
        year = self.fiscal_year - 1 if self.fiscal_year is not None else None
        return replace(self, end=shift_months(self.end, -12), fiscal_year=year)


def fiscal_year_end(filings: list[FilingRef], year: int) -> date | None:
    """The end of the company's fiscal `year`, from its filings' period ends and fiscal labels."""
    annual = [f for f in filings if f.form == "10-K" and f.fiscal_year is not None]
    for filing in annual:
        if filing.fiscal_year == year:
            return filing.period_end
    reference = annual or [
        f for f in filings if f.fiscal_year is not None and f.fiscal_period in ("Q1", "Q2", "Q3", "Q4")
    ]
    if not reference:
        return None
    filing = max(reference, key=lambda f: f.period_end)
    assert filing.fiscal_year is not None
    if filing.form == "10-K":
        return shift_months(filing.period_end, 12 * (year - filing.fiscal_year))
    quarter = int((filing.fiscal_period or "Q4")[1])
    return shift_months(filing.period_end, 3 * (4 - quarter) + 12 * (year - filing.fiscal_year))


def quarter_end(filings: list[FilingRef], year: int, quarter: int, year_end: date) -> date:
    """The end of fiscal `quarter` of `year`: the period end of the company's 10-Q for it, where one is
    ingested (PepsiCo's third quarter of fiscal 2023, twelve weeks, ended September 9, not September 30),
    else counted back from the year's end in months."""
    for filing in filings:
        if filing.form == "10-Q" and filing.fiscal_year == year and filing.fiscal_period == f"Q{quarter}":
            return filing.period_end
    return shift_months(year_end, -3 * (4 - quarter))


# how far from December 31 a fiscal year may end and still be the calendar year (52/53-week years)
_CALENDAR_SLACK = timedelta(days=7)


def calendar_fiscal_year(filings: list[FilingRef], year: int) -> int | None:
    """The fiscal year that is calendar `year` (ends within a week of its December 31), if the company's is
    one: Oracle's fiscal years end in May, so none of them is calendar 2023."""
    for fiscal in (year, year + 1):
        end = fiscal_year_end(filings, fiscal)
        if end is not None and abs(end - date(year, 12, 31)) <= _CALENDAR_SLACK:
            return fiscal
    return None


def _quarter_ended(filings: list[FilingRef], day: date) -> tuple[int, int] | None:
    """(fiscal year, quarter) of the company's fiscal quarter that ends in the month of `day`, if one does."""
    for fiscal in (day.year, day.year + 1):
        end = fiscal_year_end(filings, fiscal)
        if end is None:
            continue
        months = (end.year - day.year) * 12 + end.month - day.month
        if months in (0, 3, 6, 9):
            return fiscal, 4 - months // 3
    return None


_MONTHS_OF_KIND = {"three_months": 3, "six_months": 6, "nine_months": 9, "twelve_months": 12}
_LENGTHS = {kind: days_in_months(months) for kind, months in _MONTHS_OF_KIND.items()}


_QUARTER_OF_MONTHS = {"six_months": 2, "nine_months": 3}


def _length(u: QueryUnderstanding, quarter: int | None) -> int:
    if u.period_kind in _LENGTHS:
        return _LENGTHS[u.period_kind]
    if u.period_kind == "year_to_date" and quarter is not None:
        return QUARTER_DAYS * quarter
    return QUARTER_DAYS if quarter is not None else YEAR_DAYS


def target_for(
    u: QueryUnderstanding, filings: list[FilingRef], nature: PeriodNature, year: int | None = None
) -> Target | None:
    """The period `u` asks for in one company's filings (`year` overrides the year asked)."""
    if not filings:
        return None
    if nature == "duration" and (
        u.period_kind in ("second_half", "trailing_twelve_months") or _year_it_ends(u, filings) is not None
    ):
        summed = period_sum_for(u, filings, year)
        return summed.asked if summed is not None else None
    if year is None and (u.period_end or u.as_of):
        when = u.period_end or u.as_of
        assert when is not None
        if nature == "instant" or (u.as_of and not u.period_end):
            return Target("instant", when, None, fiscal_year_of(when))
        near = [f for f in filings if dates_match(f.period_end, when)]
        quarterly = bool(near) and all(f.form == "10-Q" for f in near)
        days = _LENGTHS.get(u.period_kind or "", QUARTER_DAYS if quarterly else YEAR_DAYS)
        return Target("duration", when, days, fiscal_year_of(when))
    through = u.through
    if (
        nature == "instant"
        and through is not None
        and u.fiscal_period is None
        and year in (None, through.year)
    ):
        return Target("instant", through, None, fiscal_year_of(through))  # "at the end of June 2023"
    quarter = int(u.fiscal_period[1]) if u.fiscal_period and u.fiscal_period != "FY" else None
    year = year if year is not None else u.fiscal_year
    if year is None:
        latest = _latest(filings, u)
        year = latest.fiscal_year or fiscal_year_of(latest.period_end)
        if quarter is None and latest.form == "10-Q" and latest.fiscal_period not in (None, "FY", "Q4"):
            quarter = int((latest.fiscal_period or "Q4")[1])
    if quarter is None and u.period_kind == "year_to_date" and u.through is not None:
        ended = _quarter_ended(filings, u.through)  # "YTD June 2023": to the end of the quarter ending then
        if ended is not None:
            year, quarter = ended
    if u.calendar_year and quarter is None:
        year = calendar_fiscal_year(filings, year)  # none where the fiscal year is another twelve months
        if year is None:
            return None
    year_end = fiscal_year_end(filings, year)
    if year_end is None:
        return None
    # the first six or nine months of a fiscal year are its year to date at the second or third quarter
    quarter = quarter or _QUARTER_OF_MONTHS.get(u.period_kind or "")
    if quarter is None and u.period_kind == "year_to_date":
        quarter = _latest_quarter_of(filings, year)  # "year-to-date in fiscal 2023": as its last 10-Q reports
    if quarter is None and u.period_kind in ("three_months", "year_to_date"):
        return None  # a quarter-length period without a named quarter: ambiguous
    if quarter is not None:
        end = quarter_end(filings, year, quarter, year_end)
        if nature == "instant":
            return Target("instant", end, None, year, quarter)
        return Target("duration", end, _length(u, quarter), year, quarter)
    if nature == "instant":
        return Target("instant", year_end, None, year)
    return Target("duration", year_end, YEAR_DAYS, year)


def _latest_quarter_of(filings: list[FilingRef], year: int) -> int | None:
    """The quarter of a fiscal year's latest 10-Q among the filings, if any (a year's Q4 is no 10-Q's)."""
    quarters = [
        int(f.fiscal_period[1])
        for f in filings
        if f.form == "10-Q" and f.fiscal_year == year and f.fiscal_period in ("Q1", "Q2", "Q3")
    ]
    return max(quarters, default=None)


def _latest(filings: list[FilingRef], u: QueryUnderstanding) -> FilingRef:
    pool = [f for f in filings if u.form is None or f.form == u.form] or filings
    return max(pool, key=lambda f: (f.period_end, f.form == "10-K"))


@dataclass(frozen=True)
class PeriodSum:
    """A period asked for as a sum of periods filings print: `plus` added, `minus` subtracted."""

    asked: Target
    plus: tuple[Target, ...]
    minus: tuple[Target, ...]
    how: str  # the sum in words, without figures or dates ("the year less its first nine months")
    # whether a figure printed for the asked period itself answers first: not where no filing covers it,
    # whose figures for it are a roll-forward's asides, as an equity statement's quarters are
    printed_first: bool = True


def _duration(end: date, months: int, year: int | None, quarter: int | None = None) -> Target:
    return Target("duration", end, days_in_months(months), year, quarter)


def period_sum_for(
    u: QueryUnderstanding, filings: list[FilingRef], year: int | None = None
) -> PeriodSum | None:
    """The asked period as a sum of printed ones, when it is a fourth quarter, a second half or trailing
    twelve months (else None, as when the company's fiscal calendar is unknown)."""
    if u.period_kind == "trailing_twelve_months":
        return _trailing(u, filings, year)
    ending = _year_it_ends(u, filings)
    quarter_long = u.period_kind in (None, "three_months")
    if quarter_long and ending is None and (first := _first_quarter_of_a_half(u, filings, year)):
        return first
    # (three months that end a fiscal year are its fourth quarter: Visa's "three months ended September 30,
    # 2023")
    quarter_four = quarter_long and (u.fiscal_period == "Q4" or ending is not None)
    if not (quarter_four or u.period_kind == "second_half" or ending is not None):
        return None
    if year is None:
        year = (
            u.fiscal_year
            if u.fiscal_year is not None or u.period_end is None
            else ending or fiscal_year_of(u.period_end)
        )
    if year is None:
        latest = [f for f in filings if f.form == "10-K" and f.fiscal_year is not None]
        if not latest:
            return None
        year = max(latest, key=lambda f: f.period_end).fiscal_year
    assert year is not None
    year_end = fiscal_year_end(filings, year)
    if year_end is None:
        return None
    whole = _duration(year_end, 12, year)
    if quarter_four:
        asked = replace(_duration(year_end, 3, year, 4), name=f"Q4 fiscal {year}")
        return PeriodSum(
            asked,
            (whole,),
            (_duration(quarter_end(filings, year, 3, year_end), 9, year, 3),),
            "the year less its first nine months",
        )
    asked = replace(_duration(year_end, 6, year), name=f"the second half of fiscal {year}")
    return PeriodSum(
        asked,
        (whole,),
        (_duration(quarter_end(filings, year, 2, year_end), 6, year, 2),),
        "the year less its first half",
    )


def _first_quarter_of_a_half(
    u: QueryUnderstanding, filings: list[FilingRef], year: int | None
) -> PeriodSum | None:
    """A first quarter no ingested filing covers, where the second quarter's 10-Q prints the first half:
    the half less its second quarter (Marathon Digital's first quarter of 2023, from its June 10-Q)."""
    asked = target_for(u, filings, "duration", year)
    if asked is None or asked.days is None or not length_matches(asked.days, QUARTER_DAYS):
        return None
    if any(asked.ends_near(filing.period_end) for filing in filings):
        return None  # the quarter's own filing prints it
    if u.period_end is not None and not asked.ends_near(u.period_end):
        return None  # the day the question names ends no such quarter ("… ended April 28, 2024")
    second = next(
        (
            f
            for f in filings
            if f.form == "10-Q"
            and f.fiscal_period == "Q2"
            and asked.ends_near(shift_months(f.period_end, -3))
        ),
        None,
    )
    if second is None or naming_shift(
        second.form, second.period_end, second.fiscal_year, second.fiscal_period
    ):
        # (where the filer names its years otherwise than by their ends, as Home Depot does, a question's
        # "Q1 FY24" may be either year's: no figure is computed for one the filings do not print)
        return None
    year = second.fiscal_year
    return PeriodSum(
        replace(asked, quarter=1, name=f"Q1 fiscal {year}" if year is not None else None),
        (_duration(second.period_end, 6, year, 2),),
        (_duration(second.period_end, 3, year, 2),),
        "the first half less its second quarter",
        printed_first=False,
    )


def ends_fiscal_year(filings: list[FilingRef], day: date, year: int) -> bool:
    """Whether `day` is the end of the company's fiscal `year` (False where its filings do not date it)."""
    year_end = fiscal_year_end(filings, year)
    return year_end is not None and dates_match(day, year_end, COUNTED_END_SLACK)


def _year_it_ends(u: QueryUnderstanding, filings: list[FilingRef]) -> int | None:
    """The fiscal year, as the filer names it, whose last six or three months the question asks for
    ("Jul-Dec 2023" of a calendar year; Lowe's "August 2023 through Feb 2, 2024", its fiscal 2023; Visa's
    "three months ended September 30, 2023"): its second half or fourth quarter, which no statement prints.
    None if the months asked end no fiscal year."""
    if u.period_kind not in ("six_months", "three_months") or u.period_end is None:
        return None
    counted = fiscal_year_of(u.period_end)
    # a filer may name a year by the calendar year it begins in (`calendar.naming_shift`)
    named = (year for year in (counted, counted - 1) if ends_fiscal_year(filings, u.period_end, year))
    return next(named, None)


def _trailing(u: QueryUnderstanding, filings: list[FilingRef], year: int | None) -> PeriodSum | None:
    """The twelve months to the quarter end named (a date, a month, else the latest filing of the year
    named, else the latest filing): a 10-K's year itself, or a 10-Q's year to date joined to the year
    before it."""
    year = year if year is not None else u.fiscal_year
    when = u.period_end or u.as_of or u.through
    pool = [f for f in filings if f.fiscal_year is not None]
    if when is not None:
        pool = [f for f in pool if dates_match(f.period_end, when, COUNTED_END_SLACK)]
    elif year is not None:
        pool = [f for f in pool if f.fiscal_year == year]
    if not pool:
        return None
    last = max(pool, key=lambda f: (f.period_end, f.form == "10-K"))
    assert last.fiscal_year is not None
    name = f"the twelve months ended {long_date(last.period_end)}"
    if last.form == "10-K":
        return PeriodSum(
            replace(_duration(last.period_end, 12, last.fiscal_year), name=name),
            (_duration(last.period_end, 12, last.fiscal_year),),
            (),
            "the fiscal year itself",
        )
    if last.fiscal_period not in ("Q1", "Q2", "Q3"):
        return None
    quarter = int((last.fiscal_period or "Q4")[1])
    before = last.fiscal_year - 1
    prior_end = fiscal_year_end(filings, before)
    if prior_end is None:
        return None
    asked = replace(_duration(last.period_end, 12, last.fiscal_year), name=name)
    return PeriodSum(
        asked,
        (
            _duration(prior_end, 12, before),
            _duration(last.period_end, 3 * quarter, last.fiscal_year, quarter),
        ),
        (_duration(shift_months(last.period_end, -12), 3 * quarter, before, quarter),),
        "the last fiscal year plus this year to date less the same months a year earlier",
    )
