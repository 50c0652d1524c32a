"""A segment, unit or brand the question names that no cell of the company carries is reported as missing,
with the segments the company does report. Labels and members are Travelers' Q3 2023 10-Q's own."""

from vocabulary_rows import row

from filingproof.qa.unreported import reported_segments, unreported_part, unreported_sentence
from filingproof.qa.vocabulary import build_vocabulary

PREMIUMS = "us-gaap:PremiumsEarnedNet"
SEGMENTS = "us-gaap:StatementBusinessSegmentsAxis"
NEUTRAL = frozenset({"travelers", "companies"})


def _segment(cell_id: int, label: str, member: str, value: str) -> object:
    dims = {"srt:ConsolidationItemsAxis": "us-gaap:OperatingSegmentsMember", SEGMENTS: member}
    return row(cell_id, label, PREMIUMS, value, dimensions=dims, ticker="TRV")


BUSINESS = "trv:BusinessAndInternationalInsuranceMember"
ROWS = [
    row(1, "Premiums", PREMIUMS, "9818", ticker="TRV"),
    _segment(2, "Total Business and International Insurance", BUSINESS, "4956"),
    _segment(3, "Total Bond & Specialty Insurance", "trv:BondAndSpecialtyInsuranceMember", "935"),
    _segment(4, "Premiums", "trv:BondAndSpecialtyInsuranceMember", "935"),
    _segment(5, "Total Personal Insurance", "trv:PersonalInsuranceMember", "3827"),
    row(6, "Net investment income", "us-gaap:NetInvestmentIncome", "741", ticker="TRV"),
]
VOCAB = build_vocabulary("TRV", ROWS, NEUTRAL)


def test_a_segment_no_cell_names_is_unreported_whatever_its_spelling() -> None:
    for question, name in [
        ("What were net earned premiums for Travelers' Life & Annuity segment in Q3 2023", "Life & Annuity"),
        ("how much premium did the Travelers life and annuity segment earn in Q3 2023", "life and annuity"),
        ("What was TRV life & annuity segment NEP Q3 2023", "life & annuity"),
        ("Travelers' pet insurance unit premiums Q3 2023", "pet insurance"),
    ]:  # fmt: skip
        assert unreported_part(question, VOCAB, NEUTRAL, ("Travelers'", "TRV")) == name, question


def test_a_segment_the_company_reports_is_not_unreported() -> None:
    for question in [
        "What were net earned premiums for Travelers' Personal Insurance segment in Q3 2023",
        "TRV Bond & Specialty segment premiums 3Q23",
        "premiums of the business and international insurance segment",
        "What were Travelers' net earned premiums in Q3 2023",  # no part named at all
        "Travelers premiums per unit",  # "per" names nothing
    ]:
        assert unreported_part(question, VOCAB, NEUTRAL, ("Travelers", "TRV")) is None, question


def test_the_refusal_lists_the_segments_as_the_filing_prints_them() -> None:
    assert reported_segments(VOCAB) == [
        "Business and International Insurance",
        "Bond & Specialty Insurance",
        "Personal Insurance",
    ]
    sentence = unreported_sentence("TRV", "Travelers Companies, Inc.", "Life & Annuity", VOCAB)
    assert "report no segment, division, unit or brand named 'Life & Annuity'" in sentence
    segments = "Business and International Insurance, Bond & Specialty Insurance, Personal Insurance."
    assert sentence.endswith(f"The segments they report: {segments}")


def test_a_name_printed_only_inside_another_line_is_no_segment() -> None:
    """GM's reconciliation prints "Cadillac dealer strategy", a charge; its segments are GMNA, GMI, Cruise and
    GM Financial. "Cadillac segment" names none of them."""
    ebit = "gm:EBITAdjusted"
    segments = [
        row(11, "GMNA", ebit, "12.3", ticker="GM", dimensions={SEGMENTS: "gm:GMNAMember"}),
        row(12, "Cruise", ebit, "-3.5", ticker="GM", dimensions={SEGMENTS: "gm:CruiseMember"}),
        row(13, "Cadillac dealer strategy(j)", "", "0.4", ticker="GM"),
        row(14, "Korea", "", "1.1", ticker="GM"),  # a row that prints a name alone (PepsiCo's "LatAm")
    ]
    vocab = build_vocabulary("GM", segments, frozenset({"general", "motors"}))
    gm = ("GM's",)
    cadillac = unreported_part("What EBIT-adjusted did GM's Cadillac segment report", vocab, NEUTRAL, gm)
    assert cadillac == "Cadillac"
    assert unreported_part("What EBIT-adjusted did GM's Cruise segment report", vocab, NEUTRAL, gm) is None
    assert unreported_part("What EBIT-adjusted did GM's Korea segment report", vocab, NEUTRAL, gm) is None
    # a unit, a brand or a business is not looked for among the segments ("Travelers' pet insurance unit")
    assert unreported_part("GM's Cadillac brand EBIT-adjusted", vocab, NEUTRAL, gm) is None
