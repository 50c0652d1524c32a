"""Questions as people typed them (probe 32's dev sets): a company outside the store named in lower case or by
its registered name with EDGAR's state after it ("paypal", "QUALCOMM Incorporated"), a quarter named by its
month alone ("their july quarter"), words of a spend ("blow on buybacks") or a share ("what % of sales did
sg&a eat up"), "book equity", "dividends in cash", and asides ("dumb question maybe, but …")."""

from datetime import date

from filingproof.qa.asked import asks_paid
from filingproof.qa.items import open_ask
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions, understand
from filingproof.verify.items import describing_path, terms

CATALOG = Catalog(
    (
        CompanyRef("GME", "GameStop Corp."),
        CompanyRef("V", "Visa Inc."),
        CompanyRef("IBM", "International Business Machines Corporation"),
        CompanyRef("DOW", "Dow Inc."),
        CompanyRef("MA", "Mastercard Incorporated"),
        CompanyRef("AMD", "Advanced Micro Devices, Inc."),
        CompanyRef("PYPL", "PayPal Holdings, Inc.", covered=False),
        CompanyRef("QCOM", "QUALCOMM INC/DE", covered=False),
        CompanyRef("INTC", "Intel Corporation"),
        CompanyRef("MBLY", "Mobileye Global Inc.", covered=False),
    ),
    (
        FilingRef(1, "GME", "10-K", date(2024, 2, 3), 2023, "FY"),
        FilingRef(2, "GME", "10-Q", date(2023, 7, 29), 2023, "Q2"),
    ),
)
WORDS = FilingWords(terms=terms("revenue inventory equity stockholders selling general administrative sales"))


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def items(question: str) -> list[str]:
    return [span.bound or span.text for span in reading(question).of("item")]


def test_a_company_outside_the_store_is_named_in_lower_case_or_with_its_state() -> None:
    assert understand("now what about paypal - what was their revenue?", CATALOG).unknown_companies == (
        "PayPal Holdings, Inc. (PYPL)",
    )
    # EDGAR registers QUALCOMM as "QUALCOMM INC/DE": its name, and the refusal's, leave the state out
    qualcomm = understand("what total revenue did QUALCOMM Incorporated report for fiscal 2023?", CATALOG)
    assert qualcomm.unknown_companies == ("Qualcomm Inc (QCOM)",)
    # a word of English in lower case is no company's name ("visa requirements"), nor is a part of the
    # company asked ("intel mobileye revenue": Intel's Mobileye segment, though Mobileye is listed on its own)
    assert understand("what about visa requirements", CATALOG).unknown_companies == ()
    assert understand("intel mobileye revenue 2023", CATALOG).unknown_companies == ()


def test_a_quarter_named_by_its_month_alone_is_the_latest_the_filings_end_then() -> None:
    # GameStop's years end in late January or early February: its july quarter is the one ended July 29, 2023
    gamestop = understand("inventory gamestop was sitting on at the end of their july quarter", CATALOG)
    assert (gamestop.period_end, gamestop.period_kind) == (date(2023, 7, 29), "three_months")
    # Apple's june quarter is its 10-Q for July 1, 2023, not the latest 10-Q (March 29, 2025), which had been
    # answered
    apple = Catalog(
        (CompanyRef("AAPL", "Apple Inc."),),
        (
            FilingRef(1, "AAPL", "10-Q", date(2023, 7, 1), 2023, "Q3"),
            FilingRef(2, "AAPL", "10-K", date(2024, 9, 28), 2024, "FY"),
            FilingRef(3, "AAPL", "10-Q", date(2025, 3, 29), 2025, "Q2"),
        ),
    )
    assert understand("apple revenue for the june quarter", apple).period_end == date(2023, 7, 1)
    # a month no filing ends in is left to the other period words
    assert understand("gamestop inventory for the march quarter", CATALOG).period_end is None


def test_words_of_spending_and_of_a_share_name_no_line() -> None:
    spent = reading("how much did visa blow on buybacks in fy24").text
    assert "spent on share repurchases" in spent and asks_paid(spent)
    sga = items("what % of sales did gamestop's sg&a eat up in q2 fy23?")
    assert sga == ["selling, general and administrative"]
    assert "ran" not in items("how much stock comp amd ran in the back half of 2023")


def test_book_equity_is_the_stockholders_and_dividends_in_cash_are_those_paid() -> None:
    assert items("who had more book equity, dow or mastercard?") == ["stockholders' equity"]
    assert items("How much did Mastercard pay in dividends in cash in 1H23?") == ["dividends paid"]


def test_an_aside_about_the_question_itself_is_filler() -> None:
    text = reading("dumb question maybe, but at end of june '23 who had more book equity, dow or ma").text
    assert "dumb" not in text and "but" not in text.split()
    assert "geographic" not in items("AMD rev Japan FY23 geographic")


def test_a_cash_flow_sections_activity_names_no_line_under_it() -> None:
    # Honeywell prints no operating income: "operating" of its cash flows' section is no word of the net
    # income under it, though the section's cash is
    path = describing_path(["Cash flows from operating activities", "Net income attributable to Honeywell"])
    assert "operating" not in terms(" ".join(path)) and "cash" in terms(" ".join(path))
    assert describing_path(["Operating activities:", "Net income"])[-1] == "Net income"
    # a row's own label keeps its words
    assert describing_path(["Net cash provided by operating activities"]) == (
        "Net cash provided by operating activities",
    )


def test_how_a_part_did_on_a_measure_in_a_period_asks_the_figure() -> None:
    # "so how did dow's coatings business (performance materials & coatings) do on op ebit in q2 2023?"
    assert "do on" not in reading("how did dow's coatings business do on op ebit in q2 2023?").text
    assert open_ask("how did dow's Performance Materials Coatings operating ebit in q2 2023", 1, 1)
    # how it went, no figure named for a period: the filer's words answer
    assert open_ask("how did tesla's margins hold up against the price cuts", 1, 0) is None


def test_what_the_asker_has_done_before_now_what_about_is_no_company_asked() -> None:
    question = (
        "ok i've gone through visa and ibm for q2 already, now what about paypal - what was their revenue?"
    )
    # (PayPal, outside the store, is named for the refusal: `understanding`)
    assert [span.text for span in reading(question).of("company")] == ["paypal"]


def test_the_year_a_quarter_is_taken_from_is_no_word_of_its_line() -> None:
    # "V capex 4Q FY23 (Jul-Sep 2023) FY less 9M": the fourth quarter is the year less its nine months
    assert items("V capex 4Q FY23 FY less 9M") == ["capital expenditures"]


def test_what_a_line_is_net_of_is_no_line_of_its_own() -> None:
    # "what did amex's international card business (ICS) bring in, net of interest expense, …": the revenue
    # net of interest expense (American Express prints "Total revenues net of interest expense")
    assert "revenue" in items("how much did visa bring in, net of interest expense, in 2023?")
