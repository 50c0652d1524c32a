"""What the asides of a question lend it and what they keep to themselves (`reading`): a member one company
reports names its company, a name a sentence is told of qualifies nothing, the aside that lends the item lends
what it asks of it, a company is lent once, and a member is named by the end of its name. Questions as people
typed them (probe 16), names as the corpus filings' tags and tables print them."""

import pytest

from filingproof.qa.asked import item_phrases
from filingproof.qa.items import parse_ask
from filingproof.reading.clauses import split_clauses
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions, understand
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
        CompanyRef("WMT", "Walmart Inc."),
        CompanyRef("JNJ", "Johnson & Johnson"),
        CompanyRef("META", "Meta Platforms, Inc."),
        CompanyRef("PFE", "PFIZER INC"),
        CompanyRef("ABBV", "AbbVie Inc."),
        CompanyRef("ABT", "ABBOTT LABORATORIES"),
        CompanyRef("SJM", "SMUCKER J M CO"),
        CompanyRef("MMM", "3M CO"),
        CompanyRef("DOW", "Dow Inc."),
        CompanyRef("AMZN", "AMAZON COM INC"),
        CompanyRef("WBA", "Walgreens Boots Alliance, Inc."),
        CompanyRef("KO", "COCA COLA CO"),
        CompanyRef("COST", "COSTCO WHOLESALE CORP", covered=False),
    ),
    (),
)
WORDS = FilingWords(
    terms=terms("operating income research and development expense net sales segment profit net revenues"),
    members=(
        ("WMT", "Sams Club US"),  # `wmt:SamsClubUSMember`
        ("WMT", "Walmart US"),
        ("JNJ", "SPINESPORTSOTHER"),  # a one-word tag name
        ("META", "Reality Labs"),
        ("META", "Family Of Apps"),
        ("PFE", "Comirnaty"),
        ("PFE", "Paxlovid"),
        ("SJM", "U.S. Retail Frozen Handheld and Spreads"),
        ("SJM", "Frozen Handheld"),
        ("SJM", "U.S. Retail Coffee"),
        ("MMM", "Transportation And Electronics"),
        ("DOW", "Industrial Intermediates Infrastructure"),  # the tag runs the printed "&" out
        ("AMZN", "Amazon Web Services"),
        ("AMZN", "International"),
        ("KO", "Latin America"),
        ("KO", "North America"),
    ),
    fold=terms,
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def qualifiers(question: str) -> list[str]:
    return [span.bound for span in reading(question).of("qualifier")]


def test_a_tags_name_without_its_apostrophe_names_the_printed_member_and_its_company() -> None:
    question = (
        "comparing warehouse clubs for a class project - Costco is easy but Sam's is buried inside Walmart. "
        "what operating income did the Sam's Club U.S. segment make in fiscal 2025 (year ending Jan 2025)?"
    )
    read_ = reading(question)
    assert [span.bound for span in read_.of("qualifier")] == ["WMT:Sams Club US"]
    # the member names its company: the aside's Costco is not asked about, nor is its name an item word
    assert "Costco" not in read_.text
    assert read_.unknown_names == ()


def test_the_initial_of_a_one_word_name_is_no_mention_of_it() -> None:
    # the "S." of "U.S." is no "SPINESPORTSOTHER"
    assert "JNJ:SPINESPORTSOTHER" not in qualifiers("what did the U.S. segment make in fiscal 2025?")


@pytest.mark.parametrize(
    "question",
    [
        "ok so Zuck keeps saying AI is the priority and Reality Labs keeps eating cash... how much did Meta "
        "actually book as R&D expense for full-year 2024?",
        "Pfizer keeps promising cost cuts now that Comirnaty and Paxlovid are fading... how much were "
        "selling, informational & admin expenses in the quarter that ended July 2, 2023?",
    ],
)
def test_a_name_an_aside_tells_something_of_qualifies_nothing(question: str) -> None:
    assert qualifiers(question) == []


@pytest.mark.parametrize(
    "question",
    [
        "Reality Labs is what I need. what was Meta's operating loss in 2023?",
        # told of, and pointed back at
        "Reality Labs is Meta's money pit, right? what did that segment lose at the operating line in 2023?",
    ],
)
def test_a_name_an_aside_sets_as_the_topic_still_qualifies(question: str) -> None:
    assert qualifiers(question) == ["META:Reality Labs"]


def test_the_aside_that_lends_the_item_lends_what_it_asks_of_it() -> None:
    read_ = reading(
        "quick one - before the Hostess deal closed, how profitable was Smucker's? operating income as a % "
        "of net sales for Q1 of fiscal 2024 (quarter ended July 31, 2023)"
    )
    # the margin the restatement asks, not the operating income alone
    assert "operating income as a percentage of revenue" in read_.text
    assert "Hostess" not in read_.text


def test_a_company_two_asides_name_is_lent_once_and_no_name_joins_the_next() -> None:
    question = (
        "fun fact, AbbVie was spun out of Abbott back in 2013. ten years later, who spent more on R&D in "
        "Q2 2023 (April-June), and what's the gap? for AbbVie just the regular R&D line, not the acquired "
        "IPR&D stuff"
    )
    read_ = reading(question)
    assert read_.text.count("AbbVie") == 1
    assert "later" not in read_.text
    u = understand(read_.text, CATALOG)
    ask = parse_ask(read_.text, len(u.companies), len(u.years))
    # "… difference AbbVie Abbott": two companies side by side, no product named "AbbVie Abbott"
    assert item_phrases(read_.text, u.company_mentions, ask) == ("research and development",)


def test_a_member_by_the_end_of_its_name_before_a_shorter_members_whole_name() -> None:
    # Smucker's segment, not its "Frozen Handheld" product, and in lower case with "&" for "and"
    assert qualifiers("SJM FY24 frozen handheld & spreads seg profit") == [
        "SJM:U.S. Retail Frozen Handheld and Spreads"
    ]


def test_the_company_a_name_it_went_by_belongs_to_is_the_company() -> None:
    read_ = reading("how much did Meta's parent lose at the operating line in its Reality Labs segment?")
    assert "parent" in read_.filler
    assert "parent" not in read_.text


def test_how_much_of_a_line_came_from_a_part_is_the_parts_amount() -> None:
    read_ = reading("How much of AbbVie's net revenues for the year ended December 31, 2023 came from Japan?")
    assert read_.text == "How much of AbbVie's net revenues for the year ended December 31, 2023 Japan"


@pytest.mark.parametrize(
    ("question", "asking"),
    [
        # a question of how something went, beside one a figure answers
        (
            "setting aside the litigation charges, how did 3M's actual businesses do? specifically the "
            "Transportation and Electronics segment - what was its operating income in Q2 2023?",
            ["what was its operating income in Q2 2023"],
        ),
        # a time told of the story before it
        (
            "AbbVie was spun out of Abbott in 2013. ten years later, who spent more on R&D in Q2 2023?",
            ["who spent more on R&D in Q2 2023"],
        ),
    ],
)
def test_what_sets_the_scene_asks_nothing(question: str, asking: list[str]) -> None:
    clauses = split_clauses(question)
    assert [question[c.start : c.end].strip(" ,?") for c in clauses if c.kind == "asking"] == asking


def test_a_tags_name_runs_together_what_the_filer_joins_with_an_ampersand() -> None:
    question = "What Operating EBIT did Dow report for its Industrial Intermediates & Infrastructure segment?"
    assert qualifiers(question) == ["DOW:Industrial Intermediates Infrastructure"]


# --- probe 16's held-out questions, read after its one measurement ---------------------------------------


def test_a_figure_read_straight_off_a_statement_whose_verb_was_filler_is_asked() -> None:
    read_ = reading(
        "morning! with all the talk about Amazon regionalizing its US warehouse network, I'm curious what "
        "the fulfillment expense line actually came to in 2024 - full year, straight off the income "
        "statement?"
    )
    assert read_.text.startswith("what was the fulfillment expense line")
    assert "straight" in read_.filler and "talk" not in read_.text


def test_a_yes_no_question_the_next_figure_answers_asks_nothing_itself() -> None:
    question = (
        "Amazon International bled money for years - did it finally make a profit in 2024? what was the "
        "segment's operating income for the full year? (the International segment, not AWS)"
    )
    read_ = reading(question)
    assert "profit" not in read_.text  # the company's net income is not asked beside the segment's
    # the part the question leaves out is no qualifier
    assert "AMZN:Amazon Web Services" not in qualifiers(question)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # what the asker is after, said after the news that prompted it
        (
            "hi there - Walgreens keeps talking about cost cuts and store closures, so I want to see SG&A "
            "for the first nine months of their fiscal 2023",
            "selling, general and administrative",
        ),
        # lines by their words shortened
        ("AMZN tech & infra exp YoY % 2024 vs 2023", "technology & infrastructure"),
    ],
)
def test_the_item_is_read_from_the_clause_that_asks(question: str, asked: str) -> None:
    read_ = reading(question)
    assert asked in read_.text
    assert "cost" not in read_.text


def test_a_member_by_the_starts_of_its_words_run_together() -> None:
    assert qualifiers("KO LatAm seg op inc 2024") == ["KO:Latin America"]


def test_a_member_in_the_scene_of_a_guess_qualifies_nothing() -> None:
    question = (
        "with the AI data-center buildout at AWS I'd assume Amazon's technology and infrastructure expense "
        "jumped a ton - what was the actual YoY % change from 2023 to 2024?"
    )
    assert qualifiers(question) == []


def test_a_dash_before_whose_opens_a_question_not_a_formula() -> None:
    question = (
        "odd pairing for a class I'm teaching: General Dynamics vs TI - whose balance sheet was bigger at "
        "the end of 2023 by total assets, and what's the gap in dollars?"
    )
    assert "definition" not in [clause.kind for clause in split_clauses(question)]
