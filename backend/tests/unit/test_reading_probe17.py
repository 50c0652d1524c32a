"""Questions as people typed them (probe 17's dev sets), read (`reading`): what a purchase was of, what the
asker means to see, a line asked without its current part, a registered name's "Company", the verb of a
comparison of balances, the figure a clause says it is not, a place outside the U.S., a yes/no question of a
named company the next question's figure answers, and the edge words of a period the asides' names follow."""

import pytest

from filingproof.qa.asked import item_phrases
from filingproof.qa.items import parse_ask
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions, understand
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
        CompanyRef("ORCL", "ORACLE CORP"),
        CompanyRef("CERN", "CERNER CORP", covered=False),
        CompanyRef("BMY", "BRISTOL MYERS SQUIBB CO"),
        CompanyRef("F", "FORD MOTOR CO"),
        CompanyRef("UNH", "UNITEDHEALTH GROUP INC"),
        CompanyRef("AMD", "ADVANCED MICRO DEVICES INC"),
        CompanyRef("XOM", "EXXON MOBIL CORP"),
        CompanyRef("MRK", "Merck & Co., Inc."),
        CompanyRef("HON", "Honeywell International Inc"),
        CompanyRef("AI", "C3.ai, Inc."),
        CompanyRef("DOW", "Dow Inc."),
        CompanyRef("V", "VISA INC."),
        CompanyRef("CSCO", "CISCO SYSTEMS, INC."),
        CompanyRef("GM", "GENERAL MOTORS CO"),
        CompanyRef("AXP", "AMERICAN EXPRESS CO"),
        CompanyRef("IBM", "INTERNATIONAL BUSINESS MACHINES CORP"),
        CompanyRef("WMT", "Walmart Inc."),
        CompanyRef("KO", "COCA COLA CO"),
        CompanyRef("TSLA", "Tesla, Inc."),
    ),
    (),
)
WORDS = FilingWords(
    terms=terms("interest expense long-term debt cash and cash equivalents inventories income taxed outside"),
    members=(
        ("F", "Ford Pro"),
        ("XOM", "Chemical Products"),
        ("XOM", "Upstream"),
        ("XOM", "US"),
        ("CSCO", "Asia Pacific Japan And China"),
        ("IBM", "Infrastructure"),
    ),
    fold=terms,
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def test_what_a_purchase_was_of_and_what_the_asker_means_to_see_are_not_asked() -> None:
    question = (
        "Oracle borrowed a mountain of money to buy Cerner... what was their interest expense in Q1 of "
        "fiscal 2024 (the quarter ending Aug 31, 2023)? trying to see how much it eats into earnings"
    )
    read_ = reading(question)
    assert read_.unknown_names == ()  # Cerner was bought: no company asked about
    assert [span.bound for span in read_.of("company")] == ["ORCL"]
    assert "eats" not in read_.text and "trying" not in read_.text


@pytest.mark.parametrize(
    "question",
    [
        "What long-term debt, excluding the current portion, did Bristol-Myers Squibb report on its balance "
        "sheet at December 31, 2023?",
        "BMY LT debt ex current portion 12/31/23",
    ],
)
def test_a_line_asked_without_its_current_part_is_its_noncurrent_part(question: str) -> None:
    read_ = reading(question)
    assert "long-term debt" in read_.text and "noncurrent" in read_.text
    assert read_.excluded == ()
    assert [span.text for span in read_.of("period")][-1] in ("2023", "12/31/23")


def test_a_comparison_of_balances_held_by_companies_named_in_full() -> None:
    question = (
        "Which company held more cash and cash equivalents at June 30, 2023, UnitedHealth Group or Ford "
        "Motor Company, and by how much?"
    )
    read_ = reading(question)
    assert [span.bound for span in read_.of("company")] == ["UNH", "F"]
    assert "held" not in read_.text and "Company" not in read_.text


@pytest.mark.parametrize(
    ("question", "asked", "unsaid"),
    [
        ("AMD FY2023 inc tax prov/(benefit)", "income tax provision", "inc "),
        (
            "with oil and gas way off the 2022 peaks, Exxon's tax bill has to be shrinking. what was income "
            "tax expense for Q2 2023 alone (April-June), not the six-month number?",
            "income tax expense",
            "six-month",
        ),
        (
            "odd pairing for a supply-chain deck, I know: Merck and Honeywell both carry big inventory "
            "piles. at June 30, 2023, whose balance-sheet inventories line was bigger, and what's the gap?",
            "inventories",
            "sheet",
        ),
    ],
)
def test_words_that_name_no_line(question: str, asked: str, unsaid: str) -> None:
    read_ = reading(question)
    assert asked in read_.text and unsaid not in read_.text


def test_outside_the_us_is_the_non_us_part_and_the_verb_names_the_line() -> None:
    question = (
        "chemical margins have been rough worldwide with all the new Chinese capacity. how much did Exxon's "
        "Chemical Products segment earn outside the US in the second quarter of 2023? only the non-U.S. piece"
    )
    read_ = reading(question)
    assert [span.bound for span in read_.of("qualifier")] == ["XOM:Chemical Products"]
    assert "non-U.S." in read_.text and "net income" in read_.text


def test_a_yes_no_question_of_a_named_company_the_next_answers_and_a_percent_change_after_the_line() -> None:
    question = (
        "is C3.ai actually pulling back on R&D while everyone else pours money into AI? compare R&D expense "
        "in Q1 of fiscal 2024 (quarter ended July 31, 2023) with the year-ago quarter - what's the % change?"
    )
    read_ = reading(question)
    assert "pulling" not in read_.text and "research and development expense" in read_.text
    u = understand(read_.text, CATALOG)
    ask = parse_ask(read_.text, len(u.companies), len(u.years))
    assert ask is not None and ask.derivation == "growth"


def test_a_period_before_the_names_an_aside_lends_leaves_no_edge_word_in_the_item() -> None:
    question = (
        "Ford Pro (Transits, Super Duty fleet trucks etc) looks like the real money maker at Ford. what did "
        "that segment earn before taxes in the first half of 2023, Jan thru June?"
    )
    read_ = reading(question)
    u = understand(read_.text, CATALOG)
    ask = parse_ask(read_.text, len(u.companies), len(u.years))
    (phrase,) = item_phrases(read_.text, u.company_mentions, ask)
    assert not {"in", "of", "through"} & set(phrase.split())


def test_the_quarter_before_an_event_asks_no_line() -> None:
    question = (
        "Exxon announced the Pioneer deal in October, so I want the quarter right before it - what did they "
        "earn in Q3 2023 (July through September)?"
    )
    assert "before" not in reading(question).text


def test_the_months_two_filers_calendars_read_alike_are_the_period_asked() -> None:
    question = (
        "odd pairing for a class I'm teaching: Dow's Q2 2023 and Visa's fiscal Q3 2023 are both the "
        "April-June 2023 quarter. whose top line was bigger, and by how many dollars?"
    )
    read_ = reading(question)
    assert "three months ended June 30, 2023" in read_.text
    assert "Q2" not in read_.text and "Q3" not in read_.text


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("CSCO APJC seg GM $ FY24", "gross margin"),  # a ticker that is an analyst's word, in dollars
        ("AXP 3Q23 mktg exp", "marketing expense"),
        ("IBM Infra seg PTI 6M23", "pretax income"),
        (
            "Visa's fiscal year starts in October so bear with me: for the nine months ended June 30, 2023 "
            "(first nine months of their fiscal 2023), how much cash did operations bring in?",
            "cash provided by operating activities",
        ),
    ],
)
def test_analysts_words_for_lines(question: str, asked: str) -> None:
    read_ = reading(question)
    assert asked in read_.text
    assert "GM" not in [span.bound for span in read_.of("company")]


def test_a_line_printed_with_outside_the_us_keeps_its_words() -> None:
    question = (
        "In Walmart's effective tax rate reconciliation, what was the income taxed outside the U.S. line?"
    )
    assert "income taxed outside the U.S." in reading(question).text


def test_a_yes_no_question_that_compares_asks_with_the_question_after_it() -> None:
    question = (
        "fun fact check: did Coke really out-earn Tesla in 2024? What's the difference between their net "
        "incomes?"
    )
    assert [span.bound for span in reading(question).of("company")] == ["KO", "TSLA"]
