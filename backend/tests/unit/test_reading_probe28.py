"""Questions as people typed them (probe 28's dev sets): a name the filer runs together typed apart ("united
health"), a line's "in total assets" that is no sum, an owner's possessive in "s'" before the statement the
figure is read off, and a period an aside restates ("(2q23)", ", i.e. q2 2023")."""

import pytest

from filingproof.qa.items import parse_ask
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions
from filingproof.verify.items import leaves_out, terms

CATALOG = Catalog(
    (
        CompanyRef("UNH", "UnitedHealth Group Incorporated"),
        CompanyRef("MMM", "3M Co"),
        CompanyRef("ABT", "Abbott Laboratories"),
        CompanyRef("VZ", "Verizon Communications Inc."),
        CompanyRef("META", "Meta Platforms, Inc."),
    ),
    (),
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR)


def test_a_name_the_filer_runs_together_is_its_company_typed_apart() -> None:
    question = "hey - what did united health (unh) have sitting in medical costs payable at year end 2022?"
    assert {span.bound for span in reading(question).of("company")} == {"UNH"}
    compared = reading("united health vs 3m total assets")
    assert [span.bound for span in compared.of("company")] == ["UNH", "MMM"]


def test_a_line_said_in_total_is_no_sum_of_the_companies() -> None:
    """ "…, united health or 3m, and by how much in total assets?" had been answered with the two companies'
    total assets added up, verified: "in total" was read as a sum."""
    question = (
        "at end of june 2023, whose balance sheet was bigger, united health or 3m, and by how much in total "
        "assets? thanks"
    )
    ask = parse_ask(question, company_count=2, year_count=1)
    assert ask is not None and ask.derivation == "difference"
    summed = parse_ask("what were united health and 3m's total assets in total at june 30, 2023?", 2, 1)
    assert summed is not None and summed.derivation == "sum"


def test_the_statement_of_an_owner_written_with_s_apostrophe_names_no_line() -> None:
    question = (
        "What was the total inventories balance on Abbott Laboratories' condensed consolidated balance sheet "
        "as of June 30, 2023?"
    )
    items = " ".join(span.text.lower() for span in reading(question).of("item"))
    assert items == "total inventories balance"


@pytest.mark.parametrize(
    ("question", "period"),
    [
        ("quick q - what was verizon's d&a expense for the june quarter last year (2q23)? thanks!", "2q23"),
        (
            "how much did meta burn on r&d in the june quarter last year, i.e. q2 2023? just the quarter",
            "q2 2023",
        ),
    ],
)
def test_a_period_an_aside_restates_is_the_period_asked(question: str, period: str) -> None:
    read_ = reading(question)
    assert period in [span.text for span in read_.of("period")]
    assert "2023" in read_.text


def test_what_falls_due_within_a_year_is_the_current_portion_left_out() -> None:
    """Probe 28's held-out (spent): Walmart's long-term debt "not counting the stuff due within a year" is
    its noncurrent line, printed apart from "Long-term debt due within one year"."""
    assert terms("the stuff due within a year") == terms("current portion")
    assert terms("Long-term debt due within one year") == terms("long-term debt, current portion")
    check = leaves_out(
        "Long-term debt", (), "the stuff due within a year", concept="us-gaap:LongTermDebtNoncurrent"
    )
    assert check.ok, check.reason
