"""The period of each cell of one table: an ordered list of named rules, the first that answers wins.

Columns name most periods ("Three Months Ended Jul 27, 2025", `periods.parse_column_period`). Where they
do not, or where a row says otherwise, the table still says it: a section heading ("Six months ended June
30, 2023"), dated balance rows (the rows between "Balance at December 31, 2022" and "Balance at June 30,
2023" are that half-year's flows), maturity buckets (future years: amounts owed at the report date), stock
cues ("fair value", "as of"), the row's own words (assets are balances, revenue is a flow); failing all,
the document's own period.

`TablePeriods` reads once what the whole table says (is it a roll-forward, a maturity schedule, which rows
move a balance) and follows the section headings as the rows are walked. `TablePeriods.for_cell` puts one
cell's question (`CellContext`) to `PERIOD_RULES` in order; the answer names the rule that gave it. Each
rule's docstring shows a row it decides, from the corpus filing it names; `tests/unit/test_period_rules.py`
holds that table for every rule.
"""

import calendar
import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from filingproof.calendar import (
    COUNTED_END_SLACK,
    END_SLACK,
    LONG_DATE_PATTERN,
    MONTH_NAME_PATTERN,
    dates_match,
    month_number,
    parse_long_date,
)
from filingproof.ingest.parse.inline import inline_figures
from filingproof.ingest.parse.periods import (
    LONG_DATE_RE,
    DocumentPeriod,
    Period,
    caption_months,
    fiscal_year_end,
    is_stock_column,
    months_before,
    months_in,
    parse_column_period,
)

_BALANCE_ROW_RE = re.compile(
    r"^(?:total\s+(?:\S+\s+){0,3})?balances?\b|^(?:total\s+)?(?:beginning|ending|as of)\b|"
    r"\b(?:beginning|ending)\s+(?:of\s+(?:the\s+)?(?:year|period)\s+)?balances?\b|"
    r"balances?,?\s+(?:at|as of|beginning|end)\b|"
    r"\b(?:beginning|end)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|"
    r"\bend\s+of\s+(?:fiscal\s+)?(?:19|20)\d{2}$|"  # "Funded status at end of 2023"
    rf"\b(?:at|as of|on)\s+{LONG_DATE_PATTERN}|^{LONG_DATE_PATTERN}$|[-–—]\s*{LONG_DATE_PATTERN}$|"
    # "Outstanding January 1, 2021"; "Options outstanding, January 1, 2023", "Exercisable, September 30,
    # 2024" (stock option activity)
    r"(?:^(?:outstanding|(?:non|un)-?vested),?|\b(?:outstanding|exercisable|vested|nonvested|unvested),)"
    rf"\s+{LONG_DATE_PATTERN}$|"
    rf"\b(?:at|as of)\s+{MONTH_NAME_PATTERN}\s+\d{{1,2}}$|"  # "Cash … at June 30", the year the column's
    rf",\s+{MONTH_NAME_PATTERN}\s+\d{{1,2}}$|"  # "Gross unrecognized tax benefits, December 31"
    r"^(?:(?!\b(?:on|of|to|from|in|for)\b).)*\bbalance$",  # "GE shareholders' equity balance"
    re.IGNORECASE,
)
_BEGINNING_RE = re.compile(r"beginning|start of|\bopening balances?\b", re.IGNORECASE)
_END_RE = re.compile(r"\bend(?:ing)?\b", re.IGNORECASE)
_FUTURE_ROW_RE = re.compile(
    r"^(?:(?:fiscal\s+)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)?\d{2,4})?(?:\s*\([^)]*\))?$|thereafter\b|"
    r"due\s+(?:in|within|after)\b|"
    r"(?:less than|within|after|more than)\s+(?:one|1)\s+year)",
    re.IGNORECASE,
)
_FUTURE_YEAR_RE = re.compile(r"(?:fiscal\s+)?((?:19|20)\d{2})", re.IGNORECASE)
_STOCK_CUES_RE = re.compile(
    r"\bas of\b|\bas at\b|balance sheets?|financial position|fair value|carrying|amortized cost|outstanding|"
    r"maturit|remaining|\bfuture\b|thereafter|payments? due|unrecognized|accrued|gross unrealized",
    re.IGNORECASE,
)
_DATE_ALONE_RE = re.compile(rf"^{LONG_DATE_PATTERN}$", re.IGNORECASE)
_DATE_HEADING_RE = re.compile(rf"^(?:(?:as of|at)\s+)?{LONG_DATE_PATTERN}:?$", re.IGNORECASE)
_FISCAL_HEADING_RE = re.compile(r"^(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})$", re.IGNORECASE)
# Balances under any column: "Total assets", "Long-lived assets", "Unrecognized compensation cost".
_BALANCE_NOUN_RE = re.compile(
    r"^(?:total\s+)?(?:long-lived|identifiable|segment)?\s*assets\b|^unrecognized compensation\b",
    re.IGNORECASE,
)
_STANDING_COLUMN_RE = re.compile(
    r"\bauthorized\b|\bpar value\b|\bnumber of (?:plaintiffs|claimants|claims|cases|lawsuits)\b|"
    rf"^(?:\S+\s+)?(?:at|as of)\s+{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}}\b",
    re.IGNORECASE,
)
_OBTAINED_RE = re.compile(r"acquired|obtained|exchange|additions", re.IGNORECASE)
_DURING_YEAR_RE = re.compile(r"\bduring (?:fiscal (?:year )?)?((?:19|20)\d{2})$", re.IGNORECASE)
# "Portion of total net sales that was included in deferred revenue at the beginning of the period": a flow.
# So is "Net unrealized gains recognized during the year related to securities held at the end of the year".
_PORTION_RE = re.compile(
    r"^(?:portion|amount|revenue|net sales) .*\b(?:included|recognized) in\b|\bduring the (?:year|period)\b",
    re.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER_ROW_RE = re.compile(
    r"\b(first|second|third|fourth) quarter of (?:fiscal )?((?:19|20)\d{2})$", re.IGNORECASE
)
_TO_DATE_RE = re.compile(r"\bto[- ]date\b|\bsince inception\b", re.IGNORECASE)
_FOOTNOTE_RE = re.compile(r"(?<=[a-z])\d{1,2}$|(?<=\b(?:19|20)\d\d)\d$|\s*\(\d{1,2}\)$|\s*\([a-z]\)$|[*†‡]+$")
_AS_OF_RE = re.compile(r"\bas of\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})")
_STOCK_ROW_RE = re.compile(
    r"\bassets?\b|liabilit|\bdebt\b|borrowings|obligations?\b|equity\b|\breserves?\b|allowance|inventor|"
    r"receivable|payable|goodwill|intangible|property|deferred (?:tax|revenue|income\b(?!\s+tax))|accrued|"
    r"\bcash(?: and|,) cash equivalents\b|restricted cash|securities\b|investments\b|carrying|fair value|"
    r"outstanding|unrecognized|funded status|net (?:amount|liability|asset)s? recognized",
    re.IGNORECASE,
)
_FLOW_ROW_RE = re.compile(
    r"revenues?|sales\b|expenses?\b|costs?\b|income\b|earnings|gains?\b|loss(?:es)?\b|provision|proceeds|"
    r"cash flows?\b|"
    r"payments|purchases|repayments|depreciation|amortization|compensation|dividends|repurchases|issuances?|"
    r"net change|ebitda|acquisitions?\b|"
    r"weighted[- ]average (?:number of )?(?:basic |diluted )?(?:common )?shares|"
    r"increases?|decreases?|additions|deductions|charged|benefits?\b(?!\s+obligations?)|impairment|write-?offs?|"
    r"\breturns? on\b|\bchanges? in\b|\bgrant(?:ed|s)?\b|\bspending\b|\bexpenditures?\b",
    re.IGNORECASE,
)
_AT_MONTH_DAY_RE = re.compile(rf"\b(?:at|as of)\s+({MONTH_NAME_PATTERN})\s+(\d{{1,2}})$", re.IGNORECASE)
_DUE_BEFORE_RE = re.compile(
    r"\b(?:due|matur(?:es|ing|ity)|expir(?:es|ing))\s*(?:on\s+|in\s+)?$", re.IGNORECASE
)
# The line items of a statement of operations, over columns: "Sales", "Cost of Products Sold", "R&D Expense".
_FLOW_COLUMN_RE = re.compile(
    r"^(?:net )?(?:sales|revenues?)$|^cost of (?:products|goods|sales|revenues?)\b|^[\w&/() -]*\bexpenses?\b|"
    r"^sg&a$",
    re.IGNORECASE,
)
_SALES_CAPTION_RE = re.compile(
    r"(?:our |the )?(?:net )?(?:sales|revenues?)\b(?!.*\b(?:assets?|liabilit\w*|balances?|recognized from)"
    r"\b)",
    re.IGNORECASE,
)
_CASH_FLOWS_RE = re.compile(r"statements? of (?:consolidated )?cash flows?", re.IGNORECASE)
_AS_OF_COLUMN_RE = re.compile(r"\bas (?:of|at)\b|\bbalance|\bat\b", re.IGNORECASE)
# A column that prints a day and no year ("September 30 (in thousands)"), and a caption about quarters.
_MONTH_DAY_COLUMN_RE = re.compile(
    rf"^(?:(?:three months|quarters?) ended\s+)?({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}})\b"
    r"(?!,?\s*(?:19|20)\d{2})",
    re.IGNORECASE,
)
# A day without its year, the year left to the columns: a caption's "… at December 31 were as follows:", a
# column's "as of December 31 (in millions) 2023", "2023 At December 31, Net Amount".
_AT_DAY_WITHOUT_YEAR_RE = re.compile(
    rf"\b(?:at|as of)\s+{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}}\b(?!,?\s*(?:19|20)\d{{2}})", re.IGNORECASE
)
_AT_YEARS_CAPTION_RE = re.compile(
    r"\b(?:at|as of)\s+(?:the\s+end\s+of\s+(?:fiscal\s+)?(?:years?\s+)?|"
    rf"{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}},?\s+)(?:19|20)\d{{2}},?\s+and\s+(?:19|20)\d{{2}}\b",
    re.IGNORECASE,
)
# Where a sentence ends: "… of $0.9 million. The Company …" (not "U.S. federal", "No. 1").
_SENTENCE_END_RE = re.compile(r"(?<=[a-z\d)%])\.\s+(?=[A-Z])")
# An earnings per share computation, or the shares it leaves out: "the calculation of basic and diluted net
# earnings (loss) per share", "… excluded from the computation of diluted net loss per share …".
_PER_SHARE_COMPUTATION_RE = re.compile(
    r"\b(?:comput|calculat)\w*\s+of\s+(?:\w+\s+){0,6}?(?:earnings|income|loss)\s+(?:\(loss\)\s+)?per\s+"
    r"(?:common\s+)?share|\banti-?dilutive\b",
    re.IGNORECASE,
)
_DEFERRED_TAX_BALANCES_RE = re.compile(r"\bdeferred (?:income )?tax (?:assets?|liabilit)", re.IGNORECASE)
_QUARTERLY_RE = re.compile(r"\bquarterly\b|\bquarters?\b", re.IGNORECASE)
# A row that ends on a day without its year: "Balance, January 1", "Balance at May 1,", "Fair value
# January 1".
_OPENING_DAY_RE = re.compile(rf"(?:^|[\s,—–-])({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}}),?$", re.IGNORECASE)
# A length that ends on a day without its year: "Six months ended June 30 V %".
_ENDED_MONTH_DAY_RE = re.compile(
    rf"\bended\s+({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}})\b(?!,?\s*(?:19|20)\d{{2}})", re.IGNORECASE
)
_MONTH_DAY_END_RE = re.compile(rf"[-–—]\s*({MONTH_NAME_PATTERN})\s+(\d{{1,2}})$", re.IGNORECASE)


Acquisition = tuple[date, str]  # the day of an acquisition, and the rest of the sentence that dates it


@dataclass(frozen=True, slots=True)
class CellPeriod:
    period: Period
    rule: str  # the name of the rule of PERIOD_RULES that gave it


class TablePeriods:
    """What one table says about the periods of its cells; `for_cell` answers for one cell.

    Built from the table's text and row labels before its rows are walked; `observe_heading` follows the
    section headings ("Six months ended June 30, 2023") as the walk meets them.
    """

    def __init__(
        self,
        document: DocumentPeriod,
        table_text: str,
        row_labels: list[str],
        headings: frozenset[int] = frozenset(),  # header rows, and rows with a label and no figure
        caption: str = "",  # the prose that introduces it: the end of the prose before it, its title
        prose: str = "",  # the prose before it, further back
        earlier_acquisitions: Sequence[Acquisition] = (),  # those the whole document dates before it
    ) -> None:
        self.document = document
        self.months = 3 if document.form.upper().startswith("10-Q") else 12
        self.caption = caption or table_text  # the prose just before the table too
        self.stock_table = bool(_STOCK_CUES_RE.search(table_text))
        # A statement of balances by its title: "STATEMENT OF FINANCIAL POSITION" (GE), "Balance Sheets".
        self.balance_sheet = bool(_BALANCE_SHEET_RE.search(table_text))
        # A table about leases, by its words or its introduction's: its discount rates are the leases' own.
        self.leases = bool(_LEASES_RE.search(f"{table_text} {_last_sentence(caption)}"))
        # Gross amounts, what has accumulated against them and what is left: carrying amounts.
        self.carrying_amounts = bool(_ACCUMULATED_AGAINST_RE.search(table_text))
        # Its balance rows aside, all flows; the statement's title may be the prose just before it.
        self.cash_flows = bool(_CASH_FLOWS_RE.search(f"{table_text} {caption[-200:]}"))
        introduction = self._read_introduction(table_text, caption, prose)
        row_labels = [_FOOTNOTE_RE.sub("", label) for label in row_labels]  # "… at end of year1"
        self.row_labels = row_labels
        self.names_due_dates = any(_DUE_RE.search(label) for label in row_labels)  # "Fixed-rate notes due:"
        # Rows dated by when something happened: "Issue Date" over "April 18, 2023" (WMT Q2 2024 10-Q).
        stub = [row_labels[row] for row in headings if row < len(row_labels)]
        self.event_dates = any(_EVENT_DATE_RE.match(label) for label in stub)
        # Rows that each print a day alone and nothing else ("July 27, 2024", "July 29, 2023" under "Years
        # Ended", CSCO stock repurchases): each row is a stretch that ends that day, not a balance.
        self.rows_are_days = _rows_are_days(row_labels, headings)
        self._read_rollforward(row_labels, headings)
        self.columns_roll_forward = False  # its columns move a balance between two dated columns
        self.section: Period | None = None
        self.header_span = _SPAN_WITHOUT_YEAR_RE.search(table_text)  # "nine months ended September 30"
        self.balance_heading: Period | None = None  # the last dated balance heading met ("Balance at …")
        self.section_months: int | None = None
        # A date in the stub of the header rows ("July 29, 2023" above the row labels, the columns naming
        # only what they measure) dates the columns that name no period.
        self.header_period = _header_stub_period(row_labels, headings, document)
        # A 10-Q's rows from the day its fiscal year opened ("Balance at January 1"): the year to date.
        self.year_to_date = self.months == 3 and any(
            _opens_the_fiscal_year(label, document) for label in row_labels
        )
        self._read_kinds(row_labels, headings, caption, table_text)
        # Dates that end three successive fiscal years, over a table its introduction and rows do not say
        # holds balances ("… notional amounts for outstanding derivatives … at the end of each period", INTC).
        self.three_year_ends = (
            self.kind != "stock"
            and not _STOCK_CUES_RE.search(introduction)
            and _three_year_ends(table_text, document)
        )
        self.per_share_computation = bool(_PER_SHARE_COMPUTATION_RE.search(f"{introduction} {table_text}"))
        # The acquisitions the prose before a purchase price allocation dates, and the sentence of each.
        allocation = _ACQUISITION_TABLE_RE.search(f"{caption} {table_text}")
        self.acquisitions = acquisitions_in(prose) if allocation else []
        self.earlier_acquisitions = earlier_acquisitions if allocation else ()

    def _read_introduction(self, table_text: str, caption: str, prose: str) -> str:
        """The period and the day the table's introduction names (`caption_period`, `as_of`); returns the
        sentence that introduces it."""
        as_of = _AS_OF_RE.search(table_text)
        # The one period the sentence introducing the table names: "The following table presents
        # earnings per share for the three months ended June 30, 2022:" (V, Q3 10-Q).
        self.caption_period = None if as_of else caption_period(caption, self.document)
        introduction = _last_sentence(prose[-300:] if prose.rstrip().endswith(":") else caption)
        if self.caption_period is None and not as_of and _FOR_THE_PERIOD_RE.search(introduction):
            # The sentence that ends the prose on a colon introduces the table, before the title that
            # follows it ("… during the six months ended June 30, 2023 …: Debt Repurchases", AMC).
            self.caption_period = period_of_a_sentence(introduction, self.document)
        span_end = self.caption_period.end if self.caption_period else None
        self.as_of = parse_long_date(as_of[1]) if as_of else caption_date(caption) or span_end
        self.issued_on = issue_day(caption)
        return introduction

    def _read_rollforward(self, row_labels: list[str], headings: frozenset[int]) -> None:
        """Whether the rows roll a balance forward, and where its balances, blocks and movements are."""
        document = self.document
        # A roll-forward opens and closes with balances; its other rows are the period's flows.
        balance_rows = [
            row
            for row, label in enumerate(row_labels)
            if _BALANCE_ROW_RE.search(label) and not self.maturity_date(label)
        ]
        balances = [row_labels[row] for row in balance_rows]
        month_day_rows = [row for row, label in enumerate(row_labels) if _MONTH_DAY_END_RE.search(label)]
        month_days = [row_labels[row] for row in month_day_rows]
        # Where the roll-forward opens: rows above it are not its movements ("Trade receivables" above
        # "Allowance, beginning of year", PEP).
        self.opening_row = min([*balance_rows, *month_day_rows], default=0)
        self.rollforward = len(month_days) >= 2 or (
            any(_BEGINNING_RE.search(b) for b in balances) and any(_END_RE.search(b) for b in balances)
        )
        # Blocks that each open with "Beginning balance" and close on a line that names the balance alone
        # ("Retained earnings", "Benefit plans AOCI"): that line is the block's closing balance.
        self.closing_lines = _closing_lines(row_labels, headings)
        movements = _movement_rows(row_labels, headings) if self.rollforward else frozenset()
        self.movement_rows = movements - self.closing_lines
        # In a 10-Q, a roll-forward from the "Balance, beginning of year" runs over the year to date.
        from_year_start = any(_YEAR_START_RE.search(b) for b in balances)
        self.rollforward_months = _year_to_date_months(document) if from_year_start else self.months
        self.between_blocks = _between_blocks(row_labels, headings) if self.rollforward else frozenset()
        self.opening_parts = (
            _opening_parts(row_labels, headings, balance_rows) if self.rollforward else range(0)
        )
        # Rows of future years ("2026", "Thereafter"): amounts owed at the report date, and their totals too.
        self.maturity_schedule = sum(map(self.future_row, row_labels)) >= 2
        self.closing_row = balance_rows[-1] if self.rollforward and balance_rows else len(row_labels)
        # The first balance at the end after the last opening one: "Cash … including restricted, at end of
        # year" above "Less restricted cash …" and "Cash and cash equivalents at end of year" (BA).
        last_opening = max((row for row in balance_rows if _BEGINNING_RE.search(row_labels[row])), default=-1)
        self.first_closing_row = next(
            (
                row
                for row in balance_rows
                if row > last_opening
                and _END_RE.search(row_labels[row])
                and not _BEGINNING_RE.search(row_labels[row])
            ),
            self.closing_row,
        )
        # Headings too, where two or more head dated balances, in the order of time ("Balance, December 31,
        # 2021" … "Balance, December 31, 2022" over each balance's rows, CMCSA goodwill): the rows between
        # them move it. (Not blocks of balances, latest first: "Balance at December 31, 2023" … 2022, RKT.)
        dated_headings = [row for row in balance_rows if row in headings and _dated_balance(row_labels[row])]
        heading_dates = [day for row in dated_headings if (day := row_date(row_labels[row])) is not None]
        moving = len(heading_dates) > 1 and heading_dates == sorted(heading_dates)
        self.balance_dates = [
            (row, dated)
            for row in balance_rows
            if (row not in headings or (moving and row in dated_headings))
            and (dated := row_date(row_labels[row]) or self._year_end_named(row_labels[row])) is not None
        ]

    def _read_kinds(
        self, row_labels: list[str], headings: frozenset[int], caption: str, table_text: str
    ) -> None:
        """What most rows are (balances or flows), and what the caption says they are."""
        self.total_kinds = _total_kinds(row_labels, headings)
        # Rows that print a day alone ("January 1" … "December 31"): a roll-forward's balances by their days.
        self.day_rows = [
            row for row, label in enumerate(row_labels) if _DAY_ALONE_RE.fullmatch(label.strip())
        ]
        # What most rows that say so are: a schedule of balances (property, plan assets) or of flows.
        kinds = [_row_kind([label]) for label in row_labels]
        stocks, flows = kinds.count("stock"), kinds.count("flow")
        self.kind = "stock" if stocks > flows else "flow" if flows > stocks else None
        # Flows by far (a statement of operations, a cost breakdown), or by what the caption is about
        # ("Net sales by product category were:"), whatever its columns print.
        introduction = _last_sentence(caption)
        about_sales = bool(_SALES_CAPTION_RE.match(introduction.strip()))
        # "… deferred tax assets/(liabilities) at December 31 were as follows:": balances, at that day of
        # the years the columns print. (Not "for the years ended December 31, and the balance at …".) So are
        # the components of deferred tax assets and liabilities, unless the table rolls them forward.
        day_given = bool(_AT_DAY_WITHOUT_YEAR_RE.search(introduction)) and not months_in(introduction)
        # "… at December 31, 2023 and 2022 are as follows:", "… at the end of fiscal years 2023 and 2022".
        day_given |= bool(_AT_YEARS_CAPTION_RE.search(introduction)) and not self.rollforward
        deferred_taxes = bool(_DEFERRED_TAX_BALANCES_RE.search(f"{introduction} {table_text}"))
        self.balances_dated = day_given or (deferred_taxes and not self.rollforward)
        # The last line sums a balance ("Other current liabilities"), the lines above being its parts.
        last = next((label for label in reversed(row_labels) if label), "")
        self.sums_a_balance = (
            _label_kind(last) == "stock" and not self.rollforward and not _BALANCE_ROW_RE.search(last)
        )
        self.flows_only = not self.stock_table and ((flows >= 3 and flows >= 3 * stocks) or about_sales)

    def observe_heading(self, label: str) -> None:
        """A heading row: "Six months ended June 30, 2023", "Six Months Ended" or "Fiscal Year 2024"."""
        period = None
        months = months_in(label)
        if months:
            period = parse_column_period(label, self.document)
            self.section_months = months
        elif match := _FISCAL_HEADING_RE.match(label.strip()):
            # "2023" under a header that gives the length and the day: "(For the nine months ended September
            # 30, in millions)" (TRV Q3 2023 10-Q, segments) → nine months to 2023-09-30.
            span = f"{self.header_span[0]}, " if self.header_span else ""
            period = parse_column_period(f"{span}{match[1]}", self.document)
        elif _DATE_HEADING_RE.match(label.strip()) and (dated := parse_long_date(label)) is not None:
            period = Period("instant", None, dated)  # "December 31, 2024": the balances at that date
        elif (month_end := _month_end(label)) is not None:
            period = Period("instant", None, month_end)  # "January 2023" over the notes issued that month
        elif _dated_balance(label) and (dated := row_date(label)) is not None:
            # "Balance at December 31, 2022" over a block of balances (RKT 2023 10-K, fair values): that
            # date, for the rows whose columns name none. (Dated balance headings in the order of time
            # bracket the movements between them instead.)
            self.balance_heading = Period("instant", None, dated)
        if period is not None:
            self.section = period

    def for_cell(
        self,
        row: int,
        label: str,
        column: Period | None,
        *,
        column_label: str = "",
        inline: bool = False,
        path: Sequence[str] = (),
    ) -> CellPeriod:
        """The period of a cell in `row`, under a column that names `column` (None: names none)."""
        label = _FOOTNOTE_RE.sub("", label)  # "Benefit obligation at beginning of year1", "Total (3)"
        maturity = self.maturity_date(label)
        in_block = column
        # A later block of the table: "As of December 31, 2024" over the same headers as the first block.
        if column is not None and self.section is not None and self.section.kind == column.kind == "instant":
            in_block = self.section
        cell = CellContext(
            table=self,
            row=row,
            label=label,
            column=in_block,
            printed_column=column,
            column_label=column_label,
            inline=inline,
            path=path,
            # (Under "Issue Date", the day something happened, not the day of the row's balances.)
            dated=None
            if self.event_dates or maturity
            else self._past(row_date(label) or self._year_end_named(label)),
            balance_row=bool(_BALANCE_ROW_RE.search(label))
            and not _PORTION_RE.search(label)
            and not self.event_dates
            and not maturity,
        )
        for rule in PERIOD_RULES:
            if (period := rule(cell)) is not None:
                return CellPeriod(period, rule.__name__)
        raise AssertionError("the last rule answers every cell")

    def sentence_period(self, text: str, at: int) -> CellPeriod | None:
        """The one period of a length the sentence a figure is written in names (at `at` in `text`), for a
        figure no column dates: "$14.2 million" in "… the Company paid taxes for restricted unit withholdings
        of approximately $14.2 million during the six months ended June 30, 2023." (AMC Q2 2023 10-Q) → the
        six months to 2023-06-30. None where it names no such period, or a date too."""
        start = max((match.end() for match in _SENTENCE_END_RE.finditer(text, 0, at)), default=0)
        end = _SENTENCE_END_RE.search(text, at)
        sentence = text[start : end.start() if end else len(text)]
        if (listed := _respective_length(sentence, at - start, self.document)) is not None:
            return CellPeriod(listed, "length_its_sentence_lists")
        period = period_of_a_sentence(re.split(r":\s", sentence)[-1], self.document)
        return None if period is None else CellPeriod(period, "period_its_sentence_names")

    def spread_period(self, text: str, at: int) -> CellPeriod | None:
        """A spread written over a reference rate, the figure at `at` in `text`: "0.35%" in "Floating Rate
        (SOFR + 0.35%) 1.5-Year Senior Notes" (TMO 2023 10-K), "0.70%" in "EURIBOR plus 0.70%" (JCI 2024
        10-K) → the document's year to date: the terms the debt carried over it, not a balance."""
        if _SPREAD_BEFORE_RE.search(text, 0, at) is None:
            return None
        parts = (self.document.fiscal_part(1, months) for months in (12, 9, 6, 3))
        year_to_date = next((part for part in parts if part is not None), None)
        return None if year_to_date is None else CellPeriod(year_to_date, "spread_over_the_period")

    def maturity_date(self, label: str) -> bool:
        """A row that prints a date alone, later than the report's: the day a debt falls due, not the date
        of its figures: "March 27, 2025" × "Book Value Outstanding as of May 31, 2024" (NKE 2024 10-K,
        long-term debt)."""
        dated = parse_long_date(label) if _DATE_ALONE_RE.match(label.strip()) else None
        return dated is not None and dated > self.document.period_end + END_SLACK

    def _year_end_named(self, label: str) -> date | None:
        """The end of the fiscal year a balance row names: "Funded status at end of 2023" → 2023-12-31."""
        match = _END_OF_YEAR_RE.search(label)
        return None if match is None else fiscal_year_end(int(match[1]), self.document)

    def _past(self, day: date | None) -> date | None:
        """A date a row names, unless it is well after the report's: the day a debt matures ("March 27,
        2025" under "Scheduled Maturity", NKE 2024 10-K), not the day of the row's figures. (The cover's
        "… outstanding as of January 24, 2024", a few weeks after the report date, is the day of its
        figure.)"""
        return day if day is None or day <= self.document.period_end + _FILING_LAG else None

    def future_row(self, label: str) -> bool:
        """ "2026", "Thereafter", "Due within one year": a maturity bucket (a year after the report's)."""
        match = _FUTURE_ROW_RE.match(label)
        if match is None:
            return False
        year = _FUTURE_YEAR_RE.match(label)
        return year is None or int(year[1]) > self.document.period_end.year

    def acquired_on(self, column_label: str) -> date | None:
        """The day of the acquisition whose sentence names the column ("CorEvitas": "On August 14, 2023, the
        company acquired, …, CorEvitas, LLC"); for a column that names no business ("(In millions)", "Fair
        Value", "Final Allocation"), the last one the prose dates. Failing the prose just before the table,
        the document's earlier prose."""
        name = _NOT_A_NAME_RE.sub("", column_label).strip()
        if not name or _GENERIC_COLUMN_RE.fullmatch(name):
            latest = self.acquisitions or self.earlier_acquisitions
            return latest[-1][0] if latest else None
        # The business's own sentence, in the prose before the table, else earlier in the document (a
        # section of the year's deals that dates each before a table that allocates them all).
        for acquisitions in (self.acquisitions, self.earlier_acquisitions):
            named = {day for day, said in acquisitions if _names_the_business(said, name)}
            if named:
                return named.pop() if len(named) == 1 else None
        return None

    def bracket(self, row: int) -> Period | None:
        """Rows between two dated balances are the flows of the period between them."""
        before = [dated for r, dated in self.balance_dates if r < row]
        after = [dated for r, dated in self.balance_dates if r > row]
        if not before:
            # The first of blocks of balances, latest first, each closed by its dated total ("Funded status at
            # end of 2023" … "… at end of 2022", TXN 2023 10-K, amounts recognized): at its total's date.
            latest_first = len(after) > 1 and after[0] > after[1]
            return Period("instant", None, after[0]) if latest_first else None
        start = before[-1] + timedelta(days=1)
        if after and after[0] > before[-1]:
            return Period("duration", start, after[0])
        if after and after[0] < before[-1]:
            # Blocks of balances, latest first, each closed by its dated total ("Total at December 31,
            # 2023" … "Total at December 31, 2022", RTX plan assets): the row is in the next one's block.
            return Period("instant", None, after[0])
        if len(before) > 1:
            # After the closing balance: its breakdown at that date ("Vested and expected to vest").
            return Period("instant", None, before[-1])
        months = self.section_months or self.months
        return Period("duration", start, _months_after(start, months))


@dataclass(frozen=True, slots=True)
class CellContext:
    """One cell's question to the rules: its row, what its column names, and the table around it."""

    table: TablePeriods
    row: int
    label: str  # the row's label, without a footnote mark
    column: Period | None  # what the column names, or the date heading the table's block stands for it
    printed_column: Period | None  # what the column header alone names
    column_label: str
    inline: bool  # a figure written inside a text cell
    path: Sequence[str]  # the headings above the row, then its label
    dated: date | None  # the date the row label names as its own (`row_date`)
    balance_row: bool  # an opening or closing balance: "Balance at end of year", "Outstanding on …"

    @property
    def document(self) -> DocumentPeriod:
        return self.table.document

    @property
    def document_end(self) -> date:
        """The report date: what the table says it is "as of", else the document's period end."""
        return self.table.as_of or self.table.document.period_end

    @property
    def kind(self) -> str | None:
        """ "stock" or "flow", from the row's own label first, then its headings."""
        return _row_kind([self.label, *reversed(self.path[:-1])])

    @property
    def document_flow(self) -> Period:
        """The period the table's introduction names, else the table's usual length up to the report date."""
        return self.table.caption_period or self.flow_to(self.document_end)

    def flow_to(self, end: date, months: int | None = None) -> Period:
        """The flow of the table's usual length (a year; a quarter in a 10-Q) or `months`, up to `end`."""
        return Period("duration", months_before(end, months or self.table.months), end)


def _instant(day: date) -> Period:
    return Period("instant", None, day)


def _day_before(day: date) -> Period:
    return Period("instant", None, day - timedelta(days=1))


PeriodRule = Callable[[CellContext], Period | None]


def _under_a_column(rule: Callable[[CellContext, Period], Period | None]) -> PeriodRule:
    """A rule for the cells whose column names a period; it passes over the others."""

    @functools.wraps(rule)
    def applied(cell: CellContext) -> Period | None:
        return None if cell.column is None else rule(cell, cell.column)

    return applied


def _without_a_column(rule: PeriodRule) -> PeriodRule:
    """A rule for the cells whose column names no period."""

    @functools.wraps(rule)
    def applied(cell: CellContext) -> Period | None:
        return None if cell.column is not None else rule(cell)

    return applied


# What the row itself says comes first, whatever its column.


@_without_a_column
def length_ending_on_the_rows_day(cell: CellContext) -> Period | None:
    """Rows that are each a day alone, under columns that name a length and no day, are that length up to
    the row's day: "July 27, 2024" × "Years Ended Shares" (CSCO 2024 10-K, stock repurchases) → the fiscal
    year to 2024-07-27; a balance column there is at either end of it: "December 30, 2023" × "Years Ended
    Balance at Beginning of Year" (INTC 2023 10-K, valuation allowance) → the eve of that year, instant
    2022-12-30."""
    months = months_in(cell.column_label)
    if not cell.table.rows_are_days or cell.dated is None or not months:
        return None
    span = cell.flow_to(cell.dated, months)
    if _BALANCE_ROW_RE.search(cell.column_label) and _BEGINNING_RE.search(cell.column_label):
        return _day_before(span.start) if span.start is not None else None
    stock = _label_kind(_column_words(cell.column_label)) == "stock"
    return _instant(cell.dated) if stock or _BALANCE_ROW_RE.search(cell.column_label) else span


def balance_row_with_its_date(cell: CellContext) -> Period | None:
    """A balance row that names its date is at that date, under any column: "Outstanding as of January
    1, 2021" (AMZN, restricted stock units) → instant 2021-01-01. So is a stock row under a column that prints
    no date of its own ("Shares at December 31, 2022: 394,787,951")."""
    printed = cell.printed_column
    undated_column = printed is None or printed.assumed
    if cell.dated is not None and (cell.balance_row or (_is_stock_row(cell.label) and undated_column)):
        return _instant(cell.dated)
    return None


def balance_under_a_dated_heading(cell: CellContext) -> Period | None:
    """A row under a dated balance heading is part of that balance, under a column that prints no date:
    "Goodwill" × "Cable Communications" under "Balance, December 31, 2022" (CMCSA 2023 10-K, goodwill by
    segment) → instant 2022-12-31."""
    printed = cell.printed_column
    if printed is not None and not printed.assumed:
        return None
    for heading in reversed(cell.path[:-1]):
        if _dated_balance(heading) and (dated := row_date(heading)) is not None:
            return _instant(dated)
    return None


def quarter_the_row_names(cell: CellContext) -> Period | None:
    """ "Expense incurred in the first quarter of 2023" in a Q2 10-Q (MMM, restructuring) → that fiscal
    quarter, January to March 2023."""
    quarter = _QUARTER_ROW_RE.search(cell.label)
    if quarter is None or cell.document.fiscal_year not in (None, int(quarter[2])):
        return None
    return cell.document.quarter(_ORDINALS[quarter[1].lower()])


def year_the_row_names(cell: CellContext) -> Period | None:
    """ "Released during 2024" (KO, vested performance share units) → the fiscal year 2024."""
    during = _DURING_YEAR_RE.search(cell.label)
    if during is None:
        return None
    return cell.flow_to(fiscal_year_end(int(during[1]), cell.document), 12)


def year_the_row_names_with_balance_columns(cell: CellContext) -> Period | None:
    """Rows name the years, columns the movement: "Year ended December 31, 2023" × "Balance at Beginning
    of Year" (GOOGL, Schedule II) → instant 2022-12-31; × "Additions" → the year 2023; × "Balance at End of
    Year" → instant 2023-12-31."""
    if not (months_in(cell.label) and cell.dated):
        return None
    span = parse_column_period(cell.label, cell.document)
    if span is None or span.kind != "duration" or span.start is None:
        return None
    if _BALANCE_ROW_RE.search(cell.column_label):
        return _day_before(span.start) if _BEGINNING_RE.search(cell.column_label) else _instant(span.end)
    return span


# Under a column that names a period.


@_under_a_column
def month_day_the_row_names(cell: CellContext, column: Period) -> Period | None:
    """ "Gross tax contingencies – January 1" × "December 31, 2023" (AMZN, tax contingencies) → the
    balance on 2023-01-01."""
    month_day = _MONTH_DAY_END_RE.search(cell.label)
    return None if month_day is None else _instant(_month_day_in(month_day, column.end))


@_under_a_column
def maturity_bucket(cell: CellContext, column: Period) -> Period | None:
    """A future year, in the row ("2026", "Thereafter", "Due within one year") or the column, is owed at
    the report date: "Long-term debt principal and interest" × "Year Ended December 31, 2025" (AMZN 2023,
    commitments) → instant 2023-12-31. Under a dated column, at the column's date."""
    future_column = column.end > cell.document.period_end + END_SLACK
    if not (future_column or cell.table.future_row(cell.label)):
        return None
    if future_column and column.kind == "instant" and _AS_OF_COLUMN_RE.search(cell.column_label):
        # A count on a later day the column prints: "Outstanding at October 17, 2023" (AXP Q3 2023
        # 10-Q, cover page), not an amount owed.
        return None
    dated_column = column.kind == "instant" and not future_column
    return _instant(column.end if dated_column else cell.document_end)


@_under_a_column
def opening_day_the_row_names(cell: CellContext, column: Period) -> Period | None:
    """A row that ends on the day a fiscal year opens, without its year, is the balance on the eve of the
    column's year: "Balance, January 1" × "2023" (TXN 2023 10-K, unrecognized tax benefits) → instant
    2022-12-31; "Balance at May 1," × "2024" (SJM, a fiscal year from May) → 2023-04-30; "Balance at
    January 1" × "2023" in a 10-Q (IBM, warranty liability) → 2022-12-31."""
    match = _OPENING_DAY_RE.search(cell.label)
    if match is None:
        return None
    if column.kind == "duration" and column.start is not None and not column.assumed:
        day = _month_day_in(match, column.start)
        opens = day == column.start  # not "Balance at April 30," closing the year
    else:  # a date, or a bare year: its fiscal year (the column's quarter, in a 10-Q)
        day = _month_day_in(match, column.end)
        if day > column.end:
            day = _month_day_in(match, date(column.end.year - 1, 12, 31))
        opens = _opens_a_fiscal_year(day, cell.document)
    return _day_before(day) if opens else None


@_under_a_column
def balance_row_under_a_flow_column(cell: CellContext, column: Period) -> Period | None:
    """A balance under a year's column: "Beginning balances" × "2024" (AAPL, uncertain tax positions)
    → the eve of fiscal 2024, instant 2023-09-28; "Ending balances" → its end."""
    if column.kind != "duration" or not cell.balance_row or column.start is None:
        return None
    if _BEGINNING_RE.search(cell.label):
        return _day_before(column.start)
    if month_day := _AT_MONTH_DAY_RE.search(cell.label):  # "… at January 1": the opening balance
        day = _month_day_in(month_day, column.start)
        if dates_match(day, column.start):
            return _day_before(column.start)
        # "Balance as of December 31" over the six months to June 30 (XOM Q2 2023 10-Q, shares): the eve.
        eve = column.start - timedelta(days=1)
        at_end = dates_match(_month_day_in(month_day, column.end), column.end)
        if not at_end and dates_match(_month_day_in(month_day, eve), eve):
            return _instant(eve)
    return _instant(column.end)


@_under_a_column
def declared_but_not_paid(cell: CellContext, column: Period) -> Period | None:
    """What was declared but not yet paid is owed at the column's end, whatever its length: "Cash dividends
    declared but not paid" × "Fiscal 2023" in the supplemental cash flow information (LOW 2023 10-K) →
    instant 2024-02-02."""
    return _instant(column.end) if _NOT_YET_PAID_RE.search(cell.label) else None


@_under_a_column
def opening_balance_under_a_date_column(cell: CellContext, column: Period) -> Period | None:
    """A roll-forward under the dates its years end: "Balance at beginning of period" × "Jan 28, 2024"
    (NVDA, deferred revenue) → the eve of the year (the quarter, in a 10-Q) that ends there, 2023-01-28."""
    if column.kind != "instant" or not cell.table.rollforward:
        return None
    if cell.balance_row and _BEGINNING_RE.search(cell.label):
        return _day_before(months_before(column.end, cell.table.rollforward_months))
    return None


@_under_a_column
def movement_between_dated_balances(cell: CellContext, column: Period) -> Period | None:
    """A row between two balances that print their dates is the stretch between them, under the date the
    column prints at its end: "Write-offs" between "Beginning balance at January 1, 2023" and "Ending
    balance at June 30, 2023" × "At June 30, 2023: Americas" (IBM Q2 2023 10-Q, allowance for credit
    losses) → the six months to 2023-06-30 (not the quarter)."""
    table = cell.table
    if column.kind != "instant" or cell.balance_row or not table.opening_row <= cell.row < table.closing_row:
        return None
    stretch = table.bracket(cell.row) if table.rollforward or len(table.balance_dates) > 1 else None
    if stretch is None or stretch.kind != "duration" or not dates_match(stretch.end, column.end):
        return None
    return stretch


@_under_a_column
def balance_under_a_heading_of_balances(cell: CellContext, column: Period) -> Period | None:
    """Rows under a heading (or, failing one, a table introduction) about what is held in accumulated other
    comprehensive income or on the balance sheet are balances at the column's end, whatever its length:
    "Net actuarial loss" × "Year Ended December 31, 2023 Pension Benefits U.S." under "Amounts recorded in
    Accumulated other comprehensive loss" (GM 2023 10-K, pension obligations) → instant 2023-12-31. Not
    under a heading about changes ("Changes recognized in … other comprehensive loss"), nor a row that
    moves a balance ("Amortization and settlement recognition")."""
    table = cell.table
    if table.cash_flows or cell.balance_row or cell.row in table.movement_rows:
        return None
    if table.rollforward and cell.row > table.closing_row and cell.kind == "stock":
        return None  # a balance after the closing one: `stock_after_the_closing_balance`
    if _MOVES_RE.search(cell.label) or _FLOW_VERB_RE.search(cell.label):
        return None
    # (Not under a column of what moved: "Gain (loss) recognized in AOCI", "Increase / (Decrease)".)
    column_words = _column_words(cell.column_label)
    if _MOVES_RE.search(column_words) or _RECOGNIZED_RE.search(column_words) or _label_kind(column_words):
        return None
    headings = [heading for heading in reversed(cell.path[:-1]) if heading]
    said = next((h for h in headings if _HELD_RE.search(h) or _MOVES_RE.search(h)), None)
    # The introduction speaks for the rows under no such heading; not in a roll-forward, whose rows move.
    in_caption = said is None
    if in_caption:
        said = "" if table.rollforward else _last_sentence(table.caption)
    if not said or _MOVES_RE.search(said):
        return None
    if _RECOGNIZED_RE.search(said):  # "… the amounts of gain or (loss) … recognized in AOCI"
        return None
    # (Under no heading, a table of balances by its rows: not the derivative gains of a table whose
    # footnote places the derivatives on the sheet.)
    sheet = _BALANCE_SHEET_RE.search(said) and (
        not in_caption or (cell.kind != "flow" and table.kind == "stock")
    )
    # (A balance sheet's printed dates say so already; amounts in AOCI under a date are not its year's flows.)
    sheet = sheet and (column.kind == "duration" or column.assumed)
    return _instant(column.end) if sheet or _IN_AOCI_RE.search(said) else None


@_under_a_column
def discount_rate_of_leases(cell: CellContext, column: Period) -> Period | None:
    """The discount rate of the leases held is a balance at the column's end, whatever its length:
    "Operating" under "Weighted-average discount rate" × "years ended December 31 2023" in a table of the
    "weighted-average remaining lease term and weighted-average discount rate for operating and finance
    leases" (ABBV 2023 10-K) → instant 2023-12-31."""
    if not cell.table.leases or not any(map(_DISCOUNT_RATE_RE.search, [cell.label, *cell.path[-2:-1]])):
        return None
    return _instant(column.end)


# A health care cost trend rate ("… assumed for next year", "Ultimate …"; "Average increase assumed" under
# "Health care cost trend rates"), not the year it reaches its ultimate nor the effect of a change in it.
_TREND_RATE_RE = re.compile(r"\bcost trend\b|\btrend rates?\b", re.IGNORECASE)
_NOT_A_TREND_RATE_RE = re.compile(r"\byears?\b.*\breach|\beffects?\b|percentage[- ]point", re.IGNORECASE)


@_under_a_column
def trend_rate_assumed_ahead(cell: CellContext, column: Period) -> Period | None:
    """The health care cost trend rates assumed for the years ahead are assumptions at the column's end, the
    day the plans are measured, whatever its length: "Health care cost trend rate assumed for next year" ×
    "2023" (RTX 2023 10-K) → instant 2023-12-31."""
    if column.kind != "duration" or _NOT_A_TREND_RATE_RE.search(cell.label):
        return None
    if cell.row in cell.table.movement_rows:
        return None
    # (Not where the heading or the introduction says the rate measures the period's cost: the filer tags
    # it over the period, as `assumption_of_what_it_measures` does.)
    if _what_is_measured([*reversed(cell.path[:-1]), _last_sentence(cell.table.caption)]) == "cost":
        return None
    return _instant(column.end) if any(map(_TREND_RATE_RE.search, [cell.label, *cell.path[-2:-1]])) else None


@_under_a_column
def assumption_of_what_it_measures(cell: CellContext, column: Period) -> Period | None:
    """An actuarial assumption is a balance where it measures the benefit obligation (at the column's end)
    and a flow where it measures the period's cost, as its heading (or the table's introduction) says:
    "Discount rate" × "Year Ended December 31, 2023 Pension Benefits" under "Weighted-average assumptions
    used to determine benefit obligations" (GM 2023 10-K) → instant 2023-12-31; under "Weighted-average
    assumptions used to determine net expense" → the year 2023."""
    # The rate may head its rows: "Non-U.S. Plans" under "Rate of compensation increase" (MA 2023 10-K).
    rate = _RATE_ROW_RE.search(cell.label) or _RATE_ROW_RE.search(" ".join(cell.path[-2:-1]))
    if not rate or _MOVES_RE.search(cell.label) or cell.row in cell.table.movement_rows:
        return None
    measured = _what_is_measured([*reversed(cell.path[:-1]), _last_sentence(cell.table.caption)])
    if measured == "obligation":
        return _instant(column.end)
    # (A cost's assumption under a date is left to the column: "Discount rate in effect for determining
    # service cost" × "Pension At December 31, 2023", VZ, is tagged at that date.)
    return column if measured == "cost" and column.kind == "duration" else None


@_under_a_column
def valuation_input_of_awards(cell: CellContext, column: Period) -> Period | None:
    """The inputs that value the awards granted in a period are that period's, whatever date its column
    prints: "Risk-free interest rate" × "December 30, 2023" under "Our weighted average Black-Scholes fair
    value assumptions were:" (KHC 2023 10-K) → fiscal 2023."""
    # The input may head its rows: "RSUs" under "Weighted-average grant date fair value (per share)".
    if cell.balance_row or not any(map(_VALUATION_INPUT_RE.search, [cell.label, *cell.path[-2:-1]])):
        return None
    if not _AWARDS_RE.search(" ".join([cell.table.caption, *cell.path[:-1]])):
        return None
    return _flow_of_the_column(cell, column)


@_under_a_column
def parts_of_the_opening_balance(cell: CellContext, column: Period) -> Period | None:
    """The lines that make up a roll-forward's opening balance, right above it, are at its day: "Accumulated
    impairment loss" above "Balance at beginning of period" × "Year Ended September 30, 2024 Global
    Products" (JCI 2024 10-K, goodwill by segment) → the eve of fiscal 2024, instant 2023-09-30."""
    if column.kind != "duration" or column.start is None or cell.row not in cell.table.opening_parts:
        return None
    return _day_before(column.start)


@_under_a_column
def line_above_the_roll_forward(cell: CellContext, column: Period) -> Period | None:
    """Where the blocks of a table each roll an account forward and close on its name, a line above the
    first block is a balance at the column's end too: "Common stock issued" above "Beginning balance" ×
    "For the years ended December 31 2023" (GE 2023 10-K, changes in shareholders' equity) → instant
    2023-12-31. (Not above the one roll-forward of a statement of cash flows, whose lines are flows.)"""
    table = cell.table
    if column.kind != "duration" or not table.closing_lines or cell.row >= table.opening_row:
        return None
    return _instant(column.end) if cell.kind != "flow" and not cell.inline else None


@_under_a_column
def under_a_balance_heading(cell: CellContext, column: Period) -> Period | None:
    """A row right under a heading that names a balance is part of it: "Shares: 2023: 1,986,519,278" under
    "Balance at January 1" × "Six Months Ended June 30 2023" (ABT Q2 2023 10-Q, equity) → the eve of the
    half-year, 2022-12-31."""
    heading = cell.path[-2] if len(cell.path) > 1 else ""
    if (
        cell.inline
        or column.kind != "duration"
        or column.start is None
        or not _BALANCE_ROW_RE.search(heading)
    ):
        return None
    if _label_kind(cell.label) == "flow" or row_date(heading) is not None:
        return None
    if _BEGINNING_RE.search(heading):
        return _day_before(column.start)
    if (month_day := _AT_MONTH_DAY_RE.search(heading)) and not dates_match(
        _month_day_in(month_day, column.end), column.end
    ):
        return _day_before(column.start)  # "Balance at March 31" over the quarter to June 30
    return _instant(column.end)


@_under_a_column
def rate_reconciliation(cell: CellContext, column: Period) -> Period | None:
    """The lines that reconcile the statutory tax rate to the effective one are the period's, whatever
    date the column prints: "U.S. federal statutory tax rate" × "December 30, 2023" under "The effective
    tax rate on income/(loss) before income taxes differed from the U.S. federal statutory tax rate for the
    following reasons:" (KHC 2023 10-K) → fiscal 2023."""
    # (The introduction after its last colon: its sentences may break at "U.S.".)
    introduction = re.split(r":\s", cell.table.caption.rstrip(" .:"))[-1]
    if not _RATE_RECONCILIATION_RE.search(introduction) or cell.kind == "stock":
        return None
    return _flow_of_the_column(cell, column)


@_under_a_column
def movement_under_a_date_column(cell: CellContext, column: Period) -> Period | None:
    """A roll-forward under the dates its years end: "Gross increases to tax positions in prior periods"
    × "December 31, 2023" (AMZN, tax contingencies) → the year up to that date. In a 10-Q, the quarter, or
    the year to date from a "Balance, beginning of year"."""
    table = cell.table
    if (
        column.kind != "instant"
        or not table.rollforward
        or not table.opening_row <= cell.row < table.closing_row
    ):
        return None
    if not cell.balance_row and not _MONTH_DAY_END_RE.search(cell.label):
        return cell.flow_to(column.end, cell.table.rollforward_months)
    return None


@_under_a_column
def length_the_section_names(cell: CellContext, column: Period) -> Period | None:
    """ "Six Months Ended" heads a second section whose columns print the same dates as the first's:
    "Interest cost" × "Three Months Ended July 2, 2023" under "Six Months Ended" (PFE, net periodic benefit
    cost) → six months up to July 2, 2023."""
    months = cell.table.section_months
    if column.kind != "duration" or not months or round(column.days / 30.4) == months:
        return None
    return cell.flow_to(column.end, months)


@_under_a_column
def flow_from_the_opening_day(cell: CellContext, column: Period) -> Period | None:
    """In a 10-Q whose rows run from the day the fiscal year opened, a flow under a bare year is the year
    to date: "Current-period accruals" between "Balance at January 1" and "Balance at June 30" × "2023"
    (IBM Q2 2023 10-Q, standard warranty liability) → January to June 2023 (not the quarter)."""
    table = cell.table
    if not (table.year_to_date and column.assumed) or cell.balance_row or cell.kind == "stock":
        return None
    if _OPENING_DAY_RE.search(cell.label) or _MONTH_DAY_END_RE.search(cell.label):
        return None  # a balance on a day the row names ("Contract assets—June 30")
    return cell.flow_to(column.end, _year_to_date_months(cell.document))


@_under_a_column
def movement_under_a_column(cell: CellContext, column: Period) -> Period | None:
    """A row that moves a roll-forward's balance is the column's flow, whatever its words: "Increases
    related to tax positions taken during a prior year" × "2024" between "Beginning balances" and "Ending
    balances" (AAPL, uncertain tax positions) → fiscal 2024."""
    return column if cell.row in cell.table.movement_rows and not cell.balance_row else None


@_under_a_column
def assets_under_a_flow_column(cell: CellContext, column: Period) -> Period | None:
    """ "Total assets" × "Fiscal Years Ended January 31, 2025" in a segment table (WMT) → the balance
    at the year's end (not "Assets acquired", a flow). So under a heading or a column of assets: "Canada"
    under "Assets:" › "International:" (SJM 2024 10-K, geographical information), "Aerospace" ×
    "Identifiable Assets Year Ended December 31 2023" (GD 2023 10-K) → instant 2023-12-31."""
    if column.kind != "duration":
        return None
    own_and_parent = [cell.label, *cell.path[:-1], cell.column_label]
    if any(_BALANCE_NOUN_RE.search(text) and not _OBTAINED_RE.search(text) for text in own_and_parent):
        return _instant(column.end)
    return None


@_under_a_column
def stock_after_the_closing_balance(cell: CellContext, column: Period) -> Period | None:
    """After a roll-forward's closing balance, a balance: "Cash and cash equivalents" × "Year Ended
    December 31, 2023" under "… restricted cash at end of the period" (META, cash flows) → instant
    2023-12-31. So is a line that names a balance and a flow both, outside a statement of cash flows: "Net
    benefit liability" × "Year Ended April 30, 2024" below "Fair value of plan assets at end of year" (SJM
    2024 10-K, the plans' funded status) → instant 2024-04-30. (Not what the period took on or moved: "Fair
    value of liabilities assumed", "Change in unrealized gains or losses for the period …".)"""
    moves = _TAKEN_ON_RE.search(cell.label) or _CHANGE_ROW_RE.search(cell.label)
    if column.kind != "duration" or cell.row <= cell.table.closing_row or moves:
        return None
    mixed = cell.kind is None and bool(_STOCK_ROW_RE.search(cell.label)) and not cell.table.cash_flows
    return _instant(column.end) if cell.kind == "stock" or mixed else None


@_under_a_column
def stock_between_closing_balances(cell: CellContext, column: Period) -> Period | None:
    """Between a roll-forward's first closing balance and its last, a balance that reconciles the two:
    "Less restricted cash & cash equivalents, included in Investments" between "Cash & cash equivalents,
    including restricted, at end of year" and "Cash and cash equivalents at end of year" × "Years ended
    December 31, 2023" (BA 2023 10-K, cash flows) → instant 2023-12-31."""
    table = cell.table
    if column.kind != "duration" or not table.rollforward or cell.balance_row or cell.kind != "stock":
        return None
    return _instant(column.end) if table.first_closing_row < cell.row < table.closing_row else None


@_under_a_column
def line_between_roll_forwards(cell: CellContext, column: Period) -> Period | None:
    """A line between one roll-forward's closing balance and the next one's opening balance is a balance:
    "Total Equity Attributable to Shareowners of The Coca-Cola Company" × "2024", between the treasury stock
    and the noncontrolling interests blocks (KO, shareowners' equity) → instant 2024-12-31."""
    if column.kind == "duration" and cell.row in cell.table.between_blocks and cell.kind != "flow":
        return _instant(column.end)
    return None


@_under_a_column
def closing_line_of_a_block(cell: CellContext, column: Period) -> Period | None:
    """The line that closes a block of a roll-forward, the next block opening right after it, is that
    block's balance at the column's end: "Retained earnings" × "For the years ended December 31 2023"
    between "Beginning balance" rows (GE 2023 10-K, changes in shareholders' equity) → instant
    2023-12-31."""
    return _instant(column.end) if cell.row in cell.table.closing_lines else None


@_under_a_column
def flow_the_column_names(cell: CellContext, column: Period) -> Period | None:
    """A column whose own words name a flow, over a bare year or a date alone, is the flow of that year
    (the quarter, in a 10-Q), whatever its rows: "Capital Spending 2023" × "Total" under "Total assets"
    (PEP 2023 10-K, divisions) → fiscal 2023; "Acquisitions" under "2023" in a goodwill roll-forward. Not
    in a table of balances by its words ("Gross Unrealized Gains" of securities "as of" a date)."""
    bare = column.assumed or (column.kind == "instant" and not _AS_OF_COLUMN_RE.search(cell.column_label))
    words = _column_words(cell.column_label)
    # ("Amortization of Intangible Assets" names assets, but what it measures is a flow.)
    stock_column = is_stock_column(cell.column_label) and not _head_is_flow(words)
    if not bare or cell.table.stock_table or cell.balance_row or stock_column:
        return None
    if _label_kind(words) != "flow":
        return None
    if column.kind == "duration":
        return column
    if not _ends_a_fiscal_period(column.end, cell.document):
        return None
    return cell.flow_to(column.end, caption_months(cell.table.caption) if cell.table.months == 3 else None)


# A column of what the period gained or lost: "Total Losses", "Gain (loss) recognized" (not "Gross
# Unrealized Gains", what a security carries).
_GAINS_OR_LOSSES_COLUMN_RE = re.compile(
    r"(?:total\s+)?(?:gains?|loss(?:es)?)(?:\s*\((?:gains?|loss(?:es)?)\))?(?:\s+recogni[sz]ed\b.*)?",
    re.IGNORECASE,
)


@_under_a_column
def gains_or_losses_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """A bare year taken for a balance by a table's words heads what the year gained or lost as well: "Hedged
    long-term obligations" × "Gain (loss) recognized 2023" (TMO 2023 10-K, fair value hedges), "Investments"
    × "2023 Total Losses" beside "2023 Fair Value" (BA 2023 10-K, nonrecurring fair values) → fiscal 2023
    (in a 10-Q, the length its introduction names, else the quarter)."""
    if not (column.assumed and column.kind == "instant") or cell.balance_row:
        return None
    if not _GAINS_OR_LOSSES_COLUMN_RE.fullmatch(_column_words(cell.column_label)):
        return None
    if not _ends_a_fiscal_period(column.end, cell.document):
        return None
    return cell.flow_to(column.end, caption_months(cell.table.caption) if cell.table.months == 3 else None)


@_under_a_column
def balance_under_an_as_of_and_for_column(cell: CellContext, column: Period) -> Period | None:
    """A column "as of and for" a period holds balances at its end and flows over it: "Equity in net assets
    of nonconsolidated affiliates" × "At and For the Year Ended December 31, 2023" (GM 2023 10-K, segments)
    → instant 2023-12-31; so is a row under a heading about the balance sheet ("Amounts recognized on the
    consolidated balance sheets" › "Actuarial loss, net", ABBV)."""
    if column.kind != "duration" or not _AS_OF_AND_FOR_RE.search(cell.column_label):
        return None
    on_balance_sheet = any(_BALANCE_SHEET_RE.search(heading) for heading in cell.path[:-1])
    # Or a row that names no kind under a column of balances: "Non-U.S." × "At and For the Years Ended
    # December 31, 2023 Long-Lived Assets" (GM 2023 10-K, geographic information).
    of_balances = cell.kind is None and _label_kind(_column_words(cell.column_label)) == "stock"
    return _instant(column.end) if cell.kind == "stock" or on_balance_sheet or of_balances else None


@_under_a_column
def carrying_amount_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """Under a bare year, a column of gross amounts, of what has accumulated against them, or of what is left
    holds balances at the year's end: "Brands" × "2023 Accumulated Amortization" in "A summary of our
    amortizable intangible assets is as follows:" (PEP 2023 10-K) → instant 2023-12-30. (Not a flow row
    under it: "Amortization expense" × "2023 Net".)"""
    if not (column.assumed and column.kind == "duration" and cell.table.carrying_amounts):
        return None
    if cell.kind == "flow" or not _CARRYING_COLUMN_RE.fullmatch(_column_words(cell.column_label)):
        return None
    return _instant(column.end)


# A day without its year, alone: "January 1", "December 31".
_DAY_ALONE_RE = re.compile(rf"({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}}),?", re.IGNORECASE)


@_under_a_column
def movement_between_two_days(cell: CellContext, column: Period) -> Period | None:
    """Under a bare year, the rows between a first row that prints the day the year opens and a last that
    prints another day are the year's movements, whatever the introduction says of balances: "Settlements"
    between "January 1" and "December 31" × "2023" under "The following table summarizes the gross amounts
    of unrecognized tax benefits without regard to … deferred tax assets and liabilities …" (ABT 2023 10-K)
    → the year 2023."""
    days = cell.table.day_rows
    if not (column.assumed and column.kind == "duration") or len(days) < 2 or column.start is None:
        return None
    if not days[0] < cell.row < days[-1] or cell.row in days or cell.balance_row:
        return None
    opening = _DAY_ALONE_RE.fullmatch(cell.table.row_labels[days[0]].strip())
    opens = opening is not None and dates_match(_month_day_in(opening, column.start), column.start)
    return column if opens else None


@_under_a_column
def balance_the_caption_dates(cell: CellContext, column: Period) -> Period | None:
    """A caption that gives the day of the table's balances leaves the year to the columns; every figure
    under a bare year is a balance at that year's end: "Research expenditures" × "2023" under "Significant
    components of our deferred tax assets/(liabilities) at December 31 were as follows:" (BA 2023 10-K)
    → instant 2023-12-31."""
    return _instant(column.end) if column.assumed and cell.table.balances_dated else None


@_under_a_column
def balance_the_column_dates(cell: CellContext, column: Period) -> Period | None:
    """A bare year whose column prints the day "as of" (or "at") holds balances at the year's end, not
    the year's flow: "Sales rebates" × "as of December 31 (in millions) 2023" (ABBV 2023 10-K, accrued
    liabilities) → instant 2023-12-31. Not a row that says it moves, nor a statement of cash flows."""
    if not column.assumed or not _AT_DAY_WITHOUT_YEAR_RE.search(cell.column_label):
        return None
    if cell.table.cash_flows or _CHANGE_ROW_RE.search(cell.label):
        return None
    return _instant(column.end)


@_under_a_column
def stock_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """A bare "2024" was taken for the year's flow; a row of balances under it is at the year's end:
    "Income taxes payable" × "2024" (AAPL, other non-current liabilities) → instant 2024-09-28."""
    if column.assumed and column.kind == "duration" and _kind_of_its_block(cell) == "stock":
        return None if _still_the_years_flow(cell) else _instant(column.end)
    return None


def _kind_of_its_block(cell: CellContext) -> str | None:
    """What a row is, by its own words or its headings, else by the total that closes its block ("U.S." …
    "Total assets" after "U.S." … "Total revenues", MCD 2023 10-K, segments), else by most of the table's
    rows, else by the sentence that introduces the table ("United States" under "The following table
    presents our earnings before the provision for income taxes:", HD 2023 10-K)."""
    table = cell.table
    return (
        cell.kind
        or table.total_kinds.get(cell.row)
        or table.kind
        or _label_kind(_last_sentence(table.caption))
    )


def _still_the_years_flow(cell: CellContext) -> bool:
    """Where a row under a bare year is the year's flow though balance words are about: in a statement of
    cash flows ("Accounts receivable" is the year's change); under a column of flows (the segments' goodwill
    under "2022 Acquisitions"); under a heading of balances in a table about a flow ("U.S. taxes" under
    "Currently payable" in "The provision for taxes on income consists of:", JNJ 2023 10-K); a row that
    says it moves ("Change in contract assets"); a share count of an earnings per share computation
    ("Average shares outstanding — basic", JNJ 2023 10-K)."""
    table = cell.table
    flow_column = bool(_MOVEMENT_COLUMN_RE.match(_column_words(cell.column_label)))
    introduction = _last_sentence(table.caption)
    flow_caption = _label_kind(introduction) == "flow" and not _label_kind(cell.label)
    moves = bool(_CHANGE_ROW_RE.search(cell.label)) or bool(_EPS_RE.match(introduction))
    return table.cash_flows or flow_column or flow_caption or moves or _non_cash_activity(cell)


def _non_cash_activity(cell: CellContext) -> bool:
    """A row of what the year took on without cash, though it names assets or liabilities: "Fair value of
    liabilities assumed related to acquisitions" (MA 2023 10-K, non-cash investing activities), "ROU assets
    arising from entering into new operating lease obligations" (ABT 2023 10-K)."""
    return bool(_TAKEN_ON_RE.search(cell.label))


@_under_a_column
def flow_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """A bare "2024" under a caption that says "as of" was taken for the year's end; a flow row under it
    is the year: "Proceeds from/(Repayments of) commercial paper, net" × "2024" (AAPL, commercial paper) →
    fiscal 2024."""
    if column.assumed and column.kind == "instant" and _kind_of_its_block(cell) == "flow":
        # (Not a balance: "Benefit obligation at end of year", nor under a column of balances: "Fair Value
        # of Assets 2022", "Balance, Beginning 2022", nor in a balance sheet: "Retained earnings" × "2023"
        # in GE's "STATEMENT OF FINANCIAL POSITION".)
        balance = cell.balance_row or is_stock_column(cell.column_label) or cell.table.balance_sheet
        return None if balance else cell.flow_to(column.end)
    return None


@_under_a_column
def flow_under_a_date(cell: CellContext, column: Period) -> Period | None:
    """A date alone over flows names the fiscal year (the quarter, in a 10-Q) that ends there: "Service
    cost" × "December 30, 2023" (KHC 2023 10-K, net pension cost) → fiscal 2023. Not under "as of" or a
    date that ends no fiscal period of the document."""
    if column.kind != "instant" or column.assumed or _AS_OF_COLUMN_RE.search(cell.column_label):
        return None
    # (Nor a balance row: "Balance at end of fiscal year" × "July 27, 2024", CSCO 2024 10-K, allowances.)
    if cell.table.columns_roll_forward or cell.balance_row:
        return None  # (columns: "December 31, 2022 | Reclassifications | December 31, 2023")
    # Flows by their rows ("Service cost"), or by their column ("July 2, 2023 Sales", hedging effects). Not
    # the breakdown of a balance its last line sums: "Rebates and discounts", "Dividends" … "Other current
    # liabilities" (BMY 2023 10-K, other current liabilities).
    flows = cell.table.flows_only and cell.kind != "stock" and not cell.table.sums_a_balance
    # (Or under a heading of what was paid or received: "Cash paid for amounts included in the measurement
    # of lease liabilities" › "Operating cash flows from operating leases", KHC 2023 10-K.)
    flows |= not cell.table.balance_sheet and any(map(_PAID_HEADING_RE.search, cell.path[:-1]))
    if not (flows or _FLOW_COLUMN_RE.search(_undated(cell.column_label))):
        return None
    if not _ends_a_fiscal_period(column.end, cell.document):
        return None
    # In a 10-Q the caption may say how long: "… for the fiscal six months ended July 2, 2023".
    return cell.flow_to(column.end, caption_months(cell.table.caption) if cell.table.months == 3 else None)


@_under_a_column
def flow_under_three_year_ends(cell: CellContext, column: Period) -> Period | None:
    """Dates that end three successive fiscal years over a 10-K's table name its years, as a balance sheet's
    two dates do not: "North America" × "December 30, 2023" beside "December 31, 2022" and "December 25,
    2021" (KHC 2023 10-K, restructuring by segment) → fiscal 2023. Not under "as of", nor a balance."""
    if column.kind != "instant" or column.assumed or not cell.table.three_year_ends:
        return None
    if _AS_OF_COLUMN_RE.search(cell.column_label) or cell.table.columns_roll_forward or cell.balance_row:
        return None
    if (
        cell.kind == "stock"
        or cell.table.balance_sheet
        or not _ends_a_fiscal_period(column.end, cell.document)
    ):
        return None
    return cell.flow_to(column.end)


@_under_a_column
def per_share_computation_under_a_date(cell: CellContext, column: Period) -> Period | None:
    """The figures of an earnings per share computation, and the shares it leaves out as antidilutive,
    are the fiscal year's (the quarter's, in a 10-Q) whatever date the column prints: "Warrants to purchase
    common stock" × "December 31, 2023" under "The following table presents potentially dilutive securities
    that are not included in the computation of diluted net income (loss) per share …" (RIOT 2023 10-K) →
    fiscal 2023. Not a balance row."""
    if column.kind != "instant" or column.assumed or not cell.table.per_share_computation:
        return None
    if cell.balance_row or not _ends_a_fiscal_period(column.end, cell.document):
        return None
    return cell.flow_to(column.end)


@_under_a_column
def column_as_printed(cell: CellContext, column: Period) -> Period | None:
    """Most cells: what the column names. "Research and development" × "2024" (AAPL, operating
    expenses) → fiscal 2024."""
    return column


# Under a column that names no period.


@_without_a_column
def date_the_row_names(cell: CellContext) -> Period | None:
    """A row that names its date, under a column that names none: "Vested and expected to vest,
    December 31, 2023" (TSLA, stock options) → instant 2023-12-31."""
    return None if cell.dated is None else _instant(cell.dated)


@_without_a_column
def day_something_happened(cell: CellContext) -> Period | None:
    """Rows dated under "Issue Date" are debt issued that day: what it raised ("Net Proceeds") is a flow of
    the table's period, its terms ("Principal Amount", "Fixed Interest Rate") stand at the report date:
    "April 18, 2023" × "Net Proceeds" under "Information on significant long-term debt issued during the six
    months ended July 31, 2023 …" (WMT Q2 2024 10-Q) → the six months to 2023-07-31. Issued before the
    document's period, its terms are at that day and what it raised is of the fiscal year it fell in (WMT
    2025 10-K: "April 18, 2023" → instant 2023-04-18, fiscal 2024)."""
    day = row_date(cell.label)
    if not cell.table.event_dates or day is None:
        return None
    flow_column = _label_kind(_column_words(cell.column_label)) == "flow"
    period = cell.document_flow
    if period.start is None or day >= period.start:
        return period if flow_column else _instant(cell.document_end)
    year_end = fiscal_year_end(day.year, cell.document)
    if year_end < day:
        year_end = fiscal_year_end(day.year + 1, cell.document)
    return cell.flow_to(year_end, 12) if flow_column else _instant(day)


@_without_a_column
def month_the_row_names(cell: CellContext) -> Period | None:
    """A row that names a month and its year alone, under columns that name what they measure, is at that
    month's end: "March 2023" × "Principal Amount (in millions)" under "Issue Date" (LOW 2023 10-K, notes
    issued) → instant 2023-03-31; a flow, that month."""
    end = _month_end(cell.label)
    if end is None or cell.table.names_due_dates:
        return None  # (not the month notes fall due in: "May 2023" under "Fixed-rate notes due:", GD)
    return Period("duration", end.replace(day=1), end) if cell.kind == "flow" else _instant(end)


@_without_a_column
def acquisition_date_in_the_prose(cell: CellContext) -> Period | None:
    """A purchase price allocation is at the day of the acquisition the prose before it dates: "Customer
    relationships" × "CorEvitas" under "The components of the purchase price and net assets acquired are as
    follows:", after "On August 14, 2023, the company acquired, …, CorEvitas, LLC" (TMO 2023 10-K) → instant
    2023-08-14. What was paid ("Cash paid"), given ("Total purchase consideration") or settled ("Debt
    settled") is a flow of that one day."""
    day = cell.table.acquired_on(cell.column_label)
    if day is None:
        return None
    paid = cell.kind == "flow" or bool(_CONSIDERATION_RE.search(cell.label))
    return Period("duration", day, day) if paid else _instant(day)


# What an acquisition's price is made of, not what it bought: "Total purchase consideration", "Debt settled",
# "Settlement of pre-existing relationships" (not "Contingent consideration", a liability).
_CONSIDERATION_RE = re.compile(r"(?<!contingent )\bconsideration\b|\bsettle(?:d|ment)\b", re.IGNORECASE)


@_without_a_column
def period_the_row_names_alone(cell: CellContext) -> Period | None:
    """A row that names a past fiscal year or quarter and nothing else, under columns that name what they
    measure: "Year 2023" × "Additions Charged to Expenses" (VZ 2023 10-K, Schedule II) → the year 2023;
    × "Balance at Beginning of Period" → instant 2022-12-31; "Q1 2021" × "Initial Shares Delivered" (LOW
    2023 10-K, accelerated share repurchases) → that fiscal quarter. (Not a future year: a maturity.)"""
    span: Period | None
    if (year := _ROW_YEAR_RE.match(cell.label)) is not None and cell.table.months == 12:
        if int(year[1]) > (cell.document.fiscal_year or cell.document.period_end.year):
            return None
        span = cell.flow_to(fiscal_year_end(int(year[1]), cell.document))
    elif _ROW_QUARTER_RE.match(cell.label):
        span = parse_column_period(cell.label, cell.document)
    else:
        return None
    if span is None or span.start is None:
        return None
    if _BALANCE_ROW_RE.search(cell.column_label):
        return _day_before(span.start) if _BEGINNING_RE.search(cell.column_label) else _instant(span.end)
    return span


@_without_a_column
def to_date_column(cell: CellContext) -> Period | None:
    """ "Cost of revenue" × "Plan to Date" (META, restructuring) → what has built up by the report date."""
    return _instant(cell.document_end) if _TO_DATE_RE.search(cell.column_label) else None


@_without_a_column
def quarter_of_the_section_year(cell: CellContext) -> Period | None:
    """A quarterly table prints the day each quarter ends over its columns, the year over each section:
    "Total revenues" × "December 31" under "2017" (NFLX 2017 10-K, selected quarterly financial data) →
    the three months to 2017-12-31 (not the year 2017); a balance there, at that day."""
    section = cell.table.section
    month_day = _MONTH_DAY_COLUMN_RE.match(cell.column_label)
    if section is None or section.start is None or month_day is None:
        return None
    if not _QUARTERLY_RE.search(cell.table.caption):
        return None
    end = _month_day_in(month_day, section.end)
    if end > section.end:  # a fiscal year ending in June: its December is the calendar year before
        end = _month_day_in(month_day, date(section.end.year - 1, 12, 31))
    return _instant(end) if cell.kind == "stock" else cell.flow_to(end, 3)


def _stretch(cell: CellContext) -> Period | None:
    """The stretch of rows between two dated balances, else the section the rows sit in, else the dated
    balance heading over them."""
    return cell.table.bracket(cell.row) or cell.table.section or cell.table.balance_heading


@_without_a_column
def balance_of_a_dated_stretch(cell: CellContext) -> Period | None:
    """A balance in a dated stretch, the row's ("Balance at end of year") or the column's: "Allowance
    for doubtful accounts" × "Balance at Beginning of Period" under "Fiscal year 2024" (NVDA, Schedule II)
    → the stretch's eve, 2023-01-28; × "Balance at End of Period" → its end."""
    stretch = _stretch(cell)
    if stretch is None:
        return None
    balance_column = _BALANCE_ROW_RE.search(cell.column_label)
    balance = cell.label if cell.balance_row else cell.column_label if balance_column else None
    if balance is None:
        # A balance by its words in a section of a length: "Total assets" under "Second Quarter 2022" (F
        # Q2 2023 10-Q, segment information) → instant 2022-06-30; "Property and equipment, net" under "As of
        # and for the Fiscal Year Ended January 28, 2023" (GME 2023 10-K, segments) → that day. (Not between
        # two dated balances, where every line moves the balance.)
        in_section = cell.table.bracket(cell.row) is None and stretch.kind == "duration"
        # (Not under a column that names a flow or a movement: "Allowance for doubtful accounts" ×
        # "Additions", "Investment securities" × "Transfers into Level 3".)
        column = cell.column_label
        flow_column = _label_kind(column) == "flow" or _MOVEMENT_COLUMN_RE.search(column)
        stock_row = _is_stock_row(cell.label) and not flow_column
        stock = _BALANCE_NOUN_RE.search(cell.label) or stock_row
        assets = stock and not _OBTAINED_RE.search(cell.label)
        return _instant(stretch.end) if in_section and assets else None
    if _BEGINNING_RE.search(balance) and stretch.start is not None:
        return _day_before(stretch.start)
    return _instant(stretch.end)


@_without_a_column
def flow_before_the_first_dated_balance(cell: CellContext) -> Period | None:
    """Rows above the first of two or more dated balances, no opening balance dated, are the flows up to its
    date, as long as the stretch between the first two: "Packaging & Specialty Plastics" × "Asset
    Write-downs and Write-offs" above "Reserve balance at Mar 31, 2023" (DOW Q2 2023 10-Q, 2023
    restructuring program) → the quarter to 2023-03-31."""
    table, dates = cell.table, [day for _, day in cell.table.balance_dates]
    # (A balance moving forward in time: not blocks of balances, latest first.)
    moving = len(dates) > 1 and dates == sorted(dates) and dates[0] < dates[-1]
    if not moving or cell.row > table.balance_dates[0][0] or cell.balance_row or _names_a_day(cell.label):
        return None  # (nor a row that names its own days: "January 1 - 31, 2023")
    spacing = round((dates[1] - dates[0]).days / 30.4)  # as long as the stretch between the first two
    return None if cell.kind == "stock" else cell.flow_to(dates[0], spacing)


@_without_a_column
def subtotal_of_the_balances_above(cell: CellContext) -> Period | None:
    """A line with no label below a balance, after a dated balance, sums the balances above it at that date:
    "" (58.5) below "Goodwill" and "Accumulated impairment losses" under "Balance, December 31, 2022"
    (CMCSA 2023 10-K, goodwill by segment) → instant 2022-12-31, not the movements of the year after."""
    table = cell.table
    before = [day for row, day in table.balance_dates if row < cell.row]
    if cell.label or not before:
        return None
    above = next((label for label in reversed(table.row_labels[: cell.row]) if label), "")
    return _instant(before[-1]) if _label_kind(above) == "stock" else None


@_without_a_column
def flow_of_a_dated_stretch(cell: CellContext) -> Period | None:
    """Rows between two dated balances, or under a section heading, are that stretch: "Units granted"
    between "Outstanding as of January 1, 2021" and "Outstanding as of December 31, 2021" (AMZN, restricted
    stock units) → 2021-01-02 to 2021-12-31."""
    return _stretch(cell)


@_without_a_column
def date_in_the_header_stub(cell: CellContext) -> Period | None:
    """A date above the row labels dates the columns that name none: "U.S. government securities" ×
    "Fair Value" under "July 29, 2023" (CSCO 2024 10-K, unrealized losses) → instant 2023-07-29. Flow rows
    under it are the year (the quarter, in a 10-Q) that ends there. Not a figure written in a row's label."""
    period = cell.table.header_period
    if period is None or (cell.inline and not cell.column_label):
        return None
    flows = cell.table.flows_only and cell.kind != "stock"  # as under a date column (`flow_under_a_date`)
    return cell.flow_to(period.end) if period.kind == "instant" and flows else period


@_without_a_column
def opening_balance_of_the_document_period(cell: CellContext) -> Period | None:
    """ "Beginning of period" under no dated column (TSLA, stock options) → the eve of the document's
    period, 2022-12-31."""
    if cell.balance_row and _BEGINNING_RE.search(cell.label) and (start := cell.document_flow.start):
        return _day_before(start)
    return None


@_without_a_column
def movement_over_the_document_period(cell: CellContext) -> Period | None:
    """A row that moves a balance whose rows name no date: "Granted" after "Beginning of period" (TSLA,
    stock options) → the document's period, the year 2023."""
    if cell.row in cell.table.movement_rows and not cell.balance_row:
        return cell.document_flow
    return None


# A row that names a range of prices alone: "$10 - $40", "$44.09 to $193.58", "$65 +".
_PRICE_RANGE_ROW_RE = re.compile(r"^\$\s?[\d.,]*\d\s*(?:(?:-|–|to)\s*\$\s?[\d.,]*\d|\+)$", re.IGNORECASE)


@_without_a_column
def price_range_over_the_period(cell: CellContext) -> Period | None:
    """The bounds of a range of exercise prices a row names, in a table of options by price range: "$10"
    and "$40" in "$10 - $40" (BMY 2023 10-K, options outstanding and exercisable) → the document's period,
    the year 2023. (The bounds group the options the period's table lists; the range is not a balance.)"""
    return cell.document_flow if cell.inline and _PRICE_RANGE_ROW_RE.match(cell.label.strip()) else None


@_without_a_column
def terms_on_the_day_of_issue(cell: CellContext) -> Period | None:
    """What a table of notes the sentence introducing it says were issued on a day lists stands at that day:
    "$1,000" × "Principal Amount (in millions)", "4.800%" × "Interest Rate" under "On March 30, 2023, the
    Company issued $3.0 billion of unsecured fixed rate notes … as follows:" (LOW Q2 2023 10-Q) → instant
    2023-03-30; in a month, at its end ("In March 2023, the Company issued …", UNH). Not a flow row."""
    issued = cell.table.issued_on
    if issued is None or cell.kind == "flow" or _label_kind(cell.column_label) == "flow":
        return None
    return _instant(issued)


# A column that names a month and the two last digits of its year: "Sep-23", "Dec-22".
_MONTH_YEAR_COLUMN_RE = re.compile(rf"^({MONTH_NAME_PATTERN})\s*[-–]\s*(\d{{2}})$", re.IGNORECASE)


@_without_a_column
def balance_at_the_month_the_column_names(cell: CellContext) -> Period | None:
    """A balance under a column that names a month as "Sep-22" stands at that month's end: "Cash and cash
    equivalents per Consolidated Balance Sheets" × "Sep-22" (AXP Q3 2023 10-Q, cash reconciliation) →
    instant 2022-09-30. Not a flow row."""
    match = _MONTH_YEAR_COLUMN_RE.match(cell.column_label.strip())
    if match is None or cell.kind == "flow":
        return None
    year, month = 2000 + int(match[2]), month_number(match[1])
    return _instant(date(year, month, calendar.monthrange(year, month)[1]))


@_without_a_column
def written_figure_at_the_report_date(cell: CellContext) -> Period | None:
    """A figure written in a label that no column dates: "$0.01", "500" and "no" shares in "Preferred
    stock ($0.01 par value; 500 shares authorized; no shares issued or outstanding)" (AMZN, balance
    sheet) → as of the report date."""
    return _instant(cell.document_end) if cell.inline else None


# What a period took off the books: "Gross charge-offs" in a table of loans by origination year.
_CHARGE_OFFS_RE = re.compile(r"\bcharge-?offs?\b", re.IGNORECASE)
_WRITE_OFFS_HEADING_RE = re.compile(r"\b(?:charge|write)-?offs?$", re.IGNORECASE)
# The columns of a schedule of years to come: "For the Years Ending September 30, Thereafter".
_SCHEDULE_COLUMN_RE = re.compile(r"\bthereafter\b|\byears? ending\b|\bpresent value\b", re.IGNORECASE)
_TERM_RATE_RE = re.compile(r"\brates?\b", re.IGNORECASE)


@_without_a_column
def flow_row_among_balances(cell: CellContext) -> Period | None:
    """A row whose own words name a flow, in a table of balances no column dates: "Gross charge-offs" ×
    "Amortized Cost Basis by Origination Year 2021" (F Q2 10-Q, credit quality) and "Granted" × "RSUs
    Shares" (TXN 10-K, stock awards) → over the year to the report date (in a 10-Q, the year to date). (Not
    under a column of balances, nor in a schedule of future years.)"""
    row_flow = (
        _label_kind(cell.label) == "flow"
        or bool(_CHARGE_OFFS_RE.search(cell.label))
        or _under_a_heading_of_write_offs(cell)
    )
    if (
        not row_flow
        or _STOCK_CUES_RE.search(cell.label)  # "Future principal payments", "Present value of …"
        or _SCHEDULE_COLUMN_RE.search(cell.column_label)
        or months_in(cell.column_label)  # "Three months ended June 30 V %": the column's own length
        or _TERM_RATE_RE.search(cell.column_label)  # "2014 Notes issuance" × "Coupon Rate": a term
        or CHANGE_COLUMN_RE.search(cell.column_label)  # "Change 2017 vs. 2016": between two periods
        or cell.balance_row
        or _label_kind(cell.column_label) == "stock"
        or _STANDING_COLUMN_RE.search(cell.column_label)
        or cell.table.future_row(cell.label)
        or cell.table.future_row(cell.column_label)
        or cell.table.maturity_schedule  # "Total lease payments", the schedule's total
    ):
        return None
    # A 10-Q's table of what stood and what moved reports the year to date.
    return cell.table.caption_period or cell.flow_to(cell.document_end, _year_to_date_months(cell.document))


def _under_a_heading_of_write_offs(cell: CellContext) -> bool:
    """A row that names no kind of its own under a heading of what was taken off the books: "New customers"
    under "Gross write-offs" (VZ 2023 10-K, device payment receivables by origination year)."""
    heading = cell.path[-2] if len(cell.path) > 1 else ""
    return _label_kind(cell.label) is None and bool(_WRITE_OFFS_HEADING_RE.search(heading.strip()))


@_without_a_column
def balance_at_the_report_date(cell: CellContext) -> Period | None:
    """A balance by the table's words ("fair value", "as of"), the row's ("Balance …", "Total assets")
    or a maturity schedule's: "2025" × "Operating Leases" (AAPL, lease liability maturities) → as of the
    report date; so are the schedule's totals ("Total undiscounted liabilities"). Not a row with no label
    under a flow column ("Total Annualized Revenue Milestone")."""
    table = cell.table
    unlabelled_flow = not cell.label and _row_kind([cell.column_label]) == "flow"
    # (A table its introduction dates as a flow, "… for the three months ended June 30, 2022", is one
    # whatever its words: "Weighted-Average Shares Outstanding" in an earnings per share table, V.)
    stock_words = table.stock_table and table.caption_period is None
    # A column that names what stands at a day: "Authorized Shares", "Par Value Per Share", "Number of
    # plaintiffs", "At December 31, Gross Amount" (unless the row names a flow).
    standing_column = bool(_STANDING_COLUMN_RE.search(cell.column_label)) and cell.kind != "flow"
    if (
        (stock_words and not unlabelled_flow)
        or standing_column
        or cell.balance_row
        or table.future_row(cell.label)
        or table.future_row(cell.column_label)
        or table.maturity_schedule  # its totals ("Total future lease payments", "Less imputed interest")
        or (cell.kind or table.kind) == "stock"
    ):
        return _instant(cell.document_end)
    return None


@_without_a_column
def length_and_day_the_column_names(cell: CellContext) -> Period | None:
    """A column that names a length and a day but no year is that stretch of the report's year (of the year
    a row names alone): "Total revenues" × "Six months ended June 30 V %" (GE Q2 2023 10-Q) → the six
    months to 2023-06-30; "2022" × "Six Months Ended June 30," → those of 2022. (Not a balance.)"""
    months = months_in(cell.column_label)
    day = _ENDED_MONTH_DAY_RE.search(cell.column_label)
    if not months or day is None or cell.kind == "stock" or cell.balance_row:
        return None
    year = _ROW_YEAR_RE.match(cell.label)
    end = _month_day_in(day, date(int(year[1]), 12, 31) if year else cell.document_end)
    if year is None and end > cell.document_end + END_SLACK:
        end = _month_day_in(day, date(end.year - 1, 12, 31))
    return cell.flow_to(end, months)


@_without_a_column
def change_between_two_years(cell: CellContext) -> Period | None:
    """A change from one year to the next is tagged with the later year's period: "Sales to customers" ×
    "% Change ’22 vs. ’21" (JNJ 2023 10-K, sales by segment) → fiscal 2022. (A 10-K's years only.)"""
    match = _CHANGE_YEARS_RE.search(cell.column_label)
    if match is None or cell.table.months != 12:
        return None
    later = max(_full_year(match[1]), _full_year(match[2]))
    return cell.flow_to(fiscal_year_end(later, cell.document))


@_without_a_column
def flow_over_the_document_period(cell: CellContext) -> Period | None:
    """Failing all else, a flow over the document's period up to the report date: "Research and
    development" × "Change" (AAPL, operating expenses) → fiscal 2024. Over the period the table's
    introduction names, where it names one: "Class A common stock" × "Basic Earnings Per Share Income
    Allocation" under "… earnings per share for the three months ended June 30, 2022:" (V, Q3 10-Q) → the
    quarter to 2022-06-30."""
    return cell.document_flow


PERIOD_RULES: tuple[PeriodRule, ...] = (
    length_ending_on_the_rows_day,
    balance_row_with_its_date,
    balance_under_a_dated_heading,
    quarter_the_row_names,
    year_the_row_names,
    year_the_row_names_with_balance_columns,
    month_day_the_row_names,
    maturity_bucket,
    opening_day_the_row_names,
    balance_row_under_a_flow_column,
    declared_but_not_paid,
    opening_balance_under_a_date_column,
    movement_between_dated_balances,
    balance_under_a_heading_of_balances,
    discount_rate_of_leases,
    trend_rate_assumed_ahead,
    assumption_of_what_it_measures,
    valuation_input_of_awards,
    rate_reconciliation,
    parts_of_the_opening_balance,
    line_above_the_roll_forward,
    under_a_balance_heading,
    movement_under_a_date_column,
    length_the_section_names,
    flow_from_the_opening_day,
    movement_under_a_column,
    assets_under_a_flow_column,
    stock_after_the_closing_balance,
    stock_between_closing_balances,
    line_between_roll_forwards,
    closing_line_of_a_block,
    flow_the_column_names,
    gains_or_losses_under_a_bare_year,
    balance_under_an_as_of_and_for_column,
    carrying_amount_under_a_bare_year,
    movement_between_two_days,
    balance_the_caption_dates,
    balance_the_column_dates,
    stock_under_a_bare_year,
    flow_under_a_bare_year,
    flow_under_a_date,
    flow_under_three_year_ends,
    per_share_computation_under_a_date,
    column_as_printed,
    day_something_happened,
    date_the_row_names,
    month_the_row_names,
    acquisition_date_in_the_prose,
    period_the_row_names_alone,
    to_date_column,
    quarter_of_the_section_year,
    balance_of_a_dated_stretch,
    flow_before_the_first_dated_balance,
    subtotal_of_the_balances_above,
    flow_of_a_dated_stretch,
    date_in_the_header_stub,
    opening_balance_of_the_document_period,
    movement_over_the_document_period,
    price_range_over_the_period,
    terms_on_the_day_of_issue,
    balance_at_the_month_the_column_names,
    written_figure_at_the_report_date,
    flow_row_among_balances,
    balance_at_the_report_date,
    length_and_day_the_column_names,
    change_between_two_years,
    flow_over_the_document_period,
)


def _undated(label: str) -> str:
    """A column label without the dates it prints: "July 2, 2023 Sales" → "Sales"."""
    return LONG_DATE_RE.sub("", label).strip()


# "’22 vs. ’21", "2024 compared to 2023": the change between two years.
_CHANGE_YEARS_RE = re.compile(
    r"[’'‘]?((?:19|20)?\d{2})\s*(?:vs\.?|versus|compared (?:to|with))\s*[’'‘]?((?:19|20)?\d{2})\b",
    re.IGNORECASE,
)


def _full_year(printed: str) -> int:
    """ "22" → 2022, "2022" → 2022."""
    return int(printed) if len(printed) == 4 else 2000 + int(printed)


# An assumption that is a rate: "Discount rate", "Expected rate of return on plan assets", "Rate of
# compensation increase", "Health care cost trend rate" (not "Exchange rate adjustments").
_RATE_ROW_RE = re.compile(r"(?<!exchange )\brates?\b|\bincreases?\b|\btrend\b", re.IGNORECASE)
_OBLIGATION_RE = re.compile(r"\bobligations?\b", re.IGNORECASE)
_PERIODIC_COST_RE = re.compile(
    r"\bnet (?:periodic )?(?:pension |benefit |postretirement )*(?:cost|expense|income|credit)|\bperiodic\b",
    re.IGNORECASE,
)
_RATE_RECONCILIATION_RE = re.compile(
    r"\beffective (?:income )?tax rates?\b.*\bstatutory\b|"
    r"\bstatutory\b.*\beffective (?:income )?tax rates?\b",
    re.IGNORECASE,
)
_CHANGE_ROW_RE = re.compile(r"\bchanges? in\b", re.IGNORECASE)
# A column of the change between two periods: "Change 2017 vs. 2016", "% Change", "Variance".
CHANGE_COLUMN_RE = re.compile(r"\bchange\b|\bvs\.|\bversus\b|\bvariance\b", re.IGNORECASE)
# Assets or liabilities taken on in the year: "… assumed", "… acquired", "… obtained in exchange for new
# leases", "… arising from entering into new operating lease obligations".
_TAKEN_ON_RE = re.compile(r"\b(?:acquired|assumed|exchanged|obtained|arising from entering)\b", re.IGNORECASE)
# A table titled for its earnings per share ("15. Earnings per share"), not a sentence that mentions it.
_EPS_RE = re.compile(r"^\s*(?:net )?(?:earnings|income) per (?:common )?share\b", re.IGNORECASE)
# Owed at the column's end: "Dividends declared but not yet paid", "Declared but unpaid dividends". (Not
# "Purchases of property and equipment, accrued but not paid", the year's purchases.)
_NOT_YET_PAID_RE = re.compile(r"\bdeclared\s+(?:but|and)\s+(?:not\s+(?:yet\s+)?paid|unpaid)\b", re.IGNORECASE)
_DISCOUNT_RATE_RE = re.compile(r"\bdiscount rates?\b", re.IGNORECASE)
_LEASES_RE = re.compile(r"\bleases?\b", re.IGNORECASE)
_ACCUMULATED_AGAINST_RE = re.compile(r"\baccumulated (?:amortization|depreciation|impairment)", re.IGNORECASE)
_CARRYING_COLUMN_RE = re.compile(
    rf"(?:gross|net)(?: carrying)?(?: amounts?| value)?|{_ACCUMULATED_AGAINST_RE.pattern}\w*", re.IGNORECASE
)
_PAID_HEADING_RE = re.compile(r"\b(?:paid|received)\b(?![- ]in\b)", re.IGNORECASE)
# What values an award when it is granted, and the words of a table about awards.
_VALUATION_INPUT_RE = re.compile(
    r"risk[- ]free|volatility|dividend yield|expected (?:term|life|dividends?)\b|grant[- ]date fair value|"
    r"^fair value$|fair value of (?:\w+ )*(?:granted|that vested|vested)\b|"
    r"intrinsic value of (?:\w+ )*exercised",
    re.IGNORECASE,
)
_AWARDS_RE = re.compile(
    r"\bgrant|\bawards?\b|\boptions?\b|black[- ]scholes|lattice|stock-based|share-based|incentive|"
    r"purchase plan",
    re.IGNORECASE,
)


def _what_is_measured(texts: Sequence[str]) -> str | None:
    """ "obligation" or "cost", from the first of `texts` (headings, nearest first, then the introduction)
    that names one and not the other: "… assumptions used to determine benefit obligations"."""
    for text in texts:
        obligation, cost = bool(_OBLIGATION_RE.search(text)), bool(_PERIODIC_COST_RE.search(text))
        if obligation != cost:
            return "obligation" if obligation else "cost"
    return None


def _flow_of_the_column(cell: CellContext, column: Period) -> Period | None:
    """The flow a column stands for: its own period, or the fiscal period (a quarter, in a 10-Q) its date
    ends."""
    if column.kind == "duration":
        return column
    return cell.flow_to(column.end) if _ends_a_fiscal_period(column.end, cell.document) else None


# The movements of a roll-forward across the columns: "2022 Acquisitions (1)", "Impairments", "2023
# Foreign currency translation".
_MOVEMENT_COLUMN_RE = re.compile(
    r"(?:acquisitions?|additions?|impairments?|divestitures?|dispositions?|disposals?|transfers?|"
    r"reclassifications?|(?:foreign\s+)?(?:currency\s+)?translation)\b",
    re.IGNORECASE,
)
_AOCI_RE = re.compile(r"\baccumulated other comprehensive\b|\bAOC[ILE]\b", re.IGNORECASE)
# Amounts held in accumulated other comprehensive income ("Amounts recorded in Accumulated other
# comprehensive loss", "Our accumulated other comprehensive income … balances … consisted of"), not the
# account itself (an equity statement's block).
_IN_AOCI_RE = re.compile(
    rf"\b(?:in|within)\s+(?:{_AOCI_RE.pattern})|"
    rf"(?:{_AOCI_RE.pattern}).*\b(?:balances|as of|consists?|consisted)\b",
    re.IGNORECASE,
)
# What is held (in accumulated other comprehensive income, on the balance sheet), against what moves.
_HELD_RE = re.compile(rf"{_AOCI_RE.pattern}|\bbalance sheets?\b|\bfinancial position\b", re.IGNORECASE)
_RECOGNIZED_RE = re.compile(r"\b(?:gains?|loss(?:es)?|income|expense)\b.*\brecogni[sz]ed\b", re.IGNORECASE)
_MOVES_RE = re.compile(
    r"\bchanges?\b|\bactivity\b|roll[- ]?forward|\bmovements?\b|reclassif|\barising\b|amortiz|\bduring\b|"
    r"recogni[sz]ed in (?:net|earnings|income|the (?:consolidated )?statements? of)|"
    r"statements? of (?:consolidated )?(?:income|operations|earnings|cash flows?)|income statements?",
    re.IGNORECASE,
)
_AS_OF_AND_FOR_RE = re.compile(r"\b(?:as of|at) (?:and|or) for\b", re.IGNORECASE)
_BALANCE_SHEET_RE = re.compile(r"\bbalance sheets?\b|\bfinancial position\b", re.IGNORECASE)
_NOT_MEASURE_RE = re.compile(r"\([^)]*\)|\b(?:19|20)\d{2}\b|\bbenefits?\b", re.IGNORECASE)


def _column_words(label: str) -> str:
    """What a column label says it measures, without its dates, years and notes: "Capital Spending 2023"
    → "Capital Spending". (Nor "benefit", which names a plan over columns: "Other Benefit Plans 2023".)"""
    return _NOT_MEASURE_RE.sub(" ", _undated(label)).strip()


def _ends_a_fiscal_period(day: date, document: DocumentPeriod) -> bool:
    """Is `day` the end of one of the document's fiscal periods: its own period end, or one a year or (in a
    10-Q) a quarter before, counted by months (hence the counted slack)?"""
    step = 3 if document.form.upper().startswith("10-Q") else 12
    end = document.period_end
    return dates_match(end, day) or any(
        dates_match(months_before(end, months) - timedelta(days=1), day, COUNTED_END_SLACK)
        for months in range(step, 12 * 6, step)
    )


def _three_year_ends(text: str, document: DocumentPeriod) -> bool:
    """Do the dates `text` prints (a 10-K table's title and header) end three successive fiscal years?"""
    if document.form.upper().startswith("10-Q"):
        return False
    days = {day for match in LONG_DATE_RE.finditer(text) if (day := parse_long_date(match[0])) is not None}
    years = {day.year for day in days if _ends_a_fiscal_period(day, document)}
    return any({year, year - 1, year - 2} <= years for year in years)


def _opens_the_fiscal_year(label: str, document: DocumentPeriod) -> bool:
    """Does a row end on the day the document's fiscal year opened, without its year ("Balance at
    January 1" in a calendar-year 10-Q)?"""
    match = _OPENING_DAY_RE.search(label)
    first = document.quarter(1)
    if match is None or first is None or first.start is None:
        return False
    return (month_number(match[1]), int(match[2])) == (first.start.month, first.start.day)


def _opens_a_fiscal_year(day: date, document: DocumentPeriod) -> bool:
    """Is `day` the first day of one of the document's last fiscal years?"""
    own = document.fiscal_year if document.fiscal_year is not None else document.period_end.year
    ends = [document.quarter(4, year) for year in range(own - 6, own + 1)]
    return any(end is not None and end.end + timedelta(days=1) == day for end in ends)


def _month_day_in(match: re.Match[str], column_end: date) -> date:
    """ "Gross tax contingencies – January 1" in the 2023 column: the balance on that day of that year."""
    month = month_number(match[1])
    day = min(int(match[2]), calendar.monthrange(column_end.year, month)[1])
    return date(column_end.year, month, day)


# The caption's last sentence (after its last colon): the one that introduces the table.
_CAPTION_SENTENCE_RE = re.compile(r"[^.]*$")
# A page's running header taken for the table's title: "Table of Contents", "2023 FORM 10-K 63".
_PAGE_FURNITURE_RE = re.compile(
    r"(?:\s+|^)(?:table of contents|(?:19|20)\d{2} form 10-[kq] \d+|\d{1,3})(?:\s+\d{1,3})?\s*$",
    re.IGNORECASE,
)
_TRAILING_PARENTHETICAL_RE = re.compile(r"(?:\s*\([^()]*\))+\s*$")
_CAPTION_DATE_RE = re.compile(rf"\b(?:as of|at|on)\s+({LONG_DATE_PATTERN})", re.IGNORECASE)


def _last_sentence(caption: str) -> str:
    """The sentence (after the last colon) that introduces a table, without the parenthetical that may
    close it: "At December 31, 2022, the allocation … were as follows: (Dollars in Millions …)" (CL)."""
    caption = _PAGE_FURNITURE_RE.sub("", _TRAILING_PARENTHETICAL_RE.sub("", caption))
    sentence = _CAPTION_SENTENCE_RE.search(re.split(r":\s", caption.rstrip(" .:"))[-1])
    return sentence[0] if sentence else ""


def caption_period(caption: str, document: DocumentPeriod) -> Period | None:
    """The one period of a length the sentence introducing a table names: "The following table presents
    earnings per share for the three months ended June 30, 2022:" → April to June 2022 (V); none when it
    names more than one ("for the three and six months ended …", "… 2023 and 2022"), nor a date too ("as of
    and for the six months ended June 30, 2023": balances at its end, flows over it)."""
    return period_of_a_sentence(_last_sentence(caption), document)


# A reference rate and the spread over it that follows: "SOFR + ", "EURIBOR plus ".
_SPREAD_BEFORE_RE = re.compile(r"\b[A-Z]{3,}\s*(?:\+|plus)\s*$")
# "$693 million and $1.5 billion … for the three and six months ended July 1, 2023, respectively": two lengths
# to one date, each figure of a pair taking its own.
_TWO_LENGTHS_RE = re.compile(
    rf"\bfor\s+the\s+(three|six|nine)\s+and\s+(six|nine|twelve)\s+months\s+ended\s+(?P<day>{LONG_DATE_PATTERN})",
    re.IGNORECASE,
)
_RESPECTIVELY_RE = re.compile(r"\brespectively\b", re.IGNORECASE)
_PAIR_RE = re.compile(r"\)?\s*and\s*", re.IGNORECASE)  # "$693 million and $1.5 billion", "$(3) and $5"


def _respective_length(sentence: str, at: int, document: DocumentPeriod) -> Period | None:
    """The length of the figure at `at` in a sentence that lists its figures in pairs over two lengths to
    one date, "respectively": "For the three and six months ended July 1, 2023, all other operating losses
    primarily included $693 million and $1.5 billion of amortization …, $348 million and $657 million of
    stock-based compensation expense …, respectively." (AMD Q2 2023 10-Q) → "$693 million" and "$348
    million" the quarter, "$1.5 billion" and "$657 million" the half year. None for a figure not paired by
    "and", or where the sentence names another date."""
    match = _TWO_LENGTHS_RE.search(sentence)
    if match is None or not _RESPECTIVELY_RE.search(sentence) or len(LONG_DATE_RE.findall(sentence)) != 1:
        return None
    figures = inline_figures(sentence)
    i = next((i for i, figure in enumerate(figures) if figure.start == at), None)
    if i is None:
        return None
    if i + 1 < len(figures) and _PAIR_RE.fullmatch(sentence[figures[i].end : figures[i + 1].start]):
        length = match[1]  # the first of "A and B"
    elif i > 0 and _PAIR_RE.fullmatch(sentence[figures[i - 1].end : figures[i].start]):
        length = match[2]
    else:
        return None
    return parse_column_period(f"{length} months ended {match['day']}", document)


def period_of_a_sentence(text: str, document: DocumentPeriod) -> Period | None:
    """The one period of a length a sentence names (`caption_period`)."""
    if (past_year := _past_year(text, document)) is not None:
        return past_year
    if (month := _past_month(text)) is not None:
        return month
    # (The day something else happened does not date the table: "… during the six months ended June 30,
    # 2023, including related party transactions with Antara, which became a related party on February 7,
    # 2023:", AMC Q2 2023 10-Q.)
    text = _ON_A_DAY_RE.sub("", text) if _FOR_THE_PERIOD_RE.search(text) else text
    if not _FOR_THE_PERIOD_RE.search(text) or len(LONG_DATE_RE.findall(text)) != 1:
        return None
    if _AS_OF_AND_FOR_RE.search(text):
        return None
    if _TWO_PERIODS_RE.search(text) or len(_FOR_THE_PERIOD_RE.findall(text)) > 1:
        return None
    if _AS_OF_AND_FOR_RE.search(text):
        return None  # balances at its end and flows over it: "as of and for the six months ended …" (VZ)
    period = parse_column_period(text, document)
    return period if period is not None and period.kind == "duration" else None


# "… charges taken in 2022 in our Europe division", "during fiscal 2022": a year the figures are of.
_IN_YEAR_RE = re.compile(r"\b(?:in|during|for)\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})\b", re.IGNORECASE)
_ANY_YEAR_RE = re.compile(r"\b(?:19|20)\d{2}\b")


def _past_year(text: str, document: DocumentPeriod) -> Period | None:
    """The one fiscal year before the document's that a sentence names, and no other year or date: "A
    summary of pre-tax charges taken in 2022 in our Europe division as a result of the Russia-Ukraine
    conflict is as follows:" (PEP 2023 10-K) → fiscal 2022."""
    match = _IN_YEAR_RE.search(text)
    own_year = document.fiscal_year or document.period_end.year
    if match is None or len(_ANY_YEAR_RE.findall(text)) != 1 or int(match[1]) >= own_year:
        return None
    end = fiscal_year_end(int(match[1]), document)
    return Period("duration", months_before(end, 12), end)


# "… during July 2023": the one month a sentence names, and no other date.
_DURING_MONTH_RE = re.compile(rf"\bduring\s+({MONTH_NAME_PATTERN})\s+((?:19|20)\d{{2}})\b", re.IGNORECASE)
# "… which became a related party on February 7, 2023": the day of an event the sentence mentions.
_ON_A_DAY_RE = re.compile(rf"\bon\s+{LONG_DATE_PATTERN}", re.IGNORECASE)


def _past_month(text: str) -> Period | None:
    """The one month a sentence says its figures are of, and no other year or date: "The below table
    summarizes the cash debt repurchases during July 2023, including related party transactions with
    Antara:" (AMC Q2 2023 10-Q, subsequent events) → July 2023."""
    match = _DURING_MONTH_RE.search(text)
    if match is None or len(_ANY_YEAR_RE.findall(text)) != 1:
        return None
    end = _month_end(f"{match[1]} {match[2]}")
    return None if end is None else Period("duration", end.replace(day=1), end)


# "… ended June 30, 2023 and 2022", "for the three and six months ended …": more than one period.
_TWO_PERIODS_RE = re.compile(r"\band\s+(?:19|20)\d{2}\b|\b(?:three|six|nine)\s+and\b", re.IGNORECASE)
# "for the three months ended", "for the fiscal year ended", "for the 26 weeks ended", "during the six months
# ended"
_FOR_THE_PERIOD_RE = re.compile(
    r"\b(?:for|during)\s+the\s+(?:fiscal\s+)?(?:years?|quarters?|(?:three|six|nine|twelve|thirteen|twenty-six|"
    r"thirty-nine|fifty-two|fifty-three|\d{1,2})[\s-]+(?:months|weeks))\s+end(?:ed|ing)\b",
    re.IGNORECASE,
)


def caption_date(caption: str) -> date | None:
    """The one date the sentence introducing a table says its figures are at: "The fair values for the
    pension plans by asset category at December 31, 2022 are as follows:" → 2022-12-31 (VZ); none when
    it names more than one ("as of December 31, 2023 and 2022")."""
    text = _last_sentence(caption)
    if len(LONG_DATE_RE.findall(text)) != 1 or re.search(r"\band\s+(?:19|20)\d{2}\b", text):
        return None
    match = _CAPTION_DATE_RE.search(text)
    return parse_long_date(match[1]) if match else None


# "On March 30, 2023, the Company issued $3.0 billion of unsecured fixed rate notes", "In March 2023, the
# Company issued $6.5 billion of senior unsecured notes": the day (or month) notes were issued.
_ISSUED_ON_RE = re.compile(
    rf"\b(?:on|in)\s+(?:(?P<day>{LONG_DATE_PATTERN})|(?P<month>{MONTH_NAME_PATTERN}\.?\s+(?:19|20)\d{{2}})),?\s"
    r".*?\bissued\b.*?\b(?:notes|debentures|bonds)\b",
    re.IGNORECASE,
)


def issue_day(caption: str) -> date | None:
    """The day the sentence introducing a table says the notes it lists were issued (a month's last day,
    for a month): "In March 2023, the Company issued $6.5 billion of senior unsecured notes consisting of
    the following:" → 2023-03-31 (UNH Q2 2023 10-Q). (The point of "$6.5" ends no sentence.)"""
    text = re.split(r":\s", caption.rstrip(" .:"))[-1]
    match = _ISSUED_ON_RE.search(_SENTENCE_END_RE.split(text)[-1])
    if match is None:
        return None
    return parse_long_date(match["day"]) if match["day"] else _month_end(match["month"])


# A purchase price allocation: "The purchase consideration was allocated as follows:", "The acquisition date
# fair values of the assets acquired and liabilities assumed were as follows:".
_ACQUISITION_TABLE_RE = re.compile(
    r"\bpurchase (?:price|consideration)\b|\bassets acquired\b|\bacquisition date\b", re.IGNORECASE
)
# "On February 14, 2022 (Xilinx Acquisition Date), the Company completed the acquisition of … Xilinx": the
# day, and the rest of its sentence.
_ACQUIRED_ON_RE = re.compile(
    rf"\bOn\s+(?P<day>{LONG_DATE_PATTERN})(?P<said>[^.]*?\bacqui(?:red?|sition)\b[^.]*)", re.IGNORECASE
)


def _names_the_business(said: str, name: str) -> bool:
    """Does an acquisition's sentence name the business a column names: the name itself, or each of its
    words for a name of two or more ("European Viral Vector Business": "… the Belgium-based European viral
    vector manufacturing business of Groupe Novasep SAS", TMO 2023 10-K)."""
    if name.lower() in said.lower():
        return True
    words = set(re.findall(r"\w{3,}", name.lower()))
    return len(words) > 1 and words <= set(re.findall(r"\w+", said.lower()))


def acquisitions_in(prose: str) -> list[Acquisition]:
    """The acquisitions `prose` dates: "On November 7, 2023, we completed a cash and stock transaction to
    acquire Hostess Brands" → (2023-11-07, "…to acquire Hostess Brands")."""
    return [
        (day, match["said"])
        for match in _ACQUIRED_ON_RE.finditer(prose)
        if (day := parse_long_date(match["day"])) is not None
    ]


_GENERIC_COLUMN_RE = re.compile(
    r"(?:(?:preliminary|final|estimated|recognized|recorded|amounts?|allocations?|adjustments?)\s*)+",
    re.IGNORECASE,
)
_NOT_A_NAME_RE = re.compile(r"\([^)]*\)|\b(?:in (?:millions|thousands)|fair value|total)\b", re.IGNORECASE)
_YEAR_START_RE = re.compile(r"\b(?:beginning|start) of (?:the )?(?:fiscal )?year\b", re.IGNORECASE)


def _year_to_date_months(document: DocumentPeriod) -> int:
    """How many months of its fiscal year a document covers: 6 for a second-quarter 10-Q."""
    focus = (document.fiscal_period or "").upper()
    if re.fullmatch(r"Q[1-3]", focus):
        return 3 * int(focus[1])
    return 3 if document.form.upper().startswith("10-Q") and focus != "FY" else 12


# A header's length and day without the year, which the rows' year headings give: "(For the nine months
# ended September 30, in millions)".
_SPAN_WITHOUT_YEAR_RE = re.compile(
    rf"\b(?:three|six|nine|twelve)\s+months\s+ended\s+{MONTH_NAME_PATTERN}\s+\d{{1,2}}\b(?!,?\s*(?:19|20)\d{{2}})",
    re.IGNORECASE,
)
_END_OF_YEAR_RE = re.compile(r"\bend\s+of\s+(?:fiscal\s+)?((?:19|20)\d{2})$", re.IGNORECASE)
_EVENT_DATE_RE = re.compile(r"^(?:issue|issuance|settlement|transaction)?\s*date$", re.IGNORECASE)
_FILING_LAG = timedelta(days=120)  # a report is filed within four months of its period's end
_DUE_RE = re.compile(r"\bdue\b|\bmatur|\bexpir", re.IGNORECASE)
_MONTH_YEAR_RE = re.compile(rf"^({MONTH_NAME_PATTERN})\.?\s+((?:19|20)\d{{2}}):?$", re.IGNORECASE)


def _names_a_day(label: str) -> bool:
    """A label that names a month and a year: "January 1 - 31, 2023"."""
    return bool(re.search(MONTH_NAME_PATTERN, label, re.IGNORECASE) and _ANY_YEAR_RE.search(label))


def _rows_are_days(row_labels: Sequence[str], headings: frozenset[int]) -> bool:
    """Two or more rows with figures, each labelled with a day alone ("July 27, 2024")."""
    labels = [label.strip() for row, label in enumerate(row_labels) if row not in headings and label.strip()]
    return len(labels) >= 2 and all(_DATE_ALONE_RE.match(label) for label in labels)


def _month_end(label: str) -> date | None:
    """The last day of the month a label names alone: "March 2023" → 2023-03-31."""
    match = _MONTH_YEAR_RE.match(label.strip())
    if match is None:
        return None
    year, month = int(match[2]), month_number(match[1])
    return date(year, month, calendar.monthrange(year, month)[1])


def _dated_balance(heading: str) -> bool:
    """A heading that names a balance and its date: "Balance, December 31, 2022"; not a date alone (a
    section, `observe_heading`, or the columns' date, `_header_stub_period`), nor a period ("As of and for
    the Fiscal Year Ended February 3, 2024")."""
    heading = heading.strip()
    return (
        bool(_BALANCE_ROW_RE.search(heading))
        and not _DATE_HEADING_RE.match(heading)
        and not months_in(heading)
        and row_date(heading) is not None
    )


def _header_stub_period(
    row_labels: Sequence[str], headings: frozenset[int], document: DocumentPeriod
) -> Period | None:
    """The one period the stub of a table's leading heading rows names: "July 29, 2023" over "Fair Value |
    Gross Unrealized Losses" (CSCO 2024 10-K, unrealized losses) → instant 2023-07-29; a year alone, the
    end of that fiscal year (or the report date, in its own year): "2022 (Millions)" over "Current | 30-59
    Days Past Due" (AXP Q3 2023 10-Q, loan aging) → 2022-12-31."""
    named: list[Period] = []
    for row, label in enumerate(row_labels):
        if row not in headings:
            break
        if _DATE_HEADING_RE.match(label.strip()) and (dated := parse_long_date(label)) is not None:
            named.append(Period("instant", None, dated))
        elif (year_end := _stub_year_end(label, document)) is not None:
            named.append(Period("instant", None, year_end, assumed=True))
        elif (
            months_in(label)
            and parse_long_date(label) is not None
            and (period := parse_column_period(label, document)) is not None
        ):
            named.append(period)
    return named[0] if len(named) == 1 else None


# "2023", "Fiscal 2023", "Year 2023"; "Q1 2021", "First Quarter 2023": a row that names a period alone.
_ROW_YEAR_RE = re.compile(r"^(?:fiscal\s+|(?:fiscal\s+)?year\s+)?((?:19|20)\d{2})$", re.IGNORECASE)
_ROW_QUARTER_RE = re.compile(
    r"^(?:q[1-4]|(?:first|second|third|fourth)\s+quarter)\s+(?:of\s+)?(?:fiscal\s+)?(?:19|20)\d{2}$",
    re.IGNORECASE,
)
_STUB_YEAR_RE = re.compile(r"^(?:fiscal\s+)?((?:19|20)\d{2})$", re.IGNORECASE)


def _stub_year_end(label: str, document: DocumentPeriod) -> date | None:
    """The end of the fiscal year a stub prints alone ("2022 (Millions)"): the report date in the
    document's own year, else that year's last day by the document's fiscal calendar."""
    year = _STUB_YEAR_RE.match(re.sub(r"\([^)]*\)", "", label).strip())
    if year is None:
        return None
    own_year = document.fiscal_year if document.fiscal_year is not None else document.period_end.year
    if int(year[1]) == own_year:
        return document.period_end
    last_quarter = document.quarter(4, int(year[1]))
    return last_quarter.end if last_quarter is not None else None


def row_date(label: str) -> date | None:
    """The date a row label names as its own ("Balance at December 31, 2023", "Shares at December 31, 2022:
    394,787,951"), not one inside a description ("… as of December 31, 2024 and 2023, respectively; 4,141
    million …", "… as of December 31, 2024 and December 31, 2023, respectively"), nor the date a debt falls
    due ("0.797% 2-Year Senior Notes, Due 10/18/2023")."""
    found = [m for m in LONG_DATE_RE.finditer(label) if not _DUE_BEFORE_RE.search(label, 0, m.start())]
    tail = label[found[-1].end() :] if found else ""
    states_its_figure = tail.lstrip().startswith(":")  # "…, 2022: 394,787,951"
    if len(found) != 1 or (re.search(r"\d", tail) and not states_its_figure):
        return None
    return parse_long_date(found[-1][0])


def _movement_rows(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """The rows that move a roll-forward's balance: flows, whatever their words ("Participant
    contributions", "Divestitures"). They follow an opening balance, up to the next balance, heading or
    total of a balance ("Total Equity Attributable to Noncontrolling Interests")."""
    moving: set[int] = set()
    is_open = False
    for row, label in enumerate(row_labels):
        if _BALANCE_ROW_RE.search(label):
            is_open = bool(_BEGINNING_RE.search(label))
        elif row in headings or (label.lower().startswith("total") and _is_stock_row(label)):
            is_open = False
        elif is_open:
            moving.add(row)
    return frozenset(moving)


def _closing_lines(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """Where two or more blocks open with a beginning balance: the line before each later opening, when no
    balance words of its own close the block before it."""
    openings = [
        row
        for row, label in enumerate(row_labels)
        if _BALANCE_ROW_RE.search(label) and _BEGINNING_RE.search(label)
    ]
    if len(openings) < 2:
        return frozenset()
    lines = [row for row, label in enumerate(row_labels) if label and row not in headings]
    closing = _lines_before(lines, openings[1:], row_labels, openings[0])
    # Where the blocks close on such lines, the last one does too, on the line before the first balance
    # after it ("Common stock held in treasury" above "GE shareholders' equity balance", GE 2023 10-K).
    after_last = [r for r in lines if r > openings[-1] and _BALANCE_ROW_RE.search(row_labels[r])]
    # (Not where the block closes on its own balance: "Balance, end of year".)
    if after_last and (_END_RE.search(row_labels[after_last[0]]) or row_date(row_labels[after_last[0]])):
        after_last = []
    if closing and after_last:
        closing |= _lines_before(lines, after_last[:1], row_labels, openings[0])
    return frozenset(closing)


def _lines_before(
    lines: Sequence[int], rows: Sequence[int], row_labels: Sequence[str], first: int
) -> set[int]:
    """The line just before each of `rows`, after `first`, where it names no balance of its own."""
    before = {max((r for r in lines if r < row), default=-1) for row in rows}
    return {row for row in before if row > first and not _BALANCE_ROW_RE.search(row_labels[row])}


def _opening_parts(row_labels: Sequence[str], headings: frozenset[int], balance_rows: Sequence[int]) -> range:
    """The lines right above a roll-forward's opening balance that make it up, a gross amount less what has
    accumulated against it: "Goodwill" and "Accumulated impairment loss" above "Balance at beginning of
    period" (JCI 2024 10-K, goodwill by segment)."""
    opening = next((row for row in balance_rows if _BEGINNING_RE.search(row_labels[row])), None)
    if opening is None:
        return range(0)
    first = opening
    while first > 0 and first - 1 not in headings and row_labels[first - 1]:
        first -= 1
    parts = range(first, opening)
    accumulated = any(_ACCUMULATED_RE.match(row_labels[row]) for row in parts)
    return parts if len(parts) >= 2 and accumulated else range(0)


def _between_blocks(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """Rows after one roll-forward block closes and before the next opens: balances, not movements."""
    between: set[int] = set()
    pending: list[int] = []
    closed = False
    for row, label in enumerate(row_labels):
        if row in headings:
            continue
        if _BALANCE_ROW_RE.search(label):
            if _BEGINNING_RE.search(label) and closed:
                between.update(pending)
            closed, pending = not _BEGINNING_RE.search(label), []
        elif closed:
            pending.append(row)
    return frozenset(between)


_TOTAL_RE = re.compile(r"^total\b", re.IGNORECASE)


def _total_kinds(row_labels: Sequence[str], headings: frozenset[int]) -> dict[int, str]:
    """The kind of the "Total …" line that closes each block of rows that name no kind of their own: "U.S.",
    "International Operated Markets" right above "Total assets" → "stock". (Not across a heading, a blank
    row or a row that names its kind, nor a total balance of a roll-forward: "Total accrued interest balance
    at December 31".)"""
    kinds: dict[int, str] = {}
    block: list[int] = []
    for row, label in enumerate(row_labels):
        kind = _label_kind(label)
        if kind is None and label.strip() and row not in headings:
            block.append(row)
            continue
        if kind is not None and _TOTAL_RE.match(label.strip()) and not _BALANCE_ROW_RE.search(label):
            kinds.update(dict.fromkeys(block, kind))
        block = []
    return kinds


def _row_kind(labels: Sequence[str]) -> str | None:
    """ "stock" or "flow", from the first of `labels` that says."""
    for label in labels:
        if kind := _label_kind(label):
            return kind
    return None


_FLOW_VERB_RE = re.compile(
    r"\b(?:paid|received|obtained|granted|transferred|incurred|exercised)\b|"
    r"\bduring the (?:period|year|quarter)\b|"
    r"\b(?:shares|stock|units|awards|options) vested\b|^effects? of\b",
    re.IGNORECASE,
)
# What has built up, or is yet to be: "Accumulated other comprehensive loss", "Less accumulated
# depreciation", "Unrecognized tax benefits". (Not "Cumulative translation adjustments", in a statement of
# comprehensive income the year's change.)
_ACCUMULATED_RE = re.compile(r"(?:less:?\s+)?(?:total\s+)?(?:accumulated|unrecognized)\b", re.IGNORECASE)
# Where a label's head noun ends: "Amortization | of intangible assets", "Expected return | on plan assets".
_HEAD_END_RE = re.compile(r"\s(?:of|on|in|from|for|to|under|related to)\s", re.IGNORECASE)


def _label_kind(label: str) -> str | None:
    """ "stock" or "flow" by a label's words; where it has words of both, by its head noun: "Amortization of
    intangible assets" is a flow, "Accumulated depreciation of property" a stock. What was paid, received,
    obtained, granted or vested in the period is a flow, whatever it names: "Lease assets obtained in
    exchange for new operating lease liabilities", "Weighted average fair value of options granted", "Cash
    paid for interest", "Maximum amount outstanding during the period", "Effect of exchange rate changes on
    cash and cash equivalents"."""
    if _FLOW_VERB_RE.search(label):
        return "flow"
    if _is_stock_row(label) or _ACCUMULATED_RE.match(label):
        return "stock"
    if _is_flow_row(label):
        return "flow"
    head = _HEAD_END_RE.split(label, maxsplit=1)
    if len(head) == 1:
        return None
    return "stock" if _is_stock_row(head[0]) else "flow" if _is_flow_row(head[0]) else None


def _head_is_flow(label: str) -> bool:
    """Does a label's head noun name a flow, whatever it is of: "Amortization | of Intangible Assets"."""
    head = _HEAD_END_RE.split(label, maxsplit=1)
    return len(head) > 1 and _is_flow_row(head[0])


def _is_stock_row(label: str) -> bool:
    return bool(_STOCK_ROW_RE.search(label)) and not _FLOW_ROW_RE.search(label)


def _is_flow_row(label: str) -> bool:
    return bool(_FLOW_ROW_RE.search(label)) and not _STOCK_ROW_RE.search(label)


def _months_after(start: date, months: int) -> date:
    """The last day of a period of `months` months that starts on `start`."""
    year, month = start.year, start.month + months
    while month > 12:
        month -= 12
        year += 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    return date(year, month, day) - timedelta(days=1)
