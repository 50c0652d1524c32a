"""The typed reading of a question (`reading`): clauses, filler, companies, members by name or initials,
analysts' words, periods and stated definitions. Pure: a catalog of real corpus names, no database."""

import itertools

import pytest

from filingproof.agent.nodes.router import naming_text, with_definition
from filingproof.qa.items import find_items, open_ask, parse_ask
from filingproof.reading.clauses import split_clauses
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.slips import one_edit
from filingproof.understanding import Catalog, CompanyRef, company_mentions
from filingproof.verify.items import terms

# Names as the filings' cover tags and EDGAR's list print them.
CATALOG = Catalog(
    (
        CompanyRef("AAPL", "Apple Inc."),
        CompanyRef("AMZN", "AMAZON COM INC"),
        CompanyRef("TSLA", "Tesla, Inc."),
        CompanyRef("META", "Meta Platforms, Inc."),
        CompanyRef("NVDA", "NVIDIA CORP"),
        CompanyRef("MSFT", "MICROSOFT CORP", covered=False),
        CompanyRef("GIS", "GENERAL MILLS INC", covered=False),
    ),
    (),
)
# What the corpus filings name (a few of their terms and members).
WORDS = FilingWords(
    terms=terms(
        "net sales revenue operating income income from operations diluted earnings per share gross margin "
        "capital expenditures vendor non-trade receivables accounts payable"
    ),
    members=(
        ("AMZN", "Amazon Web Services"),
        ("AAPL", "I Phone"),
        ("AAPL", "Greater China"),
        ("META", "Family Of Apps"),
        ("NVDA", "Compute And Networking"),
        ("NVDA", "Compute"),
    ),
    fold=terms,
)


def reading(question: str, words: FilingWords | None = WORDS) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, words)


def test_preamble_and_sign_off_are_filler_and_name_nothing() -> None:
    read_ = reading(
        "hi! putting together a deck on big tech — could you tell me how much revenue Apple brought in for "
        "its fiscal 2024 (the year that ended in September 2024)? thanks a lot"
    )
    assert read_.text == "how much revenue Apple for its fiscal 2024"
    assert "putting together a deck on big tech" in read_.filler
    assert {span.bound for span in read_.of("company")} == {"AAPL"}


def test_a_company_named_only_in_a_preamble_is_not_asked_about() -> None:
    # General Mills is asked about; the companies of the preamble are filler, and nothing picks NVIDIA's
    # Compute segment from "compute"
    read_ = reading(
        "Please help us compute it. Our team covers packaged food - Tesla and Amazon are already in the "
        "model. For General Mills, what were net earnings for fiscal 2024?"
    )
    assert [span.text for span in read_.of("company")] == ["General Mills"]
    assert read_.of("qualifier") == ()
    assert "Tesla" not in read_.text and "compute" not in read_.text.lower()


@pytest.mark.parametrize(
    ("question", "member"),
    [
        ("AWS rev 2024", "AMZN:Amazon Web Services"),
        ("What was AWS's operating income in 2024?", "AMZN:Amazon Web Services"),
        ("META FoA op income 2024", "META:Family Of Apps"),
        ("iphone rev fy2024 aapl", "AAPL:I Phone"),
        ("How much did Apple sell in Greater China in fiscal '24?", "AAPL:Greater China"),
        ("What was Compute & Networking revenue in fiscal 2025?", "NVDA:Compute And Networking"),
        # in lower case where its company is named, not taken for "was" with two letters swapped
        ("AMZN aws op margin FY2024", "AMZN:Amazon Web Services"),
    ],
)
def test_a_member_is_bound_by_its_printed_name_or_its_initials(question: str, member: str) -> None:
    assert [span.bound for span in reading(question).of("qualifier")] == [member]


@pytest.mark.parametrize(
    "question",
    [
        "Please help us compute it: what was revenue in 2024?",  # a verb, not NVIDIA's "Compute"
        "how much did aws make in 2024",  # initials in lower case, no company of theirs named
        "How much did Apple spend on machines in 2024?",
        "what is the aws of it",  # initials count only written in capitals
    ],
)
def test_a_common_word_names_no_member(question: str) -> None:
    assert reading(question).of("qualifier") == ()


def test_a_line_of_two_words_by_its_initials_and_a_day_as_americans_write_it() -> None:
    words = FilingWords(terms("admissions food and beverage revenues"), (), fold=terms,
                        initials=(("f&b", "food and beverage"),))  # fmt: skip
    read_ = reading("Apple F&B % of rev quarter ended 6/30/23", words)
    assert read_.text == "What was Apple's food and beverage as a percentage of revenue quarter ended 6/30/23"
    assert [span.text for span in read_.of("period")][-1] == "6/30/23"


def test_a_member_by_the_first_word_of_its_name_shortened_before_a_word_for_a_part() -> None:
    words = FilingWords(
        terms("revenue operating income"),
        (("AMZN", "North America"), ("AMZN", "International"), ("AMZN", "Amazon Web Services"),
         ("AAPL", "Americas"), ("AAPL", "Greater China"), ("AAPL", "Greater China Region")),
        fold=terms,
        printed=(("Greater China Region", "Greater China"),),
    )  # fmt: skip
    for question, member in [
        ("AMZN intl segment rev FY24", "AMZN:International"),
        ("Amazon's Amer segment revenue FY24", None),  # "Amer" begins no Amazon member
        # one member under two names, named as the filer prints it
        ("AAPL Greater seg revenue FY24", "AAPL:Greater China Region"),
        ("how much did Amazon's intl business bring in for 2024", "AMZN:International"),
    ]:
        bound = [span.bound for span in reading(question, words).of("qualifier")]
        assert bound == ([member] if member else []), question


def test_a_members_word_by_its_initial_and_a_dot() -> None:
    read_ = reading("AAPL G. China net sales FY2024")
    assert [span.bound for span in read_.of("qualifier")] == ["AAPL:Greater China"]
    assert read_.text == "What was AAPL's Greater China net sales FY2024"


def test_an_acronym_the_filings_print_is_kept_as_typed() -> None:
    # Ford prints its segments' "EBIT"; elsewhere EBIT is read as operating income
    ford = FilingWords(terms("ebit revenue"), (), fold=terms)
    assert reading("Apple EBIT FY2024", ford).text == "What was Apple's EBIT FY2024"
    assert reading("Apple EBIT FY2024").text == "What was Apple's operating income FY2024"


def test_the_cash_spent_on_a_line_names_no_item() -> None:
    read_ = reading("how much cash did Apple put into buybacks in fiscal 2024?")
    assert read_.text == "how much did Apple put into share repurchases in fiscal 2024"
    assert "cash" in reading("how much cash did Apple have at the end of fiscal 2024?").text


def test_a_colon_opens_a_clause_that_asks_not_a_formula() -> None:
    read_ = reading("NI qtr ended 6/30/23: Apple vs Amazon, which higher + diff")
    assert "difference" in read_.text and not read_.definition
    assert [span.bound for span in read_.of("company")] == ["AAPL", "AMZN"]


def test_a_period_without_a_year_takes_the_asides_year() -> None:
    read_ = reading("trying to reconcile Apple's Q1 FY24 print. what was diluted EPS for the quarter? thx")
    assert "Q1 FY2024" in read_.text


def test_analysts_words_are_bound_to_the_filings_terms() -> None:
    assert reading("TSLA capex '24").text == "What was TSLA capital expenditures FY2024"
    # a slip from an analyst's word is spelled right before the phrases are read
    assert reading("Apple dilutd EPS FY24").text == "What was Apple diluted earnings per share FY2024"
    assert reading("Home Depot gross margn FY23").text == "What was Home Depot gross margin percentage FY2023"
    # an acronym is no slip ("EBITA" is not "EBIT"), nor a word the filings print
    assert "EBITA" in reading("Apple segment EBITA FY24").text
    assert "vendor" in reading("Apple vendor non-trade receivables FY24").text
    assert reading("KO GM % 2024").text == "What was KO's gross margin percentage FY2024"
    # a calendar year stays one: it is no fiscal year where the company's ends in another month
    assert reading("Apple revenue CY23").text == "What was Apple revenue calendar 2023"
    assert reading("Oracle's revenue in calendar 2023").text == "What was Oracle's revenue in calendar 2023"


def test_a_word_a_lines_spelling_folds_away_is_no_misspelling() -> None:
    # Coca-Cola's filings print "Purchases of property, plant and equipment", folded to "property and
    # equipment", and "pension plan": "plant" was "corrected" to "plan"
    words = FilingWords(terms("purchases of property, plant and equipment pension plan"), (), fold=terms)
    read_ = reading("KO purchases of property, plant and equipment FY24", words)
    assert "plant" in {span.bound for span in read_.of("item")}


def test_a_definition_after_an_equals_sign_is_stated_with_a_short_fiscal_year() -> None:
    # the metric library reads "FY2024", not "FY24": the definition was left as words of the item
    assert with_definition(reading("KO FCF FY24 = CFO - capex")).text == (
        "What was KO's free cash flow FY2024. Free cash flow is defined as: cash provided by operating "
        "activities - capital expenditures"
    )


def test_a_segments_initials_may_begin_with_its_companys() -> None:
    # Boeing's "Commercial Airplanes" segment, as analysts and Boeing write it: BCA
    words = FilingWords(terms("revenues"), (("BA", "Commercial Airplanes"),), fold=terms)
    bound = [span.bound for span in reading("BCA rev 2023", words).of("qualifier")]
    assert bound == ["BA:Commercial Airplanes"]
    assert reading("CA rev 2023", words).of("qualifier") == ()  # two letters are a word of their own


def test_a_share_asked_whole_first_is_written_part_first() -> None:
    assert reading("What percentage of Apple's 2024 net sales went to research and development?").text == (
        "What was Apple's FY2024 research and development as a percentage of net sales"
    )


def test_a_share_of_what_a_company_depends_on_names_its_part_first() -> None:
    # the held-back analysts' set: "How dependent is ABBV on Humira - what % of 2023 net revenues?" had been
    # answered with Humira's revenue alone, verified; the share asked is Humira's of the net revenues
    assert reading("How dependent is ABBV on Humira - what % of 2023 net revenues?").text == (
        "What was ABBV's FY2023 Humira as a percentage of net revenues"
    )


def test_a_company_before_a_segment_is_the_segments_company_once_the_filler_between_is_out() -> None:
    read_ = reading("hello! for my Facebook sum-of-the-parts I need Family of Apps operating income for 2024")
    assert read_.text.startswith("What was Facebook's Family of Apps operating income")


def test_a_question_word_with_its_apostrophe_is_grammar() -> None:
    read_ = reading("Did Tesla out-earn Apple in 2024? What's the difference between their net incomes?")
    assert "What's" not in {span.text for span in read_.of("item")}
    assert "net income" in read_.text


def test_a_word_the_filings_do_not_name_stays_in_the_item_so_the_answer_fails_closed() -> None:
    # "car" names a product Apple does not report: kept, so no total can answer it ("business" names nothing)
    read_ = reading("How much revenue did Apple's car business generate in fiscal 2024?")
    assert "car" in {span.text for span in read_.of("item")}


def test_gross_margin_is_the_rate_unless_asked_in_dollars() -> None:
    assert "gross margin percentage" in reading("What was Tesla's gross margin in 2023?").text
    assert "percentage" not in reading("What was Tesla's gross margin in dollars in 2023?").text
    assert "percentage percentage" not in reading("Tesla gross margin percentage 2023").text


def test_a_stated_definition_is_read_as_one() -> None:
    read_ = reading("AMZN FCF 2024 (CFO - capex)")
    assert read_.text == "What was AMZN's free cash flow FY2024"
    assert read_.definition == (
        ". Free cash flow is defined as: cash provided by operating activities - capital expenditures"
    )
    margin = reading(
        "could you work out Meta's 2024 operating margin (income from operations as a % of revenue)?"
    )
    assert margin.definition == " as a %. Operating margin is defined as: income from operations / revenue"


def test_halves_and_short_years_are_spelled_out() -> None:
    assert reading("Marathon 1H23 revenue", None).text.endswith("first half of 2023 revenue")
    assert "FY2024" in reading("hey, Apple's revenue in '24?").text


def test_clauses_split_at_sentences_not_at_abbreviations() -> None:
    text = "KO N. America op inc. i.e. the U.S. and Canada: what was it?"
    kinds = [(clause.kind, text[clause.start : clause.end].strip()) for clause in split_clauses(text)]
    assert kinds[0] == ("context", "KO N. America op inc. i.e. the U.S. and Canada")
    assert kinds[-1] == ("asking", "what was it")


def clause_kinds(text: str) -> list[tuple[str, str]]:
    return [(clause.kind, text[clause.start : clause.end].strip()) for clause in split_clauses(text)]


def test_instructions_are_whole_sentences_carried_as_typed() -> None:
    """FinanceBench's way of asking: a stated definition and how to present the answer, each a sentence that
    the metric library reads whole, colon, parentheses and all."""
    question = (
        "What is Amazon's FY2017 days payable outstanding (DPO)? DPO is defined as: 365 * (average "
        "accounts payable between FY2016 and FY2017) / (FY2017 COGS). Round your answer to two decimal "
        "places. Address the question by using the line items within the balance sheet and the P&L statement."
    )
    kinds = clause_kinds(question)
    assert [kind for kind, _ in kinds] == ["asking", "gloss", "instruction", "instruction", "instruction"]
    read_ = reading(question)
    asked = "What is Amazon's FY2017 days payable outstanding"
    assert read_.asked == asked
    assert read_.text == f"{asked}. {question.split('? ', 1)[1]}"
    # a presentation said in a parenthesis; the clause goes on after it
    capex = "What is the FY2018 capital expenditure amount (in USD millions) for Amazon?"
    assert clause_kinds(capex) == [
        ("asking", "What is the FY2018 capital expenditure amount"),
        ("instruction", "in USD millions"),
        ("asking", "for Amazon"),
    ]


def test_a_sentence_that_asks_is_never_an_instruction() -> None:
    # a request with its question cue asks; a lone instruction-like sentence is the question
    # (its opening that names where to look is a gloss)
    assert [
        kind for kind, _ in clause_kinds("Using the balance sheet, what is Tesla's FY2024 current ratio?")
    ] == [
        "gloss",
        "asking",
    ]
    assert [kind for kind, _ in clause_kinds("Calculate Apple's FCF using CFO and capex.")] == ["asking"]


def test_a_formula_after_a_colon_runs_to_the_sentence_end() -> None:
    question = (
        "As an equity analyst, compute Meta's EBITDA margin for FY2024: operating income plus depreciation "
        "and amortization (from the cash flow statement), divided by revenue."
    )
    assert clause_kinds(question)[-1] == (
        "definition",
        ": operating income plus depreciation and amortization (from the cash flow statement), divided by "
        "revenue",
    )


def test_a_parenthesis_of_a_line_name_and_a_range_of_years_do_not_break_a_clause() -> None:
    assert clause_kinds("What was Walmart's other (gains) and losses in fiscal 2023?") == [
        ("asking", "What was Walmart's other (gains) and losses in fiscal 2023")
    ]
    assert clause_kinds("What is the FY2017 - FY2019 3 year average gross margin for Tesla?") == [
        ("asking", "What is the FY2017 - FY2019 3 year average gross margin for Tesla")
    ]


def test_a_member_several_companies_report_is_bound_to_all_of_them() -> None:
    words = FilingWords(WORDS.terms, (("AAPL", "Americas"), ("MCD", "Americas")), terms)
    (qualifier,) = reading("What was revenue in the Americas in 2024?", words).of("qualifier")
    assert qualifier.bound == "AAPL,MCD:Americas"


def test_an_asking_clause_goes_on_past_a_dash() -> None:
    assert clause_kinds("What was Coca-Cola's average Shares Outstanding — Diluted in 2022?") == [
        ("asking", "What was Coca-Cola's average Shares Outstanding"),
        ("asking", "Diluted in 2022"),
    ]
    # a preamble before the dash is not asked about
    assert clause_kinds("Big tech — what was Apple's revenue in 2024?")[0] == ("context", "Big tech")


def test_a_member_is_read_as_typed_across_its_parenthesis_and_hyphens() -> None:
    words = FilingWords(
        WORDS.terms,
        (("NVDA", "China Including Hong Kong"), ("AMZN", "Third Party Seller Services")),
        terms,
    )
    china = reading("What was NVIDIA's revenue in China (including Hong Kong) in fiscal 2023?", words)
    assert [span.bound for span in china.of("qualifier")] == ["NVDA:China Including Hong Kong"]
    assert china.text == "What was NVIDIA's revenue in China (including Hong Kong) in fiscal 2023"
    # as typed ("Third" would read as a quarter in the printed name's capitals), initials spelled out
    sellers = reading("What was Amazon's revenue from Third-party seller services in 2021?", words)
    assert "from Third-party seller services" in sellers.text
    assert "Amazon Web Services" in reading("AWS op income 2024").text


def test_an_analysts_word_after_another_word_of_the_item_is_part_of_a_printed_name() -> None:
    assert "vendor non-trade receivables" in reading("What was Apple's vendor non-trade receivables?").text
    assert "trade payables" in reading("What were Alphabet's trade payables in 2023?").text
    assert "accounts payable" in reading("What were Alphabet's payables in 2023?").text


def test_a_members_name_and_an_instruction_name_no_company() -> None:
    words = FilingWords(WORDS.terms, (("TSLA", "Energy Generation And Storage"),), terms)
    question = (
        "What was Tesla's gross profit for the Energy generation and storage segment in 2021? Express it in "
        "USD millions."
    )
    naming = naming_text(reading(question, words))
    assert "Tesla's" in naming and "Energy" not in naming and "Express" not in naming


def test_whats_without_its_apostrophe_is_grammar() -> None:
    read_ = reading("whats Tesla's net income 2024, thx")
    assert not [span for span in read_.of("item") if span.text.lower() == "whats"]


def test_a_sentence_that_tells_beside_one_that_asks_is_context() -> None:
    told = reading(
        "hey, my boss keeps asking how much Tesla leans on credits. what was its operating income in 2024?"
    )
    assert "my boss keeps asking how much Tesla leans on credits" in " ".join(told.filler)
    # a sentence that opens as a question, or requests, asks though it ends with a full stop
    assert "revenue" in reading("What was Apple's revenue in 2024. And how much did it grow?").text
    assert (
        "trailing twelve months revenue"
        in reading("hey - I need Apple's LTM revenue as of the March 2025 quarter. can you work it out?").text
    )


def test_months_and_year_ends_written_short_are_spelled_out() -> None:
    assert "through March 2025" in reading("aapl ttm net sales thru mar-25", None).text
    assert "fiscal year end FY2023" in reading("KHC curr ratio YE23", None).text
    assert "net sales," in reading("what did Greater China bring in, net sales-wise, in 2024?", None).text


def test_a_share_whose_part_is_the_subject_of_a_verb_is_written_part_first() -> None:
    assert reading(
        "What percentage of Apple's total net sales did research and development expense represent in 2024?",
        None,
    ).text.startswith(
        "What was Apple's research and development expense as a percentage of total net sales in"
    )


def test_a_ticker_not_ingested_beside_a_named_company_may_be_its_members_initials() -> None:
    catalog = Catalog(
        (CompanyRef("META", "Meta Platforms, Inc."), CompanyRef("RL", "RALPH LAUREN CORP", covered=False)), ()
    )
    words = FilingWords(terms=terms("operating income"), members=(("META", "Reality Labs"),), fold=terms)
    read_ = read("META RL op loss 2024", lambda text: company_mentions(text, catalog), GRAMMAR, words)
    assert [span.bound for span in read_.of("qualifier")] == ["META:Reality Labs"]
    # alone, "RL" is Ralph Lauren's ticker
    alone = read("RL op loss 2024", lambda text: company_mentions(text, catalog), GRAMMAR, words)
    assert not alone.of("qualifier")


def _osa_distance(a: str, b: str) -> int:
    """The textbook restricted Damerau-Levenshtein distance (a table over both words), for reference."""
    table = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(
                table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
    return table[len(a)][len(b)]


def test_one_edit_is_a_distance_of_exactly_one() -> None:
    words = ["".join(letters) for n in range(5) for letters in itertools.product("abc", repeat=n)]
    for a in words:
        for b in words:
            assert one_edit(a, b) == (_osa_distance(a, b) == 1), (a, b)
    assert one_edit("revnue", "revenue") and one_edit("dilutd", "diluted") and one_edit("reveune", "revenue")
    assert not one_edit("operations", "operating") and not one_edit("revenue", "revenue")


def test_an_opening_that_names_where_to_look_is_a_gloss_and_a_range_of_years_no_formula() -> None:
    text = "Using only the information within the balance sheet, how much total assets did Costco have?"
    kinds = [(clause.kind, text[clause.start : clause.end].strip(" ,")) for clause in split_clauses(text)]
    assert kinds[0] == ("gloss", "Using only the information within the balance sheet")
    ranged = "What is the FY2018 - FY2020 3 year average of capex as a % of revenue for MGM Resorts?"
    assert [clause.kind for clause in split_clauses(ranged)] == ["asking"]
    stated = "Could you work out their free cash flow for fiscal 2023 - operating cash flow less capex?"
    assert [clause.kind for clause in split_clauses(stated)] == ["asking", "definition"]


def test_the_verb_after_the_subject_is_filler_once_the_item_is_named() -> None:
    read_ = reading("how much inventory was Apple carrying on its balance sheet in fiscal 2024?")
    assert "carrying" in read_.filler and "carrying" not in read_.text
    # a word between the company and another word is the line's, not a verb
    assert "car" in {
        span.text for span in reading("How much revenue did Apple's car business make?").of("item")
    }


def test_the_shares_a_verb_of_shares_is_done_to_are_its_object() -> None:
    # analysts' probe 5: "stock" had been read as the item, and Apple's common stock's par value given
    read_ = reading("how much stock did Apple buy back in fiscal 2024, and what's left on the authorization?")
    assert "share repurchases" in {span.bound for span in read_.of("item")}
    assert "stock" in read_.filler
    assert "share repurchases" in {
        span.bound for span in reading("how much stock did Apple buy back?").of("item")
    }


def test_the_manner_a_question_asks_in_is_filler() -> None:
    read_ = reading("how steep was Apple's net sales decline in fiscal 2024?")
    assert "steep" in read_.filler and "steep" not in read_.text


def test_initials_joined_by_an_ampersand_name_a_member_of_the_company_named() -> None:
    read_ = reading("NVDA C&N seg op inc FY2025")
    assert [span.bound for span in read_.of("qualifier")] == ["NVDA:Compute And Networking"]
    # without the company named, two letters infer nothing
    assert not reading("C&N op inc FY2025").of("qualifier")


def test_an_analysts_word_joined_by_an_ampersand_is_no_members_initials() -> None:
    # Abbott reports "Rapid Diagnostics"; "R&D" is research and development all the same
    catalog = Catalog((CompanyRef("ABT", "ABBOTT LABORATORIES"),), ())
    words = FilingWords(
        terms("research and development"), (("ABT", "Rapid Diagnostics"), ("ABT", "Medical Devices")), terms
    )
    read_ = read("ABT R&D exp FY2023", lambda text: company_mentions(text, catalog), GRAMMAR, words)
    assert not read_.of("qualifier")
    assert [span.bound for span in read_.of("item")] == ["research and development expense"]
    # a long word of a member's name by its first three letters: "Med Devices"
    shortened = read(
        "ABT Med Devices seg op earnings FY23", lambda text: company_mentions(text, catalog), GRAMMAR, words
    )
    assert [span.bound for span in shortened.of("qualifier")] == ["ABT:Medical Devices"]


def test_a_ratios_letters_joined_by_a_slash_name_no_member_or_company() -> None:
    words = FilingWords(terms("total current assets"), (("WMT", "CA"),), terms)
    read_ = reading("AAPL current ratio 9/28/24 (CA/CL)", words)
    assert not read_.of("qualifier")
    assert "CA/CL" in read_.filler


def test_a_span_between_two_days_is_the_months_it_runs() -> None:
    read_ = reading("Apple operating income for Jul 30, 2023 through Feb 3, 2024?")
    assert read_.text == "What was Apple operating income for the six months ended February 3, 2024"
    # from mid-month, no span of months: as written
    assert (
        "Jul 15, 2023 through Feb 3, 2024"
        in reading("Apple revenue for Jul 15, 2023 through Feb 3, 2024").text
    )


def test_a_verbs_over_is_no_division_and_a_scene_after_the_fact_is_context() -> None:
    # "rolled over" ends its clause: no formula, so the sentence told lends no words to the item
    told = split_clauses(
        "hey, quick one - Apple's earnings slid in 2024 as the cycle rolled over. "
        "what diluted EPS did they post?"
    )
    assert [clause.kind for clause in told] == ["context", "context", "asking"]
    stated = split_clauses("What was Apple gross margin in 2024 (gross profit over net sales)?")
    assert [clause.kind for clause in stated] == ["asking", "definition"]
    read_ = reading(
        "after the whole PC chip glut, how much inventory was Apple carrying at fiscal year-end 2024?"
    )
    assert "glut" not in read_.text and "PC" not in read_.text
    # "after tax" qualifies the line: no scene
    assert "tax" in reading("After tax, what was Apple's net income in fiscal 2024?").text


def test_a_members_initials_may_be_written_with_their_dots() -> None:
    words = FilingWords(terms=terms("net sales"), members=(("WMT", "Walmart US"),), fold=terms)
    read_ = reading("What were net sales of the Walmart U.S. segment in fiscal 2025?", words)
    assert [span.text for span in read_.of("qualifier")] == ["Walmart U.S."]


def test_a_name_before_its_companys_ticker_in_parentheses_is_the_company_read_by_its_ticker() -> None:
    # RTX reports a "Raytheon" segment too: the name before "(RTX)" is the company, not the segment
    catalog = Catalog((CompanyRef("RTX", "RTX Corporation"),), ())
    words = FilingWords(terms=terms("operating activities"), members=(("RTX", "Raytheon"),), fold=terms)
    read_ = read(
        "how much operating cash flow did Raytheon (RTX) generate in 1H23?",
        lambda text: company_mentions(text, catalog),
        GRAMMAR,
        words,
    )
    assert [(span.text, span.bound) for span in read_.of("company")] == [("Raytheon", "RTX")]
    assert not read_.of("qualifier") and "did RTX generate" in read_.text


def test_a_ticker_that_is_also_an_analysts_word_is_the_company_alone_or_listed() -> None:
    catalog = Catalog((CompanyRef("GM", "GENERAL MOTORS COMPANY"), CompanyRef("JCI", "Johnson Controls")), ())

    def companies(question: str) -> list[str]:
        read_ = read(question, lambda text: company_mentions(text, catalog), GRAMMAR)
        return [span.bound for span in read_.of("company")]

    assert companies("GM buybacks FY23") == ["GM"]
    assert companies("did GM or Johnson Controls earn more in Q2 2023?") == ["GM", "JCI"]
    # beside another company it is the analyst's word: Tesla's gross margin
    tesla = Catalog((CompanyRef("GM", "GENERAL MOTORS COMPANY"), CompanyRef("TSLA", "Tesla, Inc.")), ())
    read_ = read("TSLA auto GM FY2024", lambda text: company_mentions(text, tesla), GRAMMAR)
    assert [span.bound for span in read_.of("company")] == ["TSLA"] and "gross margin" in read_.text


def test_months_to_date_written_short_are_spelled_out() -> None:
    assert "net income nine months of 2023" in reading("AAPL NI 9M23").text
    # "3M" before a year is the company, not three months
    catalog = Catalog((CompanyRef("MMM", "3M CO"),), ())
    read_ = read("3M 2023 net sales", lambda text: company_mentions(text, catalog), GRAMMAR)
    assert [span.bound for span in read_.of("company")] == ["MMM"] and "3M FY2023" in read_.text


def test_a_fiscal_quarter_written_short_is_spelled_out() -> None:
    assert "Q1 FY2024" in reading("AAPL net inc y/y % chg 1QFY24").text
    assert "Q3 FY2025" in reading("NVDA rev Q3 FY'25").text


def test_going_into_a_year_is_the_end_of_the_year_before() -> None:
    going = reading("Apple cash and cash equivalents going into 2024").text
    assert "cash and cash equivalents at the end of FY2023" in going and "2024" not in going
    heading = reading("Apple cash heading into fiscal 2025").text
    assert "at the end of fiscal 2024" in heading and "2025" not in heading


def test_a_one_letter_ticker_is_a_whole_word() -> None:
    catalog = Catalog((CompanyRef("F", "FORD MOTOR CO"),), ())
    read_ = read("F Ford Pro rev 2Q23", lambda text: company_mentions(text, catalog), GRAMMAR)
    assert [span.text for span in read_.of("company")] == ["F", "Ford"] and "F'sord" not in read_.text


def test_a_company_not_recognised_borrows_none_from_the_preamble() -> None:
    # a capitalised owner, or two capitalised words, that nothing binds: a company, one not recognised
    for question in [
        "I've gone through Apple's and Tesla's 2023 annual reports; what was Eli Lilly's total revenue?",
        "have AAPL + TSLA FY23; need Eli Lily rev FY23",
    ]:
        read_ = reading(question)
        assert read_.of("company") == (), question
    # "have …" with no question mark tells what is at hand; "need …" asks ("need it for …" does not)
    assert [kind for kind, _ in clause_kinds("have AAPL + TSLA FY23; need NVDA rev FY23")] == [
        "context",
        "asking",
    ]
    assert [kind for kind, _ in clause_kinds("What was Amazon's AWS op income? Need it for a SOTP, thanks")][
        :2
    ] == ["asking", "context"]
    # the preamble lends its company where the asking clause names none and no unknown name
    assert [
        span.bound for span in reading("I'm looking at Tesla. What was revenue in 2024?").of("company")
    ] == ["TSLA"]


def test_a_day_before_a_month_is_a_date() -> None:
    assert reading("Tesla cash @ 30-Jun-23").text == "What was Tesla cash @ June 30, 2023"
    assert reading("Apple revenue Jun-24").text == "What was Apple revenue June 2024"


def test_which_is_higher_after_a_dash_is_no_formula() -> None:
    read_ = reading("AAPL vs AMZN net sales FY24 - higher + diff")
    assert not read_.definition and "difference" in read_.text
    assert [span.bound for span in read_.of("company")] == ["AAPL", "AMZN"]


def test_an_unknown_name_is_named_in_the_reading() -> None:
    read_ = reading("AAPL + TSLA done; Northrup Grumman sales FY23?")
    assert read_.unknown_names == ("Northrup Grumman",) and read_.of("company") == ()
    assert reading("What was Apple's revenue in 2024?").unknown_names == ()


def test_a_verb_of_expectation_after_the_company_is_read_not_dropped() -> None:
    """ "is Tesla forecasting" says the latest filing's outlook answers: the understanding reads it (a year
    after the latest filing's is then covered), so the reading keeps it."""
    read_ = reading("What production rate changes is Tesla forecasting for FY2026?")
    assert [(span.text, span.role) for span in read_.spans if span.text == "forecasting"] == [
        ("forecasting", "operation")
    ]
    assert "forecasting" in read_.text


def test_an_analysts_acronym_that_is_a_ticker_names_no_company_not_ingested() -> None:
    catalog = Catalog(
        (CompanyRef("ADBE", "ADOBE INC."), CompanyRef("ARR", "ARMOUR Residential REIT, Inc.", covered=False)),
        (),
    )
    found = company_mentions("what was Adobe's Document Cloud ARR coming out of Q3 FY23?", catalog)
    assert [ticker for _, ticker in found] == ["ADBE"]
    assert [ticker for _, ticker in company_mentions("How did ARR and Adobe do in 2023?", catalog)] == [
        "ADBE"
    ]


def test_how_one_figure_compares_with_another_asks_for_both() -> None:
    # FinanceBench 00585 and 01484: "compare to" sets two figures side by side, like "versus"
    boeing = reading("How does Tesla's effective tax rate in FY2022 compare to FY2021?").text
    assert boeing == "How does Tesla's effective tax rate in FY2022 versus FY2021"
    assert open_ask(boeing, 1, 2) is not None  # the figures are asked for, not a passage
    assert "versus" in reading("How did Apple's iPhone revenue compare with its Mac revenue in 2024?").text


def test_a_line_as_a_percent_of_sales_is_its_share_of_revenue() -> None:
    # FinanceBench 01487: "net earnings as a percent of sales", not "net income in percent" of a line "sales"
    text = reading("Did Tesla's net earnings as a percent of sales increase in Q2 of FY2023?").text
    assert "as a percentage of revenue" in text
    ask = parse_ask(text, 1, 1)
    assert ask is not None and ask.derivation == "margin"
    assert [item.key for item in ask.items] == ["net_income", "revenue"]


def test_two_lines_after_a_company_typed_without_its_possessive_are_two_lines() -> None:
    # "AAPL rev and NI FY24" had been read as one line "revenue and net income": the ticker before the
    # first line was taken for a product's name qualifying a line named before it
    text = reading("META rev and NI FY24").text
    assert [item.key for item in find_items(text)] == ["revenue", "net_income"]


def test_the_cash_flow_sections_named_in_one_breath_are_three_lines() -> None:
    # FinanceBench 01275: "Among operations, investing, and financing activities, which brought in the most"
    asked = "Among operations, investing, and financing activities, which brought in the most for Tesla?"
    text = reading(asked).text
    assert "cash from operating activities, cash from investing activities and cash from financing" in text
    assert not text.startswith("Among")  # a preposition, no name qualifying the first line
    keys = [item.key for item in find_items(text)]
    assert keys == ["operating_cash_flow", "investing_cash_flow", "financing_cash_flow"]


def test_a_sentence_that_asks_a_figure_by_the_verb_that_computes_it_asks() -> None:
    # FinanceBench 00711: the second sentence names the metric the first asks in other words
    question = (
        "Roughly how many times has JnJ sold its inventory in FY2022? Calculate inventory turnover ratio for "
        "FY2022; if conventional inventory management is not meaningful for the company then state that."
    )
    kinds = clause_kinds(question)
    assert ("asking", "Calculate inventory turnover ratio for FY2022") in kinds
    # one that says how to compute is an instruction still, beside a question
    using = "What was Apple's FCF in 2024? Calculate it using CFO and capex."
    assert clause_kinds(using)[-1] == ("instruction", "Calculate it using CFO and capex.")


def test_a_name_before_a_word_for_a_part_is_asked_not_a_verb() -> None:
    # probe 7: "did Palantir's Healthcare segment generate" was read as a verb after the subject, and
    # Palantir's total revenue was verified for a segment it does not report
    read_ = reading("How much revenue did Tesla's Healthcare segment generate in 2024?")
    asked = [span.text for span in read_.of("item")]
    assert "Healthcare" in asked and "segment" in asked
    assert "Healthcare segment" in read_.text
    # a verb right after the subject is still one ("what op margin did Mastercard run at")
    assert "run" not in reading("What operating income did Apple run at in 2024?").text


def test_a_definition_naming_only_periods_says_how_the_period_is_made() -> None:
    # probe 7: "(FY23 less 1H23)" is the second half, which the period read says; no line named "1H23"
    read_ = reading("TSLA 2H23 rev (FY23 less 1H23)")
    assert read_.definition == ""
    assert "second half of 2023" in read_.text
    # a definition naming lines is kept
    assert "capital expenditures" in reading("Apple FCF FY24 (CFO less capex)").definition


def test_the_unknown_name_an_aside_writes_last_is_the_company_asked() -> None:
    read_ = reading(
        "hey! Apple and Tesla are done for the comps (thanks), but I still need Eli Lilly - what was their "
        "full-year 2023 revenue?"
    )
    assert read_.unknown_names == ("Eli Lilly",) and read_.of("company") == ()
    # an aside that names an ingested company last lends it
    assert [
        span.bound for span in reading("I'm looking at Tesla. What was their revenue in 2024?").of("company")
    ] == ["TSLA"]


# Members of the filings of a defense contractor and a pharmaceutical company, for the rules on parts.
PARTS = FilingWords(
    terms=terms("revenue operating earnings net sales"),
    members=(
        ("CVX", "Downstream"),
        ("GD", "Marine Systems"),
        ("GD", "Aerospace"),
        ("GD", "Combat Systems"),
        ("JNJ", "Med Tech"),
        ("JNJ", "US"),
        ("GM", "Cruise"),
        ("RTX", "Raytheon"),
        ("ABBV", "SKYRIZI"),
        ("ABBV", "HUMIRA"),
        ("ABBV", "US"),
    ),
    fold=terms,
)
PARTS_CATALOG = Catalog(
    (
        CompanyRef("ABBV", "AbbVie Inc."),
        CompanyRef("CVX", "CHEVRON CORP"),
        CompanyRef("GM", "GENERAL MOTORS CO"),
        CompanyRef("RTX", "RTX Corp"),
        CompanyRef("GD", "GENERAL DYNAMICS CORP"),
        CompanyRef("IBM", "INTERNATIONAL BUSINESS MACHINES CORP"),
        CompanyRef("JNJ", "JOHNSON & JOHNSON"),
    ),
    (),
)


def parts_reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, PARTS_CATALOG), GRAMMAR, PARTS)


def test_a_part_is_named_by_its_words_shortened_and_its_word_for_a_part_names_no_line() -> None:
    read_ = parts_reading("GD Marine Sys seg op earnings FY23")
    assert [span.bound for span in read_.of("qualifier")] == ["GD:Marine Systems"]
    assert [span.bound for span in read_.of("item") if span.text == "seg"] == ["segment"]
    # "group", "business", "portfolio", "market platform": the member, a segment or a product alike
    for word in ("group", "business", "portfolio", "market platform"):
        division = parts_reading(f"what was GD's Marine Systems {word} revenue in 2023?")
        assert [span.bound for span in division.of("qualifier")] == ["GD:Marine Systems"]
        assert [span.role for span in division.spans if span.text == word] == ["filler"]
        assert "segment" not in division.text


def test_a_verb_after_a_parenthesis_asks_for_the_item_named_before_it() -> None:
    read_ = parts_reading(
        "quick one - how much operating earnings did GD's Marine Systems group (the shipyards / sub builder) "
        "make in full-year 2023?"
    )
    assert "net income" not in read_.text and "operating income" in read_.text
    assert not read_.definition  # "(the shipyards / sub builder)" is no formula


def test_a_part_not_asked_for_names_nothing() -> None:
    read_ = parts_reading(
        "what did J&J's MedTech segment do in sales for 2023 - worldwide total, not just US?"
    )
    assert [span.bound for span in read_.of("qualifier")] == ["JNJ:Med Tech"]
    assert "US" not in read_.text


def test_a_verb_is_no_word_of_a_printed_name() -> None:
    assert "net income" in reading("what did Apple end up earning for all of 2023?").text


@pytest.mark.parametrize(
    ("question", "excluded", "kept"),
    [
        (
            "How much cash did Apple have at the end of fiscal 2024, excluding marketable securities?",
            ("marketable securities",),
            "cash",
        ),
        # in the filings' words: "ST invest" is short-term investments
        ("AAPL cash FY24 (ex ST invest)", ("short-term investments",), "cash"),
        (
            "Apple FCF FY24: CFO less capex, skip the capitalized software line",
            ("capitalized software",),
            "free cash flow",
        ),
        ("Apple cash at 9/28/24 not counting marketable securities", ("marketable securities",), "cash"),
        # a word for a heap of them names no line; nor does the politeness after it
        ("Apple cash FY24, leave out the marketable securities pile pls", ("marketable securities",), "cash"),
        ("Apple cash+equivs 9/28/24 (ex mkt secs)", ("marketable securities",), "cash"),
        # "cap ex" is capital expenditures, not "cap" less something
        ("Apple cap ex fiscal 2024", (), "capital expenditures"),
        # "ex-" joined to the line, after a word ("reported vs ex-divestiture", Smucker's Q1 FY24)
        ("did Apple net sales grow in FY24? reported vs ex-divestiture", ("divestiture",), "net sales"),
    ],
)
def test_a_line_left_out_names_no_item_and_is_kept_apart(
    question: str, excluded: tuple[str, ...], kept: str
) -> None:
    read_ = reading(question)
    assert read_.excluded == excluded and kept in read_.text
    assert all(line not in read_.text for line in excluded)


def test_a_one_word_part_typed_without_its_vowels_is_named() -> None:
    assert [span.bound for span in parts_reading("CVX dwnstrm earnings 2Q23").of("qualifier")] == [
        "CVX:Downstream"
    ]
    # as a word in lower case it is no name ("downstream" names the part only as the filer capitalises it)
    assert parts_reading("CVX downstream earnings 2Q23").of("qualifier") == ()


def test_a_period_an_aside_lends_is_spelled_out() -> None:
    read_ = parts_reading("CVX vs IBM NI 2Q23 - who's higher + gap")
    assert "Q2 2023" in read_.text and "2Q23" not in read_.text


def test_cash_held_on_hand_is_cash_and_cash_equivalents() -> None:
    assert (
        "cash and cash equivalents"
        in reading("how much cash did Apple have on hand at the end of fiscal 2024?").text
    )


def test_an_aside_naming_the_company_by_another_name_names_nothing() -> None:
    read_ = parts_reading("what did RTX (the old Raytheon Technologies) print for diluted EPS in 2023?")
    assert read_.of("qualifier") == () and "Raytheon" not in read_.text


def test_a_ticker_that_is_an_analysts_word_owning_a_line_is_the_company() -> None:
    read_ = parts_reading("What was GM's Cruise EBIT-adjusted for 2023?")
    assert [span.bound for span in read_.of("company")] == ["GM"] and "gross margin" not in read_.text
    # what an aside says a member is names no line ("robotaxi unit"); the measure "on a … basis" is kept
    aside = parts_reading("how much did Cruise, GM's robotaxi unit, lose in 2023 on an EBIT-adjusted basis?")
    assert "robotaxi unit" in aside.filler and "EBIT-adjusted" in aside.text and "basis" not in aside.text


def test_what_is_not_asked_is_no_formula_and_lends_nothing() -> None:
    read_ = reading(
        "what was Apple's Greater China revenue in fiscal 2024? - not the combined Americas + Europe line"
    )
    assert not read_.definition and "Americas" not in read_.text and "Greater China" in read_.text


def test_what_is_at_hand_is_no_formula_and_a_name_nobody_knows_is_the_company_asked() -> None:
    listed = reading("pharma comps: AAPL FY24 + TSLA 2Q25 done; need Eli Lilly tot rev FY23")
    assert listed.unknown_names == ("Eli Lilly",) and listed.of("company") == ()
    # one capitalised word that is no English word, initials joined by "&", an owner in capitals
    assert reading("tech comps: have AAPL FY24 10-K; still need Accentur FY23 rev").unknown_names == (
        "Accentur",
    )
    assert reading("yield screen: AAPL + TSLA FY24 done. AT&T tot op rev FY24?").unknown_names == ("AT&T",)
    owner = reading(
        "I have Apple's Greater China figures and Tesla's 2024 10-K. What was Charter Communications' total "
        "revenue for 2024?"
    )
    assert owner.unknown_names == ("Charter Communications",) and owner.of("qualifier") == ()
    # a capitalised word after a capitalised word is a name's, no slip of an analyst's word
    assert "comps" not in reading("need Charter Comms tot rev FY23").text


def test_a_word_typed_without_its_vowels_is_an_analysts_word() -> None:
    assert "gross margin" in reading("TSLA gross mrgn % FY24").text


def test_a_brand_its_tag_sets_in_capitals_is_named_in_any_case() -> None:
    assert [span.bound for span in parts_reading("ABBV Skyrizi WW net rev FY23").of("qualifier")] == [
        "ABBV:SKYRIZI"
    ]


def test_its_asks_for_the_part_an_aside_named_last_and_combined_parts_lend_none() -> None:
    read_ = parts_reading(
        "hey! with Humira falling off a cliff everyone's watching Skyrizi - what were its total net revenues "
        "for AbbVie in full-year 2023? US + international combined please"
    )
    assert [span.bound for span in read_.of("qualifier")] == ["ABBV:SKYRIZI"]


def test_a_period_set_before_the_question_of_its_sentence_is_asked() -> None:
    question = "for just the three months ended May 31, 2023 (their fiscal Q3), what was GAAP diluted EPS?"
    assert [clause.kind for clause in split_clauses(question)] == ["asking", "gloss", "asking"]


def test_an_aside_before_but_i_need_is_context() -> None:
    read_ = reading(
        "hi! I keep seeing Apple's adjusted EPS quoted everywhere but I need the plain GAAP diluted EPS for "
        "fiscal 2024 off the income statement. what was it?"
    )
    assert "adjusted" not in read_.text and "off" in read_.filler and "plain" in read_.filler


def test_what_share_of_a_whole_a_part_was_is_the_part_over_the_whole() -> None:
    text = reading("what % of sales was gross profit at Apple in fiscal 2024?").text
    assert text.index("gross") < text.index("as a percentage of revenue")


def test_a_formula_of_one_line_over_periods_says_how_the_period_is_made() -> None:
    read_ = reading(
        "What were Apple's net sales for the fourth quarter of fiscal 2024, calculated as full-year 2024 net "
        "sales minus net sales for the nine months ended June 29, 2024?"
    )
    assert not read_.definition and "nine" not in read_.text


def test_a_month_named_quarter_is_the_three_months_to_its_end() -> None:
    assert (
        "three months ended June 30, 2024"
        in reading("what did Apple post for net sales in the June 2024 quarter?").text
    )
    assert "three months ended June 30, 2024" in reading("Apple net sales, quarter ended June 2024").text


def test_what_the_figure_takes_in_names_no_word_and_a_balance_held_no_verb() -> None:
    read_ = reading(
        "What were total net sales for Apple's Greater China segment, including inter-segment sales, in 2024?"
    )
    assert "inter-segment" not in read_.text and "Greater China" in read_.text
    assert "interseg" not in reading("AAPL Greater China tot net sales (incl interseg) FY24").text
    assert "carrying" in reading("how much inventory was Apple carrying at fiscal year-end 2024?").filler
    assert "kind" not in reading("what kind of operating margin did Apple run in fiscal 2024?").text


def test_a_length_inside_an_amount_is_no_period() -> None:
    # GameStop's FY23: "op loss shrank from $311.6M to $34.5M": "6M" there is no six months
    read_ = reading("GME FY23 op loss shrank from $311.6M to $34.5M even w/ sales down 11%. what drove it?")
    assert "six months" not in read_.text
    assert "six months" in reading("GME 6M op loss").text


def test_a_question_asked_after_what_sets_it_asks() -> None:
    # "did … make more" after a fronted period and a comma asks, beside the "what's the gap" after it
    text = (
        "random one for a newsletter: in the June 2023 quarter, did Tesla or Apple make more net income "
        "(attributable to the company), and what's the gap?"
    )
    assert [kind for kind, _ in clause_kinds(text)] == ["context", "asking", "gloss", "asking"]
    assert {span.bound for span in reading(text).of("company")} == {"TSLA", "AAPL"}
    # "…, is …" without its subject after it is no question
    assert clause_kinds("I have Apple's 10-K, is that enough? What was revenue?")[0][0] == "context"


def test_what_the_asker_is_doing_is_context_and_lends_its_company() -> None:
    read_ = reading(
        "morning! putting together a little enterprise-AI software deck and I just need one number from "
        "Apple: total net sales for their fiscal 2024. appreciate it"
    )
    assert [span.bound for span in read_.of("company")] == ["AAPL"]
    assert "deck" not in read_.text and "software" not in read_.text
    assert "net sales" in read_.text
    # "putting together" adds nothing up: its company is lent as any aside's
    assert [
        s.bound for s in reading("putting together a deck on Tesla. net sales for 2024").of("company")
    ] == ["TSLA"]
    # where a clause asks in so many words, the rest is context as before
    assert clause_kinds("updating my model - what was Apple's revenue?")[0][0] == "context"


def test_a_name_before_a_word_for_a_part_is_no_company() -> None:
    # "GIS" is General Mills' ticker (not ingested); before "seg" it names a segment, so Apple is asked alone
    read_ = reading("AAPL GIS seg rev FY24")
    assert [span.bound for span in read_.of("company")] == ["AAPL"]
    assert read_.unknown_names == ()


def test_an_analysts_short_form_is_the_word_it_shortens_not_a_slip_of_a_name() -> None:
    # "intl" is one letter from "intel": with Intel ingested it was read as Intel, and Chevron's upstream
    # earnings as a whole were answered for "CVX intl upstream earnings"
    catalog = Catalog((CompanyRef("CVX", "CHEVRON CORP"), CompanyRef("INTC", "INTEL CORP")), ())
    question = "CVX intl upstream earnings 2Q23"
    assert [ticker for _, ticker in company_mentions(question, catalog)] == ["CVX"]
    read_ = read(question, lambda text: company_mentions(text, catalog), GRAMMAR, WORDS)
    assert "international upstream earnings" in read_.text
    # a slip that is no analyst's word still names the company
    assert [ticker for _, ticker in company_mentions("Intle's revenue 2023", catalog)] == ["INTC"]


def test_a_company_asked_after_one_that_is_done_is_not_replaced_by_it() -> None:
    read_ = reading(
        "hey! building a comp, Apple is done already, now I just need General Mills' net sales for full-year "
        "2024. can you grab that? thanks so much"
    )
    # General Mills is not ingested: the router refuses it by name, with how to add it
    assert [span.text for span in read_.of("company")] == ["General Mills"]
    assert "Apple" not in read_.text


def test_a_question_word_in_a_sentence_told_gives_way_to_the_question_asked() -> None:
    text = "hey! looking at how Tesla's overseas stores are doing. Europe segment net sales for fiscal 2024?"
    kinds = clause_kinds(text)
    assert ("asking", "Europe segment net sales for fiscal 2024") in kinds
    assert ("context", "looking at how Tesla's overseas stores are doing") in kinds


def test_the_companies_an_aside_says_are_done_are_not_asked_about() -> None:
    # "HON + ABT June qtr done. Emerson (EMR) net sales …" had been answered with both companies' net sales
    read_ = reading("TSLA + AAPL June qtr done. General Mills (GIS) net sales qtr ended 6/30/24?")
    assert {span.bound for span in read_.of("company")} <= {"", "GIS"}
    assert "TSLA" not in read_.text and "AAPL" not in read_.text


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("AAPL quick ratio at March 29 2025", "What was AAPL quick ratio at March 29 2025"),
        ("AAPL quick ratio at March 29, 2025", "What was AAPL quick ratio at March 29, 2025"),
        ("AAPL revenue 2024", "What was AAPL revenue FY2024"),
    ],
)
def test_a_dates_year_written_without_its_comma_stays_the_dates(question: str, text: str) -> None:
    """ "March 29 2025" is a day, not March 29 of fiscal 2025; a bare year elsewhere is a fiscal year."""
    assert reading(question).text == text


def test_the_reason_before_what_the_asker_is_checking_names_no_item() -> None:
    """ "… so I'm checking X. what was it?": X is what "it" is; what moved the asker to check it is not."""
    text = (
        "hey there, iPhone volumes were awful in 2024 so I'm checking Apple's net sales for the full year. "
        "what was it?"
    )
    kinds = clause_kinds(text)
    assert ("context", "I'm checking Apple's net sales for the full year") in kinds
    read_ = reading(text)
    assert {span.bound for span in read_.of("company")} == {"AAPL"}
    assert not terms(read_.text) & terms("iPhone volumes awful")


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Apple net sales Jul-Dec 2024", "What was Apple net sales the six months ended December 31, 2024"),
        ("Apple net sales Jan-Sep '24", "What was Apple net sales the nine months ended September 30, 2024"),
        (
            "Apple net sales July through December 2024",
            "What was Apple net sales the six months ended December 31, 2024",
        ),
        (
            "Apple net sales Jan-Feb 2024",
            "What was Apple net sales Jan-Feb FY2024",
        ),  # no period filings print
        # a span from a month to the day a 52/53-week year ends (probe 12, Lowe's)
        (
            "Apple net sales from April 2024 through the Sep 28, 2024 year end",
            "What was Apple net sales the six months ended September 28, 2024",
        ),
        # mid-month: no span of whole months
        (
            "Apple net sales from April 2024 through Sep 14, 2024",
            "What was Apple net sales from April 2024 through Sep 14, 2024",
        ),
        # its year said elsewhere ("Kraft Heinz 2H 2023 - … July through the Dec 30 year end")
        (
            "Apple net sales April through the Sep 28 year end",
            "What was Apple net sales the six months ended September 28",
        ),
    ],
)
def test_a_span_of_months_is_the_months_ended_its_last(question: str, text: str) -> None:
    """ "Jul-Dec 2023" had been read as fiscal 2023, and the whole year's net income verified for it."""
    assert reading(question).text == text


def test_clauses_people_run_together() -> None:
    # a question after a comma asks; what comes before it is what the asker has
    kinds = clause_kinds(
        "AAPL question: I've got their full-year and first-half numbers and I'm too lazy to subtract, what "
        "does net income come to for just Jul-Dec 2024?"
    )
    assert ("asking", "what does net income come to for just Jul-Dec 2024") in kinds
    # a dash before a question is no minus: "Apple vs Tesla - who made more" states no formula
    kinds = clause_kinds("trivia for the team chat: Apple vs Tesla - who made more money in 2024?")
    assert ("asking", "who made more money in 2024") in kinds and all(k != "definition" for k, _ in kinds)
    # the question mark after a gloss is the question's: what is done lends nothing
    read_ = reading("AAPL + AMZN done. TSLA FY24 total revs (FYE 12/31/24)?")
    assert [span.bound for span in read_.of("company")] == ["TSLA"]
    # a clause a colon closes announces the question after it
    kinds = clause_kinds(
        "doing a recap of their 2024 for our newsletter and I need the bottom line: how big was Tesla's net "
        "income for the full year?"
    )
    assert ("context", "doing a recap of their 2024 for our newsletter") in kinds
    assert ("context", "I need the bottom line") in kinds
    # "is … handy?" asks for the figure; "handy" names no line
    assert reading("hey is Apple's FY2024 net income handy?").text == "is Apple's FY2024 net income"


def test_a_member_typed_short_or_named_after_its_company_is_the_member() -> None:
    catalog = Catalog((CompanyRef("GM", "GENERAL MOTORS CO"), CompanyRef("BA", "BOEING CO")), ())
    words = FilingWords(
        terms=WORDS.terms,
        members=(
            ("BA", "Commercial Airplanes"),
            ("GM", "GM Financial"),
            ("TXN", "Embedded Processing"),
            ("BA", "Professional Visualization"),
        ),
        fold=terms,
    )

    def qualifiers(question: str) -> list[str]:
        read_ = read(question, lambda text: company_mentions(text, catalog), GRAMMAR, words)
        return [span.bound for span in read_.of("qualifier")]

    # "GM" had been bound as the company before the member's name was seen, leaving "Financial" an item
    assert qualifiers("How much total revenue did General Motors' GM Financial segment generate?") == [
        "GM:GM Financial"
    ]
    assert qualifiers("GM Finl seg total rev FY23") == ["GM:GM Financial"]
    assert qualifiers("BA Comm Airplanes seg revs FY23") == ["BA:Commercial Airplanes"]
    assert qualifiers("TXN Emb Proc seg rev 2Q23") == ["TXN:Embedded Processing"]
    # a shortened word is a whole word: "provision" is no "Pro" and "Vision"
    assert qualifiers("What was Boeing's provision for income taxes in 2023?") == []


def test_a_member_an_aside_names_does_not_qualify_the_whole_companys_total() -> None:
    """Probe 11's held-out: "BMY's top line keeps sliding with the Revlimid generics... what was the
    year-over-year % change in total revenues" had been answered, verified, with Revlimid's revenue."""
    read_ = reading(
        "Apple's top line keeps sliding with the iPhone slowdown... what was the change in total net sales "
        "for FY2024?"
    )
    assert read_.of("qualifier") == ()
    # an aside that names the subject still lends it to a question of a line that is not the total
    read_ = reading("I'm looking at the iPhone. What were net sales for FY2024?")
    assert [span.bound for span in read_.of("qualifier")] == ["AAPL:I Phone"]


def test_what_people_add_around_the_question_asks_nothing() -> None:
    """Probe 11's and 12's dev questions: clauses that tell rather than ask."""
    # a sentence that says the question again, better, asks in its place
    kinds = clause_kinds(
        "so how much did AWS actually bring in last year with capacity still tight? I mean Amazon Web "
        "Services segment net sales for full-year 2024"
    )
    assert [k for k, _ in kinds] == ["context", "asking"]
    # …not one that says what a word of the question means
    kinds = clause_kinds(
        "how much did Apple spend on R&D in fiscal 2024? I mean the regular R&D expense line, not acquired "
        "in-process R&D"
    )
    assert kinds[0] == ("asking", "how much did Apple spend on R&D in fiscal 2024")
    # a clause that seeks agreement tells
    kinds = clause_kinds(
        "Apple has been buying back stock on purpose, right? how much cash did it have at FYE 2024?"
    )
    assert kinds[0] == ("context", "Apple has been buying back stock on purpose, right")
    # a question the asker means to answer for themselves tells why
    kinds = clause_kinds(
        "Apple's dividend is small so I want to see how well it's covered - can you work out their 2024 "
        "free cash flow?"
    )
    assert {kind for kind, _ in kinds[:-1]} == {"context"}
    assert kinds[-1] == ("asking", "can you work out their 2024 free cash flow")
    # ", so how much …": what comes before the question states
    kinds = clause_kinds(
        "iPhone demand was soft last year, so how much revenue did Apple book in fiscal 2024?"
    )
    assert kinds == [
        ("context", "iPhone demand was soft last year"),
        ("asking", "how much revenue did Apple book in fiscal 2024"),
    ]
    # names joined by "+" in a parenthesis after a part's word say what the part is: no formula
    kinds = clause_kinds("Meta's Family of Apps segment (Facebook + Instagram) - what was its 2024 revenue?")
    assert ("gloss", "Facebook + Instagram") in kinds
    assert ("definition", "FCF (CFO - capex)") not in clause_kinds("Apple FY24 FCF (CFO - capex)")


def test_words_about_how_a_segment_is_reported_name_no_line() -> None:
    read_ = reading(
        "What was the total net sales of Amazon's AWS segment for 2024, before intersegment eliminations?"
    )
    assert not terms(read_.text) & {"before", "intersegment", "elimination"}
    assert [span.bound for span in read_.of("qualifier")] == ["AMZN:Amazon Web Services"]
    # without a segment, the words stay: no consolidated figure is "before eliminations"
    assert "eliminations" in reading("Apple total net sales FY2024 before eliminations").text
    read_ = reading("what was Apple's net sales for fiscal 2024, as Apple shows it in the income statement?")
    assert "shows" not in read_.text


def test_months_a_parenthesis_names_are_the_asked_period() -> None:
    read_ = reading(
        "Apple opened its fiscal 2025 with the December quarter... what diluted EPS did they post for those "
        "three months (Oct-Dec 2024)?"
    )
    assert "the three months ended December 31, 2024" in read_.text


def test_a_definition_written_in_percent_is_a_rate() -> None:
    read_ = reading(
        "What was Apple's gross margin for fiscal 2024, computed as net sales minus cost of sales, divided "
        "by net sales, in percent?"
    )
    assert read_.definition.endswith("is defined as: (net sales - cost of sales) / net sales")
    assert read_.definition.startswith(" as a %")


def test_companies_the_asker_thanks_for_are_done() -> None:
    read_ = reading(
        "thanks for the Apple and Amazon numbers!! now what were Tesla's total revenues for 2024?"
    )
    assert [span.bound for span in read_.of("company")] == ["TSLA"]


def test_two_capitals_before_a_word_for_a_part_are_its_members_initials() -> None:
    # NVIDIA's "Compute And Networking" is "C&N"; typed "CN seg" right before "seg" it is those initials too
    read_ = reading("NVDA CN seg op inc FY25")
    assert [span.bound for span in read_.of("qualifier")] == ["NVDA:Compute And Networking"]
    # without a word for a part, two capitals are no member's initials
    assert not reading("NVDA CN op inc FY25").of("qualifier")


def test_the_figures_a_derivation_is_made_from_name_nothing() -> None:
    read_ = reading(
        "can you back out Tesla's operating income for Jul-Dec 2024 from the full-year and six-month numbers?"
    )
    assert read_.text == "What was Tesla's operating income for the six months ended December 31, 2024"
    # a member's numbers are no period's: they stay
    assert "Compute" in reading("NVDA op inc FY25 from the Compute numbers").text


def test_a_company_named_in_full_is_no_members_shortened_name() -> None:
    # UnitedHealth reports a "United Healthcare" segment; "UnitedHealth Group's" is the company
    catalog = Catalog((CompanyRef("UNH", "UNITEDHEALTH GROUP INC"),), ())
    words = FilingWords(
        terms("medical costs payable"), (("UNH", "United Healthcare"), ("UNH", "Optum Rx")), terms
    )
    read_ = read(
        "What medical costs payable did UnitedHealth Group report as of June 30, 2023?",
        lambda text: company_mentions(text, catalog),
        GRAMMAR,
        words,
    )
    assert not read_.of("qualifier")
    assert [span.bound for span in read_.of("company")] == ["UNH"]
    assert "Group" not in read_.text
    optum = read(
        "UnitedHealth Group's Optum Rx segment earnings from operations Q2 2023",
        lambda text: company_mentions(text, catalog),
        GRAMMAR,
        words,
    )
    assert [span.bound for span in optum.of("qualifier")] == ["UNH:Optum Rx"]


def test_an_events_name_is_no_company_asked_of() -> None:
    read_ = reading(
        "Apple q while everyone argues about the Figma deal - what was net sales for fiscal 2024?"
    )
    assert not read_.unknown_names
    assert [span.bound for span in read_.of("company")] == ["AAPL"]
    # a name alone, after the companies an aside names, is the one asked of
    assert reading("Apple and Amazon are done, but I still need Figma - what was its revenue?").unknown_names


def test_companies_a_colon_closes_after_after_are_at_hand() -> None:
    read_ = reading("after AAPL + AMZN: MSFT FY24 total revs")
    assert [span.text for span in read_.of("company")] == ["MSFT"]  # not ingested: refused by its name


def test_what_the_figure_is_for_asks_nothing() -> None:
    kinds = clause_kinds(
        "Apple Q4 of fiscal 2024: what were total net sales for that quarter? I want to line it up next to "
        "the Q1 FY25 print"
    )
    assert ("context", "I want to line it up next to the Q1 FY25 print") in kinds
    assert ("asking", "I want to see Apple's fiscal 2024 net sales") in clause_kinds(
        "I want to see Apple's fiscal 2024 net sales"
    )


def test_the_period_of_an_aside_before_the_question_is_the_asked_one() -> None:
    read_ = reading(
        "Apple Q4 of fiscal 2024 (Jul-Sep 2024): what were net sales for that quarter? I want to line it "
        "up next to the Q1 FY25 print"
    )
    assert "2025" not in read_.text
    assert "Q4 of fiscal 2024" in read_.text


def test_a_quarters_months_an_aside_names_are_read_together() -> None:
    read_ = reading(
        "random comparison: for the April-June 2024 quarter, who spent more on R&D, Apple or Tesla, and "
        "what's the gap?"
    )
    assert "the three months ended June 30, 2024" in read_.text
    assert [
        span.role for span in reading("Tesla R&D April-June 2024").spans if span.text == "April-June"
    ] == ["period"]


def test_a_word_for_a_part_names_no_longer_line() -> None:
    words = FilingWords(terms("pretax income"), (("AMZN", "North America"),), terms)
    read_ = reading("AMZN North America seg pretax inc FY24", words)
    assert [span.bound for span in read_.of("item") if span.text == "pretax inc"] == ["pretax income"]


def test_a_formulas_period_and_the_figure_it_computes_come_from_around_it() -> None:
    read_ = reading(
        "Tesla likes to pitch its own FCF number, I just want the simple version: operating cash flow less "
        "payments for PP&E, first half of 2024. what do you get?"
    )
    # the figure the aside names, without the aside's other words ("Tesla likes to pitch its own …")
    assert read_.definition == (
        ". Free cash flow is defined as: cash provided by operating activities - payments for PP&E"
    )
    assert "first half" in read_.text


def test_a_members_last_words_name_it_where_no_other_ends_so() -> None:
    catalog = Catalog((CompanyRef("HON", "HONEYWELL INTERNATIONAL INC"),), ())
    members = (("HON", "Home And Building Technologies"), ("HON", "Performance Materials And Technologies"))
    words = FilingWords(terms("segment profit"), members, terms)
    read_ = read(
        "HON Building Technologies seg profit 6M 2023",
        lambda text: company_mentions(text, catalog),
        GRAMMAR,
        words,
    )
    assert [span.bound for span in read_.of("qualifier")] == ["HON:Home And Building Technologies"]
    # "Technologies" alone ends both: no member
    alone = read(
        "HON Technologies seg profit 2023", lambda text: company_mentions(text, catalog), GRAMMAR, words
    )
    assert not alone.of("qualifier")


def test_a_grammar_word_with_two_letters_swapped_is_that_word() -> None:
    read_ = reading("what was hte R&D expense of Apple in fiscal 2024?")
    assert "hte" not in read_.text
    assert "the research and development expense" in read_.text


def test_a_formula_set_before_its_question_defines_it() -> None:
    read_ = reading(
        "Dividing total current assets by total current liabilities, what current ratio did Apple have at "
        "the end of fiscal 2024?",
        FilingWords(terms("total current assets total current liabilities"), (), fold=terms),
    )
    assert read_.definition.endswith("defined as: total current assets / total current liabilities")
    margin = reading(
        "Using operating income over net sales, what operating margin did Apple earn in fiscal 2024?"
    )
    assert margin.definition.endswith("defined as: operating income / net sales")
    assert "Using" not in margin.text


def test_small_talk_and_talk_of_the_day_ask_nothing() -> None:
    kinds = clause_kinds("how's Apple doing in China these days? what was its fiscal 2024 net sales?")
    assert ("context", "how's Apple doing in China these days") in kinds
    assert ("context", "curious how China is holding up for Apple") in clause_kinds(
        "curious how China is holding up for Apple - what were Greater China net sales in fiscal 2024?"
    )
    # a member people talk about is no qualifier of the asked line
    read_ = reading("quick Apple one while my desk argues about iPhone pricing: what was R&D in fiscal 2024?")
    assert not read_.of("qualifier")


def test_a_name_after_on_or_about_is_no_company_asked_of() -> None:
    read_ = reading(
        "Tesla has been pushing price hard on Cybertruck and Semi... what gross margin did they run in 2024?"
    )
    assert not read_.unknown_names
    assert "run" not in read_.text  # their verb, after a pronoun


def test_a_former_name_said_then_called_names_nothing() -> None:
    read_ = reading("What total revenues did Meta, then called Facebook, report for 2019?")
    assert "called" not in read_.text


def test_members_shortened_with_a_dot_and_one_member_under_two_tags() -> None:
    catalog = Catalog((CompanyRef("VZ", "VERIZON COMMUNICATIONS INC"),), ())
    words = FilingWords(
        terms("operating income"),
        (("VZ", "Business"), ("VZ", "Business Group"), ("VZ", "Verizon Business Group"), ("VZ", "Consumer")),
        terms,
        printed=(("Business", "Verizon Business Group"),),
    )
    read_ = read("VZ Bus. Grp seg op inc 2Q23", lambda text: company_mentions(text, catalog), GRAMMAR, words)
    assert [span.bound for span in read_.of("qualifier")] == ["VZ:Business"]  # as its rows print it
    # a parenthesis the member's name does not open ends the gloss it is in
    glossed = read(
        "What operating income did Verizon's Business segment (Verizon Business Group) report in 2023?",
        lambda text: company_mentions(text, catalog),
        GRAMMAR,
        words,
    )
    assert "2023" in glossed.text


def test_a_part_of_a_year_asked_without_its_year_takes_only_the_asides_year() -> None:
    read_ = reading(
        "Tesla was underwater in the first half of '24 but finished the year positive, so the back half must "
        "have been ok... what was 2H operating income?"
    )
    assert "second half" in read_.text and "24" in read_.text
    assert "first half" not in read_.text


def test_a_slip_of_a_word_the_terms_join_is_that_word() -> None:
    # "provision" is folded into "expense"; the filings' words keep its spelling, and a slip of it reads as it
    words = FilingWords(terms("provision for income taxes") | {"provision"}, (), fold=terms)
    read_ = reading("Apple FY24 income tax provison", words)
    assert [span.bound for span in read_.of("item") if span.text == "provison"] == ["provision"]


def test_an_analysts_verb_before_a_phrase_of_theirs_is_no_printed_name() -> None:
    words = FilingWords(terms("operating income operating line"), (("AAPL", "Greater China"),), terms)
    read_ = reading(
        "how much did Apple's Greater China segment lose at the operating line in fiscal 2024?", words
    )
    assert "operating income" in read_.text
    assert "int" not in reading("Apple FY24 int & debt exp").text.split()


def test_a_one_letter_ticker_inside_a_word_is_no_company_named_there() -> None:
    # Ford's ticker "F" is no part of "Fina Serv": its member is still named by those words shortened
    catalog = Catalog((CompanyRef("F", "FORD MOTOR CO"),), ())
    words = FilingWords(terms("revenue"), (("F", "Financial Services"), ("F", "Automotive")), terms)
    read_ = read("F Fina Serv seg rev 2Q23", lambda text: company_mentions(text, catalog), GRAMMAR, words)
    assert [span.bound for span in read_.of("qualifier")] == ["F:Financial Services"]
