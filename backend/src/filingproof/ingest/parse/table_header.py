"""A table's header: where the rows that name the columns end, its logical columns (figures one per row),
and the labels the header rows give each column (spanning headers over blocks, years over gaps).
"""

import itertools
import re
from dataclasses import dataclass, field

from filingproof.calendar import LONG_DATE_PATTERN, MONTH_NAME_PATTERN, parse_long_date
from filingproof.ingest.parse.numbers import YEAR_IN_RE, is_year
from filingproof.ingest.parse.periods import months_in
from filingproof.ingest.parse.periods.words import CHANGE_COLUMN_RE
from filingproof.ingest.parse.table_cells import inline_only, written_figures
from filingproof.ingest.parse.table_grid import Item, column_of, is_header_value, logical_columns


@dataclass(slots=True)
class Rows:
    """A table's rows split into their label and their values, and how many of them make the header."""

    items: list[list[Item]]
    labels: list[Item | None]
    values: list[list[Item]]
    header_rows: int  # the rows above the first with a figure
    # The labels that head the row before its own, outermost first: a first label column's, its own label in
    # a second (`group_label_columns`), or labels that span its rows (`spanning_label_groups`); none for most.
    groups: list[tuple[Item, ...]] = field(default_factory=list)

    def group(self, r: int) -> tuple[Item, ...]:
        return self.groups[r] if r < len(self.groups) else ()

    def headings(self) -> frozenset[int]:
        """The header rows, and the rows with a label and no figure."""
        return frozenset(
            r for r, label in enumerate(self.labels) if r < self.header_rows or (label and not self.values[r])
        )

    def header_like(self, r: int) -> bool:
        """No label, and nothing but text or years: "2024 | 2023", "Three Months Ended"."""
        return self.labels[r] is None and all(is_header_value(item) for item in self.values[r])


def shown_header_rows(rows: Rows, columns: "Columns") -> int:
    """The rows shown as the table's header: down to the last that heads the figures' columns. Headings
    under it, above the first figure ("Net sales:", "ASSETS" across the table), head rows, not columns."""
    heads = [
        r
        for r in range(rows.header_rows)
        if rows.values[r] or ((label := rows.labels[r]) is not None and columns.over(label))
    ]
    return heads[-1] + 1 if heads else 0


def split_header(items: list[list[Item]]) -> Rows:
    """The header phase: each row's label (its first item, unless a figure), and where the header ends."""
    labels: list[Item | None] = []
    values: list[list[Item]] = []
    for row in items:
        first = row[0]
        has_label = first.number is None or (is_year(first.text) and len(row) > 1 and first.col_start == 0)
        labels.append(first if has_label else None)
        values.append(row[1:] if has_label else row)
    header_rows = next(
        (
            i
            for i, row in enumerate(values)
            if any(not is_header_value(item) for item in row)
            or (labels[i] is not None and any(inline_only(item) for item in row))
        ),
        len(items),
    )
    return Rows(items, labels, values, header_rows)


def unlabel_header_rows(rows: Rows, columns: "Columns") -> None:
    """A header repeated down the rows that leaves the stub empty and dates the columns anew names them, not
    a row: "Six Months Ended June 30, 2023 | Six Months Ended June 30, 2022" over the figures' columns (CAT
    Q2 2023 10-Q, allowance for credit losses). Its first item, standing over the first figures' column,
    was taken for the row's label. (Not names alone: "U.S. Defined Benefit | U.S. Retiree Health Care"
    over a block whose stub dates it, TXN.)"""
    first = columns.spans[0][0] if columns.spans else None
    for r in range(rows.header_rows, len(rows.items)):
        label = rows.labels[r]
        if first is None or label is None or label.col_start < first or not rows.values[r]:
            continue
        dated = all(months_in(item.text) and parse_long_date(item.text) for item in rows.items[r])
        if dated:
            rows.labels[r], rows.values[r] = None, rows.items[r]


def group_label_columns(rows: Rows, columns: "Columns") -> None:
    """A body that prints its labels in two text columns before the figures, the first naming a group the
    second breaks down: "Humira | United States | $12,160", then " | International | 2,244" and " | Total |
    $14,404" with the first column left empty (ABBV 2023 10-K, worldwide net revenues; a lease's "Operating
    leases | Other current liabilities", then " | Other non-current liabilities", AAPL). The first label heads
    its own row and the rows below that continue the second column, up to the next row that is not one; the
    second is the row's own label. Only a group that stands alone in the first column: after a run of rows
    each labelled in both columns, the rows below continue the run as a whole ("Foreign exchange contracts |
    Revenue", "Interest rate contracts | Other income (expense), net", then " | Net of income tax" for
    both, GOOGL 2024 10-K, AOCI reclassifications). Then the labels that span rows
    (`spanning_label_groups`)."""
    rows.groups = [()] * len(rows.items)
    body = range(rows.header_rows, len(rows.items))
    starts = [label.col_start for r in body if (label := rows.labels[r]) is not None]
    if not columns.spans or not starts:
        return
    edge, first_column = min(starts), columns.spans[0][0]
    seconds = {r: second for r in body if (second := _second_label(rows, r, edge, first_column))}
    for r, second in seconds.items():
        group = rows.labels[r]
        under = _continued(rows, r, second)
        if group is None or r - 1 in seconds or not under:
            continue
        rows.labels[r] = second
        rows.values[r] = [item for item in rows.values[r] if item is not second]
        for k in (r, *under):
            rows.groups[k] = (group,)
    spanning_label_groups(rows, first_column)


def spanning_label_groups(rows: Rows, first_column: int) -> None:
    """Labels that span rows (`rowspan`) before a row's own label head every row they span: Pfizer's
    "Vyndaqel family" over six rows, "QTD" over the first three, then the rows' own "U.S.", "Int'l." and
    "Worldwide" (PFE 10-Q, selected product revenues). Only where the first row prints its own label after
    them; a text spanning those rows that states figures ("$782 Up 43% (operationally)") sums up what they
    print, a label of none and a figure of none, and is left out."""
    spans: list[tuple[Item, range]] = []
    for r in range(rows.header_rows, len(rows.items)):
        label = rows.labels[r]
        if label is None or rows.groups[r]:
            continue
        before = [item for item in rows.items[r] if item.number is None and item.col_end < first_column]
        spanning = [item for item in before if _rows_spanned(item) > 1]
        own = [item for item in before if _rows_spanned(item) == 1 and _LABEL_WORD.search(item.text)]
        if not spanning or label is not spanning[0] or not own or own[-1].col_start < spanning[-1].col_end:
            continue
        summaries = [item for item in spanning if written_figures(item.text)]
        headings = [item for item in spanning if item not in summaries]
        rows.items[r] = [item for item in rows.items[r] if item not in summaries]
        rows.labels[r] = own[-1]
        rows.values[r] = [item for item in rows.values[r] if item not in (*spanning, own[-1])]
        spans += [(item, range(r, r + _rows_spanned(item))) for item in headings]
    for r in range(rows.header_rows, len(rows.items)):
        if not rows.groups[r] and (covering := [item for item, rows_of in spans if r in rows_of]):
            rows.groups[r] = tuple(covering)


# a label's own words, not a footnote mark ("(a)", "*")
_LABEL_WORD = re.compile(r"[A-Za-z]{2,}|[A-Za-z]\.")


def _rows_spanned(item: Item) -> int:
    """How many rows the item's first cell spans."""
    try:
        return max(1, int(item.cells[0].element.get("rowspan") or 1))
    except ValueError:
        return 1


def _second_label(rows: Rows, r: int, edge: int, first_column: int) -> Item | None:
    """The text a row of figures labelled at the stub's left edge prints between its label and the first
    column of figures, if any."""
    label, values = rows.labels[r], rows.values[r]
    if label is None or label.col_start != edge or not any(item.number is not None for item in values):
        return None
    texts = [
        i for i in values if i.number is None and label.col_end < i.col_start and i.col_end < first_column
    ]
    return texts[0] if texts else None


def _continued(rows: Rows, r: int, second: Item) -> list[int]:
    """The rows of figures right below `r` whose labels start in its second label column, the first left
    empty."""
    group, under = rows.labels[r], []
    for k in range(r + 1, len(rows.items)):
        label = rows.labels[k]
        if group is None or label is None or not group.col_end < label.col_start <= second.col_end:
            break
        if not any(item.number is not None for item in rows.values[k]):
            break
        under.append(k)
    return under


@dataclass(frozen=True, slots=True)
class Columns:
    spans: list[tuple[int, int]]  # the physical columns each logical column covers
    # (row, column) → the unit sign in force there: "%" or "$", printed by the column's figure at or above it
    signs: dict[tuple[int, int], str]
    stub_end: int = -1  # the last physical column of the row labels' stub

    def of(self, item: Item) -> int | None:
        return column_of(item, self.spans)

    def sign(self, r: int, col: int) -> str | None:
        return self.signs.get((r, col))

    def over(self, item: Item) -> list[int]:
        """The logical columns a header item stands over: all it spans, unless it starts in the stub
        (a title across the whole table, a stub header such as "(In millions)")."""
        if item.col_start <= self.stub_end:
            return []
        return [
            c for c, (start, end) in enumerate(self.spans) if item.col_start <= end and item.col_end >= start
        ]


def find_columns(rows: Rows) -> Columns:
    """The columns phase: the figures' physical spans merged into logical columns."""
    spans = [  # a row of years alone ("2023" over a roll-forward's rows) is a heading, not a column
        (item.col_start, item.col_end)
        for row in rows.values[rows.header_rows :]
        if not all(is_header_value(item) for item in row)
        for item in row
        if item.number is not None
    ]
    columns = logical_columns(spans) or logical_columns(
        [(item.col_start, item.col_end) for row in rows.values for item in row]
    )
    return Columns(columns, _unit_signs(rows, columns), _stub_end(rows, columns))


def _unit_signs(rows: Rows, columns: list[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """The unit sign in force at each figure of each column. Typesetting puts the sign on a column's first
    figure only ("21.0 %" then "(2.2)"), and again where the unit changes: "Statutory rate 21%", then
    "Provision at statutory rate $587" and the bare amounts of a tax reconciliation under it. A "%" after
    amounts is a rate of its own row ("Effective tax rate 19.6 %"), not a new block: amounts stay in force."""
    signs: dict[tuple[int, int], str] = {}
    current: dict[int, str] = {}
    seen: set[int] = set()
    for r in range(rows.header_rows, len(rows.values)):
        for item in rows.values[r]:
            col = column_of(item, columns)
            if item.number is None or col is None:
                continue
            if item.number.is_currency or (item.number.is_percent and col not in seen):
                current[col] = "$" if item.number.is_currency else "%"
            seen.add(col)
            if col in current:
                signs[(r, col)] = current[col]
    return signs


def _stub_end(rows: Rows, columns: list[tuple[int, int]]) -> int:
    """The last physical column of the stub: where the narrowest row label of the body ends ("Net sales:"
    in columns 0–2, then "Years ended" over 3–17 heads the figures' columns, not the labels)."""
    first = columns[0][0] if columns else 0
    ends = [
        label.col_end
        for label in rows.labels[rows.header_rows :]
        if label is not None and label.col_start < first
    ]
    return min(ends, default=first - 1)


def header_labels(
    rows: list[list[Item]], header_block: list[int], columns: list[tuple[int, int]], stub_end: int = -1
) -> list[str]:
    labels: list[list[str]] = [[] for _ in columns]
    # The lowest row that names columns, and how many times it names the same ones over again.
    lowest = max(
        (r for r in header_block if any(columns and i.col_end >= columns[0][0] for i in rows[r])), default=-1
    )
    blocks = _repeated_blocks(rows[lowest], columns) if lowest >= 0 else 1
    # Blocks of years ("2023 | 2022" under each measure) or of measures under a period each.
    dated = lowest >= 0 and all(is_year(i.text) for i in rows[lowest] if i.col_start > stub_end)
    respread = {
        r: _over_blocks(rows[r], columns, blocks, stub_end, dated) for r in header_block if r < lowest
    }
    spread_all = _across_blocks(rows, [r for r in header_block if r < lowest], columns, blocks, stub_end)
    for r in header_block:
        # Does the row name columns too ("Year Ended December 31, 2022 | Direct to Consumer | Partner …")?
        beside = any(columns and item.col_start >= columns[0][0] for item in rows[r])
        over_blocks = (
            respread.get(r)
            or spread_all.get(r)
            or _one_over_each(rows[r], columns, stub_end)
            or (_over_gaps(rows, header_block, r, columns, stub_end) if blocks < 2 else {})
        )
        for item in rows[r]:
            if id(item) in over_blocks:
                for index in over_blocks[id(item)]:
                    if item.text not in labels[index]:
                        labels[index].append(item.text)
                continue
            # A period phrase in the header's stub ("December 31," left of "2024 | 2023") heads every column.
            # (One that prints its year on a row of its own heads a section of rows instead: "Year Ended
            # December 31, 2023".)
            # (Not the header of a column of text between the stub and the figures: "Weighted-Average
            # Original Useful Life as of December 31, 2023" over "11 years", CMCSA 2023 10-K.)
            stub = (
                columns
                and item.col_end < columns[0][0]
                and (stub_end < 0 or item.col_start <= stub_end)
                and (
                    (_STUB_PERIOD_RE.search(item.text) and (beside or not YEAR_IN_RE.search(item.text)))
                    or (_STUB_LENGTH_RE.match(item.text) and beside)
                )
            )
            # A caption across the table from the stub ("ASSETS") heads rows, unless it names a period.
            across = item.col_start <= stub_end and not (
                _STUB_PERIOD_RE.search(item.text) or YEAR_IN_RE.search(item.text)
            )
            for index, (start, end) in enumerate(columns):
                over = item.col_start <= end and item.col_end >= start and not across
                if (over or stub) and item.text not in labels[index]:
                    labels[index].append(item.text)
    return [" ".join(parts) for parts in labels]


def _repeated_blocks(row: list[Item], columns: list[tuple[int, int]]) -> int:
    """How many times a header row names the same columns over again, one name over each column: 2 for
    "Gross | Netting | Net | Gross | Netting | Net" (DOW Q2 2023 10-Q, derivatives); 1 when it does not."""
    names = [item.text for item in row if columns and item.col_end >= columns[0][0]]
    if len(names) != len(columns):
        return 1
    for width in range(1, len(names) // 2 + 1):
        if len(names) % width == 0 and names == names[:width] * (len(names) // width):
            return len(names) // width
    return 1


# What names a period over a block: "Jun 30, 2023", "2022", "For the Three Months Ended", "Impact of
# correction of error - year to date".
_PERIOD_WORDS_RE = re.compile(
    r"\b(?:19|20)\d{2}\b|\b(?:quarters?|years?|months|weeks)\b|\bto[- ]date\b|\bended\b", re.IGNORECASE
)


def _over_blocks(
    row: list[Item], columns: list[tuple[int, int]], blocks: int, stub_end: int, dated_blocks: bool = False
) -> dict[int, list[int]]:
    """The columns each item of a header row stands over where the row below repeats its names block by
    block, this row prints one item a block, and their spans fall across the blocks: each item over its
    block, whatever its span. A filer's spans may fall a column or more short ("Jun 30, 2023" over two of
    the three columns "Gross | Netting | Net" of its block, "Dec 31, 2022" over the third and the next
    two, DOW Q2 2023 10-Q). Keyed by the item's id; empty where the row does not fit, or its items stand
    within their blocks already ("Fair Value" over "Asset | Liability" beside "Notional", PFE). (Not a
    caption that starts in the stub: "The following presents the detailed calculation of EPS:", PFE.)"""
    # (Not a header over a column of text: "Location of (Gain) Loss", MDT.)
    items = [item for item in row if item.col_start > stub_end and columns_under(item, columns)]
    if blocks < 2 or len(items) != blocks:
        return {}
    if not (dated_blocks or all(_PERIOD_WORDS_RE.search(item.text) for item in items)):
        return {}
    width = len(columns) // blocks
    under = [columns_under(item, columns) for item in items]
    crosses = any(len({c // width for c in cols}) > 1 for cols in under)
    # Each starts its block, but the last column is left out ("Three Months Ended | Six Months Ended"
    # over "2023 | 2022 | 2023 | 2022", the second over one year, CMCSA).
    short = [cols[0] for cols in under] == list(range(0, len(columns), width)) and not any(
        len(columns) - 1 in cols for cols in under
    )
    # Or two in one block ("2023 | 2022" over "Fair Value | Total Losses" of the first, BA).
    shared = [cols[0] // width for cols in under] != list(range(blocks))
    if not (crosses or short or shared):
        return {}
    return {id(item): list(range(b * width, (b + 1) * width)) for b, item in enumerate(items)}


def _across_blocks(
    rows: list[list[Item]],
    header_block: list[int],
    columns: list[tuple[int, int]],
    blocks: int,
    stub_end: int,
) -> dict[int, dict[int, list[int]]]:
    """The header rows of one item that starts over the first column and ends inside a block: that item
    over every column. "Nine Months Ended June 30" over "2023" (Number Granted, Weighted Average Grant
    Date Fair Value) and the first column of "2022" (JCI Q3 2023 10-Q). (Not one that ends where a block
    does: "Pension Plans" over "U.S. | International" beside "Postretirement Plans", PFE.)"""
    if blocks < 2:
        return {}
    width = len(columns) // blocks
    across: dict[int, dict[int, list[int]]] = {}
    for r in header_block:
        items = [i for i in rows[r] if i.col_start > stub_end and columns_under(i, columns)]
        under = columns_under(items[0], columns) if len(items) == 1 else []
        if under and under[0] == 0 and (under[-1] + 1) % width and under[-1] < len(columns) - 1:
            across[r] = {id(items[0]): list(range(len(columns)))}
    return across


def columns_under(item: Item, columns: list[tuple[int, int]]) -> list[int]:
    """The logical columns an item's span overlaps."""
    return [c for c, (start, end) in enumerate(columns) if item.col_start <= end and item.col_end >= start]


def _one_over_each(row: list[Item], columns: list[tuple[int, int]], stub_end: int) -> dict[int, list[int]]:
    """A header row that prints one item for each column, its spans off the columns: each item over its
    column in order. "Three Months Ended July 31, 2022 | Total Costs Incurred to Date at April 30, 2023"
    set a column to the left of the two columns of figures (SJM Q1 2024 10-Q, restructuring costs).
    Empty where the row does not fit, its items stand over their columns already, or one stands over
    several ("Depreciable Lives (Years) | December 31," over a column of text and two years, TXN)."""
    items = [item for item in row if item.col_start > stub_end]
    if stub_end < 0 or len(columns) < 2 or len(items) != len(columns):
        return {}
    if not all(is_year(item.text) or parse_long_date(item.text) for item in items):  # each dates its column
        return {}
    over = [columns_under(item, columns) for item in items]
    if all(len(cols) == 1 for cols in over) and len({cols[0] for cols in over}) == len(columns):
        return {}
    if any(len(cols) > 1 for cols in over):  # "December 31," over both years, beside a text column's header
        return {}
    return {id(item): [c] for c, item in enumerate(items)}


# A column of changes between the periods, its header's words too: "% Change", "Increase (Decrease)".
_CHANGE_HEADER_RE = re.compile(
    rf"{CHANGE_COLUMN_RE.pattern}|%|\bvs\b|\bincrease\b|\bdecrease\b", re.IGNORECASE
)


def _over_gaps(
    rows: list[list[Item]], header_block: list[int], r: int, columns: list[tuple[int, int]], stub_end: int
) -> dict[int, list[int]]:
    """A header row of dates (or years) whose spans leave a column between two of them uncovered (or after
    the one date over the first columns): each column left out stands under the date on its left, as do
    those after the last. The filer's spans fall short of the block each date heads: "December 30, 2023"
    over "Cost of products sold | Interest expense" and not "Other expense/ (income)" beside them,
    "December 31, 2022" over the next three and not the fourth (KHC 2023 10-K, derivatives' impact on
    income). Keyed by the item's id; empty where no column between two dates is left out, or a column left
    out holds changes ("% Change"). (Where the row below repeats its names block by block, the blocks say
    where each date stands: "2023" over "Amount", not "Shares | Amount", VZ; the caller leaves those rows
    out.)"""
    items = [item for item in rows[r] if item.col_start > stub_end and columns_under(item, columns)]
    if not items or not all(is_year(item.text) or parse_long_date(item.text) for item in items):
        return {}
    under = [columns_under(item, columns) for item in items]
    pairs = list(itertools.pairwise(under))
    between = any(right[0] - left[-1] > 1 for left, right in pairs)
    # One date over the first columns and not the last: "2023" over "Carrying Amount … Cash & Cash
    # Equivalents", not "Current Marketable Securities" beside them (JNJ 2023 10-K, marketable securities).
    alone = len(under) == 1 and len(under[0]) > 1 and under[0][0] == 0 and under[0][-1] < len(columns) - 1
    if any(left[-1] >= right[0] for left, right in pairs) or not (between or alone):
        return {}
    below = [item for row in header_block if row > r for item in rows[row]]

    def names(cols: range | list[int]) -> list[str]:
        return [i.text for i in below if set(columns_under(i, columns)) & set(cols)]

    spread: dict[int, list[int]] = {}
    for k, (item, cols) in enumerate(zip(items, under, strict=True)):
        gap = range(cols[-1] + 1, under[k + 1][0] if k + 1 < len(under) else len(columns))
        if any(_CHANGE_HEADER_RE.search(name) for name in names(gap)):
            return {}
        # The same measure at both dates: what moved it stands between ("January 1, 2023 Carrying Value |
        # Changes in Fair Value | … | December 31, 2023 Carrying Value", JNJ 2023 10-K): a roll-forward.
        if gap and k + 1 < len(under) and (ends := names([cols[-1]])) and ends == names([under[k + 1][0]]):
            return {}
        spread[id(item)] = [*cols, *gap]
    return spread


_STUB_PERIOD_RE = re.compile(
    rf"\b(?:ended|ending|as of)\b|(?:^|\bat\s+){MONTH_NAME_PATTERN}\s+\d{{1,2}},?$|"
    # "(at December 31, 2022, in millions)", "2022" over segments
    rf"\bat\s+{LONG_DATE_PATTERN}|^(?:fiscal\s+)?(?:19|20)\d{{2}}$",
    re.IGNORECASE,
)
# a length alone over the stub, on a header line that names columns too: it heads the years under them
# ("Q4" beside "% Change" over "($ in Millions) | 2022 | 2021 | Reported", a release's "Full Year")
_STUB_LENGTH_RE = re.compile(
    r"^(?:q[1-4]|(?:first|second|third|fourth)\s+quarter|full\s+year|(?:three|six|nine|twelve)\s+months)$",
    re.IGNORECASE,
)
