"""The registry is the one place the period rules are ordered: every rule a group module writes is in a chain,
each chain ends on a rule that answers every cell, and a rule guarded for one kind of column sits only in
that column's chain."""

import inspect

import pytest

from filingproof.ingest.parse.periods import (
    allocations,
    assumptions,
    rollforwards,
    rows_own,
    schedules,
    statement_columns,
    undated_tables,
)
from filingproof.ingest.parse.periods.registry import PERIOD_RULES, UNDER_A_DATED_COLUMN, UNDER_NO_COLUMN

GROUPS = (allocations, assumptions, rollforwards, rows_own, schedules, statement_columns, undated_tables)


def _rules_written_in(module: object) -> set[str]:
    """The public functions of a group module that take a cell: its rules."""
    return {
        name
        for name, function in inspect.getmembers(module, inspect.isfunction)
        if function.__module__ == getattr(module, "__name__", "")
        and not name.startswith("_")
        and next(iter(inspect.signature(function).parameters), "") == "cell"
    }


@pytest.mark.parametrize("group", GROUPS, ids=lambda group: group.__name__.rsplit(".", 1)[-1])
def test_every_rule_a_group_writes_is_in_a_chain(group: object) -> None:
    chained = {rule.__name__ for rule in PERIOD_RULES if rule.__module__ == getattr(group, "__name__", "")}
    assert _rules_written_in(group) == chained


def test_each_chain_ends_on_the_rule_that_answers_every_cell() -> None:
    assert UNDER_A_DATED_COLUMN[-1] is statement_columns.column_as_printed
    assert UNDER_NO_COLUMN[-1] is undated_tables.flow_over_the_document_period
    assert {rule.__module__ for rule in PERIOD_RULES} == {group.__name__ for group in GROUPS}


def test_a_rule_guarded_for_one_kind_of_column_is_only_in_its_chain() -> None:
    # `under_a_column` and `without_a_column` wrap a rule (functools.wraps keeps the wrapped one).
    for rule in PERIOD_RULES:
        takes_the_column = "column" in inspect.signature(getattr(rule, "__wrapped__", rule)).parameters
        guarded = hasattr(rule, "__wrapped__")
        if guarded and takes_the_column:
            assert rule in UNDER_A_DATED_COLUMN and rule not in UNDER_NO_COLUMN, rule.__name__
        elif guarded:
            assert rule in UNDER_NO_COLUMN and rule not in UNDER_A_DATED_COLUMN, rule.__name__
        else:
            assert rule in UNDER_A_DATED_COLUMN and rule in UNDER_NO_COLUMN, rule.__name__
