"""What one table says about the periods of its cells (`TablePeriods`), read once before its rows are walked;
`TablePeriods.for_cell` puts one cell's question to the chain `registry` states for it.
"""

import re
from collections.abc import Sequence
from datetime import date, timedelta

from filingproof.calendar import END_SLACK, MONTH_NAME_PATTERN, month_number, parse_long_date, shift_months
from filingproof.ingest.parse.periods import (
    LONG_DATE_RE,
    DocumentPeriod,
    Period,
    fiscal_year_end,
    months_in,
    parse_column_period,
)
from filingproof.ingest.parse.periods.context import CellContext, CellPeriod
from filingproof.ingest.parse.periods.prose import (
    ACQUISITION_TABLE_RE,
    AS_OF_RE,
    FOR_THE_PERIOD_RE,
    SENTENCE_END_RE,
    SPREAD_BEFORE_RE,
    Acquisition,
    acquisitions_in,
    caption_date,
    caption_period,
    issue_day,
    last_sentence,
    month_end,
    names_the_business,
    period_of_a_sentence,
    respective_length,
)
from filingproof.ingest.parse.periods.registry import chain_for, recorded_rule
from filingproof.ingest.parse.periods.structure import (
    between_blocks,
    closing_lines,
    dated_balance,
    header_stub_period,
    movement_rows,
    opening_parts,
    row_date,
    rows_are_days,
    total_kinds,
    year_to_date_months,
)
from filingproof.ingest.parse.periods.words import (
    ACCUMULATED_AGAINST_RE,
    AT_DAY_WITHOUT_YEAR_RE,
    BALANCE_ROW_RE,
    BALANCE_SHEET_RE,
    BEGINNING_RE,
    DATE_ALONE_RE,
    DATE_HEADING_RE,
    DAY_ALONE_RE,
    END_RE,
    MONTH_DAY_END_RE,
    OPENING_DAY_RE,
    ROW_YEAR_RE,
    STOCK_CUES_RE,
    ends_a_fiscal_period,
    label_kind,
    row_kind,
)

_FUTURE_ROW_RE = re.compile(
    r"^(?:(?:fiscal\s+)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)?\d{2,4})?(?:\s*\([^)]*\))?$|thereafter\b|"
    r"due\s+(?:in|within|after)\b|"
    r"(?:less than|within|after|more than)\s+(?:one|1)\s+year)",
    re.IGNORECASE,
)


_FUTURE_YEAR_RE = re.compile(r"(?:fiscal\s+)?((?:19|20)\d{2})", re.IGNORECASE)


# "Portion of total net sales that was included in deferred revenue at the beginning of the period": a flow.
# So is "Net unrealized gains recognized during the year related to securities held at the end of the year".
_PORTION_RE = re.compile(
    r"^(?:portion|amount|revenue|net sales) .*\b(?:included|recognized) in\b|\bduring the (?:year|period)\b",
    re.IGNORECASE,
)


_FOOTNOTE_RE = re.compile(r"(?<=[a-z])\d{1,2}$|(?<=\b(?:19|20)\d\d)\d$|\s*\(\d{1,2}\)$|\s*\([a-z]\)$|[*†‡]+$")


_SALES_CAPTION_RE = re.compile(
    r"(?:our |the )?(?:net )?(?:sales|revenues?)\b(?!.*\b(?:assets?|liabilit\w*|balances?|recognized from)"
    r"\b)",
    re.IGNORECASE,
)


_CASH_FLOWS_RE = re.compile(r"statements? of (?:consolidated )?cash flows?", re.IGNORECASE)


_AT_YEARS_CAPTION_RE = re.compile(
    r"\b(?:at|as of)\s+(?:the\s+end\s+of\s+(?:fiscal\s+)?(?:years?\s+)?|"
    rf"{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}},?\s+)(?:19|20)\d{{2}},?\s+and\s+(?:19|20)\d{{2}}\b",
    re.IGNORECASE,
)


# An earnings per share computation, or the shares it leaves out: "the calculation of basic and diluted net
# earnings (loss) per share", "… excluded from the computation of diluted net loss per share …".
_PER_SHARE_COMPUTATION_RE = re.compile(
    r"\b(?:comput|calculat)\w*\s+of\s+(?:\w+\s+){0,6}?(?:earnings|income|loss)\s+(?:\(loss\)\s+)?per\s+"
    r"(?:common\s+)?share|\banti-?dilutive\b",
    re.IGNORECASE,
)


_DEFERRED_TAX_BALANCES_RE = re.compile(r"\bdeferred (?:income )?tax (?:assets?|liabilit)", re.IGNORECASE)


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
        self.months = document.months
        self.caption = caption or table_text  # the prose just before the table too
        self.stock_table = bool(STOCK_CUES_RE.search(table_text))
        # A statement of balances by its title: "STATEMENT OF FINANCIAL POSITION" (GE), "Balance Sheets".
        self.balance_sheet = bool(BALANCE_SHEET_RE.search(table_text))
        # A table about leases, by its words or its introduction's: its discount rates are the leases' own.
        self.leases = bool(_LEASES_RE.search(f"{table_text} {last_sentence(caption)}"))
        # Gross amounts, what has accumulated against them and what is left: carrying amounts.
        self.carrying_amounts = bool(ACCUMULATED_AGAINST_RE.search(table_text))
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
        self.rows_are_days = rows_are_days(row_labels, headings)
        self._read_rollforward(row_labels, headings)
        self.columns_roll_forward = False  # its columns move a balance between two dated columns
        self.section: Period | None = None
        self.header_span = _SPAN_WITHOUT_YEAR_RE.search(table_text)  # "nine months ended September 30"
        self.balance_heading: Period | None = None  # the last dated balance heading met ("Balance at …")
        self.section_months: int | None = None
        # A date in the stub of the header rows ("July 29, 2023" above the row labels, the columns naming
        # only what they measure) dates the columns that name no period.
        self.header_period = header_stub_period(row_labels, headings, document)
        # A 10-Q's rows from the day its fiscal year opened ("Balance at January 1"): the year to date.
        self.year_to_date = self.months == 3 and any(
            _opens_the_fiscal_year(label, document) for label in row_labels
        )
        self._read_kinds(row_labels, headings, caption, table_text)
        # Dates that end three successive fiscal years, over a table its introduction and rows do not say
        # holds balances ("… notional amounts for outstanding derivatives … at the end of each period", INTC).
        self.three_year_ends = (
            self.kind != "stock"
            and not STOCK_CUES_RE.search(introduction)
            and _three_year_ends(table_text, document)
        )
        self.per_share_computation = bool(_PER_SHARE_COMPUTATION_RE.search(f"{introduction} {table_text}"))
        # The acquisitions the prose before a purchase price allocation dates, and the sentence of each.
        allocation = ACQUISITION_TABLE_RE.search(f"{caption} {table_text}")
        self.acquisitions = acquisitions_in(prose) if allocation else []
        self.earlier_acquisitions = earlier_acquisitions if allocation else ()

    def _read_introduction(self, table_text: str, caption: str, prose: str) -> str:
        """The period and the day the table's introduction names (`caption_period`, `as_of`); returns the
        sentence that introduces it."""
        as_of = AS_OF_RE.search(table_text)
        # The one period the sentence introducing the table names: "The following table presents
        # earnings per share for the three months ended June 30, 2022:" (V, Q3 10-Q).
        self.caption_period = None if as_of else caption_period(caption, self.document)
        introduction = last_sentence(prose[-300:] if prose.rstrip().endswith(":") else caption)
        if self.caption_period is None and not as_of and FOR_THE_PERIOD_RE.search(introduction):
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
            if BALANCE_ROW_RE.search(label) and not self.maturity_date(label)
        ]
        balances = [row_labels[row] for row in balance_rows]
        month_day_rows = [row for row, label in enumerate(row_labels) if MONTH_DAY_END_RE.search(label)]
        month_days = [row_labels[row] for row in month_day_rows]
        # Where the roll-forward opens: rows above it are not its movements ("Trade receivables" above
        # "Allowance, beginning of year", PEP).
        self.opening_row = min([*balance_rows, *month_day_rows], default=0)
        self.rollforward = len(month_days) >= 2 or (
            any(BEGINNING_RE.search(b) for b in balances) and any(END_RE.search(b) for b in balances)
        )
        # Blocks that each open with "Beginning balance" and close on a line that names the balance alone
        # ("Retained earnings", "Benefit plans AOCI"): that line is the block's closing balance.
        self.closing_lines = closing_lines(row_labels, headings)
        movements = movement_rows(row_labels, headings) if self.rollforward else frozenset()
        self.movement_rows = movements - self.closing_lines
        # In a 10-Q, a roll-forward under columns that print the report date alone runs over the year to
        # date, as an interim report's roll-forwards do unless a length is printed: "Contract liability
        # beginning balance" × "July 29, 2023" (GME Q2 2023 10-Q) is at the eve of the fiscal year (tagged
        # 2023-01-28), not of the quarter.
        self.rollforward_months = year_to_date_months(document)
        self.between_blocks = between_blocks(row_labels, headings) if self.rollforward else frozenset()
        self.opening_parts = (
            opening_parts(row_labels, headings, balance_rows) if self.rollforward else range(0)
        )
        # Rows of future years ("2026", "Thereafter"): amounts owed at the report date, and their totals too.
        self.maturity_schedule = sum(map(self.future_row, row_labels)) >= 2
        self.closing_row = balance_rows[-1] if self.rollforward and balance_rows else len(row_labels)
        # The first balance at the end after the last opening one: "Cash … including restricted, at end of
        # year" above "Less restricted cash …" and "Cash and cash equivalents at end of year" (BA).
        last_opening = max((row for row in balance_rows if BEGINNING_RE.search(row_labels[row])), default=-1)
        self.first_closing_row = next(
            (
                row
                for row in balance_rows
                if row > last_opening
                and END_RE.search(row_labels[row])
                and not BEGINNING_RE.search(row_labels[row])
            ),
            self.closing_row,
        )
        # Headings too, where two or more head dated balances, in the order of time ("Balance, December 31,
        # 2021" … "Balance, December 31, 2022" over each balance's rows, CMCSA goodwill): the rows between
        # them move it. (Not blocks of balances, latest first: "Balance at December 31, 2023" … 2022, RKT.)
        dated_headings = [row for row in balance_rows if row in headings and dated_balance(row_labels[row])]
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
        self.total_kinds = total_kinds(row_labels, headings)
        # Rows that print a day alone ("January 1" … "December 31"): a roll-forward's balances by their days.
        self.day_rows = [row for row, label in enumerate(row_labels) if DAY_ALONE_RE.fullmatch(label.strip())]
        # What most rows that say so are: a schedule of balances (property, plan assets) or of flows.
        kinds = [row_kind([label]) for label in row_labels]
        stocks, flows = kinds.count("stock"), kinds.count("flow")
        self.kind = "stock" if stocks > flows else "flow" if flows > stocks else None
        # Flows by far (a statement of operations, a cost breakdown), or by what the caption is about
        # ("Net sales by product category were:"), whatever its columns print.
        introduction = last_sentence(caption)
        about_sales = bool(_SALES_CAPTION_RE.match(introduction.strip()))
        # "… deferred tax assets/(liabilities) at December 31 were as follows:": balances, at that day of
        # the years the columns print. (Not "for the years ended December 31, and the balance at …".) So are
        # the components of deferred tax assets and liabilities, unless the table rolls them forward.
        day_given = bool(AT_DAY_WITHOUT_YEAR_RE.search(introduction)) and not months_in(introduction)
        # "… at December 31, 2023 and 2022 are as follows:", "… at the end of fiscal years 2023 and 2022".
        day_given |= bool(_AT_YEARS_CAPTION_RE.search(introduction)) and not self.rollforward
        deferred_taxes = bool(_DEFERRED_TAX_BALANCES_RE.search(f"{introduction} {table_text}"))
        self.balances_dated = day_given or (deferred_taxes and not self.rollforward)
        # The last line sums a balance ("Other current liabilities"), the lines above being its parts.
        last = next((label for label in reversed(row_labels) if label), "")
        self.sums_a_balance = (
            label_kind(last) == "stock" and not self.rollforward and not BALANCE_ROW_RE.search(last)
        )
        self.flows_only = not self.stock_table and ((flows >= 3 and flows >= 3 * stocks) or about_sales)

    def observe_heading(self, label: str) -> None:
        """A heading row: "Six months ended June 30, 2023", "Six Months Ended" or "Fiscal Year 2024"."""
        period = None
        months = months_in(label)
        if months:
            period = parse_column_period(label, self.document)
            self.section_months = months
        elif match := ROW_YEAR_RE.match(label.strip()):
            # "2023" under a header that gives the length and the day: "(For the nine months ended September
            # 30, in millions)" (TRV Q3 2023 10-Q, segments) → nine months to 2023-09-30.
            span = f"{self.header_span[0]}, " if self.header_span else ""
            period = parse_column_period(f"{span}{match[1]}", self.document)
        elif DATE_HEADING_RE.match(label.strip()) and (dated := parse_long_date(label)) is not None:
            period = Period("instant", None, dated)  # "December 31, 2024": the balances at that date
        elif (month_ended := month_end(label)) is not None:
            period = Period("instant", None, month_ended)  # "January 2023" over the notes issued that month
        elif dated_balance(label) and (dated := row_date(label)) is not None:
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
        column_inferred: str | None = None,
    ) -> CellPeriod:
        """The period of a cell in `row`, under a column that names `column` (None: names none);
        `column_inferred`: the column inference that dated the column (`registry.COLUMN_INFERENCES`)."""
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
            balance_row=bool(BALANCE_ROW_RE.search(label))
            and not _PORTION_RE.search(label)
            and not self.event_dates
            and not maturity,
        )
        for rule in chain_for(dated_column=in_block is not None):
            if (period := rule(cell)) is not None:
                return CellPeriod(period, recorded_rule(rule, column_inferred))
        raise AssertionError("the last rule answers every cell")

    def sentence_period(self, text: str, at: int) -> CellPeriod | None:
        """The one period of a length the sentence a figure is written in names (at `at` in `text`), for a
        figure no column dates: "$14.2 million" in "… the Company paid taxes for restricted unit withholdings
        of approximately $14.2 million during the six months ended June 30, 2023." (AMC Q2 2023 10-Q) → the
        six months to 2023-06-30. None where it names no such period, or a date too."""
        start = max((match.end() for match in SENTENCE_END_RE.finditer(text, 0, at)), default=0)
        end = SENTENCE_END_RE.search(text, at)
        sentence = text[start : end.start() if end else len(text)]
        if (listed := respective_length(sentence, at - start, self.document)) is not None:
            return CellPeriod(listed, "length_its_sentence_lists")
        period = period_of_a_sentence(re.split(r":\s", sentence)[-1], self.document)
        return None if period is None else CellPeriod(period, "period_its_sentence_names")

    def spread_period(self, text: str, at: int) -> CellPeriod | None:
        """A spread written over a reference rate, the figure at `at` in `text`: "0.35%" in "Floating Rate
        (SOFR + 0.35%) 1.5-Year Senior Notes" (TMO 2023 10-K), "0.70%" in "EURIBOR plus 0.70%" (JCI 2024
        10-K) → the document's year to date: the terms the debt carried over it, not a balance."""
        if SPREAD_BEFORE_RE.search(text, 0, at) is None:
            return None
        parts = (self.document.fiscal_part(1, months) for months in (12, 9, 6, 3))
        year_to_date = next((part for part in parts if part is not None), None)
        return None if year_to_date is None else CellPeriod(year_to_date, "spread_over_the_period")

    def maturity_date(self, label: str) -> bool:
        """A row that prints a date alone, later than the report's: the day a debt falls due, not the date
        of its figures: "March 27, 2025" × "Book Value Outstanding as of May 31, 2024" (NKE 2024 10-K,
        long-term debt)."""
        dated = parse_long_date(label) if DATE_ALONE_RE.match(label.strip()) else None
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
            named = {day for day, said in acquisitions if names_the_business(said, name)}
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
        return Period("duration", start, shift_months(start, months) - timedelta(days=1))


_LEASES_RE = re.compile(r"\bleases?\b", re.IGNORECASE)


def _three_year_ends(text: str, document: DocumentPeriod) -> bool:
    """Do the dates `text` prints (a 10-K table's title and header) end three successive fiscal years?"""
    if document.quarterly:
        return False
    days = {day for match in LONG_DATE_RE.finditer(text) if (day := parse_long_date(match[0])) is not None}
    years = {day.year for day in days if ends_a_fiscal_period(day, document)}
    return any({year, year - 1, year - 2} <= years for year in years)


def _opens_the_fiscal_year(label: str, document: DocumentPeriod) -> bool:
    """Does a row end on the day the document's fiscal year opened, without its year ("Balance at
    January 1" in a calendar-year 10-Q)?"""
    match = OPENING_DAY_RE.search(label)
    first = document.quarter(1)
    if match is None or first is None or first.start is None:
        return False
    return (month_number(match[1]), int(match[2])) == (first.start.month, first.start.day)


_GENERIC_COLUMN_RE = re.compile(
    r"(?:(?:preliminary|final|estimated|recognized|recorded|amounts?|allocations?|adjustments?)\s*)+",
    re.IGNORECASE,
)


_NOT_A_NAME_RE = re.compile(r"\([^)]*\)|\b(?:in (?:millions|thousands)|fair value|total)\b", re.IGNORECASE)


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
