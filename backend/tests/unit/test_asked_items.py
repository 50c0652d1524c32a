"""The asked item in the question's own words (`qa.asked`): what item faithfulness holds cells to."""

from datetime import date

import pytest

from filingproof.calendar import YEAR_DAYS
from filingproof.qa.asked import asked_periods, asks_paid, item_phrases, with_part
from filingproof.qa.items import ITEMS_BY_KEY, open_ask, parse_ask
from filingproof.understanding import Catalog, FilingRef, understand

META_10K = FilingRef(9, "META", "10-K", date(2024, 12, 31), 2024, "FY")
CATALOG = Catalog((), (META_10K,))


def phrases(question: str) -> tuple[str, ...]:
    u = understand(question, CATALOG)
    return item_phrases(question, u.company_mentions, parse_ask(question, len(u.companies), len(u.years)))


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the whole line, not the curated item found inside it ("provision for income taxes")
        ("What was Meta's income before provision for income taxes in 2024?",
         ("income before provision for income taxes",)),
        ("What was Meta's Family of Apps revenue in 2024?", ("Family of Apps revenue",)),
        ("How much did Coca-Cola pay in dividends in 2024?", ("dividends",)),
        ("How much did Meta spend on share repurchases in 2024?", ("share repurchases",)),
        ("What was Alphabet's effective tax rate in 2024?", ("effective tax rate",)),
        # a product's name holding an item's word qualifies the item named before it; one balance-sheet line
        ("What was Tesla's cost of revenue from Automotive sales in 2024?",
         ("cost of revenue from Automotive sales",)),
        ("What were Amazon's total liabilities and stockholders’ equity as of December 31, 2022?",
         ("total liabilities and stockholders equity",)),
        ("How much goodwill did Alphabet carry as of December 31, 2022?", ("goodwill",)),
        ("What was Apple's revenue for the six months ended March 29, 2025?", ("revenue",)),
        ("What were Apple's total assets as of September 28, 2024?", ("total assets",)),
        ("What was Apple's net earnings in Q2 of fiscal 2025?", ("net earnings",)),
        ("What was Tesla's gross margin in dollars in fiscal year 2023?", ("gross margin",)),
        ("What was Meta's capital expenditures for fiscal 2023, as most recently reported?",
         ("capital expenditures",)),
        # the arithmetic is not the item (but a change may be a printed line: see below)
        ("By what percentage did Apple's total net sales change year over year in fiscal 2024?",
         ("total net sales",)),
        ("What is the difference between Amazon's and Alphabet's net income in fiscal 2023?",
         ("net income",)),
        ("How much more revenue did Apple have than NVIDIA in fiscal 2025?", ("revenue",)),
        # a ratio named by one phrase asks for its two lines, each with the question's qualifiers
        ("What was Meta's operating margin in fiscal 2024?", ("operating income", "revenue")),
        ("What was Meta's Family of Apps operating margin in 2024?",
         ("Family of Apps operating income", "Family of Apps revenue")),
        # a gloss restating the ratio's lines adds no words to them (the questions as the reading writes them)
        ("What was Meta's Family of Apps operating margin in 2024, Family of Apps operating income divided "
         "by Family of Apps revenue", ("Family of Apps operating income", "Family of Apps revenue")),
        ("What was Apple's gross margin percentage on Services in fiscal 2024, as a percentage of Services "
         "net sales", ("Services gross margin", "Services revenue")),
        # a period before an item is no name the item's words qualify
        ("What was Intel's FY2023 research and development as a percentage of revenue",
         ("research and development", "revenue")),
        # several items: each with the words before it
        ("What were Apple's revenue and net income in 2024?", ("revenue", "net income")),
        # the first item has no item before it that a capitalised name could qualify: the name is the
        # company's, typed without its possessive
        ("Meta revenue and net income FY2024", ("revenue", "net income")),
        # one item's word in two lines named side by side: two lines
        ("What were Meta's US revenue and international revenue in 2024?",
         ("US revenue", "international revenue")),
        # but a line whose name joins two words for one item is one line (Caterpillar's)
        ("What were Meta's total sales and revenues in 2023?", ("total sales and revenues",)),
        ("What were Meta's US revenue versus international revenue in 2024?",
         ("US revenue", "international revenue")),
        ("What was the ratio of Apple's net income to revenue in 2024?", ("net income", "revenue")),
        # a narrative clause asks for no item
        ("What were Apple's total net sales in fiscal 2024 and what drove them?", ("total net sales",)),
        # a sentence of instructions asks for no item; a sentence of qualifiers stays, to be checked
        ("What were Apple's total net sales in fiscal 2024? Answer slowly.", ("total net sales",)),
        ("What is Apple's FY2024 current ratio? Round to two decimal places.", ("total current assets",
         "total current liabilities")),
        ("Answer briefly: what was Apple's revenue in 2024?", ("revenue",)),
        ("Consider only the Family of Apps segment. What was Meta's revenue in 2024?",
         ("Consider only Family of Apps segment revenue",)),
        # a company's name inside a segment's name stays
        ("What was Alphabet's revenue for the Google Cloud segment in 2022?",
         ("revenue for Google Cloud segment",)),
        ("How does Walmart describe its Walmart International segment?", ("Walmart International segment",)),
        # where the figure is printed is not what it is
        ("In Amazon's cash flow statement, what was the change in inventories in 2022?", ("inventories",)),
        ("What was Meta's accounts payable on its balance sheet as of December 31, 2024?",
         ("accounts payable",)),
    ],
)  # fmt: skip
def test_the_item_is_the_question_less_its_scaffolding(question: str, expected: tuple[str, ...]) -> None:
    assert phrases(question) == expected


@pytest.mark.parametrize(
    ("question", "part", "whole"),
    [
        ("What was AMC's Q2 2023 food & beverage as a percentage of revenue", "food & beverage", "revenue"),
        ("What was food and beverage as a percentage of AMC's total revenues in the second quarter of 2023",
         "food and beverage", "total revenues"),
    ],
)  # fmt: skip
def test_a_share_whose_part_the_filings_name_by_their_own_line(question: str, part: str, whole: str) -> None:
    mentions = ("AMC's",)
    ask = with_part(question, mentions, parse_ask(question, 1, 1))
    assert ask is not None and ask.derivation == "margin" and ask.part == part
    assert [item.key for item in ask.items] == ["revenue"]
    assert item_phrases(question, mentions, ask) == (part, whole)


def test_a_share_of_two_line_items_or_of_nothing_named_is_no_open_part() -> None:
    both = "What was AMC's research and development as a percentage of revenue"
    assert with_part(both, ("AMC's",), parse_ask(both, 1, 1)) == parse_ask(both, 1, 1)
    plain = "What was AMC's revenue in Q2 2023"
    assert with_part(plain, ("AMC's",), parse_ask(plain, 1, 1)) == parse_ask(plain, 1, 1)


def test_a_change_is_a_line_of_its_own_unless_computed_from_inputs() -> None:
    question = (
        "How much did Apple report for increase/(decrease) in cash, cash equivalents, and restricted cash "
        "and cash equivalents for the six months ended March 29, 2025?"
    )
    u = understand(question, CATALOG)
    ask = parse_ask(question, len(u.companies), len(u.years))
    assert ask is not None and ask.derivation == "change"
    # a figure stated alone must be the printed change; the inputs of a computed change are the balances
    balances = "cash cash equivalents and restricted cash and cash equivalents"
    assert item_phrases(question, u.company_mentions, ask, printed=True) == (
        f"increase decrease in {balances}",
    )
    assert item_phrases(question, u.company_mentions, ask) == (balances,)


def test_periods_are_the_years_asked_and_a_year_earlier_for_growth() -> None:
    question = "What was Meta's revenue growth in 2024?"
    u = understand(question, CATALOG)
    ask = parse_ask(question, len(u.companies), len(u.years))
    periods = asked_periods(u, CATALOG.filings_of(["META"]), ask)
    durations = {(p.end, p.days) for p in periods if p.days is not None}
    assert durations == {(date(2024, 12, 31), YEAR_DAYS), (date(2023, 12, 31), YEAR_DAYS)}
    # the balances a change is computed from: at the end of the year, and where it starts
    instants = sorted(p.end for p in periods if p.days is None)
    assert instants[-1] == date(2024, 12, 31) and len(instants) == 2
    assert abs((instants[0] - date(2023, 12, 31)).days) <= 7
    plain = understand("What was Meta's revenue in 2024?", CATALOG)
    ends = {p.end for p in asked_periods(plain, CATALOG.filings_of(["META"]), parse_ask(plain.query, 1, 1))}
    assert ends == {date(2024, 12, 31)}


@pytest.mark.parametrize(
    ("question", "paid"),
    [
        ("How much did Meta spend on share repurchases in 2024?", True),
        ("How much did Coca-Cola pay in dividends in 2024?", True),
        ("What dividend per share did Coca-Cola pay in 2022?", True),
        ("What were Meta's share repurchases in 2024?", False),
        ("What was Amazon's additional paid-in capital as of December 31, 2023?", False),
        ("How much did Meta report for accounts payable in 2024?", False),
    ],
)
def test_a_question_asks_what_was_paid_only_with_a_verb_of_paying(question: str, paid: bool) -> None:
    assert asks_paid(question) is paid


@pytest.mark.parametrize(
    "question",
    [
        "What dividend per share did Apple declare in fiscal 2024?",
        "What was Tesla's diluted share count in 2021?",
        "How big were Meta's share repurchases in 2024?",
        "What's Meta's Family of Apps income from operations in 2024?",
        # asked the way one asks of it ("do you know what …")
        "what Meta spent buying back its own shares in 2024",
        # a line, then who recorded it
        "What depreciation, depletion and amortization expense did Chevron record for the three months ended "
        "June 30, 2023",
        "What medical costs payable did UnitedHealth Group report as of June 30, 2023",
    ],
)
def test_a_figures_unit_asks_for_a_figure(question: str) -> None:
    assert open_ask(question, 1, 1) is not None


def test_which_company_is_higher_asks_for_their_figures() -> None:
    # "BMY vs JNJ buybacks FY23 - who's higher + diff", as the reading writes it
    ask = open_ask("who's higher + difference BMY JNJ share repurchases FY23", 2, 1)
    assert ask is not None and ask.derivation == "difference"
    assert open_ask("who more share repurchases in FY2023, BMS or J&J", 2, 1) is not None
    assert open_ask("who is the CEO of BMY and JNJ", 2, 1) is None
    # "TSLA vs GOOGL A/P 12/31/24 - which bigger + diff", "did Tesla or Google owe more to suppliers"
    assert open_ask("which bigger + difference TSLA GOOGL accounts payable 12/31/24", 2, 0) is not None
    assert open_ask("did Tesla or Google accounts payable at fiscal year end FY2024 and difference", 2, 1)
    assert open_ask("By what percentage did Meta's general and administrative expenses change", 1, 2)


def test_a_sentence_of_instructions_in_lower_case_names_no_item() -> None:
    # the statement's name is where to read, not a line: "use" and "numbers" are no words of the item
    question = (
        "how much did cash provided by operating activities grow year-over-year growth, FY2024 versus "
        "FY2023, in percent Google's. use the cash flow statement numbers please."
    )
    assert phrases(question) == ("cash provided by operating activities",)


@pytest.mark.parametrize(
    ("label", "key"),
    [  # the section totals as filers print them (Best Buy, Apple, Tesla)
        ("Total cash used in investing activities", "investing_cash_flow"),
        ("Net cash provided by (used in) investing activities", "investing_cash_flow"),
        ("Cash generated by/(used in) financing activities", "financing_cash_flow"),
        ("Net cash used in financing activities", "financing_cash_flow"),
    ],
)
def test_a_cash_flow_sections_total_is_its_line(label: str, key: str) -> None:
    assert ITEMS_BY_KEY[key].row_labels.match(label)
    other = "financing_cash_flow" if key == "investing_cash_flow" else "investing_cash_flow"
    assert not ITEMS_BY_KEY[other].row_labels.match(label)


def test_what_a_filer_did_without_a_figure_asks_none() -> None:
    assert open_ask("What risks did Tesla describe in its 2024 10-K", 1, 1) is None
