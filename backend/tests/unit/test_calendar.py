"""The calendar every part shares: month names, dates written out, and the slack periods match within.

The strings are the filings' own (covers, column headers, sentences), and the dates the ends of real fiscal
periods: NVIDIA's 52/53-week years ending on the last Sunday of January, Apple's on the last Saturday of
September, PepsiCo's 12- and 16-week quarters.
"""

import re
from datetime import date
from decimal import Decimal

import pytest

from filingproof.calendar import (
    COUNTED_END_SLACK,
    LONG_DATE_PATTERN,
    MONTH_NAME_PATTERN,
    QUARTER_DAYS,
    YEAR_DAYS,
    dates_match,
    days_in_months,
    find_dates,
    fiscal_year_of,
    length_matches,
    long_date,
    month_number,
    naming_shift,
    parse_long_date,
    shift_months,
)
from filingproof.ingest.metadata import month_day
from filingproof.ingest.parse.inline import inline_figures
from filingproof.ingest.parse.periods import DocumentPeriod, Period, parse_column_period


def _days(start: date, end: date) -> int:
    return (end - start).days + 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("September 28, 2024", date(2024, 9, 28)),  # AAPL 10-K cover
        ("Sept. 28, 2024", date(2024, 9, 28)),
        ("SEPTEMBER 28, 2024", date(2024, 9, 28)),
        ("Sep. 28, 2024", date(2024, 9, 28)),  # SEC's R pages
        ("Three Months Ended Jul 27, 2025", date(2025, 7, 27)),  # NVDA 10-Q column header
        ("Year Ended January 26, 2025", date(2025, 1, 26)),
        ("For the fiscal year ended January 31, 2025", date(2025, 1, 31)),  # WMT cover
        ("12 weeks ended September 9, 2023", date(2023, 9, 9)),  # PEP 10-Q
        ("As of December 31, 2023 and 2022", date(2023, 12, 31)),
        ("July 2, 2023", date(2023, 7, 2)),  # PFE 10-Q cover
        ("28 September 2024", date(2024, 9, 28)),
        ("2024-09-28", date(2024, 9, 28)),
        ("9/28/2024", date(2024, 9, 28)),
        ("12/31/23", date(2023, 12, 31)),
    ],
)
def test_a_day_written_out_is_read(text: str, expected: date) -> None:
    assert parse_long_date(text) == expected
    assert re.search(LONG_DATE_PATTERN, text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "February 30, 2024",  # no such day
        "Profit margin 2023",  # RTX, GE: "Mar" is only its first letters
        "Cash dividends declared $0.57 per share",  # BMY: nor is "Dec" of "declared"
        "decreased 124 thousand oil-equivalent barrels per day",  # XOM
        "Three Months Ended",
        "2024 | 2023",
    ],
)
def test_what_names_no_day_is_not_read_as_one(text: str) -> None:
    assert parse_long_date(text) is None


@pytest.mark.parametrize(
    ("word", "number"),
    [("January", 1), ("Jan", 1), ("Sept.", 9), ("SEPT", 9), ("Sep", 9), ("september", 9), ("May", 5)],
)
def test_a_month_name_has_its_number(word: str, number: int) -> None:
    assert re.fullmatch(MONTH_NAME_PATTERN, word) is not None
    assert month_number(word) == number


@pytest.mark.parametrize(
    "word", ["Margin", "Markets", "Marketing", "Declared", "Decreased", "Mayor", "Junior", "Novartis"]
)
def test_a_word_that_starts_like_a_month_is_no_month(word: str) -> None:
    assert re.search(MONTH_NAME_PATTERN, f"{word} 28, 2024") is None
    with pytest.raises(KeyError):
        month_number(word)


def test_dates_are_found_where_the_text_writes_them() -> None:
    question = "What was Apple's revenue for the three months ended March 29, 2025 and as of 9/28/2024?"
    found = find_dates(question)
    assert [d.on for d in found] == [date(2025, 3, 29), date(2024, 9, 28)]
    assert [question[d.start : d.end] for d in found] == ["March 29, 2025", "9/28/2024"]


def test_every_month_prints_and_reads_back() -> None:
    for month in range(1, 13):
        day = date(2024, month, 28)
        assert parse_long_date(long_date(day)) == day
    assert long_date(date(2025, 1, 26)) == "January 26, 2025"


def test_a_fiscal_year_is_named_by_the_year_it_ends_in() -> None:
    assert fiscal_year_of(date(2024, 1, 28)) == 2024  # NVIDIA's fiscal 2024
    assert fiscal_year_of(date(2025, 1, 26)) == 2025  # NVIDIA's fiscal 2025
    assert fiscal_year_of(date(2025, 1, 31)) == 2025  # Walmart's fiscal 2025
    assert fiscal_year_of(date(2024, 9, 28)) == 2024  # Apple's fiscal 2024
    # A 52/53-week year that ends in January's first week is the December year, moved a few days.
    assert fiscal_year_of(date(2021, 1, 3)) == 2020
    assert fiscal_year_of(date(2021, 1, 8)) == 2021


def test_a_52_53_week_year_ends_within_the_slack_of_a_year_before() -> None:
    # NVIDIA's fiscal 2025 ended January 26, 2025: a year after fiscal 2024's end is January 28.
    assert dates_match(shift_months(date(2024, 1, 28), 12), date(2025, 1, 26))
    # Its second quarter of fiscal 2026 ended July 27, 2025: six months after January 26.
    assert dates_match(shift_months(date(2025, 1, 26), 6), date(2025, 7, 27))
    # Apple's fiscal 2024 ended September 28, 2024, fiscal 2023 September 30, 2023 (a 53-week year).
    assert dates_match(shift_months(date(2023, 9, 30), 12), date(2024, 9, 28))
    # A month apart is another period.
    assert not dates_match(date(2024, 12, 31), date(2024, 11, 30))


def test_an_end_counted_across_a_53rd_week_needs_the_counted_slack() -> None:
    counted = shift_months(date(2022, 9, 24), 6)  # Apple's fiscal 2022 end, six months on
    assert counted == date(2023, 3, 24)
    assert not dates_match(counted, date(2023, 4, 1))  # its second quarter of fiscal 2023 ended April 1
    assert dates_match(counted, date(2023, 4, 1), COUNTED_END_SLACK)


def test_week_counted_periods_have_the_lengths_months_name() -> None:
    assert length_matches(_days(date(2024, 1, 29), date(2025, 1, 26)), YEAR_DAYS)  # NVIDIA, 52 weeks
    assert length_matches(_days(date(2022, 9, 25), date(2023, 9, 30)), YEAR_DAYS)  # Apple, 53 weeks
    assert length_matches(_days(date(2022, 9, 25), date(2022, 12, 31)), QUARTER_DAYS)  # Apple, 14 weeks
    assert length_matches(_days(date(2023, 6, 18), date(2023, 9, 9)), QUARTER_DAYS)  # PepsiCo, 12 weeks
    assert length_matches(_days(date(2023, 9, 10), date(2023, 12, 30)), QUARTER_DAYS)  # PepsiCo, 16 weeks
    assert length_matches(_days(date(2023, 1, 1), date(2023, 9, 9)), days_in_months(9))  # PepsiCo, 36 weeks


def test_lengths_a_quarter_or_a_month_apart_do_not_match() -> None:
    lengths = [days_in_months(months) for months in (3, 6, 9, 12)]
    assert lengths == [QUARTER_DAYS, 183, 274, YEAR_DAYS]
    assert not any(length_matches(a, b) for a in lengths for b in lengths if a != b)
    # Four months ending May 31 against three: the added month is February, the shortest.
    assert not length_matches(_days(date(2025, 2, 1), date(2025, 5, 31)), QUARTER_DAYS)


def test_shifting_months_keeps_the_day_or_the_month_end() -> None:
    assert shift_months(date(2024, 3, 31), -1) == date(2024, 2, 29)
    assert shift_months(date(2025, 3, 31), -1) == date(2025, 2, 28)
    assert shift_months(date(2024, 9, 28), -9) == date(2023, 12, 28)
    assert shift_months(date(2023, 12, 31), 3) == date(2024, 3, 31)


def test_a_margin_column_is_a_year_not_march() -> None:
    # RTX 2023 10-K, segment results: "Operating Profit (Loss) Margins" over "2023 | 2022 | 2021". Read as
    # a month, "Mar…" made each margin a balance at March 31.
    rtx_10k = DocumentPeriod(form="10-K", period_end=date(2023, 12, 31), fiscal_year=2023)
    period = parse_column_period("Operating Profit (Loss) Margins 2023", rtx_10k)
    assert period == Period("duration", date(2023, 1, 1), date(2023, 12, 31))


def test_a_figure_after_declared_is_a_figure_not_a_day() -> None:
    # BMY 10-Q: "Dec…" of "declared" took $0.57 for the day of a date.
    figures = inline_figures("Cash dividends declared $0.57 per share")
    assert [(f.value, f.unit) for f in figures] == [(Decimal("0.57"), "USD/share")]
    assert inline_figures("as of December 31, 2024") == []


def test_a_printed_fiscal_year_end_is_written_as_xbrl_writes_it() -> None:
    assert month_day("September 28") == "--09-28"  # AAPL's cover, CurrentFiscalYearEndDate
    assert month_day("SEPTEMBER 28") == "--09-28"
    assert month_day("Sept. 28") == "--09-28"
    assert month_day("--01-26") == "--01-26"  # NVDA, as tagged
    assert month_day("Fiscal year end 12/31") is None


@pytest.mark.parametrize(
    ("form", "period_end", "fiscal_year", "fiscal_period", "shift"),
    [
        ("10-K", date(2024, 1, 28), 2023, "FY", -1),  # Home Depot: fiscal 2023 ended January 28, 2024
        ("10-Q", date(2023, 7, 30), 2023, "Q2", -1),  # its Q2 fiscal 2023
        ("10-K", date(2025, 1, 26), 2025, "FY", 0),  # NVIDIA: fiscal 2025 ended January 26, 2025
        ("10-Q", date(2023, 7, 31), 2024, "Q2", 0),  # Walmart's Q2 fiscal 2024
        ("10-K", date(2024, 9, 28), 2024, "FY", 0),  # Apple
        ("10-K", date(2024, 12, 31), None, None, 0),  # no year on the cover: the calendar's rule
        ("10-K", date(2024, 12, 31), 2026, "FY", 0),  # a mislabelled cover names no convention
    ],
)
def test_how_a_filer_names_its_fiscal_years(
    form: str, period_end: date, fiscal_year: int | None, fiscal_period: str | None, shift: int
) -> None:
    assert naming_shift(form, period_end, fiscal_year, fiscal_period) == shift
