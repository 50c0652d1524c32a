"""Two lines an operator the question writes joins (`qa.asked.with_operands`): "A / B" and "A divided by B"
(a percentage where one is asked), "A + B", "A minus B", "divide A by B", "the difference between A and B",
each line as the question words it; no operator read where the words are a period's or a clause's."""

import pytest

from filingproof.qa.asked import with_operands
from filingproof.qa.items import ITEMS_BY_KEY, Ask


@pytest.mark.parametrize(
    ("question", "kind", "operands"),
    [
        ("What was UNH first half of 2023 MCR %, med costs / premiums", "margin", ("med costs", "premiums")),
        ("What was TRV nine months of 2023 share repurchases + dividends paid", "sum",
         ("share repurchases", "dividends paid")),
        ("What was Apple total current assets minus total current liabilities at Sept 28 2024", "difference",
         ("total current assets", "total current liabilities")),
        ("what effective tax rate you get if you divide the income tax provision by earnings before income "
         "taxes Amex", "margin", ("income tax provision", "earnings before income taxes")),
        ("NVDA FY25 Data Center revenue over total revenue", "ratio",
         ("Data Center revenue", "total revenue")),
        ("what's the difference between Tesla's automotive sales and automotive leasing revenue in 2024",
         "difference", ("automotive sales", "automotive leasing revenue")),
        # a gloss's opening verb is no word of the first line
        ("How much did Travelers return in the nine months ended September 30, 2023, counting treasury stock "
         "acquired under share repurchase authorizations plus dividends paid", "sum",
         ("treasury stock acquired under share repurchase authorizations", "dividends paid")),
    ],
)  # fmt: skip
def test_an_operator_between_two_lines_asks_their_arithmetic(
    question: str, kind: str, operands: tuple[str, str]
) -> None:
    mentions = ("UNH", "TRV", "Apple", "Amex", "NVDA", "Tesla's", "Travelers")
    ask = with_operands(question, [m for m in mentions if m in question], None)
    assert ask is not None
    assert (ask.derivation, ask.operands) == (kind, operands)


def test_a_percentage_asked_in_words_the_reading_left_out_is_one() -> None:
    text = "UnitedHealth medical care ratio for the six months ended June 30, 2023, med costs / premiums"
    operands = ("med costs", "premiums")
    assert with_operands(text, ["UnitedHealth"], None) == Ask((), "ratio", operands=operands)
    typed = "… in percent?"
    assert with_operands(text, ["UnitedHealth"], None, typed) == Ask((), "margin", operands=operands)


@pytest.mark.parametrize(
    "question",
    [
        "What was Apple's revenue growth over 2023",  # "over" a period
        "how did Meta's ad revenue do over the first half of 2024",
        "hey, quick one - Amex marketing expense for Q3 2023",  # a dash between clauses
        "What was Apple's revenue / ",  # one side only
        "What was AAPL revenue / FY24",  # a period is no line
    ],
)
def test_no_operator_is_read_where_there_are_not_two_lines(question: str) -> None:
    assert with_operands(question, ["Apple's", "Meta's", "Amex", "AAPL"], None) is None


def test_an_ask_of_two_curated_lines_or_a_derivation_is_kept() -> None:
    both = Ask((ITEMS_BY_KEY["current_assets"], ITEMS_BY_KEY["current_liabilities"]), "ratio")
    assert with_operands("Apple total current assets / total current liabilities", ["Apple"], both) is both
    growth = Ask((ITEMS_BY_KEY["revenue"],), "growth")
    assert with_operands("Apple revenue growth, services / products", ["Apple"], growth) is growth


def test_two_curated_lines_the_question_takes_one_from_the_other_keep_their_items() -> None:
    both = Ask((ITEMS_BY_KEY["current_assets"], ITEMS_BY_KEY["current_liabilities"]))
    question = "what's the difference between Apple's total current assets and total current liabilities"
    assert with_operands(question, ["Apple's"], both) == Ask(both.items, "difference")


def test_parts_of_a_line_named_outside_them_are_no_operands() -> None:
    """ "global sales (US + international)": the sales are the figure, the two markets its parts; adding
    Merck's whole U.S. and international lines would answer another question."""
    question = "what did Keytruda do for Merck in Q2 2023, global sales (US + international)"
    sales = Ask((ITEMS_BY_KEY["revenue"],))
    assert with_operands(question, ["Merck"], sales) is sales


def test_a_slash_between_two_names_of_one_line_divides_nothing() -> None:
    assert (
        with_operands("What were Apple's automotive / Apple Car sales in FY2024", ["Apple's"], None) is None
    )
    # where a ratio is asked, it divides
    ratio = with_operands("Apple's R&D / net sales ratio in FY2024", ["Apple's"], None)
    assert ratio is not None and ratio.derivation == "ratio"


def test_a_threshold_in_percent_asks_no_ratio_of_a_slash() -> None:
    """FinanceBench's "Are there any product categories / service categories that represent more than 20% of
    Boeing's revenue": the slash says "or", and the 20% is a threshold."""
    question = "Are there any product categories / service categories that represent more than 20% of revenue"
    assert with_operands(question, [], None) is None
