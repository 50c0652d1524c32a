"""The filing's own vocabulary: cells described by their row-label path, concept words and members, and
the best fit for an asked phrase. Labels, concepts and members are the corpus filings' own."""

from datetime import date
from types import SimpleNamespace

import pytest
from vocabulary_rows import row

from filingproof.qa.filing_words import line_initials
from filingproof.qa.periods import Target
from filingproof.qa.vocabulary import build_vocabulary, printed_names, resolve

YEAR = Target("duration", date(2024, 12, 31), 364, 2024)
NEUTRAL = frozenset({"meta", "platforms"})


REVENUE = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
PRETAX = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
ROWS = [
    row(1, "Revenue", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "164501"),
    row(2, "Income before provision for income taxes", PRETAX, "70663"),
    row(3, "Provision for income taxes", "us-gaap:IncomeTaxExpenseBenefit", "8303"),
    row(4, "Repurchases of Class A common stock", "us-gaap:PaymentsForRepurchaseOfCommonStock", "30125"),
    row(5, "Revenue", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "162355",
        dimensions={"us-gaap:StatementBusinessSegmentsAxis": "meta:FamilyOfAppsMember"}),
    row(6, "Effective tax rate", "us-gaap:EffectiveIncomeTaxRateContinuingOperations", "11.8",
        unit="percent"),
    row(7, "Other", None, "10", row_path=["Other income, net", "Other"]),
    row(8, "Other", None, "12", row_path=["Other income, net", "Other"]),
]  # fmt: skip
VOCAB = build_vocabulary("META", ROWS, NEUTRAL)


def best(phrase: str, preferred: tuple[str, ...] = ()) -> list[int]:
    found = resolve(VOCAB, phrase, [YEAR], NEUTRAL, preferred)
    return [entry.cell.cell_id for entry in found.best] if found else []


def test_the_line_before_the_provision_is_not_the_provision() -> None:
    assert best("income before provision for income taxes") == [2]
    assert best("provision for income taxes") == [3]


def test_concept_words_answer_the_filers_other_wording() -> None:
    # the row says "Repurchases of Class A common stock"; the concept says "payments for repurchase"
    assert best("payments for repurchase of common stock") == [4]


def test_a_member_is_answered_only_when_named() -> None:
    assert best("revenue") == [1]
    assert best("Family of Apps revenue") == [5]


def test_a_printed_ratio_is_read_as_its_cell() -> None:
    assert best("effective tax rate") == [6]
    assert best("provision for income taxes") != [6]


def test_equal_fits_with_different_values_are_ambiguous() -> None:
    found = resolve(VOCAB, "other income other", [YEAR], NEUTRAL)
    assert found is not None and found.ambiguous
    assert sorted(entry.cell.cell_id for entry in found.best) == [7, 8]


def test_no_cell_for_another_period_or_an_unknown_item() -> None:
    assert resolve(VOCAB, "revenue", [Target("duration", date(2022, 12, 31), 364, 2022)], NEUTRAL) is None
    assert best("goodwill impairment") == []


def _best(
    rows: list[SimpleNamespace], phrase: str, targets: list[Target], neutral: frozenset[str]
) -> list[int]:
    found = resolve(build_vocabulary("X", rows, neutral), phrase, targets, neutral)
    return [entry.cell.cell_id for entry in found.best] if found else []


def test_sales_are_the_line_written_so_where_a_filing_prints_both() -> None:
    # Tesla 10-K FY2023, fiscal 2021: the MD&A's segment revenue (untagged), the income statement's
    # segment line and the revenue note's sales line (sales plus leasing make the segment's revenue)
    year = {"period_start": date(2021, 1, 1), "period_end": date(2021, 12, 31), "ticker": "TSLA"}
    rows = [
        row(22581, "Energy generation and storage segment revenue", None, "2789000000",
            table_title="Revenues", **year),
        row(22818, "Energy generation and storage", REVENUE, "2789000000",
            row_path=["Revenues", "Energy generation and storage"],
            dimensions={"srt:ProductOrServiceAxis": "tsla:EnergyGenerationAndStorageMember"}, **year),
        row(23298, "Energy generation and storage sales", REVENUE, "2279000000",
            dimensions={"srt:ProductOrServiceAxis": "tsla:EnergyGenerationAndStorageSalesMember"}, **year),
    ]  # fmt: skip
    fy2021 = [Target("duration", date(2021, 12, 31), 364, 2021)]
    tesla = frozenset({"tesla"})
    assert _best(rows, "energy generation and storage sales", fy2021, tesla) == [23298]
    assert 23298 not in _best(rows, "energy generation and storage revenue", fy2021, tesla)


def test_a_line_of_another_items_breakdown_is_not_the_item() -> None:
    # Meta 10-K FY2024: the cash-flow statement's "Depreciation and amortization" (page 90) and the
    # deferred tax liability of that label (page 119)
    rows = [
        row(65404, "Depreciation and amortization", "us-gaap:DepreciationDepletionAndAmortization",
            "15498000000", row_path=["Cash flows from operating activities",
            "Adjustments to reconcile net income to net cash provided by operating activities",
            "Depreciation and amortization"]),
        row(66101, "Depreciation and amortization", "us-gaap:DeferredTaxLiabilitiesPropertyPlantAndEquipment",
            "-10959000000", row_path=["Deferred tax liabilities", "Depreciation and amortization"],
            instant=True, period_start=None),
    ]  # fmt: skip
    targets = [YEAR, Target("instant", date(2024, 12, 31), None, 2024)]
    assert _best(rows, "depreciation and amortization", targets, NEUTRAL) == [65404]


def test_a_cell_naming_the_item_comes_before_one_named_by_its_caption() -> None:
    # 3M 10-Q Q2 2023: Health Care's operating income, tagged (Note 15, page 53), and the MD&A table
    # "Sales and operating income (loss) by business segment" (page 60), untagged, whose columns say
    # which line each cell is
    quarter = {
        "period_start": date(2023, 4, 1),
        "period_end": date(2023, 6, 30),
        "ticker": "MMM",
        "filing_period_end": date(2023, 6, 30),
        "form": "10-Q",
        "fiscal_period": "Q2",
    }
    caption = "Sales and operating income (loss) by business segment:"
    rows = [
        row(67502, "Health Care", "us-gaap:OperatingIncomeLoss", "411000000",
            dimensions={"srt:ConsolidationItemsAxis": "us-gaap:OperatingSegmentsMember",
                        "us-gaap:StatementBusinessSegmentsAxis": "mmm:HealthCareSegmentMember"}, **quarter),
        row(67896, "Health Care", None, "2075000000", row_path=["Business Segments", "Health Care"],
            column_label="Three months ended June 30, 2023 Net Sales", table_title=caption, **quarter),
    ]  # fmt: skip
    q2 = [Target("duration", date(2023, 6, 30), 91, 2023, 2)]
    assert _best(rows, "operating income for the Health Care segment", q2, frozenset({"m"})) == [67502]


def test_the_curated_items_tagged_line_comes_before_the_same_figure_untagged() -> None:
    # PepsiCo 10-K FY2023: "Capital spending" in the MD&A's free-cash-flow table (page 53, untagged, printed
    # "(5,518)") and in the cash-flow statement (page 63, tagged PaymentsToAcquireProductiveAssets, whose
    # fact is the payment of 5,518)
    year = {"period_start": date(2023, 1, 1), "period_end": date(2023, 12, 30), "ticker": "PEP"}
    rows = [
        row(81506, "Capital spending", None, "-5518000000", table_title="Free Cash Flow", **year),
        row(81735, "Capital spending", "us-gaap:PaymentsToAcquireProductiveAssets", "5518000000",
            row_path=["Investing Activities", "Capital spending"], **year),
    ]  # fmt: skip
    fy2023 = [Target("duration", date(2023, 12, 30), 364, 2023)]
    found = resolve(
        build_vocabulary("PEP", rows, frozenset({"pepsico"})),
        "capital expenditures",
        fy2023,
        frozenset({"pepsico"}),
        ("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", "us-gaap:PaymentsToAcquireProductiveAssets"),
    )
    assert found is not None and [entry.cell.cell_id for entry in found.best] == [81735]


def test_a_member_printed_under_its_own_row_label_is_named_by_it() -> None:
    # Alphabet 10-K FY2023, page 87: "Other Bets" is tagged us-gaap:AllOtherSegmentsMember; the total beside
    year = {"period_start": date(2021, 1, 1), "period_end": date(2021, 12, 31), "ticker": "GOOGL"}
    segments = {"us-gaap:StatementBusinessSegmentsAxis": "us-gaap:AllOtherSegmentsMember"}
    rows = [
        row(57626, "Total revenues", REVENUE, "257637000000", **year),
        row(58823, "Other Bets", REVENUE, "753000000", row_path=["Revenues", "Other Bets"],
            dimensions=segments, **year),
    ]  # fmt: skip
    fy2021 = [Target("duration", date(2021, 12, 31), 364, 2021)]
    alphabet = frozenset({"alphabet"})
    assert _best(rows, "revenue for the Other Bets segment", fy2021, alphabet) == [58823]
    assert _best(rows, "revenue", fy2021, alphabet) == [57626]


def test_a_member_headed_by_its_column_is_named_by_it_and_a_change_column_is_no_line() -> None:
    # GameStop 10-K FY2023, page 48: segments in columns ("Europe" for gme:VideoGameBrandsEuropeMember);
    # page 36: an untagged "Change $ %" column beside the years, whose table gave it a half-year
    year = {"period_start": date(2023, 1, 29), "period_end": date(2024, 2, 3), "ticker": "GME"}
    rows = [
        row(132723, "Operating (loss) earnings", "us-gaap:OperatingIncomeLoss", "-34500000",
            column_label="Total", **year),
        row(132722, "Operating (loss) earnings", "us-gaap:OperatingIncomeLoss", "-20200000",
            column_label="Europe", dimensions={"us-gaap:StatementBusinessSegmentsAxis":
                                                   "gme:VideoGameBrandsEuropeMember"}, **year),
        row(133889, "Operating loss", None, "186500000", column_label="Change $%", **year),
    ]  # fmt: skip
    fy2023 = [Target("duration", date(2024, 2, 3), 370, 2023)]
    gamestop = frozenset({"gamestop"})
    assert _best(rows, "Europe segment operating loss", fy2023, gamestop) == [132722]
    assert _best(rows, "operating loss", fy2023, gamestop) == [132723]
    assert _best(rows[2:], "operating loss", fy2023, gamestop) == []
    assert _best(rows[2:], "change in operating loss", fy2023, gamestop) == [133889]
    # (Caterpillar's "Total Sales and Revenues $% Chg" is one too)
    chg = [row(133890, "Operating loss", None, "186500000", column_label="Operating Loss $% Chg", **year)]
    assert _best(chg, "operating loss", fy2023, gamestop) == []


def test_an_amount_comes_before_a_share_count_unless_shares_are_asked() -> None:
    # Alphabet 10-K FY2023, page 43: shares repurchased (in millions) and their amount, side by side
    caption = "The following table presents Class A and Class C shares repurchased and subsequently retired"
    year = {"period_start": date(2022, 1, 1), "period_end": date(2022, 12, 31), "ticker": "GOOGL"}
    rows = [
        row(57531, "Total", None, "530000000", unit="shares", column_label="Shares",
            row_path=["Repurchases of stock", "Total"], table_title=caption, **year),
        row(57532, "Total", None, "59296000000", column_label="Amount",
            row_path=["Repurchases of stock", "Total"], table_title=caption, **year),
    ]  # fmt: skip
    fy2022 = [Target("duration", date(2022, 12, 31), 364, 2022)]
    alphabet = frozenset({"alphabet"})
    assert _best(rows, "stock repurchases", fy2022, alphabet) == [57532]
    assert _best(rows, "shares repurchased", fy2022, alphabet) == [57531]
    # what was spent on the shares is the amount ("how much did lowe's spend repurchasing shares" had been
    # answered with its 29 million shares, verified)
    found = resolve(build_vocabulary("X", rows, alphabet), "shares repurchased", fy2022, alphabet, paid=True)
    assert found is not None and [entry.cell.cell_id for entry in found.best] == [57532]


def test_a_period_written_short_in_a_column_is_no_other_lines_column() -> None:
    # J&J's Q2 2023 earnings release (FinanceBench's PDF): the highlights' "Net Earnings/(Loss)" under "Q2
    # 2022" (page 1), and the reconciliation's "Net Earnings" row under the adjustment "Other" (page 24)
    quarter = {
        "period_start": date(2022, 4, 1),
        "period_end": date(2022, 6, 30),
        "ticker": "JNJ",
        "filing_period_end": date(2023, 6, 30),
        "form": "8-K EX-99.1",
        "fiscal_period": "Q2",
    }
    rows = [
        row(16913, "Net Earnings/(Loss)", None, "4814000000", column_label="Q2 2022", **quarter),
        row(19780, "Net Earnings", None, "0", column_label="Other", **quarter),
    ]
    q2 = [Target("duration", date(2022, 6, 30), 91, 2022, 2)]
    assert _best(rows, "net income", q2, frozenset({"johnson"})) == [16913]


def test_a_dash_yields_to_a_printed_figure_and_a_statement_to_a_segments_table() -> None:
    # PepsiCo's FY2022 10-K: "2022 restructuring charges" total 411 (page 77); "Restructuring charges —" among
    # its share-based compensation expense (page 85)
    dash = [
        row(1, "2022 restructuring charges", None, "411", column_label="Total"),
        row(2, "Restructuring charges", None, "0", text="—"),
    ]
    assert _best(dash, "restructuring charges", [YEAR], NEUTRAL) == [1]
    # 3M's FY2022 10-K: a segment's "Sales (millions)" under its caption (page 30), "Net sales" in the
    # statement of income (page 48)
    sales = [
        row(1, "Sales (millions)", None, "11604", table_title="Safety and Industrial Business"),
        row(2, "Net sales", None, "34229", table_title="Consolidated Statement of Income"),
    ]
    assert _best(sales, "sales", [YEAR], NEUTRAL) == [2]


def test_a_members_printed_name_may_carry_its_companys_name_or_a_column_one_word_apart() -> None:
    # Honeywell 10-Q Q2 2023, page 31: "Honeywell Building Technologies" for
    # hon:HomeAndBuildingTechnologiesMember.
    # Rocket 10-K FY2023, page 114: a column "Direct to Consumer" over rkt:DirectToCustomerSegmentMember
    segment = "us-gaap:StatementBusinessSegmentsAxis"
    honeywell = {"period_start": date(2023, 1, 1), "period_end": date(2023, 6, 30), "ticker": "HON"}
    rocket = {"period_start": date(2023, 1, 1), "period_end": date(2023, 12, 31), "ticker": "RKT"}
    building = row(
        173713,
        "Honeywell Building Technologies",
        "us-gaap:OperatingIncomeLoss",
        "760000000",
        dimensions={segment: "hon:HomeAndBuildingTechnologiesMember"},
        **honeywell,
    )
    margin = "rkt:GrossProfitNetOfMSRAdjustmentDueToValuationAssumptions"
    column = "Year Ended December 31, 2023 Direct to Consumer"
    consumer = row(135835, "Contribution margin", margin, "1035947000", column_label=column,
                   dimensions={segment: "rkt:DirectToCustomerSegmentMember"}, **rocket)  # fmt: skip
    assert printed_names(build_vocabulary("HON", [building], frozenset()), ["honeywell"]) == {
        "hon:HomeAndBuildingTechnologiesMember": "Honeywell Building Technologies"
    }
    assert printed_names(build_vocabulary("HON", [building], frozenset())) == {}
    assert printed_names(build_vocabulary("RKT", [consumer], frozenset())) == {
        "rkt:DirectToCustomerSegmentMember": "Direct to Consumer"
    }


@pytest.mark.parametrize(
    ("label", "written"),
    [
        ("Food and beverage", ("f&b", "food and beverage")),
        # Pfizer's "SI&A", as its MD&A writes it
        (
            "Selling, informational and administrative expenses",
            ("si&a", "selling, informational and administrative"),
        ),
        ("Selling, general and administrative", ("sg&a", "selling, general and administrative")),
        ("Research and development expense", ("r&d", "research and development")),
        ("Net sales", None),
        ("Total operating expenses and other", None),
    ],
)
def test_a_line_of_listed_words_by_its_initials(label: str, written: tuple[str, str] | None) -> None:
    assert line_initials(label) == written


def test_a_member_printed_on_rows_of_its_own_is_named_by_them_whatever_their_words() -> None:
    # Walgreens 10-Q Q3 FY2023, page 35: "U.S. Retail Pharmacy" for wba:UnitedStatesReportableSegmentMember,
    # and its "Pharmacy" row (wba:PharmacyMember of that segment); page 3's consolidated "Sales"
    segment, product = "us-gaap:StatementBusinessSegmentsAxis", "srt:ProductOrServiceAxis"
    quarter = {"period_start": date(2023, 3, 1), "period_end": date(2023, 5, 31), "ticker": "WBA"}
    revenue = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    us = "wba:UnitedStatesReportableSegmentMember"
    rows = [
        row(
            196977,
            "U.S. Retail Pharmacy",
            revenue,
            "27866000000",
            dimensions={segment: us},
            row_path=["Sales", "U.S. Retail Pharmacy"],
            **quarter,
        ),
        row(
            196997,
            "U.S. Retail Pharmacy",
            "wba:AdjustedOperatingIncome",
            "962000000",
            dimensions={segment: us},
            row_path=["Adjusted operating income (Non-GAAP measure)", "U.S. Retail Pharmacy"],
            **quarter,
        ),
        row(
            197054,
            "Pharmacy",
            revenue,
            "20898000000",
            dimensions={segment: us, product: "wba:PharmacyMember"},
            **quarter,
        ),
        row(195600, "Sales", revenue, "35416000000", **quarter),
    ]
    assert printed_names(build_vocabulary("WBA", rows, frozenset())) == {
        us: "U.S. Retail Pharmacy",
        "wba:PharmacyMember": "Pharmacy",
    }
    # under one heading alone (an asset of the segment's, in a table of intangibles), a label printed for
    # another member too, or one naming the line, names none
    assert printed_names(build_vocabulary("WBA", rows[:1], frozenset())) == {}
    elsewhere = {segment: "wba:OtherMember"}
    other = row(196978, "U.S. Retail Pharmacy", revenue, "1", dimensions=elsewhere, **quarter)
    sales = row(196979, "Segment sales", revenue, "2", dimensions={segment: us}, **quarter)
    assert printed_names(build_vocabulary("WBA", [*rows[:2], other, sales], frozenset())) == {}
