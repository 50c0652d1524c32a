"""Figures written inside a table's text cells, on labels printed by the corpus filings."""

from decimal import Decimal

from filingproof.ingest.parse.inline import inline_figures


def test_a_number_glued_to_a_letter_is_a_name_not_a_figure() -> None:
    # 3M's 10-Q income statement: the company's name, not 3 million shares.
    assert inline_figures("Weighted average 3M common shares outstanding — diluted") == []
    assert inline_figures("Second quarter (2nd) results") == []


def test_figures_a_label_lists_are_still_read() -> None:
    # Apple's balance sheet and a notes table.
    figures = inline_figures("Treasury stock — 2,738 and 2,732 shares")
    assert [(f.value, f.unit) for f in figures] == [(Decimal(2738), "shares"), (Decimal(2732), "shares")]
    assert [(f.text, f.unit) for f in inline_figures("3.70% Notes Due 2060")] == [("3.70%", "percent")]
    assert [(f.value, f.word_scale) for f in inline_figures("$10.0 billion")] == [(Decimal("10.0"), 9)]


def test_a_number_before_a_lettered_parenthesis_names_a_plan_or_a_section() -> None:
    # Boeing's equity statement: "Treasury shares issued for 401(k) contribution" had given a cell of 401
    # shares; a footnote after a percentage or a figure with separators stays a figure (Pfizer's "4.65%(c)").
    assert inline_figures("Treasury shares issued for 401(k) contribution") == []
    assert inline_figures("short-swing profits under Section 16(b)") == []
    assert [(f.text, f.unit) for f in inline_figures("4.65%(c)")] == [("4.65%", "percent")]
    assert [(f.value, f.unit) for f in inline_figures("Total 1,234(a) shares")] == [(Decimal(1234), "shares")]
