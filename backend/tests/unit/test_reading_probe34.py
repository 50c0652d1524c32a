"""Questions as people typed them (probe 34's dev sets): a ticker that is also a word ("gm") in lower case
where what stands around it says it is the company, an aside that is no question ("rough gauge of how
levered they are"), a part's old name beside the one it goes by now, a part spelled out before its printed
initials, the size of a part, a place by its adjective where the filings print it, and the lines' own words
(J&J's "Depreciation and amortization of property and intangibles", GM's totals, Smucker's pet snacks
within its U.S. Retail Pet Foods segment)."""

from datetime import date

from vocabulary_rows import row

from filingproof.qa.items import parse_ask
from filingproof.qa.periods import Target
from filingproof.qa.vocabulary import build_vocabulary, resolve
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, SpanRole, read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions, understand
from filingproof.verify.items import AskedItem, CellFacts, check_item, leaves_out, member_words, terms

CATALOG = Catalog(
    (
        CompanyRef("GM", "General Motors Company"),
        CompanyRef("JNJ", "Johnson & Johnson"),
        CompanyRef("SJM", "J M Smucker Co"),
        CompanyRef("TXN", "Texas Instruments Incorporated"),
        CompanyRef("AAPL", "Apple Inc."),
    ),
    (
        FilingRef(1, "GM", "10-Q", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(2, "JNJ", "10-K", date(2023, 12, 31), 2023, "FY"),
        FilingRef(3, "SJM", "10-K", date(2024, 4, 30), 2024, "FY"),
        FilingRef(4, "TXN", "10-Q", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(5, "AAPL", "10-K", date(2024, 9, 28), 2024, "FY"),
    ),
)
WORDS = FilingWords(
    terms=terms("revenue sales canada united states pet snacks"),
    members=(("GM", "GM Financial"), ("GM", "GMI"), ("JNJ", "Innovative Medicine"), ("SJM", "Pet Snacks")),
    fold=terms,
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def spans(question: str, role: SpanRole) -> list[str]:
    return [span.bound for span in reading(question).of(role)]


def test_a_ticker_that_is_a_word_names_its_company_in_lower_case_where_asked_about() -> None:
    # after the question's "did", as the subject of "was … sitting", opening the question before a label, or
    # set beside another company
    for question in (
        "how much did gm actually hand back to shareholders as dividends in cash over fy23?",
        "how much cash was gm sitting on at the end of the june quarter last year?",
        "gm leverage check - at the end of june '23 what's total liabilities?",
    ):
        assert understand(question, CATALOG).companies == ("GM",), question
        assert spans(question, "company") == ["GM"]
    both = "who threw off more cash from operations in fy23, j&j or gm?"
    assert understand(both, CATALOG).companies == ("JNJ", "GM")
    # what the pipeline reads next writes it in capitals: the words that said so may be gone from it
    assert "was GM" in reading("how much cash was gm sitting on at the end of the june quarter?").text
    # beside another company's name it is still the gross margin
    assert understand("what was apple's gm in fy24?", CATALOG).companies == ("AAPL",)
    assert spans("what was apple's gm in fy24?", "item") == ["gross margin percentage"]


def test_a_question_word_after_of_opens_no_question() -> None:
    question = (
        "gm leverage check - what's total liabilities divided by stockholders' equity at the end of june "
        "'23? rough gauge of how levered they are with gm financial in there"
    )
    # the aside asks nothing, and the part it says the figure takes in qualifies nothing
    assert "levered" not in reading(question).text
    assert spans(question, "qualifier") == []


def test_the_parents_equity_and_liabilities_hold_no_noncontrolling_interests() -> None:
    # GM's "Total stockholders' equity" (StockholdersEquity) and "Total Liabilities" are totals, known by
    # their concepts to leave the non-controlling interests out
    for label, concept in (("Total stockholders' equity", "us-gaap:StockholdersEquity"),
                           ("Total Liabilities", "us-gaap:Liabilities")):  # fmt: skip
        assert leaves_out(label, (), "noncontrolling interests", concept=concept).ok
    assert not leaves_out("Total equity", (), "noncontrolling interests").ok


def test_depreciation_and_amortization_of_both_kinds_of_asset_is_the_whole() -> None:
    # J&J 10-Q Q2 2023, its cash flows' "Depreciation and amortization of property and intangibles"
    both = CellFacts(
        row_path=("Depreciation and amortization of property and intangibles",),
        concept="us-gaap:DepreciationDepletionAndAmortization",
        company="JNJ",
    )
    assert check_item(AskedItem("depreciation and amortization", "JNJ"), both).ok
    # of property alone, it leaves the amortization of intangibles out
    property_only = CellFacts(
        row_path=("Depreciation and amortization of property and equipment",),
        concept="us-gaap:DepreciationAmortizationAndAccretionNet",
        company="JNJ",
    )
    assert not check_item(AskedItem("depreciation and amortization", "JNJ"), property_only).ok


def test_words_for_lines() -> None:
    bridge = (
        "hi - building a quick ebitda bridge for j&j and need their depreciation plus amortization for 1H23"
    )
    assert "depreciation and amortization" in reading(bridge).text
    assert spans("morning! how much did TI pour into R&D over the first half of 2023?", "item") == [
        "research and development"
    ]
    assert "stockholders' equity" in reading("GM total liab / SH equity 6/30/2023 ratio").text
    assert "depreciation" in reading("SJM deprec FY24 cash flow stmt").text
    assert "long-term debt" in reading("how much long-term borrowings did smucker carry at fy24 end?").text
    assert "type" not in reading("what did smucker's spend on SG&A-type overhead in fy24?").text


def test_what_happened_before_the_question_is_context() -> None:
    asked = reading("hi - after the hostess deal how much long-term debt was smucker carrying at fy24 end?")
    assert "hostess" not in asked.text
    building = "hi - building a quick ebitda bridge for j&j and need their d&a for 1H23"
    assert "bridge" not in reading(building).text and spans(building, "company") == ["JNJ"]


def test_a_parts_old_name_gives_way_to_the_one_it_goes_by_now() -> None:
    question = "how big was j&j's pharma business (they call it innovative medicine now) in fy23?"
    assert spans(question, "qualifier") == ["JNJ:Innovative Medicine"]
    assert "pharma" not in reading(question).text


def test_a_part_spelled_out_before_its_printed_initials_is_those_initials() -> None:
    question = (
        "What were total net sales and revenue of General Motors' GM International (GMI) segment in 2Q23?"
    )
    assert spans(question, "qualifier") == ["GM:GMI"]
    assert "International" not in reading(question).text


def test_the_size_of_a_part_is_its_revenue_where_no_line_is_named() -> None:
    assert spans("how big was j&j's innovative medicine business in fy23?", "item") == ["revenue"]
    # a line named is the line
    assert "revenue" not in spans("how big was j&j's innovative medicine business's R&D in fy23?", "item")


def test_a_place_by_its_adjective_where_the_filings_print_the_place() -> None:
    # Smucker's "Canada" row, tagged with the generic country:CA, which makes no member of the reading's
    assert "Canada" in reading("how big is smuckers' canadian business in fy24?").text


def test_a_row_naming_more_than_the_item_ranks_after_one_naming_it_alone() -> None:
    # GM 10-K FY2023: "Automotive net sales and revenue" ($157,658 million) and "Total net sales and revenue"
    # ($171,842 million), both tagged as revenue
    gm = {"ticker": "GM", "period_start": date(2023, 1, 1), "period_end": date(2023, 12, 31)}
    contract = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    part = row(91400, "Automotive net sales and revenue", contract, "157658000000", **gm)
    total = row(90936, "Total net sales and revenue", "us-gaap:Revenues", "171842000000", **gm)
    vocab = build_vocabulary("GM", [part, total], frozenset({"general", "motors"}))
    found = resolve(vocab, "total net sales and revenue", [Target("duration", date(2023, 12, 31), 365)],
                    frozenset())  # fmt: skip
    assert found is not None and [entry.cell.value for entry in found.best] == [171842000000]


def test_a_row_names_the_member_of_its_cell_it_shares_most_words_with() -> None:
    # Smucker 10-Q Q1 FY2024: "Pet snacks", tagged with its product and its U.S. Retail Pet Foods segment
    snacks = CellFacts(
        row_path=("U.S. Retail Pet Foods", "Pet snacks"),
        concept="us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax",
        members=("sjm:PetSnacksMember", "sjm:U.S.RetailPetFoodsMember"),
        axes=("srt:ProductOrServiceAxis", "us-gaap:StatementBusinessSegmentsAxis"),
        company="SJM",
    )
    assert check_item(
        AskedItem("net sales of pet snacks within U.S. Retail Pet Foods segment", "SJM"), snacks
    ).ok
    # initials with stops are one word in a tag, as in a question
    assert member_words("sjm:U.S.RetailPetFoodsMember") == "us retail pet foods"


def test_a_part_named_alone_is_not_the_line_its_tables_caption_names() -> None:
    # J&J 10-K FY2023, page 35: "Innovative Medicine" $11,963 million, a row of its R&D by segment
    research = CellFacts(
        row_path=("Innovative Medicine",),
        caption="Research and development expense by segment of business was as follows:",
        company="JNJ",
    )
    assert not check_item(AskedItem("innovative medicine", "JNJ"), research).ok
    assert check_item(AskedItem("innovative medicine research and development expense", "JNJ"), research).ok
    sales = CellFacts(
        row_path=("Innovative Medicine",), caption="Sales by segment of business", company="JNJ"
    )
    assert check_item(AskedItem("innovative medicine", "JNJ"), sales).ok


def test_a_measure_of_the_filers_own_answers_only_a_question_naming_it() -> None:
    # Nike 10-K FY2024, page 34: "Jordan Brand" $6,988 million of its wholesale equivalent revenues
    jordan = CellFacts(
        row_path=("NIKE Brand Wholesale Equivalent Revenues by:(1)", "Jordan Brand"),
        caption="REVENUES",
        company="NKE",
    )
    refused = check_item(AskedItem("jordan brand revenue", "NKE"), jordan)
    assert not refused.ok and "Wholesale Equivalent" in refused.reason
    # asked as that measure, the row goes on to the checks of any other line ("NIKE Brand" over it)
    named = check_item(AskedItem("jordan brand wholesale equivalent revenues", "NKE"), jordan)
    assert "Wholesale Equivalent'" not in named.reason


def test_a_figure_at_fair_value_is_no_line_of_the_balance_sheet() -> None:
    # Coca-Cola 10-K FY2024, page 108: "Total liabilities" $6,148 million of those measured at fair value; its
    # balance sheet prints no total of its liabilities
    fair = CellFacts(
        row_path=("Liabilities", "Total liabilities"),
        concept="us-gaap:LiabilitiesFairValueDisclosure",
        instant=True,
        company="KO",
    )
    refused = check_item(AskedItem("total liabilities", "KO"), fair)
    assert not refused.ok and "fair value" in refused.reason


def test_equity_after_a_slash_is_the_shareholders_equity_a_ratio_is_over() -> None:
    ask = parse_ask("What was KO long-term debt / equity 12/31/24", 1, 1)  # as read: "LT debt" spelled
    assert ask is not None and ask.derivation == "ratio"
    assert [item.key for item in ask.items] == ["long_term_debt", "equity"]
    # a ratio over shareowners' equity is a ratio, not a share of it
    plain = (
        "ratio of long-term debt to total equity, computed as long-term debt divided by shareowners' equity"
    )
    asked = parse_ask(plain, 1, 1)
    assert asked is not None and asked.derivation == "ratio"
