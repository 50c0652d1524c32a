"""Gold v2's generator on handwritten cells (label cleaning, member wording, periods, sampling), its
scoring of printed signs and splits, and its independence from the answering code."""

import subprocess
import sys
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from filingproof.evals.gold import GoldItem, GoldSource
from filingproof.evals.make_gold import FilingRow
from filingproof.evals.make_gold_v2 import (
    CandidateBuilder,
    Printed,
    clean_label,
    label_wording,
    member_wording,
    period_of,
    sample,
)
from filingproof.evals.metrics import outcome
from filingproof.evals.runner import ItemResult
from filingproof.evals.splits import split_scores

META_10K = FilingRow("META", "10-K", date(2024, 12, 31), 2024, "FY")
REPURCHASES = Printed(
    filing=META_10K, concept="us-gaap:PaymentsForRepurchaseOfCommonStock", value=Decimal("30125000000"),
    unit="USD", start=date(2024, 1, 1), end=date(2024, 12, 31), instant=False, dimensions={}, table_id=1,
    page_no=90, table_index=28, row=28, col=1, text="(30,125)", cell_value=Decimal("-30125000000"),
    cell_unit="USD", scale=6, row_label="Repurchases of Class A common stock",
    row_path=("Cash flows from financing activities", "Repurchases of Class A common stock"),
    column_label="Year Ended December 31, 2024",
)  # fmt: skip
# The cash-flow statement's closing lines, so the table reads as one.
MARKERS = [
    replace(REPURCHASES, concept=f"us-gaap:NetCashProvidedByUsedIn{name}Activities", value=Decimal(-row),
            cell_value=Decimal(-row), row=row, row_label=f"Net cash used in {name.lower()} activities")
    for row, name in ((40, "Investing"), (41, "Financing"))
]  # fmt: skip


@pytest.mark.parametrize(
    ("label", "lower_first", "cleaned"),
    [
        ("Services (1)", True, "services"),
        ("Basic Net Income Per Share1", True, "basic Net Income Per Share"),
        ("Less: Accumulated depreciation", True, "accumulated depreciation"),
        ("Operating income (loss)", True, "operating income"),
        ("Compute & Networking (In millions)", False, "Compute & Networking"),
        ("AWS", True, "AWS"),
        ("Walmart U.S.", False, "Walmart U.S."),
        ("Mac®", False, "Mac"),
        ("Other assets.", True, "other assets"),
        ("Weighted-average shares", True, "weighted-average shares"),
        ("Other income/(expense), net", True, "other income, net"),
        ("iPhone", True, "iPhone"),
        ("U.S. federal statutory income tax rate", True, "U.S. federal statutory income tax rate"),
        ("Total4,5", True, "total"),
    ],
)
def test_labels_are_cleaned_as_a_question_says_them(label: str, lower_first: bool, cleaned: str) -> None:
    assert clean_label(label, lower_first) == cleaned


def test_generic_rows_and_rows_printing_figures_are_not_asked() -> None:
    assert label_wording(REPURCHASES) == "repurchases of Class A common stock"
    for label in ("Other", "Total", "December 31, 2024", "Balance at end of year", "Other — net"):
        assert label_wording(replace(REPURCHASES, row_label=label)) is None, label
    with_figures = "Common stock ($0.01 par value; 500 shares authorized)"
    assert label_wording(replace(REPURCHASES, row_label=with_figures)) is None
    diluted = replace(
        REPURCHASES, row_label="Diluted", row_path=("Shares used in computing earnings per share", "Diluted")
    )
    assert label_wording(diluted) == "shares used in computing earnings per share, diluted"


def test_a_member_is_named_by_its_printed_header() -> None:
    segment = replace(
        REPURCHASES, concept="us-gaap:OperatingIncomeLoss", row_label="Loss from operations",
        row_path=("Reality Labs", "Loss from operations"),
        dimensions={"us-gaap:StatementBusinessSegmentsAxis": "meta:RealityLabsMember"},
    )  # fmt: skip
    assert member_wording(segment, "meta:RealityLabsMember") == ("loss from operations", "Reality Labs")
    product = replace(segment, row_label="Mac", row_path=("Mac",), concept="us-gaap:Revenues")
    assert member_wording(product, "aapl:MacMember") == ("revenue", "Mac")
    assert member_wording(product, "aapl:IPadMember") is None  # its name is printed nowhere near


@pytest.mark.parametrize(
    ("filing", "start", "end", "phrase"),
    [
        (META_10K, date(2024, 1, 1), date(2024, 12, 31), "in 2024"),
        (META_10K, date(2022, 1, 1), date(2022, 12, 31), "in 2022"),
        (FilingRow("NVDA", "10-K", date(2025, 1, 26), 2025, "FY"), date(2023, 1, 30), date(2024, 1, 28),
         "in fiscal 2024"),
        (FilingRow("MMM", "10-Q", date(2023, 6, 30), 2023, "Q2"), date(2023, 1, 1), date(2023, 6, 30),
         "for the six months ended June 30, 2023"),
        (FilingRow("MMM", "10-Q", date(2023, 6, 30), 2023, "Q2"), None, date(2022, 12, 31),
         "as of December 31, 2022"),
    ],
)  # fmt: skip
def test_periods_are_named_as_the_filing_counts_them(
    filing: FilingRow, start: date | None, end: date, phrase: str
) -> None:
    p = replace(REPURCHASES, filing=filing, start=start, end=end, instant=start is None)
    found = period_of(p)
    assert found is not None and found.phrase == phrase


def test_a_printed_payment_keeps_the_fact_value_and_its_print() -> None:
    [candidate] = [
        c for c in CandidateBuilder([REPURCHASES, *MARKERS]).candidates() if c.primary == REPURCHASES
    ]
    assert candidate.question.endswith("repurchases of Class A common stock in 2024?")
    assert (candidate.expected, candidate.printed) == (Decimal("30125000000"), Decimal("-30125000000"))
    assert candidate.sources[0].page_no == 90 and candidate.sources[0].row_label == REPURCHASES.row_label


def test_a_wording_naming_two_values_is_never_asked() -> None:
    other = replace(REPURCHASES, concept="us-gaap:StockRepurchasedDuringPeriodValue", table_id=2, page_no=89,
                    value=Decimal("29754000000"), cell_value=Decimal("-29754000000"))  # fmt: skip
    assert all(
        c.primary.local.startswith("NetCash")
        for c in CandidateBuilder([REPURCHASES, other, *MARKERS]).candidates()
    )


def test_sampling_is_seeded_and_takes_every_filing_in_turn() -> None:
    filings = [replace(META_10K, period_end=date(2020 + n, 12, 31), fiscal_year=2020 + n) for n in range(3)]
    cells = [
        replace(REPURCHASES, filing=f, table_id=n, row=k, concept=f"{REPURCHASES.concept}{n}{k}",
                row_label=f"{REPURCHASES.row_label} {'x' * k}")
        for n, f in enumerate(filings) for k in range(5)
    ] + [replace(m, filing=f, table_id=n) for n, f in enumerate(filings) for m in MARKERS]  # fmt: skip
    candidates = CandidateBuilder(cells).candidates()
    first, again = sample(candidates), sample(candidates)
    assert [c.item_id for c in first] == [c.item_id for c in again]
    assert {c.item_id for c in sample(candidates, seed=1)} == {c.item_id for c in first}  # all fit the quota
    turns = [c.primary.filing.period_end for c in first[:3]]
    assert len(set(turns)) == 3  # one from each filing before a second from any


def test_the_print_with_the_opposite_sign_is_right_and_another_value_is_wrong_and_verified() -> None:
    source = GoldSource(
        ticker="META", form="10-K", period_end=date(2024, 12, 31), page_no=90, text="(30,125)"
    )
    item = GoldItem(id="meta-buybacks", kind="cash_flow", question="q", expected=Decimal("30125000000"),
                    unit="USD", sources=[source], printed=Decimal("-30125000000"), split="dev")  # fmt: skip

    class Fig:
        def __init__(self, text: str, value: float) -> None:
            self.text, self.value, self.unit = text, value, "USD"

    assert outcome(item, "verified", [Fig("$(30,125) million", -30125e6)], []).right
    assert outcome(item, "verified", [Fig("$30.1 billion", 30.1e9)], []).right
    wrong = outcome(item, "verified", [Fig("$29,754 million", 29754e6)], [])
    assert not wrong.right and wrong.wrong_verified


def _result(item_id: str, kind: str, status: str, right: bool) -> ItemResult:
    return ItemResult(
        item_id=item_id, kind=kind, question="q", ticker=None, expected=1.0, unit="USD", status=status,
        right=right, wrong_verified=status == "verified" and not right, refused=status == "refused",
        filing_rank=None, page_rank=None, latency_ms=1.0, tokens=0, cost=0.0, answer="", figures=[],
    )  # fmt: skip


def test_scores_are_reported_per_split_and_kind() -> None:
    items = [
        GoldItem(id=f"i{n}", kind=kind, question="q", split=split)
        for n, (kind, split) in enumerate((("segment", "dev"), ("segment", "dev"), ("tax_rate", "heldout")))
    ]
    results = [_result("i0", "segment", "verified", True), _result("i1", "segment", "verified", False),
               _result("i2", "tax_rate", "refused", False)]  # fmt: skip
    report = split_scores(items, results)
    assert report["all"]["all"].n == 3 and report["all"]["all"].wrong_verified == 1
    assert report["dev"]["segment"].accuracy == 0.5 and report["dev"]["all"].refused == 0
    assert report["heldout"]["all"].refused == 1 and report["heldout"]["tax_rate"].accuracy == 0.0
    assert split_scores([item.model_copy(update={"split": None}) for item in items], results) == {}


def test_the_generator_does_not_load_the_answering_code() -> None:
    script = (
        "import sys, filingproof.evals.make_gold_v2\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in (['filingproof', 'qa'], "
        "['filingproof', 'agent'], ['filingproof', 'retrieval'], ['filingproof', 'verify'])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "[]"
