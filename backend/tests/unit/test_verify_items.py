"""Item faithfulness (`verify.items`): a true cell answers a question only when it is the item asked.

Every cell here is a real one of the corpus, written out as the database holds it (row-label path, column
label, table caption, XBRL concept and members, unit, fact period), with its filing and page. The
adversarial cases are the substitutions a picker can make: the neighbouring line of the same statement,
the company total for a segment (and a segment for the total), the prior year of the same row, a share
count or a percentage for an amount.
"""

from dataclasses import replace
from datetime import date

import pytest

from filingproof.verify.items import AskedItem, AskedPeriod, CellFacts, check_cell, check_item, terms

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


def test_a_share_count_is_not_earnings_per_share() -> None:
    check = check_item(meta("diluted EPS"), DILUTED_SHARES)
    assert not check.ok and "per share" in check.reason
    assert check_item(meta("diluted EPS"), DILUTED_EPS).ok
    assert check_item(meta("EPS"), DILUTED_EPS).ok  # an unqualified EPS is the diluted one


def test_a_percentage_row_is_not_the_amount() -> None:
    check = check_item(meta("provision for income taxes"), PROVISION_PERCENT)
    assert not check.ok and "percent" in check.reason


# --- total for segment, and segment for total ----------------------------------------------------------


def test_the_company_total_is_not_a_segment() -> None:
    check = check_item(meta("Family of Apps revenue"), META_REVENUE)
    assert not check.ok and "'family'" in check.reason
    assert check_item(meta("Family of Apps revenue"), FAMILY_OF_APPS_REVENUE).ok


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
    assert terms("Income before provision for income taxes") == {"income", "before", "expense", "tax"}


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
