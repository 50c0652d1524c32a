"""The two chains of period rules, and every precedence between the groups, in one place.

A cell's period is the answer of the first rule of its chain that answers; the answer names that rule.
A cell under a column that names a period is put to `UNDER_A_DATED_COLUMN`, a cell under a column that
names none to `UNDER_NO_COLUMN`; each chain ends on a rule that answers every cell (`column_as_printed`,
`flow_over_the_document_period`). Each rule lives in the module of its group (the table kind it reads:
`rows_own`, `statement_columns`, `rollforwards`, `assumptions`, `schedules`, `allocations`,
`undated_tables`); the order below is the only order there is. Each rule's docstring shows a row it
decides, from the corpus filing it names; `tests/unit/test_period_rules.py` holds that table for every rule,
`tests/unit/test_period_registry.py` holds the chains to the rules the groups write.

What the row itself says comes first, whatever its column: a balance row with its date, a row that is a
year or a quarter. Then, under a dated column, what the table's kind says against the column (a maturity
schedule, a roll-forward's balances and movements, assumptions that stand at a day, a statement's balance
under a column of a length), and failing all the column as printed. Under no dated column, the row's own
day or month, the prose, the roll-forward's dated stretch, the report date and failing all the document's
own period.
"""

from filingproof.ingest.parse.periods import (
    Period,
    allocations,
    assumptions,
    columns,
    rollforwards,
    rows_own,
    schedules,
    statement_columns,
    undated_tables,
)
from filingproof.ingest.parse.periods.columns import ColumnInference, ColumnPeriods, infer_column_periods
from filingproof.ingest.parse.periods.context import PeriodRule

# Before any cell is put to a chain, what a header row prints is completed, in this order: one date over
# every dated column dates the columns that break it down, then undated columns between two dated balances
# are the flows between them. A cell whose chain ends on `column_as_printed` under a column so dated
# records the inference's name, not `column_as_printed`.
COLUMN_INFERENCES: tuple[ColumnInference, ...] = (
    columns.one_date_for_all_columns,
    columns.flow_between_balance_columns,
    columns.change_beside_two_balances,
)

# What the row itself says, under a dated column or none.
ROWS_OWN_PERIOD: tuple[PeriodRule, ...] = (
    rows_own.balance_row_with_its_date,
    rows_own.balance_under_a_dated_heading,
    rows_own.quarter_the_row_names,
    rows_own.year_the_row_names,
    rows_own.year_the_row_names_with_balance_columns,
)

UNDER_A_DATED_COLUMN: tuple[PeriodRule, ...] = (
    *ROWS_OWN_PERIOD,
    rows_own.month_day_the_row_names,
    schedules.maturity_bucket,
    rows_own.opening_day_the_row_names,
    statement_columns.balance_row_under_a_flow_column,
    statement_columns.declared_but_not_paid,
    rollforwards.opening_balance_under_a_date_column,
    rollforwards.movement_between_dated_balances,
    rollforwards.balance_under_a_heading_of_balances,
    assumptions.discount_rate_of_leases,
    assumptions.trend_rate_assumed_ahead,
    assumptions.assumption_of_what_it_measures,
    assumptions.expected_return_of_the_period,
    assumptions.valuation_input_of_awards,
    assumptions.rate_reconciliation,
    rollforwards.parts_of_the_opening_balance,
    rollforwards.line_above_the_roll_forward,
    rollforwards.under_a_balance_heading,
    rollforwards.movement_under_a_date_column,
    rows_own.year_to_date_the_row_group_names,
    rows_own.length_the_section_names,
    rollforwards.flow_from_the_opening_day,
    rollforwards.movement_under_a_column,
    statement_columns.assets_under_a_flow_column,
    rollforwards.stock_after_the_closing_balance,
    rollforwards.stock_between_closing_balances,
    rollforwards.line_between_roll_forwards,
    rollforwards.closing_line_of_a_block,
    statement_columns.flow_the_column_names,
    statement_columns.gains_or_losses_under_a_bare_year,
    statement_columns.balance_under_an_as_of_and_for_column,
    statement_columns.carrying_amount_under_a_bare_year,
    rollforwards.movement_between_two_days,
    statement_columns.balance_the_caption_dates,
    statement_columns.balance_the_column_dates,
    statement_columns.stock_under_a_bare_year,
    statement_columns.flow_under_a_bare_year,
    statement_columns.flow_under_a_date,
    statement_columns.flow_under_three_year_ends,
    statement_columns.per_share_computation_under_a_date,
    statement_columns.column_as_printed,  # answers every cell
)

UNDER_NO_COLUMN: tuple[PeriodRule, ...] = (
    rows_own.length_ending_on_the_rows_day,
    *ROWS_OWN_PERIOD,
    rows_own.day_something_happened,
    rows_own.date_the_row_names,
    rows_own.days_of_a_month_the_row_names,
    rows_own.month_the_row_names,
    allocations.acquisition_date_in_the_prose,
    rows_own.period_the_row_names_alone,
    rows_own.year_to_date_the_row_group_names,
    undated_tables.to_date_column,
    rows_own.quarter_of_the_section_year,
    rollforwards.balance_of_a_dated_stretch,
    rollforwards.flow_before_the_first_dated_balance,
    rollforwards.subtotal_of_the_balances_above,
    rollforwards.flow_of_a_dated_stretch,
    rows_own.date_in_the_header_stub,
    rollforwards.opening_balance_of_the_document_period,
    rollforwards.movement_over_the_document_period,
    schedules.price_range_over_the_period,
    schedules.terms_on_the_day_of_issue,
    undated_tables.balance_at_the_month_the_column_names,
    undated_tables.written_figure_at_the_report_date,
    undated_tables.flow_row_among_balances,
    undated_tables.balance_at_the_report_date,
    undated_tables.length_and_day_the_column_names,
    undated_tables.change_between_two_years,
    undated_tables.flow_over_the_document_period,  # answers every cell
)

# Every rule once, each chain's in its order.
PERIOD_RULES: tuple[PeriodRule, ...] = tuple(dict.fromkeys((*UNDER_A_DATED_COLUMN, *UNDER_NO_COLUMN)))


def column_periods(labels: list[str], printed: list[Period | None]) -> ColumnPeriods:
    """The periods of a header row's columns: those `printed`, completed by `COLUMN_INFERENCES`."""
    return infer_column_periods(labels, printed, COLUMN_INFERENCES)


def columns_roll_forward(periods: ColumnPeriods) -> bool:
    """Dated balances around the columns' flows: the dates are balances, whatever the rows' words."""
    return periods.moved_by(columns.flow_between_balance_columns) or periods.moved_by(
        columns.change_beside_two_balances
    )


def recorded_rule(rule: PeriodRule, column_inferred: str | None) -> str:
    """The name a cell records for the rule that dated it: the inference that dated its column where it
    takes the column as printed."""
    if rule is statement_columns.column_as_printed and column_inferred is not None:
        return column_inferred
    return rule.__name__


def chain_for(*, dated_column: bool) -> tuple[PeriodRule, ...]:
    """The rules a cell is put to, in order: under a column that names a period, or under none."""
    return UNDER_A_DATED_COLUMN if dated_column else UNDER_NO_COLUMN
