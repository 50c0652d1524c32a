"""A sentence that ends in a colon takes the list printed under it (issue 28): J&J's FY2022 10-K (page 28 of
FinanceBench's PDF) gives the causes of its cost of products sold as a percent to sales as bullets, one run of
them after "partially offset by"; the text is as the PDF's text layer reads."""

from filingproof.agent.passages import sentences

JNJ_PAGE = """Cost of Products Sold and Selling, Marketing and Administrative Expenses:
(Dollars in billions. Percentages in chart are as a percent to total sales)
Cost of products sold increased as a percent to sales driven by:
• One-time COVID-19 vaccine manufacturing exit related costs
• Currency impacts in the Pharmaceutical segment
• Commodity inflation in the MedTech and Consumer Health segments
partially offset by
• Supply chain benefits in the Consumer Health segment
The intangible asset amortization expense included in cost of products sold was $4.3 billion and \
$4.7 billion for the fiscal years 2022 and 2021, respectively.
28"""


def test_a_list_under_a_colon_is_the_sentences_end() -> None:
    found = sentences(JNJ_PAGE)
    assert found[0] == (
        "Cost of products sold increased as a percent to sales driven by: • One-time COVID-19 vaccine "
        "manufacturing exit related costs • Currency impacts in the Pharmaceutical segment • Commodity "
        "inflation in the MedTech and Consumer Health segments partially offset by • Supply chain benefits "
        "in the Consumer Health segment"
    )
    assert found[1].startswith("The intangible asset amortization expense")
    assert len(found) == 2  # a heading ending in a colon with no list under it is no sentence


def test_a_colon_without_a_list_is_no_sentence() -> None:
    assert sentences("The Company's revenue by segment was as follows:\nRevenue 1,000 2,000") == []


def test_a_title_an_initial_or_the_us_is_no_sentences_end() -> None:
    # Foot Locker's 8-K of August 19, 2022 (page 2); Boeing's FY2022 10-K (page 8); Walmart's FY2025 10-K
    dillon = "Ms. Dillon served as Executive Chair of the Board of Directors of Ulta Beauty, Inc. until 2022."
    government = (
        "We derive a substantial portion of our revenue from the U.S. government, primarily from defense "
        "related programs with the United States Department of Defense (U.S. DoD)."
    )
    spending = "Levels of U.S. defense spending are very difficult to predict."
    segments = (
        "Our operations comprise three reportable segments: Walmart U.S., Walmart International and Sam's "
        "Club U.S."
    )
    year = "Our fiscal year ends on January 31 for our United States and Canadian operations."
    page = f"{dillon}\n{government} {spending}\n{segments} {year}"
    assert sentences(page) == [dillon, government, spending, segments, year]


def test_a_numbered_matters_lead_over_its_table_is_a_sentence() -> None:
    # PepsiCo's 8-K of its 2023 annual meeting (page 4) as ingest lays it out: each matter's lead, its table
    board = "(5) The shareholder proposal regarding independent Board Chair was defeated:"
    congruency = (
        "(8) The shareholder proposal regarding a congruency report on net-zero emissions policies was "
        "defeated:"
    )
    assert sentences(f"{board}\n[table 4]\n{congruency}\n[table 7]") == [board, congruency]
    # a lead that is not a numbered matter says only that a table follows
    assert sentences("The Company's revenue by segment was as follows:\n[table 1]") == []


def test_a_legal_form_before_a_defined_name_is_no_sentences_end() -> None:
    # Best Buy's FY2023 10-K (page 51)
    sentence = (
        "In fiscal 2022, we acquired all of the outstanding shares of Current Health Ltd. "
        "(“Current Health”), a care-at-home technology platform, on November 2, 2021, for net cash "
        "consideration of $389 million."
    )
    assert sentences(f"{sentence} The acquired assets included $351 million of goodwill.") == [
        sentence,
        "The acquired assets included $351 million of goodwill.",
    ]
