"""Item faithfulness (`verify.items`): a true cell answers a question only when it is the item asked.

Every cell here is a real one of the corpus, written out as the database holds it (row-label path, column
label, table caption, XBRL concept and members, unit, fact period), with its filing and page. The
adversarial cases are the substitutions a picker can make: the neighbouring line of the same statement,
the company total for a segment (and a segment for the total), the prior year of the same row, a share
count or a percentage for an amount.
"""

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from filingproof.verify.items import (
    AskedItem,
    AskedPeriod,
    CellFacts,
    Line,
    caption_words,
    check_cell,
    check_item,
    column_name,
    column_words,
    implied_words,
    leaves_out,
    member_words,
    name_words,
    name_words_apart,
    names_by_column,
    parent_members,
    spellings,
    spread_charge,
    terms,
)

META_NAMES = ("Meta Platforms",)
META_FY2024 = (AskedPeriod(date(2024, 12, 31), 365), AskedPeriod(date(2024, 12, 31)))
INCOME_STATEMENT = "(In millions, except per share amounts)"


def meta_income_statement(label: str, concept: str, unit: str = "USD", year: int = 2024) -> CellFacts:
    """A cell of Meta's consolidated statements of income, 10-K FY2024, page 87."""
    return CellFacts(
        row_path=("Costs and expenses", label),
        caption=INCOME_STATEMENT,
        column_label=f"Year Ended December 31, {year}",
        concept=concept,
        unit=unit,
        period_start=date(year, 1, 1),
        period_end=date(year, 12, 31),
        company="META",
        company_names=META_NAMES,
    )


PROVISION = meta_income_statement("Provision for income taxes", "us-gaap:IncomeTaxExpenseBenefit")
PRETAX = meta_income_statement(
    "Income before provision for income taxes",
    "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
)
COST_OF_REVENUE = meta_income_statement("Cost of revenue", "us-gaap:CostOfRevenue")
OPERATING_INCOME = meta_income_statement("Income from operations", "us-gaap:OperatingIncomeLoss")
NET_INCOME = meta_income_statement("Net income", "us-gaap:NetIncomeLoss")
META_REVENUE = replace(
    meta_income_statement("Revenue", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"),
    row_path=("Revenue",),
)
DILUTED_EPS = replace(
    meta_income_statement("Diluted", "us-gaap:EarningsPerShareDiluted", unit="USD/share"),
    row_path=("Earnings per share", "Diluted"),
)
DILUTED_SHARES = replace(
    meta_income_statement(
        "Diluted", "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding", unit="shares"
    ),
    row_path=("Weighted-average shares used to compute earnings per share", "Diluted"),
)
# Note 16, page 121: Family of Apps' revenue, tagged with its segment member.
FAMILY_OF_APPS_REVENUE = CellFacts(
    row_path=("Family of Apps", "Revenue"),
    caption="Note 16. Segment and Geographical Information",
    column_label="Year Ended December 31, 2024",
    concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
    members=("meta:FamilyOfAppsMember",),
    period_start=date(2024, 1, 1),
    period_end=date(2024, 12, 31),
    company="META",
    company_names=META_NAMES,
)
# MD&A, page 71: the provision as a percentage of revenue (untagged).
PROVISION_PERCENT = CellFacts(
    row_path=("Costs and expenses", "Provision for income taxes"),
    caption="The following table sets forth our consolidated statements of income data (as a percentage of "
    "revenue)(1):",
    column_label="Year Ended December 31, 2024",
    unit="percent",
    period_start=date(2024, 1, 1),
    period_end=date(2024, 12, 31),
    company="META",
    company_names=META_NAMES,
)


def meta(phrase: str) -> AskedItem:
    return AskedItem(phrase, "META", META_FY2024)


# --- neighbouring-line substitution ------------------------------------------------------------------


def test_the_provision_row_is_not_income_before_the_provision() -> None:
    check = check_item(meta("income before provision for income taxes"), PROVISION)
    assert not check.ok
    assert "'before'" in check.reason and "Provision for income taxes" in check.reason
    assert check_item(meta("income before provision for income taxes"), PRETAX).ok


def test_income_before_the_provision_is_not_the_provision() -> None:
    check = check_item(meta("provision for income taxes"), PRETAX)
    assert not check.ok and "'before'" in check.reason
    assert check_item(meta("provision for income taxes"), PROVISION).ok
    assert check_item(meta("income tax expense"), PROVISION).ok  # one line, two names


@pytest.mark.parametrize(
    ("phrase", "cell"),
    [
        ("revenue", COST_OF_REVENUE),  # the next line down
        ("profit", OPERATING_INCOME),  # profit is net income, not operating income
        ("operating income", NET_INCOME),
        ("net income", PROVISION),
        ("net income", DILUTED_EPS),  # per share, and another line
        ("basic EPS", DILUTED_EPS),
    ],
)
def test_a_neighbouring_line_is_never_the_item(phrase: str, cell: CellFacts) -> None:
    assert not check_item(meta(phrase), cell).ok


def test_gaap_qualifies_nothing_of_a_statements_line_but_non_gaap_does() -> None:
    assert check_item(meta("GAAP operating income"), OPERATING_INCOME).ok  # every statement is GAAP
    assert not check_item(meta("non-GAAP operating income"), OPERATING_INCOME).ok


def test_a_segment_row_is_the_line_its_heading_names() -> None:
    # Honeywell's Q2 2023 10-Q, page 31: "Segment profit", then a row per segment, tagged OperatingIncomeLoss
    aerospace = CellFacts(
        row_path=("Segment profit", "Aerospace"),
        caption="(Dollars in tables in millions, except per share amounts)",
        column_label="Three Months Ended June 30, 2023",
        concept="us-gaap:OperatingIncomeLoss",
        members=("us-gaap:OperatingSegmentsMember", "hon:AerospaceMember"),
        axes=("srt:ConsolidationItemsAxis", "us-gaap:StatementBusinessSegmentsAxis"),
        period_start=date(2023, 4, 1),
        period_end=date(2023, 6, 30),
        company="HON",
        company_names=("Honeywell International",),
    )
    quarter = (AskedPeriod(date(2023, 6, 30), 91),)
    for phrase in ["segment profit for Aerospace segment", "Aerospace operating income"]:
        assert check_item(AskedItem(phrase, "HON", quarter), aerospace).ok, phrase
    assert not check_item(AskedItem("Aerospace revenue", "HON", quarter), aerospace).ok
    assert not check_item(AskedItem("segment profit", "HON", quarter), aerospace).ok  # not the segment named


def test_a_columns_quarter_is_its_period_not_a_line() -> None:
    # Ford's Q2 2023 10-Q, page 37: segment EBIT, untagged, in a column "Second Quarter 2023"
    ebit = CellFacts(
        row_path=("Model e", "EBIT ($M)"),
        caption="Model e",
        column_label="Second Quarter 2023",
        period_start=date(2023, 4, 1),
        period_end=date(2023, 6, 30),
        company="F",
        company_names=("Ford Motor",),
    )
    assert check_item(AskedItem("Model e EBIT", "F", (AskedPeriod(date(2023, 6, 30), 91),)), ebit).ok
    # a period written short in a release's column ("Q2 2023", "FY 2022", "H1 2023") names no line either
    for written in ("Q2 2023", "2Q23", "FY 2023", "H1 2023", "Full Year 2023", "YTD 2023"):
        assert column_words(written) == frozenset(), written
    assert column_words("Q2 2023 Other") == {"other"}


def test_a_restructuring_charge_is_a_restructuring_cost() -> None:
    # PepsiCo's 10-K FY2022 (FinanceBench's PDF), page 79: "2022 restructuring charges", asked as "costs"
    assert terms("restructuring costs") == terms("2022 Restructuring charges")
    assert terms("impairment cost") == terms("Impairment charge")
    assert terms("cost of sales") != terms("sales charges")  # not every charge is a cost


def test_capital_spending_is_capital_expenditures() -> None:
    # PepsiCo's 10-K FY2023, page 63: its cash-flow statement's "Capital spending", tagged
    # PaymentsToAcquireProductiveAssets
    assert terms("capital spending") == terms("capex") == terms("Purchases of property and equipment")
    spending = CellFacts(
        row_path=("Investing Activities", "Capital spending"),
        caption="Consolidated Statement of Cash Flows",
        column_label="2023",
        concept="us-gaap:PaymentsToAcquireProductiveAssets",
        unit="USD",
        period_start=date(2023, 1, 1),
        period_end=date(2023, 12, 30),
        company="PEP",
        company_names=("PepsiCo",),
    )
    fy2023 = (AskedPeriod(date(2023, 12, 30), 364),)
    assert check_item(AskedItem("capital expenditures", "PEP", fy2023), spending).ok


def test_a_parts_share_of_the_consolidated_figure_is_not_the_parts_own() -> None:
    # RTX 10-K FY2023, page 110: the Raytheon segment's "Consolidated net sales" ($26,220 million, without its
    # sales to other segments) and "Business segment sales" ($26,350 million) under "2023 Raytheon"
    raytheon = CellFacts(
        row_path=("Consolidated net sales",),
        column_label="2023 Raytheon",
        concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
        members=("rtx:RaytheonMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        company="RTX",
        company_names=("RTX Corporation",),
    )
    assert not check_item(AskedItem("Raytheon segment net sales", "RTX"), raytheon).ok
    assert check_item(AskedItem("Raytheon consolidated net sales", "RTX"), raytheon).ok
    own = replace(raytheon, row_path=("Business segment sales",))
    assert check_item(AskedItem("Raytheon segment sales", "RTX"), own).ok


def test_a_leases_liability_is_not_the_line_its_row_names() -> None:
    # Verizon 10-K FY2023, page 73: its finance leases' "Long-term debt", tagged
    # FinanceLeaseLiabilityNoncurrent
    lease = CellFacts(
        row_path=("Liabilities", "Long-term debt"),
        caption="Supplemental disclosures for the balance sheet related to finance leases were as follows:",
        column_label="At December 31, 2023",
        concept="us-gaap:FinanceLeaseLiabilityNoncurrent",
        company="VZ",
        company_names=("Verizon Communications",),
    )
    assert not check_item(AskedItem("long-term debt noncurrent", "VZ"), lease).ok
    assert check_item(AskedItem("finance lease long-term debt", "VZ"), lease).ok
    debt = replace(lease, concept="us-gaap:LongTermDebtAndCapitalLeaseObligations", caption=None)
    assert check_item(AskedItem("long-term debt noncurrent", "VZ"), debt).ok
    # a row under a standard concept of other words is still its line (Alphabet's "Accrued compensation and
    # benefits", EmployeeRelatedLiabilitiesCurrent)
    accrued = replace(
        lease,
        row_path=("Accrued compensation and benefits",),
        concept="us-gaap:EmployeeRelatedLiabilitiesCurrent",
    )
    assert check_item(AskedItem("accrued compensation and benefits", "VZ"), accrued).ok
    # and a lease's cost is the line its row names (AMC's "Rent", OperatingLeaseExpense)
    rent = replace(lease, row_path=("Rent",), concept="us-gaap:OperatingLeaseExpense")
    assert check_item(AskedItem("rent expense", "VZ"), rent).ok


def test_a_parent_member_the_cell_implies_carries_its_words() -> None:
    # Walmart 10-Q Q2 FY2024, page 15: "Grocery" in its disaggregated revenues, tagged with the Walmart U.S.
    # segment that every Grocery fact carries (its parent), printed nowhere beside the cell
    grocery = CellFacts(
        row_path=("Grocery",),
        caption="Disaggregated Revenues",
        column_label="Three Months Ended July 31, 2023",
        concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
        members=("wmt:GroceryMember", "wmt:WalmartUSSegmentMember"),
        axes=("srt:ProductOrServiceAxis", "us-gaap:StatementBusinessSegmentsAxis"),
        implied=("wmt:WalmartUSSegmentMember",),
        company="WMT",
        company_names=("Walmart",),
    )
    assert check_item(AskedItem("US grocery net sales", "WMT"), grocery).ok
    assert not check_item(AskedItem("International grocery net sales", "WMT"), grocery).ok


def test_cash_alone_is_cash_and_cash_equivalents() -> None:
    cash = meta_income_statement("Cash and cash equivalents", "us-gaap:CashAndCashEquivalentsAtCarryingValue")
    assert check_item(AskedItem("cash", "META"), cash).ok
    assert not check_item(AskedItem("restricted cash", "META"), cash).ok


SEGMENTS = "us-gaap:StatementBusinessSegmentsAxis"
BUSINESS = "jci:PrimaryBusinessInformationByPrimaryBusinessAxis"


def test_a_parent_member_is_one_every_fact_of_its_child_carries_and_that_others_carry_without_it() -> None:
    # JCI's FY2024 10-K: segment EBITA of each segment, each also tagged with the one primary business
    products = {(SEGMENTS, "jci:GlobalProductsMember"), (BUSINESS, "jci:BuildingTechnologiesSolutionsMember")}
    north_america = {(SEGMENTS, "jci:BuildingSolutionsNorthAmericaMember"),
                     (BUSINESS, "jci:BuildingTechnologiesSolutionsMember")}  # fmt: skip
    siblings = [products, north_america, set()]
    assert parent_members(products, siblings) == {"jci:BuildingTechnologiesSolutionsMember"}
    # a segment's figure also printed without the parent: the parent tells the two apart
    assert parent_members(products, [*siblings, {(SEGMENTS, "jci:GlobalProductsMember")}]) == frozenset()
    # two members never tagged apart: neither is the other's parent
    assert parent_members(products, [products, set()]) == frozenset()


def test_a_parent_member_names_nothing_more_and_the_child_must_be_named() -> None:
    ebita = CellFacts(
        row_path=("Segment EBITA", "Global Products"),
        column_label="Year Ended September 30, 2024",
        concept="jci:SegmentEBITA",
        members=("jci:GlobalProductsMember", "jci:BuildingTechnologiesSolutionsMember"),
        axes=(SEGMENTS, BUSINESS),
        period_start=date(2023, 10, 1),
        period_end=date(2024, 9, 30),
        company="JCI",
        company_names=("Johnson Controls",),
        implied=("jci:BuildingTechnologiesSolutionsMember",),
    )
    year = (AskedPeriod(date(2024, 9, 30), 365),)
    assert check_item(AskedItem("segment EBITA for Global Products segment", "JCI", year), ebita).ok
    assert not check_item(AskedItem("segment EBITA", "JCI", year), ebita).ok
    assert not check_item(AskedItem("segment EBITA", "JCI", year), replace(ebita, implied=())).ok


def test_a_share_count_is_not_earnings_per_share() -> None:
    check = check_item(meta("diluted EPS"), DILUTED_SHARES)
    # "shares used to compute earnings per share" are shares: the row carries no figure per share
    assert not check.ok and "pershare" in check.reason
    assert check_item(meta("diluted EPS"), DILUTED_EPS).ok
    assert check_item(meta("EPS"), DILUTED_EPS).ok  # an unqualified EPS is the diluted one
    # and the other way round: the share count asked in the filer's words, or as a count
    shares = "weighted-average shares used to compute earnings per share, diluted"
    assert check_item(meta(shares), DILUTED_SHARES).ok
    assert check_item(meta("diluted share count"), DILUTED_SHARES).ok
    assert not check_item(meta(shares), DILUTED_EPS).ok
    assert not check_item(meta("diluted share count"), DILUTED_EPS).ok


def test_a_percentage_row_is_not_the_amount() -> None:
    check = check_item(meta("provision for income taxes"), PROVISION_PERCENT)
    assert not check.ok and "percent" in check.reason


# --- total for segment, and segment for total ----------------------------------------------------------


def test_the_company_total_is_not_a_segment() -> None:
    check = check_item(meta("Family of Apps revenue"), META_REVENUE)
    assert not check.ok and "'family'" in check.reason
    assert check_item(meta("Family of Apps revenue"), FAMILY_OF_APPS_REVENUE).ok


# AbbVie 10-K FY2023, page 97: net revenues by country, the row naming the country its ISO code tags.
ABBVIE_JAPAN = CellFacts(
    ("Japan",), None, "years ended December 31 (in millions) 2023",
    "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", ("country:JP",),
    ("srt:StatementGeographicalAxis",), period_start=date(2023, 1, 1), period_end=date(2023, 12, 31),
    company="ABBV", value=Decimal("1008000000"),
)  # fmt: skip


def test_a_country_is_named_by_its_one_word_row() -> None:
    assert check_item(AskedItem("net revenues Japan", "ABBV"), ABBVIE_JAPAN).ok
    check = check_item(AskedItem("net revenues", "ABBV"), ABBVIE_JAPAN)
    assert not check.ok and "japan" in check.reason


def test_a_segment_is_not_the_company_total() -> None:
    check = check_item(meta("revenue"), FAMILY_OF_APPS_REVENUE)
    assert not check.ok and "'family of apps'" in check.reason
    assert check_item(meta("revenue"), META_REVENUE).ok


# NVIDIA 10-K FY2025, page 80: Data Center revenue, by its product member.
DATA_CENTER = CellFacts(
    ("Year Ended", "Data Center"), "The following table summarizes revenue by specialized markets:",
    "Year Ended Jan 26, 2025 (In millions)", "us-gaap:Revenues", ("nvda:DataCenterMember",),
    period_start=date(2024, 1, 29), period_end=date(2025, 1, 26), company="NVDA", company_names=("NVIDIA",),
)  # fmt: skip
# Alphabet 10-K FY2024, page 65: "Google Cloud"; the filer is Alphabet, so "Google" qualifies.
GOOGLE_CLOUD = CellFacts(
    ("Google Cloud",), "The following table presents revenues disaggregated by type (in millions):",
    "Year Ended December 31, 2024", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
    ("goog:GoogleCloudMember",), ("us-gaap:StatementBusinessSegmentsAxis",), period_start=date(2024, 1, 1),
    period_end=date(2024, 12, 31), company="GOOGL", company_names=("Alphabet",),
)  # fmt: skip


@pytest.mark.parametrize(
    ("cell", "named", "unnamed"),
    [
        (DATA_CENTER, "Data Center revenue", ("revenue", "Gaming revenue")),
        (GOOGLE_CLOUD, "revenue for Google Cloud segment", ("revenue", "Cloud revenue")),
    ],
)
def test_a_segment_or_product_member_must_be_named(
    cell: CellFacts, named: str, unnamed: tuple[str, ...]
) -> None:
    year = (AskedPeriod(cell.period_end, 364),) if cell.period_end else None
    assert check_item(AskedItem(named, cell.company, year), cell).ok
    for phrase in unnamed:
        assert not check_item(AskedItem(phrase, cell.company, year), cell).ok, phrase


def test_a_product_within_a_segment_names_both_and_operating_segments_qualifies_nothing() -> None:
    # 3M 10-Q Q2 2023, page 9: Abrasives, a product of the Safety and Industrial segment.
    abrasives = CellFacts(
        ("Abrasives",), concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
        members=("mmm:AbrasivesMember", "us-gaap:OperatingSegmentsMember",
                 "mmm:SafetyAndIndustrialSegmentMember"),
        axes=("srt:ProductOrServiceAxis", "srt:ConsolidationItemsAxis",
              "us-gaap:StatementBusinessSegmentsAxis"),
        company="MMM", company_names=("3M",),
    )  # fmt: skip
    assert check_item(AskedItem("Safety and Industrial Abrasives revenue", "MMM"), abrasives).ok
    check = check_item(AskedItem("Abrasives revenue", "MMM"), abrasives)
    assert not check.ok and "'safety and industrial'" in check.reason  # the product within one segment


def test_a_segment_question_is_answered_by_a_segments_cell_only() -> None:
    # Tesla 10-K FY2023: page 40 (MD&A, untagged) and page 93 (segment note, tagged with the segment).
    mdna = CellFacts(
        ("Cost of revenues", "Total automotive cost of revenues"), "Cost of Revenues and Gross Margin",
        company="TSLA", company_names=("Tesla",),
    )  # fmt: skip
    segment_note = replace(
        mdna, row_path=("Automotive segment", "Cost of revenues (1)"), caption=None,
        concept="us-gaap:CostOfRevenue", members=("tsla:AutomotiveSegmentMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
    )  # fmt: skip
    asked = AskedItem("cost of revenues for Automotive segment", "TSLA")
    check = check_item(asked, mdna)
    assert not check.ok and "segment" in check.reason
    assert check_item(asked, segment_note).ok
    assert check_item(AskedItem("automotive cost of revenues", "TSLA"), mdna).ok


# --- the prior year in the same row, and the company ---------------------------------------------------


def test_the_prior_year_of_the_same_row_is_not_this_year() -> None:
    prior = meta_income_statement("Provision for income taxes", "us-gaap:IncomeTaxExpenseBenefit", year=2023)
    check = check_item(meta("provision for income taxes"), prior)
    assert not check.ok and "2023-01-01 to 2023-12-31" in check.reason
    asked_2023 = AskedItem("provision for income taxes", "META", (AskedPeriod(date(2023, 12, 31), 365),))
    assert check_item(asked_2023, prior).ok


def test_a_balance_at_the_year_end_is_not_a_flow_for_the_year() -> None:
    # Apple 10-K FY2024, page 33: total assets at September 28, 2024 (an instant).
    total_assets = CellFacts(
        row_path=("ASSETS", "Non-current assets", "Total assets"),
        column_label="September 28, 2024 ASSETS:",
        concept="us-gaap:Assets",
        instant=True,
        period_end=date(2024, 9, 28),
        company="AAPL",
        company_names=("Apple",),
    )
    year_only = AskedItem("total assets", "AAPL", (AskedPeriod(date(2024, 9, 28), 364),))
    assert not check_item(year_only, total_assets).ok
    at_year_end = AskedItem("total assets", "AAPL", (AskedPeriod(date(2024, 9, 28)),))
    assert check_item(at_year_end, total_assets).ok
    current = replace(total_assets, row_path=("ASSETS", "Current assets", "Total current assets"))
    assert not check_item(at_year_end, replace(current, concept="us-gaap:AssetsCurrent")).ok


def test_another_company_is_not_the_company_asked() -> None:
    check = check_item(AskedItem("provision for income taxes", "AAPL", META_FY2024), PROVISION)
    assert not check.ok and "META" in check.reason


def test_a_question_without_an_item_verifies_nothing() -> None:
    assert not check_item(meta("the"), PROVISION).ok
    assert not check_cell([], PROVISION).ok


# --- one line, the many ways filers label it ------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "company", "row_path", "concept"),
    [
        # Apple 10-K FY2024, page 29 and page 35
        ("total net sales", "AAPL", ("Net sales", "Total net sales"),
         "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"),
        ("revenue", "AAPL", ("Net sales", "Total net sales"),
         "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"),
        ("capital expenditures", "AAPL",
         ("Operating activities", "Investing activities",
          "Payments for acquisition of property, plant and equipment"),
         "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment"),
        # Coca-Cola 10-K FY2024, page 64
        ("total revenue", "KO", ("Net Operating Revenues",), "us-gaap:Revenues"),
        ("profit", "KO", ("Net Income Attributable to Shareowners of The Coca-Cola Company",),
         "us-gaap:NetIncomeLoss"),
        # NVIDIA 10-K FY2025, page 52
        ("provision for income taxes", "NVDA", ("Income tax expense (benefit)",),
         "us-gaap:IncomeTaxExpenseBenefit"),
        # Meta 10-K FY2024, page 87
        ("income from operations", "META", ("Costs and expenses", "Income from operations"),
         "us-gaap:OperatingIncomeLoss"),
        ("R&D spending", "META", ("Costs and expenses", "Research and development"),
         "us-gaap:ResearchAndDevelopmentExpense"),
    ],
)  # fmt: skip
def test_the_filers_own_names_for_an_item_pass(
    phrase: str, company: str, row_path: tuple[str, ...], concept: str
) -> None:
    names = {"AAPL": "Apple", "KO": "Coca-Cola", "NVDA": "NVIDIA", "META": "Meta Platforms"}
    cell = CellFacts(row_path, concept=concept, company=company, company_names=(names[company],))
    assert check_item(AskedItem(phrase, company), cell).ok


def test_an_equity_component_is_not_total_equity() -> None:
    # An equity-statement cell of the retained-earnings column is tagged with its component member.
    cell = CellFacts(
        ("Balance as of December 31, 2024",),
        concept="us-gaap:StockholdersEquity",
        members=("us-gaap:RetainedEarningsMember",),
        instant=True,
        period_end=date(2024, 12, 31),
        company="META",
        company_names=META_NAMES,
    )
    assert not check_item(AskedItem("total shareholders' equity", "META"), cell).ok
    assert check_item(AskedItem("total shareholders' equity", "META"), replace(cell, members=())).ok


def test_check_cell_passes_on_any_asked_item_and_explains_the_cells_company() -> None:
    asked = [AskedItem("operating income", "META"), AskedItem("revenue", "META")]
    assert check_cell(asked, META_REVENUE).ok
    assert check_cell(asked, OPERATING_INCOME).ok
    failed = check_cell([AskedItem("revenue", "AAPL"), AskedItem("cost of revenue", "META")], NET_INCOME)
    assert not failed.ok and "Net income" in failed.reason  # the reason against Meta's own item


def test_terms_fold_the_spellings_of_one_line() -> None:
    assert terms("Provision for income taxes") == terms("Income tax expense (benefit)") == {"expense", "tax"}
    assert terms("Total net sales") == terms("Revenues") == {"revenue"}
    assert terms("capex") == terms("Purchases of property, plant and equipment (PP&E)")
    assert (
        terms("Income before provision for income taxes")
        == terms("pre-tax income")
        == {"income", "before", "tax"}
    )
    # the company's share, however it is written ("NI attrib stockholders": the analyst's "to" left out)
    assert terms("net income attributable stockholders") == terms("Net income attributable to stockholders")
    # a preposition qualifies nothing: Abbott's Diabetes Care sales "within the Medical Devices segment"
    assert (
        terms("sales, within the Medical Devices segment")
        == terms("sales in Medical Devices")
        == {
            "revenue",
            "medical",
            "device",
        }
    )


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # "stock" and "share" are one word in such labels; "common stock" is the shares
        ("share repurchases", "Repurchases of common stock"),
        ("stock-based compensation", "Share-based compensation"),
        ("Purchases of treasury stock", "purchases of treasury shares"),
        # a printed change, however the filer writes it
        ("change in inventories", "(Increase) decrease in inventories"),
        ("change in inventories", "Increase Decrease In Inventories"),
        ("increase/(decrease) in cash", "Net change in cash"),
        ("dividends paid", "Payments of dividends"),
        # how a reader names a line the filer labels otherwise
        ("investing cash flow", "Net cash used in investing activities"),
        ("financing cash flow", "Net cash provided by (used in) financing activities"),
        ("trade payables", "Accounts payable"),
        ("customers owe", "Accounts receivable, net"),
        ("interest costs", "Interest expense"),
        ("D&A", "Depreciation and amortization"),
        ("total liabilities and equity", "Total liabilities and stockholders’ equity"),
        ("long-lived assets", "Noncurrent Assets"),
        ("declare dividends per share", "Dividends declared per share"),
        # U.S. GAAP is the statements' accounting, no geography
        ("total revenue, net", "Total U.S. GAAP Revenue, net"),
    ],
)
def test_spellings_of_one_line_fold_to_the_same_terms(one: str, other: str) -> None:
    assert terms(one) == terms(other)


def test_a_payment_line_is_its_item_as_the_cash_flow_statement_prints_it() -> None:
    # Meta 10-K FY2024, page 90 (consolidated statements of cash flows)
    cell = CellFacts(
        ("Cash flows from financing activities", "Repurchases of Class A common stock"),
        concept="us-gaap:PaymentsForRepurchaseOfCommonStock",
        company="META",
        company_names=META_NAMES,
    )
    assert check_item(AskedItem("share repurchases", "META"), cell).ok
    assert not check_item(AskedItem("share repurchases retired", "META"), cell).ok


def test_what_was_paid_for_a_cost_is_not_the_cost() -> None:
    # PepsiCo 10-K FY2023, page 63 (cash flows): the year's payments for restructuring, $224 million in
    # 2022, where the year's restructuring charges were $411 million (FinanceBench 01328, once verified)
    paid = CellFacts(
        ("Operating Activities", "Cash payments for restructuring charges"),
        concept="us-gaap:PaymentsForRestructuring",
        company="PEP",
        company_names=("PepsiCo",),
    )
    assert not check_item(AskedItem("restructuring costs", "PEP"), paid).ok
    assert check_item(AskedItem("payments for restructuring", "PEP"), paid).ok


# Tesla 10-K FY2023: fiscal 2021 on the income statement (page 51) and in the revenue note (page 56), where
# the energy segment's revenue is sales plus leasing. Both lines are tagged, for the same period.
ENERGY_SALES = Line("Energy generation and storage sales", Decimal("2279000000"))
ENERGY_LEASING = Line("Energy generation and storage leasing", Decimal("510000000"))
ENERGY_REVENUE = CellFacts(
    ("Revenues", "Energy generation and storage"),
    caption="(in millions, except per share data)",
    concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
    members=("tsla:EnergyGenerationAndStorageMember",),
    axes=("srt:ProductOrServiceAxis",),
    company="TSLA",
    company_names=("Tesla",),
    value=Decimal("2789000000"),
    lines=(ENERGY_SALES, ENERGY_LEASING),
    period_start=date(2021, 1, 1),
    period_end=date(2021, 12, 31),
)


def test_sales_are_not_revenue_where_the_filing_prints_both() -> None:
    asked = AskedItem("energy generation and storage sales", "TSLA")
    failed = check_item(asked, ENERGY_REVENUE)
    assert not failed.ok and "Energy generation and storage sales" in failed.reason
    sales = replace(
        ENERGY_REVENUE,
        row_path=("Energy generation and storage sales",),
        members=("tsla:EnergyGenerationAndStorageSalesMember",),
        value=ENERGY_SALES.value,
        lines=(ENERGY_LEASING,),
    )
    assert check_item(asked, sales).ok
    # the segment's revenue is asked as the cell writes it
    assert check_item(AskedItem("energy generation and storage revenue", "TSLA"), ENERGY_REVENUE).ok


def test_sales_are_revenue_where_the_filing_prints_one_figure() -> None:
    asked = AskedItem("energy generation and storage sales", "TSLA")
    assert check_item(asked, replace(ENERGY_REVENUE, lines=())).ok
    same_value = replace(ENERGY_SALES, value=ENERGY_REVENUE.value or Decimal(0))
    assert check_item(asked, replace(ENERGY_REVENUE, lines=(same_value,))).ok


def test_total_revenues_are_not_net_sales_where_the_filing_prints_both() -> None:
    # Walmart 10-K FY2025, page 53: "Net sales" 674,538 and "Total revenues" 680,985 (with membership income)
    total = CellFacts(
        ("Revenues", "Total revenues"),
        concept="us-gaap:Revenues",
        company="WMT",
        company_names=("Walmart",),
        period_start=date(2024, 2, 1),
        period_end=date(2025, 1, 31),
        value=Decimal("680985000000"),
        lines=(Line("Net sales", Decimal("674538000000")),),
    )
    assert check_item(AskedItem("total revenues", "WMT"), total).ok
    assert not check_item(AskedItem("net sales", "WMT"), total).ok
    # page 78: a segment's lines are told apart by their members
    segment = replace(
        total,
        row_path=("Total revenues",),
        members=("us-gaap:OperatingSegmentsMember", "wmt:WalmartUSMember"),
        axes=("srt:ConsolidationItemsAxis", "us-gaap:StatementBusinessSegmentsAxis"),
        value=Decimal("465009000000"),
        lines=(
            Line(
                "Net sales",
                Decimal("462415000000"),
                ("us-gaap:OperatingSegmentsMember", "wmt:WalmartUSMember"),
            ),
        ),
    )
    assert not check_item(AskedItem("Walmart U.S. net sales", "WMT"), segment).ok
    assert check_item(AskedItem("Walmart U.S. total revenues", "WMT"), segment).ok


def test_an_untagged_cell_is_the_line_its_column_names() -> None:
    # 3M 10-Q Q2 2023, page 60: "Sales and operating income (loss) by business segment", one row per
    # segment, with the sales and the operating income side by side
    sales = CellFacts(
        ("Business Segments", "Health Care"),
        caption="Sales and operating income (loss) by business segment:",
        column_label="Three months ended June 30, 2023 Net Sales",
        company="MMM",
        company_names=("3M",),
        period_start=date(2023, 4, 1),
        period_end=date(2023, 6, 30),
    )
    asked = AskedItem("operating income for the Health Care segment", "MMM")
    assert not check_item(asked, sales).ok
    assert check_item(AskedItem("net sales for the Health Care segment", "MMM"), sales).ok
    change = replace(sales, column_label="% change Operating Income (Loss)")
    assert not check_item(asked, change).ok


def test_an_untagged_segment_row_is_the_line_above_it() -> None:
    # McDonald's 10-K 2023, page 14, "REVENUES": each segment's company-operated sales, then its
    # franchised revenues; neither is the segment's total revenues (12,382 for International Operated
    # Markets, tagged elsewhere)
    company_operated = CellFacts(
        ("Company-operated sales", "International Operated Markets"),
        caption="REVENUES",
        column_label="Amount 2023",
        company="MCD",
        company_names=("McDonald's",),
        period_start=date(2023, 1, 1),
        period_end=date(2023, 12, 31),
    )
    assert not check_item(AskedItem("International Operated Markets revenue", "MCD"), company_operated).ok
    asked = AskedItem("International Operated Markets company-operated sales", "MCD")
    assert check_item(asked, company_operated).ok
    # a header that groups rows names no line: 3M's "Business Segments" over "Health Care"
    grouped = replace(company_operated, row_path=("Business Segments", "Health Care"), caption="Net sales")
    assert check_item(AskedItem("Health Care net sales", "MCD"), grouped).ok
    # Pfizer's 10-Q: "Operating segments" over "Biopharma", under a caption of revenues
    segments = replace(company_operated, row_path=("Operating segments", "Biopharma"), caption="Revenues")
    assert check_item(AskedItem("revenue for Biopharma segment", "MCD"), segments).ok
    # Bristol-Myers Squibb's 10-Q: "In-Line Products" over "Opdivo", a heading over a list of products
    products = replace(company_operated, row_path=("In-Line Products", "Opdivo"), caption="Revenues")
    assert check_item(AskedItem("total Opdivo revenues", "MCD"), products).ok
    # AbbVie's 10-K 2023, page 41: a table titled as the line, a product under its therapeutic area
    skyrizi = replace(
        company_operated,
        row_path=("Immunology", "Skyrizi", "Total"),
        caption="The following table details AbbVie's worldwide net revenues:",
        company="ABBV",
        company_names=("AbbVie",),
    )
    assert check_item(AskedItem("Skyrizi worldwide net revenue", "ABBV"), skyrizi).ok
    # Oracle's 10-Q: "Cloud services" under "Revenues by Offerings", the revenues broken down by offering
    offerings = replace(company_operated, row_path=("Revenues by Offerings", "Cloud services"), caption="")
    assert check_item(AskedItem("cloud services revenues", "MCD"), offerings).ok
    assert not check_item(
        AskedItem("cloud services revenues", "MCD"),
        replace(offerings, row_path=("Operating income by offerings", "Cloud services")),
    ).ok


def test_a_generic_member_is_what_the_filers_row_calls_it() -> None:
    # Alphabet 10-K FY2023, page 87: "Other Bets" is tagged us-gaap:AllOtherSegmentsMember
    other_bets = CellFacts(
        ("Revenues", "Other Bets"),
        concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
        members=("us-gaap:AllOtherSegmentsMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        company="GOOGL",
        company_names=("Alphabet",),
    )
    assert check_item(AskedItem("revenue for the Other Bets segment", "GOOGL"), other_bets).ok
    assert not check_item(AskedItem("revenue", "GOOGL"), other_bets).ok
    # page 64: "Other Americas(1)" is goog:AmericasExcludingUnitedStatesMember
    americas = replace(
        other_bets,
        row_path=("Year Ended December 31,", "Other Americas(1)"),
        members=("goog:AmericasExcludingUnitedStatesMember",),
        axes=("srt:StatementGeographicalAxis",),
    )
    assert check_item(AskedItem("revenue in Other Americas", "GOOGL"), americas).ok
    assert not check_item(AskedItem("revenue", "GOOGL"), americas).ok
    assert not check_item(
        AskedItem("revenue in the Americas excluding the United States", "GOOGL"), americas
    ).ok


def test_a_segments_column_named_by_its_members_word_is_the_member() -> None:
    # GameStop 10-K FY2023, page 48: the segments' operating earnings in columns headed "Europe" (its tag
    # gme:VideoGameBrandsEuropeMember), the line a row
    europe = CellFacts(
        ("As of and for the Fiscal Year Ended February 3, 2024", "Operating (loss) earnings"),
        column_label="Europe",
        concept="us-gaap:OperatingIncomeLoss",
        members=("gme:VideoGameBrandsEuropeMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        company="GME",
        company_names=("GameStop",),
    )
    assert check_item(AskedItem("Europe segment operating loss", "GME"), europe).ok
    assert not check_item(AskedItem("operating income", "GME"), europe).ok
    # a column that says more than the member's words is no name of it
    assert not check_item(
        AskedItem("Europe operating income", "GME"), replace(europe, column_label="Europe Net Sales")
    ).ok


def test_a_column_printing_a_members_name_with_one_other_word_names_it() -> None:
    # Rocket 10-K FY2023, page 114: "Contribution margin" in a column "Year Ended December 31, 2023 Direct to
    # Consumer", tagged rkt:DirectToCustomerSegmentMember: the filer's printed name is the one people use
    margin = CellFacts(
        ("Contribution margin",),
        column_label="Year Ended December 31, 2023 Direct to Consumer",
        concept="rkt:GrossProfitNetOfMSRAdjustmentDueToValuationAssumptions",
        members=("rkt:DirectToCustomerSegmentMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        company="RKT",
        company_names=("Rocket Companies",),
    )
    assert column_name(margin.column_label) == "Direct to Consumer"
    assert check_item(AskedItem("Direct to Consumer segment contribution margin", "RKT"), margin).ok
    # a word the claim lets go unnamed is still the phrase's, never one the row adds
    claimed = AskedItem("contribution margin Direct to Consumer segment", "RKT")
    assert check_item(claimed, margin, ["margin"]).ok
    assert not check_item(AskedItem("Partner Network segment contribution margin", "RKT"), margin).ok
    # one word apart and none shared is another name
    assert not names_by_column(terms("Partner Network"), terms("Direct To Customer Segment"), frozenset())
    assert not names_by_column(terms("Consumer"), terms("Direct To Customer Segment"), frozenset())


def test_a_row_naming_its_member_is_the_concepts_item() -> None:
    # Meta 10-K FY2024, page 117: the stock-based compensation within cost of revenue, its row the label
    # of us-gaap:CostOfSalesMember
    compensation = replace(
        meta_income_statement("Cost of revenue", "us-gaap:AllocatedShareBasedCompensationExpense"),
        row_path=("Year Ended December 31,", "Cost of revenue"),
        members=("us-gaap:CostOfSalesMember",),
        axes=("us-gaap:IncomeStatementLocationAxis",),
    )
    assert not check_item(meta("cost of sales"), compensation).ok
    assert check_item(meta("cost of sales"), COST_OF_REVENUE).ok
    assert check_item(meta("allocated share-based compensation expense in cost of sales"), compensation).ok


def tesla_balance_sheet(path: tuple[str, ...], concept: str) -> CellFacts:
    """A cell of Tesla's consolidated balance sheet, 10-K FY2023, page 50, at December 31, 2023."""
    return CellFacts(
        row_path=path,
        caption="(in millions, except per share data)",
        column_label="December 31, 2023",
        concept=concept,
        unit="USD",
        period_start=None,
        period_end=date(2023, 12, 31),
        instant=True,
        company="TSLA",
        company_names=("Tesla",),
    )


def test_the_current_portion_is_not_the_line_net_of_it() -> None:
    current = tesla_balance_sheet(
        ("Liabilities", "Current liabilities", "Current portion of debt and finance leases"),
        "tsla:LongTermDebtAndFinanceLeasesCurrent",
    )
    noncurrent = tesla_balance_sheet(
        ("Liabilities", "Debt and finance leases, net of current portion"),
        "tsla:LongTermDebtAndFinanceLeasesNoncurrent",
    )
    asked = AskedItem(
        "debt and finance leases, net of current portion", "TSLA", (AskedPeriod(date(2023, 12, 31)),)
    )
    assert not check_item(asked, current).ok
    assert check_item(asked, noncurrent).ok
    less = AskedItem("long-term debt, less current maturities", "TSLA", (AskedPeriod(date(2023, 12, 31)),))
    assert not check_item(less, current).ok


@pytest.mark.parametrize(
    ("column", "words"),
    [
        # a statement's own columns, as the FinanceBench PDFs print them: title, scale and period only
        ("ACTIVISION BLIZZARD, INC. AND SUBSIDIARIES CONSOLIDATED STATEMENTS OF OPERATIONS For the Years "
         "Ended December 31, 2019", set()),
        ("COSTCO WHOLESALE CORPORATION CONSOLIDATED STATEMENTS OF INCOME (amounts in millions, except per "
         "share data) 52 Weeks Ended August 29, 2021", set()),
        ("December 28, 2019 (52 weeks) Period Ended:", set()),
        # a note's restated segment table (MGM Resorts FY2018 10-K, page 91), a currency breakdown (Amazon)
        ("previously reported segment information to conform to the current presentation in the following "
         "tables: Year Ended December 31, 2018",
         {"conform", "current", "following", "information", "presentation", "previously", "table"}),
        ("Year Ended December 31, 2015 Exchange Rate Effect (1)", {"effect", "exchange", "rate"}),
    ],
)  # fmt: skip
def test_what_a_column_names_beyond_its_period(column: str, words: set[str]) -> None:
    assert column_words(column) == words


WBA_NAMES = ("Walgreens Boots Alliance",)


def wba_equity_statement(column: str) -> CellFacts:
    """Walgreens' statement of equity, 10-Q for the nine months ended May 31, 2023, page 4: the row "Net
    loss" in its total column, tagged with the total including non-controlling interests."""
    return CellFacts(
        row_path=("Net loss",),
        column_label=f"Nine months ended May 31, 2023 {column}",
        concept="wba:NetIncomeLossIncludingPortionAttributableToNoncontrollingInterestAndRedeemableNoncontrollingInterest",
        period_start=date(2022, 9, 1),
        period_end=date(2023, 5, 31),
        company="WBA",
        company_names=WBA_NAMES,
    )


def test_the_companys_share_is_not_the_total_with_noncontrolling_interests() -> None:
    asked = AskedItem("net loss attributable", "WBA")
    total = check_item(asked, wba_equity_statement("Total equity"))
    assert not total.ok and "non-controlling" in total.reason
    # the total is what a question without "attributable" may be answered with
    assert check_item(AskedItem("net loss", "WBA"), wba_equity_statement("Total equity")).ok


def test_a_costs_line_may_say_expense_where_the_question_does_not() -> None:
    research = meta_income_statement(
        "Research and development expenses", "us-gaap:ResearchAndDevelopmentExpense"
    )
    assert check_item(meta("research and development"), research).ok
    interest = meta_income_statement("Interest expense", "us-gaap:InterestExpense")
    assert not check_item(meta("interest"), interest).ok  # interest income is interest too


def test_a_row_that_adds_two_words_is_a_narrower_line_whatever_its_concept() -> None:
    # J&J's cash-flow line, tagged us-gaap:ResearchAndDevelopmentExpense (10-K FY2023, page 48)
    charge = meta_income_statement(
        "Charge for purchase of in-process research and development assets",
        "us-gaap:ResearchAndDevelopmentExpense",
    )
    check = check_item(meta("research and development expense"), charge)
    assert not check.ok and "another line" in check.reason
    # one word more is a wording of the line its concept names: J&J's "Sales to customers" is revenue
    sales = meta_income_statement("Sales to customers", "us-gaap:Revenues")
    assert check_item(meta("revenue"), sales).ok


def test_a_count_asked_is_never_an_amount() -> None:
    repurchases = meta_income_statement(
        "Repurchases of Class A common stock", "us-gaap:PaymentsForRepurchaseOfCommonStock"
    )
    assert check_item(meta("share repurchases"), repurchases).ok
    check = check_item(meta("number of shares repurchased"), repurchases)
    assert not check.ok and "number of shares" in check.reason


def test_a_segments_market_is_its_kind_not_its_name() -> None:
    # McDonald's 10-K FY2023, page 49: the U.S. segment's operating income, tagged `mcd:USMarketMember` and
    # printed "U.S."; its International Operated Markets segment keeps every word of its name.
    us = CellFacts(
        row_path=("Operating income", "U.S."),
        caption="(In millions)",
        column_label="2023",
        concept="us-gaap:OperatingIncomeLoss",
        members=("mcd:USMarketMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        period_start=date(2023, 1, 1),
        period_end=date(2023, 12, 31),
        company="MCD",
        company_names=("McDonald's",),
    )
    fy2023 = (AskedPeriod(date(2023, 12, 31), 365),)
    assert check_item(AskedItem("U.S. operating income", "MCD", fy2023), us).ok
    international = replace(
        us, row_path=("Operating income", "International Operated Markets"), members=("mcd:IOMMember",)
    )
    assert not check_item(AskedItem("U.S. operating income", "MCD", fy2023), international).ok


def test_a_per_share_line_of_common_shares_assuming_dilution_is_diluted_eps() -> None:
    # Merck's 10-Q for Q2 2023, page 3 (tagged us-gaap:EarningsPerShareDiluted, -2.35)
    merck = replace(
        DILUTED_EPS,
        row_path=(
            "(Loss) Earnings per Common Share Assuming Dilution Attributable to Merck & Co., Inc. Common "
            "Shareholders",
        ),
        company="MRK",
        company_names=("Merck & Co., Inc.", "Merck"),
    )
    for asked in ("diluted EPS", "GAAP diluted earnings per share", "diluted earnings (loss) per share"):
        assert check_item(AskedItem(asked, "MRK", META_FY2024), merck).ok, asked
    assert not check_item(AskedItem("basic EPS", "MRK", META_FY2024), merck).ok


def test_dividends_are_the_common_shares() -> None:
    # McDonald's 10-Q for Q2 2023, page 6: "Common stock dividends" in the cash flow statement
    dividends = replace(
        meta_income_statement("Common stock dividends", "us-gaap:PaymentsOfDividendsCommonStock"),
        row_path=("Financing activities", "Common stock dividends"),
    )
    assert check_item(meta("dividends paid"), dividends).ok
    assert check_item(meta("dividends"), dividends).ok
    assert not check_item(meta("preferred dividends"), dividends).ok


def test_how_filers_name_a_line_they_print_otherwise() -> None:
    # GM prints its non-GAAP measure spelled out; analysts type "EBIT-adjusted"
    assert terms("Earnings (loss) before interest and taxes-adjusted") == terms("EBIT-adjusted")
    # an Irish company's ordinary shares are its shares (Johnson Controls)
    assert terms("Repurchases of ordinary shares") == terms("repurchases of common stock")
    # "common dividends" are the dividends on the common stock (RTX's "Dividends paid on common stock")
    assert terms("common dividends paid") == terms("Dividends paid on common stock")
    assert terms("preferred dividends paid") != terms("Dividends paid on common stock")
    # a balance sheet line is its carrying amount, wherever it is printed
    carrying = terms("the carrying amount of inventories on its consolidated balance sheet")
    assert carrying == terms("Inventories")
    assert terms("fair value of long-term debt") != terms("long-term debt")


def test_a_lenders_revenue_is_its_revenues_net_of_interest_expense() -> None:
    # American Express prints "Total revenues net of interest expense" (us-gaap:RevenuesNetOfInterestExpense)
    # beside "Revenue from contracts with customers", a part of it: both are its revenue's words, and the
    # concept's rank tells them apart (`qa.items`)
    assert terms("Total revenues net of interest expense") == terms("revenue")
    assert terms("interest expense") != terms("revenue")


# Boeing's balance sheet (10-K FY2023, page 53): the rows below "Cash and cash equivalents"
BOEING_BELOW = (
    "Short-term and other investments",
    "Accounts receivable, net",
    "Inventories",
    "Total current assets",
)


@pytest.mark.parametrize(
    ("label", "excluded", "ok"),
    [
        # a line printed below another is no part of it
        ("Cash and cash equivalents", "short-term and other investments", True),
        # a total may hold what is left out, and the line left out is not the figure
        ("Total current assets", "inventories", False),
        ("Short-term and other investments", "short-term and other investments", False),
        # a line the table does not print below the row: not shown to be left out
        ("Cash and cash equivalents", "restricted cash", False),
        ("Cash and cash equivalents", "the", False),
    ],
)
def test_a_row_leaves_out_a_line_printed_below_it(label: str, excluded: str, ok: bool) -> None:
    assert leaves_out(label, BOEING_BELOW, excluded).ok is ok


def test_the_companys_share_leaves_out_the_noncontrolling_interests() -> None:
    assert leaves_out("Net income attributable to Intel", (), "noncontrolling interests").ok
    assert not leaves_out("Net income", (), "noncontrolling interests").ok
    assert not leaves_out(
        "Net income attributable to non-controlling interests", (), "noncontrolling interests"
    ).ok


def test_a_segment_row_under_a_measures_column_is_that_measure() -> None:
    # Procter & Gamble 10-K FY2024, page 46: segments by rows, measures by columns; the Grooming segment's
    # earnings before income taxes is tagged IncomeLossIncludingPortionAttributableToNoncontrollingInterest
    grooming = CellFacts(
        row_path=("GROOMING",),
        caption="Global Segment Results",
        column_label="Earnings/(Loss) Before Income Taxes",
        concept="us-gaap:IncomeLossIncludingPortionAttributableToNoncontrollingInterest",
        members=("pg:GroomingSegmentMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        period_start=date(2023, 7, 1),
        period_end=date(2024, 6, 30),
        company="PG",
        company_names=("Procter & Gamble",),
    )
    fy2024 = (AskedPeriod(date(2024, 6, 30), 366),)
    assert check_item(AskedItem("Grooming segment earnings before income taxes", "PG", fy2024), grooming).ok
    net_sales = replace(grooming, column_label="Net Sales", concept="us-gaap:Revenues")
    assert not check_item(AskedItem("Grooming earnings before income taxes", "PG", fy2024), net_sales).ok
    assert check_item(AskedItem("Grooming net sales", "PG", fy2024), net_sales).ok


def test_the_cost_of_what_was_sold_is_the_cost_of_sales() -> None:
    # "Cost of products sold" (Procter & Gamble), "Cost of merchandise sold", "cost of goods sold"
    for line in ("Cost of products sold", "Cost of merchandise sold", "cost of goods sold"):
        assert terms(line) == terms("cost of sales") == terms("cost of revenue")


def test_a_companys_name_qualifies_nothing_in_any_form() -> None:
    # "the Walgreens U.S. Retail Pharmacy segment": the term "walgreen" is the company's name too
    walgreens = name_words("Walgreens Boots Alliance, Inc.")
    assert terms("Walgreens U.S. Retail Pharmacy segment adjusted operating income", walgreens) == terms(
        "U.S. Retail Pharmacy segment adjusted operating income"
    )


def test_the_words_terms_join_are_how_filings_spell_them() -> None:
    assert {"provision", "spending", "spend"} <= spellings(terms("provision for income taxes"))
    assert "sale" in spellings(terms("revenue"))
    assert not spellings(terms("inventories"))


def c3ai_fy2024(caption: str, concept: str | None) -> CellFacts:
    """C3.ai's "Sales and marketing" for fiscal 2024 (10-K, in thousands): page 77 prints the line and, below
    it, the line's stock-based compensation in a table of its own; page 90 the tagged line."""
    return CellFacts(
        row_path=("Sales and marketing",),
        caption=caption,
        column_label="Fiscal Year Ended April 30, 2024 (in thousands)",
        concept=concept,
        unit="USD",
        period_start=date(2023, 5, 1),
        period_end=date(2024, 4, 30),
        company="AI",
        company_names=("C3.ai",),
    )


SBC_IN_SALES_AND_MARKETING = c3ai_fy2024("(1)Includes stock-based compensation expense as follows:", None)


def test_a_charge_a_table_spreads_over_the_lines_is_not_the_line() -> None:
    check = check_item(AskedItem("sales and marketing", "AI"), SBC_IN_SALES_AND_MARKETING)
    assert not check.ok and "stock-based compensation" in check.reason
    charge = AskedItem("stock-based compensation in sales and marketing", "AI")
    assert check_item(charge, SBC_IN_SALES_AND_MARKETING).ok
    # the line itself, in the MD&A's statement of operations and tagged in the statements
    md_and_a = c3ai_fy2024("The following tables set forth our consolidated statements of operations", None)
    assert check_item(AskedItem("sales and marketing", "AI"), md_and_a).ok
    tagged = c3ai_fy2024("", "us-gaap:SellingAndMarketingExpense")
    assert check_item(AskedItem("sales and marketing", "AI"), tagged).ok


@pytest.mark.parametrize(
    ("caption", "row", "charge"),
    [
        ("Stock-based compensation expense was allocated in the consolidated statements of operations as "
         "follows:", "Research and development", "Stock-based compensation"),
        ("The following table presents the classification of restructuring costs in the consolidated "
         "statements of income:", "Selling, general, and administrative expense", "restructuring"),
        # the charge beside the line, not spread over it
        ("Operating expenses, excluding stock-based compensation", "Research and development", None),
        # a row that is no line of the income statement
        ("2023 Restructuring", "Severance and other personnel costs", None),
    ],
)  # fmt: skip
def test_the_charge_a_table_spreads_is_read_from_its_caption(
    caption: str, row: str, charge: str | None
) -> None:
    assert spread_charge(caption, row) == charge


def mara_total_assets() -> CellFacts:
    """Marathon Digital's "TOTAL ASSETS" at June 30, 2023 (10-Q, page 3)."""
    return CellFacts(
        row_path=("TOTAL ASSETS",),
        column_label="June 30, 2023 (unaudited)",
        concept="us-gaap:Assets",
        instant=True,
        period_end=date(2023, 6, 30),
        company="MARA",
        company_names=("Marathon Digital Holdings, Inc.",),
    )


def test_a_word_of_the_companys_name_written_apart_from_it_names_the_item() -> None:
    # "digital" of Marathon Digital: its digital assets are no total assets
    assert not check_item(AskedItem("carrying amount of digital assets", "MARA"), mara_total_assets()).ok
    assert check_item(AskedItem("Marathon Digital Holdings, Inc.'s total assets"), mara_total_assets()).ok
    neutral = name_words("Marathon Digital Holdings, Inc.")
    assert name_words_apart("Marathon's digital assets", ["Marathon Digital Holdings"], neutral) >= {
        "digital"
    }
    assert not name_words_apart("Marathon Digital's total assets", ["Marathon Digital Holdings"], neutral)
    # a company's ticker is its name: "AI FY24 R&D" is C3.ai's research and development
    c3ai = name_words("C3.ai, Inc.")
    assert not name_words_apart("AI research and development expense", ["C3.ai, Inc."], c3ai, "AI")


def test_a_members_row_is_the_line_of_the_total_that_closes_its_rows() -> None:
    # GE's summary of reportable segments (10-Q, page 6): "Renewable Energy" over "Total segment profit
    # (loss)", tagged GrossProfit
    cell = CellFacts(
        row_path=("Renewable Energy",),
        caption="2023 2Q FORM 10-Q 5",
        column_label="Three months ended June 30 2023",
        concept="us-gaap:GrossProfit",
        members=("ge:RenewableEnergyMember",),
        axes=("us-gaap:StatementBusinessSegmentsAxis",),
        period_start=date(2023, 4, 1),
        period_end=date(2023, 6, 30),
        company="GE",
        company_names=("General Electric Company",),
        closing="Total segment profit (loss)",
    )
    assert check_item(AskedItem("segment profit (loss) Renewable Energy segment", "GE"), cell).ok
    assert not check_item(AskedItem("Renewable Energy revenue", "GE"), cell).ok
    # without the total, the row is what its tag says
    assert check_item(AskedItem("Renewable Energy gross profit", "GE"), replace(cell, closing=None)).ok


@pytest.mark.parametrize(
    ("member", "words"),
    [
        ("tmo:LaboratoryProductsandServicesMember", "laboratory products and services"),
        ("pg:BabyFeminineandFamilyCareMember", "baby feminine and family care"),
        # no "and" run in: a "-land", "-hand" or a short word
        ("country:NZ", "nz"),
        ("x:SwitzerlandMember", "switzerland"),
        ("x:ThousandMember", "thousand"),
    ],
)
def test_a_tags_lower_case_and_run_into_a_word_is_set_apart(member: str, words: str) -> None:
    assert member_words(member) == words


def test_long_term_debt_is_the_balance_sheets_non_current_line() -> None:
    """UnitedHealth prints "Long-term debt, less current maturities"; "long-term debt" asks that line."""
    at = (AskedPeriod(date(2023, 6, 30)),)
    debt = CellFacts(
        row_path=("Long-term debt, less current maturities",),
        caption="Condensed Consolidated Balance Sheets",
        column_label="June 30, 2023",
        concept="us-gaap:LongTermDebtNoncurrent",
        instant=True,
        period_end=date(2023, 6, 30),
        company="UNH",
    )
    assert check_item(AskedItem("long-term debt", "UNH", at), debt).ok
    assert not check_item(AskedItem("debt", "UNH", at), debt).ok  # the non-current part is a narrower line


def test_a_total_row_is_not_every_part_its_caption_lists() -> None:
    """Visa's "Net revenue" total under "… net revenue earned in the U.S. and internationally" is no
    international revenue."""
    year = (AskedPeriod(date(2024, 9, 30), 366),)
    total = CellFacts(
        row_path=("Net revenue",),
        caption="The following table presents our net revenue earned in the U.S. and internationally:",
        column_label="For the Years Ended September 30, 2024",
        concept=None,
        period_start=date(2023, 10, 1),
        period_end=date(2024, 9, 30),
        company="V",
    )
    assert not check_item(AskedItem("net revenue internationally", "V", year), total).ok
    assert check_item(AskedItem("net revenue", "V", year), total).ok


def test_a_count_of_options_is_no_count_of_shares() -> None:
    # Coca-Cola's 10-K FY2024, page 94: stock option activity; its 31 million options outstanding on
    # December 31, 2024 are no answer to "shares outstanding" (4,302 million on the share roll-forward)
    options = CellFacts(
        row_path=("Outstanding on December 31, 2024",),
        caption="Stock option activity during the year ended December 31, 2024 was as follows:",
        column_label="Shares (In millions)",
        concept="us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstandingNumber",
        unit="shares",
        instant=True,
        period_end=date(2024, 12, 31),
        company="KO",
        company_names=("Coca-Cola",),
    )
    end_of_2024 = (AskedPeriod(date(2024, 12, 31)),)
    check = check_item(AskedItem("shares outstanding", "KO", end_of_2024), options)
    assert not check.ok and "'option'" in check.reason
    assert check_item(AskedItem("stock options outstanding", "KO", end_of_2024), options).ok
    # page 68: the equity statement's count of the company's own shares is what is asked
    shares = replace(
        options,
        row_path=("Number of Common Shares Outstanding", "Balance at end of year"),
        caption="(In millions except per share data)",
        column_label="2024",
        concept="us-gaap:CommonStockSharesOutstanding",
    )
    assert check_item(AskedItem("shares outstanding", "KO", end_of_2024), shares).ok
    # the options' value, in the column that names it as its concept does, is neither
    value = replace(
        options,
        column_label="Aggregate Intrinsic Value (In millions)",
        concept="us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstandingIntrinsicValue",
        unit="USD",
    )
    check = check_item(AskedItem("stock options outstanding", "KO", end_of_2024), value)
    assert not check.ok and "Aggregate Intrinsic Value" in check.reason
    assert not check_item(AskedItem("shares outstanding", "KO", end_of_2024), value).ok
    assert check_item(AskedItem("intrinsic value of stock options outstanding", "KO", end_of_2024), value).ok


def test_a_part_is_named_without_the_generic_word_ending_its_name() -> None:
    # Medtronic's FY2024 10-K, net sales by division (untagged): "Cranial & Spinal Technologies"
    division = CellFacts(
        row_path=("Cranial & Spinal Technologies",),
        caption="(in millions)",
        column_label="Net Sales by Fiscal Year 2024",
        unit="USD",
        period_start=date(2023, 4, 29),
        period_end=date(2024, 4, 26),
        company="MDT",
        company_names=("Medtronic",),
    )
    assert check_item(AskedItem("cranial and spinal revenue"), division).ok
    # never without a word inside the name: Amazon's "Technology and infrastructure" is no "infrastructure"
    amazon = replace(division, row_path=("Technology and infrastructure",), column_label="2023")
    assert not check_item(AskedItem("infrastructure costs"), amazon).ok
    # nor the generic word of a product's heading above its rows: Pfizer's "Vyndaqel family" over "YTD" and
    # "Worldwide" (PFE Q2 2023 10-Q) is Vyndaqel's revenue
    vyndaqel = replace(
        division,
        row_path=("Vyndaqel family", "YTD", "Worldwide"),
        column_label="Revenue July 2, 2023",
        period_start=date(2023, 1, 3),
        period_end=date(2023, 7, 2),
        company="PFE",
        company_names=("Pfizer",),
    )
    assert check_item(AskedItem("Vyndaqel revenue"), vyndaqel).ok
    assert not check_item(AskedItem("Vyndaqel US revenue"), vyndaqel).ok


def test_what_is_earned_abroad_leaves_out_the_home_country() -> None:
    # "Visa international net revenue 9M FY23 ex-US": the International row is outside the U.S.
    assert leaves_out("International", (), "US").ok
    assert leaves_out("Revenue outside the U.S.", (), "the United States").ok
    assert not leaves_out("Net revenues", (), "US").ok
    assert not leaves_out("International", (), "Europe").ok


def test_a_cash_flow_sections_activity_is_no_word_of_the_lines_under_it() -> None:
    # Honeywell's 10-Q for June 30, 2023 prints no operating income: its net income under "Cash flows from
    # operating activities" answers none
    net_income = CellFacts(
        row_path=("Cash flows from operating activities", "Net income attributable to Honeywell"),
        caption=None,
        column_label="Six Months Ended June 30, 2023",
        unit="USD",
        period_start=date(2023, 1, 1),
        period_end=date(2023, 6, 30),
        company="HON",
        company_names=("Honeywell International",),
        concept="us-gaap:NetIncomeLoss",
    )
    assert not check_item(AskedItem("operating income"), net_income).ok
    assert check_item(AskedItem("net income"), net_income).ok


def test_a_caption_listing_several_activities_says_none_of_each_cell() -> None:
    # Honeywell's MD&A: "Our cash flows from operating, investing, and financing activities, as reflected in
    # the Consolidated Statement of Cash Flows, are summarized as follows:" over its net income
    caption = "Our cash flows from operating, investing, and financing activities are summarized as follows:"
    assert "operating" not in terms(caption_words(caption))
    assert "operating" in terms(caption_words("Cash flows from operating activities were as follows:"))


def test_every_segments_total_is_no_one_parts() -> None:
    # Merck's 10-Q for June 30, 2023, sales by segment: "Total segment sales" is printed under its last
    # segment's heading and tagged Revenues without a segment: it is no answer to the Animal Health segment's
    total = CellFacts(
        row_path=("Animal Health", "Total segment sales"),
        column_label="Six Months Ended June 30, 2023 Total",
        concept="us-gaap:Revenues",
        members=("us-gaap:OperatingSegmentsMember",),
        axes=("srt:ConsolidationItemsAxis",),
        period_start=date(2023, 1, 1),
        period_end=date(2023, 6, 30),
        company="MRK",
        company_names=("Merck",),
    )
    check = check_item(AskedItem("animal health segment sales"), total)
    assert not check.ok and "totals every segment" in check.reason
    # the segment's own total, whose member Merck writes with "segment" run together in lower case
    own = replace(
        total,
        row_path=("Animal Health", "Total Animal Health segment sales"),
        members=("us-gaap:OperatingSegmentsMember", "mrk:AnimalHealthsegmentMember"),
        axes=("srt:ConsolidationItemsAxis", "us-gaap:StatementBusinessSegmentsAxis"),
    )
    assert member_words("mrk:AnimalHealthsegmentMember") == "animal health"
    assert check_item(AskedItem("animal health segment sales"), own).ok


def test_a_tax_is_an_expense_whatever_else_it_says() -> None:
    # Bristol-Myers Squibb's "Provision for Income Taxes" is its income taxes, as "Income taxes" is
    assert "expense" in implied_words(terms("income taxes"))
    assert "expense" not in implied_words(terms("interest income"))
    # the deferred part is no provision: NVIDIA's "Deferred income taxes" of its cash flows
    assert "expense" not in implied_words(terms("deferred income taxes"))
    # the deferred part is no provision: NVIDIA's "Deferred income taxes" of its cash flows
    assert "expense" not in implied_words(terms("deferred income taxes"))


def test_a_pro_forma_figure_answers_only_a_question_that_says_so() -> None:
    # Cisco's FY2024 10-K: its revenue as if Splunk had been acquired before the year, tagged with the Splunk
    # member, is no "splunk revenue"
    pro_forma = CellFacts(
        row_path=("Total revenue",),
        caption="The following table summarizes the pro forma financial information (in millions):",
        column_label="Years Ended July 27, 2024",
        concept="us-gaap:BusinessAcquisitionsProFormaRevenue",
        members=("csco:SplunkInc.SplunkMember",),
        axes=("us-gaap:BusinessAcquisitionAxis",),
        period_start=date(2023, 7, 28),
        period_end=date(2024, 7, 27),
        company="CSCO",
        company_names=("Cisco Systems",),
    )
    check = check_item(AskedItem("splunk revenue"), pro_forma)
    assert not check.ok and "pro forma" in check.reason


def test_a_row_naming_only_a_place_is_what_its_concept_says() -> None:
    # Visa's FY2024 10-K, income before taxes by where it was earned: "Non-U.S." is its foreign income before
    # income taxes, no net income earned outside the U.S.
    foreign = CellFacts(
        row_path=("Non-U.S.",),
        column_label="For the Years Ended September 30, 2024 (in millions)",
        concept="us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign",
        period_start=date(2023, 10, 1),
        period_end=date(2024, 9, 30),
        company="V",
        company_names=("Visa",),
    )
    check = check_item(AskedItem("net income non-U.S."), foreign)
    assert not check.ok and "names a place" in check.reason
    assert check_item(AskedItem("foreign income before income taxes"), foreign).ok
