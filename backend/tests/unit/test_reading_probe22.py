"""Questions as people typed them (probe 21's dev misses and probe 22's dev sets), read (`reading`,
`understanding`): the year less its first half or nine months said as a subtraction is the second half or the
fourth quarter, never the part subtracted; "I wanna know", a statement before "and I want to know", "how much
of … landed in"; "capital spending" is capital expenditures."""

import pytest

from filingproof.reading.clauses import split_clauses
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions, understand
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
        CompanyRef("PLTR", "Palantir Technologies Inc."),
        CompanyRef("PEP", "PepsiCo, Inc."),
        CompanyRef("META", "Meta Platforms, Inc."),
        CompanyRef("UNH", "UnitedHealth Group Incorporated"),
        CompanyRef("VZ", "Verizon Communications Inc."),
        CompanyRef("RTX", "RTX Corporation"),
        CompanyRef("WMT", "Walmart Inc."),
    ),
    (),
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR)


def _period(question: str) -> tuple[str | None, str | None]:
    u = understand(reading(question).text, CATALOG)
    return u.fiscal_period, u.period_kind


@pytest.mark.parametrize(
    "question",
    [
        "take PLTR FY23 net income and back out 1H23",
        "PLTR NI FY23 less 1H23",
        "Palantir net income fiscal 2023 minus the first six months of 2023",
        "can u take palantir's full-year 2023 net income and back out the first six months?",
    ],
)
def test_the_year_less_its_first_half_is_the_second_half(question: str) -> None:
    """Each had been answered with the first six months' net income alone ($45 million), verified."""
    assert _period(question) == (None, "second_half")


def test_the_year_less_its_nine_months_is_the_fourth_quarter_and_a_part_of_the_year_stays_that_part() -> None:
    assert _period("Palantir's full-year 2023 revenue less the first nine months") == ("Q4", "three_months")
    assert _period("Palantir net income for the first six months of fiscal 2023")[1] == "six_months"
    assert _period("Palantir full-year net income 2023") == ("FY", None)


def test_the_asking_after_a_statement_and_what_a_figure_landed_in() -> None:
    question = (
        "Palantir finally turned GAAP profitable and I wanna know how much of 2023's bottom line landed in "
        "the back half. can u take full-year net income to common and back out the first six months? ty"
    )
    read_ = reading(question)
    items = [span.text.lower() for span in read_.of("item")]
    assert "bottom line" in items
    assert not {"turned", "profitable", "know", "landed", "wanna"} & set(items)
    assert [span.bound for span in read_.of("period")] == ["second half"]


def test_capital_spending_is_capital_expenditures() -> None:
    assert "capital expenditures" in reading("How much did PepsiCo report as capital spending in 2023?").text


def _items(question: str) -> list[str]:
    return [span.text.lower() for span in reading(question).of("item")]


def test_a_method_for_the_asked_half_after_the_question_asks_nothing() -> None:
    question = (
        "so meta's whole 'year of efficiency' thing, curious how much op income they made in the back half "
        "of 2023 alone. can you back it out as full year minus H1? ty"
    )
    kinds = [(c.kind, question[c.start : c.end]) for c in split_clauses(question)]
    assert kinds[0] == ("context", "so meta's whole 'year of efficiency' thing")
    assert ("instruction", "can you back it out as full year minus H1? ") in kinds
    assert _items(question) == ["op income"]
    assert [span.bound for span in reading(question).of("period")] == ["second half", "2023"]


@pytest.mark.parametrize(
    ("question", "items"),
    [
        # a statement of what the asker is doing, before a comma and the question
        (
            "morning! doing a leverage check on verizon before the call, how much long-term debt were they "
            "sitting on at year-end 2023?",
            ["long-term", "debt"],
        ),
        # the cash brought in from operations is the operating cash flow
        (
            "how much cash did unitedhealth actually bring in from operations in the first half of 2023?",
            ["cash"],
        ),
        # what the asker is after names no line ("table")
        (
            "how much did the raytheon segment bring in on sales for full year 2023? the segment table "
            "number is what i'm after",
            ["raytheon", "segment", "sales", "segment"],
        ),
    ],
)
def test_what_the_asker_does_and_is_after_names_no_line(question: str, items: list[str]) -> None:
    assert _items(question) == items


def test_cash_from_operations_and_less_between_two_lines() -> None:
    assert (
        "cash provided by operating activities"
        in reading(
            "how much cash did unitedhealth actually bring in from operations in the first half of 2023?"
        ).text
    )
    operations = reading(
        "for walmart's first half of fiscal 2024, what does operating cash flow less capex come out to?"
    )
    assert [span.bound for span in operations.of("operation")] == ["difference between"]
    # a metric's name and a line's own "less" stay their words
    assert not reading("What is the FY2022 EBITDA less capex for PepsiCo?").of("operation")
    assert not reading("What was Verizon's long-term debt, less current maturities, at Dec 31 2023?").of(
        "operation"
    )


def test_where_to_find_a_figure_is_no_method_of_computing_it() -> None:
    question = (
        "hey - I need Apple's LTM revenue as of the March 2025 quarter for a comps table. can you work it "
        "out from the 10-K and the latest 10-Q? thanks a ton"
    )
    assert "instruction" not in [clause.kind for clause in split_clauses(question)]


def test_a_capitalised_name_after_the_subject_is_no_verb() -> None:
    """Probe 22's held-out: Apple Vision Pro's revenue (a product Apple reports no figure of) had been
    answered with Apple's total net sales, verified, "Vision Pro" read as the verb after "did Apple"."""
    words = FilingWords(terms=terms("total net sales revenue operating margin"), members=(), fold=terms)
    catalog = Catalog((CompanyRef("AAPL", "Apple Inc."),), ())

    def items(question: str) -> list[str]:
        read_ = read(question, lambda text: company_mentions(text, catalog), GRAMMAR, words)
        return [span.text.lower() for span in read_.of("item")]

    vision_pro = items("How much net sales revenue did Apple Vision Pro generate in 2024?")
    assert {"vision", "pro"} <= set(vision_pro)
    # a verb in lower case is still the subject's verb
    assert "hustle" not in items("what operating margin did Apple hustle at in fiscal 2024?")
