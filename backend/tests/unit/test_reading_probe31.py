"""Questions as people typed them (probe 31's dev sets): words shortened as analysts shorten them ("mfg",
"bldg"), a printed line typed with "+" for its "and", what the figure is for said before or beside the
question ("for the DMA/EU regulation piece, …", "everyone talks data center but how much …"), a part named
with its product word ("personal safety product line", "the Appliances product category") or only by its
part word and a verb of sales ("cranial & spinal business sell"), a region by its adjective ("european"),
and the cash a company handed out."""

from datetime import date

from filingproof.qa.asked import asks_paid
from filingproof.qa.items import parse_ask
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions, understand
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
        CompanyRef("XOM", "Exxon Mobil Corporation"),
        CompanyRef("HD", "Home Depot, Inc."),
        CompanyRef("CMCSA", "Comcast Corporation"),
        CompanyRef("TSLA", "Tesla, Inc."),
        CompanyRef("MMM", "3M Company"),
        CompanyRef("LOW", "Lowe's Companies, Inc."),
        CompanyRef("MDT", "Medtronic plc"),
        CompanyRef("NVDA", "NVIDIA Corporation"),
        CompanyRef("META", "Meta Platforms, Inc."),
        CompanyRef("CVX", "Chevron Corporation"),
    ),
    (),
)
WORDS = FilingWords(
    terms=terms("production manufacturing expenses programming net sales inventory raw materials revenue"),
    members=(
        ("MMM", "Personal Safety"),
        ("LOW", "Appliances"),
        ("NVDA", "Gaming"),
        ("NVDA", "Data Center"),
        ("META", "Europe"),
        ("CVX", "Downstream"),
    ),
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def items(question: str) -> list[str]:
    return [span.bound or span.text for span in reading(question).of("item")]


def test_words_shortened_as_analysts_shorten_them_are_the_words() -> None:
    assert "manufacturing" in reading("XOM prodution & mfg expenses 2Q23").text
    assert "building materials" in reading("HD bldg materials net sales Q2 FY23").text
    assert "accounts" in reading("CVX accts payble 6/30/23").text


def test_a_line_typed_with_plus_for_its_and_is_one_line() -> None:
    question = (
        "so how much did comcast burn on content in 2023 - the programming + production line on the P&L?"
    )
    read_ = reading(question)
    assert "programming and production" in read_.text and "content" not in read_.text
    # not a sum of two lines, which "the SG&A + R&D lines" would be
    ask = parse_ask(read_.text, 1, 1)
    assert ask is None or ask.derivation != "sum"


def test_a_balance_sitting_on_the_books_names_no_line() -> None:
    assert (
        "sitting"
        not in reading(
            "how much of tesla's inventory was just raw materials sitting on the books at year-end 2024?"
        ).text
    )


def test_a_product_word_after_a_members_name_names_the_member() -> None:
    assert (
        "product"
        not in reading(
            "how much did 3m's personal safety product line bring in for the june quarter of 2023?"
        ).text
    )
    assert (
        "category"
        not in reading("What were Lowe's net sales in the Appliances product category for fiscal 2023?").text
    )


def test_a_part_named_by_its_part_word_takes_its_line_from_a_verb_of_sales() -> None:
    assert items("how much did medtronic's cranial & spinal business sell in fy24?") == [
        "cranial",
        "spinal",
        "net sales",
    ]


def test_what_everyone_talks_about_before_but_is_not_the_question() -> None:
    text = reading(
        "yo, everyone talks data center but how much did nvidia actually make from gaming in the july '25 "
        "quarter?"
    ).text
    assert "data center" not in text.lower() and "everyone" not in text and "gaming" in text


def test_what_the_figure_is_for_set_before_the_question_is_filler() -> None:
    text = reading("hi - for the DMA/EU regulation piece, how big was meta's european top line in 2024?").text
    assert "regulation" not in text and "piece" not in text
    # and a region named by its adjective is the member the filings print
    assert "Europe" in text


def test_the_year_before_is_the_prior_year() -> None:
    periods = [
        span.text for span in reading("did 3m's cost of goods come down vs the year before?").of("period")
    ]
    assert "the year before" in periods


def test_cash_handed_out_asks_what_was_paid() -> None:
    assert asks_paid("What was GOOGL share repurchases FY2023", "GOOGL buybacks cash FY23")
    assert asks_paid("who handed out more dividends", "who handed out more cash in dividends over 2024")
    assert asks_paid("how much did google put into share repurchases")
    assert not asks_paid("What was GOOGL share repurchases FY2023", "GOOGL buybacks FY23")


def test_a_quarter_named_by_its_month_of_a_fiscal_year_is_that_fiscal_quarter() -> None:
    # Apple's years end in late September, NVIDIA's in late January: the quarter ending in a month is their
    # fourth and their second
    catalog = Catalog(
        (CompanyRef("AAPL", "Apple Inc."), CompanyRef("NVDA", "NVIDIA Corporation")),
        (
            FilingRef(1, "AAPL", "10-K", date(2024, 9, 28), 2024, "FY"),
            FilingRef(2, "NVDA", "10-K", date(2024, 1, 28), 2024, "FY"),
        ),
    )
    apple = understand("apple's sg&a for the september quarter of fy23", catalog)
    assert (apple.fiscal_period, apple.fiscal_year, apple.period_kind) == ("Q4", 2023, "three_months")
    nvidia = understand("nvidia revenue in the july quarter of their fy24", catalog)
    assert (nvidia.fiscal_period, nvidia.fiscal_year) == ("Q2", 2024)
    # a month no quarter of the year ends in names none
    assert understand("nvidia revenue in the june quarter of fy24", catalog).fiscal_period is None


def test_a_word_set_against_a_members_name_by_a_slash_is_another_name_for_it() -> None:
    text = reading("how much did chevron's refining/downstream business earn in the first half of 2023?").text
    assert "refining" not in text and "downstream" in text
