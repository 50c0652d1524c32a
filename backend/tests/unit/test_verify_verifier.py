"""The fail-closed verifier on drafts about real corpus values, including the adversarial suite."""

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filingproof.verify.cells import CitedValue, PeriodRef
from filingproof.verify.derive import Derivation, growth, margin
from filingproof.verify.figures import extract
from filingproof.verify.verifier import CellSource, DerivationSource, redact, verify_draft


def usd_millions(cell_id: int, millions: int, start: date, end: date) -> CitedValue:
    return CitedValue(cell_id, Decimal(millions).scaleb(6), "USD", 6, "duration", start, end)


APPLE_FY2024 = (date(2023, 10, 1), date(2024, 9, 28))
APPLE_FY2023 = (date(2022, 9, 25), date(2023, 9, 30))
NVDA_FY2025 = (date(2024, 1, 29), date(2025, 1, 26))
NVDA_FY2024 = (date(2023, 1, 30), date(2024, 1, 28))
MMM_Q2_2023 = (date(2023, 4, 1), date(2023, 6, 30))

APPLE_NET_SALES_FY2024 = usd_millions(101, 391035, *APPLE_FY2024)
APPLE_NET_SALES_FY2023 = usd_millions(102, 383285, *APPLE_FY2023)
APPLE_EPS_FY2024 = CitedValue(103, Decimal("6.08"), "USD/share", 0, "duration", *APPLE_FY2024)
APPLE_GROSS_MARGIN_FY2024 = CitedValue(104, Decimal("46.2"), "percent", 0, "duration", *APPLE_FY2024)
NVDA_REVENUE_FY2025 = usd_millions(201, 130497, *NVDA_FY2025)
NVDA_REVENUE_FY2024 = usd_millions(202, 60922, *NVDA_FY2024)
NVDA_DATA_CENTER_FY2025 = usd_millions(203, 115186, *NVDA_FY2025)
NVDA_DATA_CENTER_FY2024 = usd_millions(204, 47525, *NVDA_FY2024)
MMM_NET_LOSS_Q2_2023 = usd_millions(301, -6841, *MMM_Q2_2023)


@pytest.mark.parametrize(
    "draft",
    [
        "Apple's total net sales were $391.0 billion in fiscal 2024 [c101].",
        "Apple's total net sales were $391,035 million in fiscal 2024 [c101].",
        "Apple's total net sales were $391 billion in FY24 [c101].",
        "Apple's total net sales were 391,035 (in millions) for the year ended September 28, 2024.",
        "Total net sales for fiscal 2024 were $391,035 [cell:101].",
    ],
)
def test_correct_rephrasings_pass(draft: str) -> None:
    verdict = verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [])
    assert verdict.ok, verdict.failed
    assert [check.matched_source for check in verdict.figures] == [CellSource(101)]


def test_eps_and_gross_margin_pass() -> None:
    draft = "In fiscal 2024 Apple earned $6.08 per share with a gross margin of 46.2% [c103][c104]."
    verdict = verify_draft(draft, [APPLE_EPS_FY2024, APPLE_GROSS_MARGIN_FY2024], [], [])
    assert verdict.ok, verdict.failed


def test_nvidia_growth_passes_through_its_derivation() -> None:
    revenue = growth(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)
    data_center = growth(NVDA_DATA_CENTER_FY2024, NVDA_DATA_CENTER_FY2025)
    draft = (
        "NVIDIA's revenue grew 114.2% to $130.5 billion in fiscal 2025, and Data Center revenue "
        "increased 142% to $115.2 billion."
    )
    cited = [NVDA_REVENUE_FY2025, NVDA_REVENUE_FY2024, NVDA_DATA_CENTER_FY2025, NVDA_DATA_CENTER_FY2024]
    verdict = verify_draft(draft, cited, [revenue, data_center], [])
    assert verdict.ok, verdict.failed
    sources = [check.matched_source for check in verdict.figures]
    assert sources == [
        DerivationSource(0, (202, 201)),
        CellSource(201),
        DerivationSource(1, (204, 203)),
        CellSource(203),
    ]


def test_3m_net_loss_passes_with_its_sign() -> None:
    draft = (
        "In Q2 2023, 3M reported a net loss attributable to 3M of $(6,841) million, a loss of $6.8 billion."
    )
    assert verify_draft(draft, [MMM_NET_LOSS_Q2_2023], [], []).ok


def test_a_company_named_after_a_reference_word_is_no_reference() -> None:
    # "the parts 3M's filing prints its sales in" names 3M, not a Part 3M of the filing
    draft = (
        "Consumer had the lowest sales of the parts 3M's filing prints its sales in. In Q2 2023, 3M reported "
        "a net loss attributable to 3M of $(6,841) million [c301]."
    )
    assert verify_draft(draft, [MMM_NET_LOSS_Q2_2023], [], []).ok
    assert not verify_draft(f"{draft} See Part 3M.", [MMM_NET_LOSS_Q2_2023], [], []).ok


def failed_texts(
    draft: str, cited: list[CitedValue], derivations: list[Derivation] | None = None
) -> list[str]:
    verdict = verify_draft(draft, cited, derivations or [], [])
    assert not verdict.ok
    return [failure.text for failure in verdict.failed]


def test_previous_year_value_from_the_same_row_fails() -> None:
    draft = "Apple's total net sales were $383.3 billion in fiscal 2024."
    assert failed_texts(draft, [APPLE_NET_SALES_FY2024]) == ["$383.3 billion"]


def test_right_digits_at_the_wrong_scale_fail() -> None:
    assert failed_texts("Net sales were $391,035 billion in fiscal 2024.", [APPLE_NET_SALES_FY2024]) == [
        "$391,035 billion"
    ]


def test_dropped_sign_fails() -> None:
    draft = "In Q2 2023, 3M's net income attributable to 3M was $6.8 billion."
    assert failed_texts(draft, [MMM_NET_LOSS_Q2_2023]) == ["$6.8 billion"]


def test_two_percent_off_fails() -> None:
    assert failed_texts("Net sales were $398.8 billion in fiscal 2024.", [APPLE_NET_SALES_FY2024]) == [
        "$398.8 billion"
    ]


def test_percent_written_as_x_fails() -> None:
    assert failed_texts("Gross margin was 46.2x in fiscal 2024.", [APPLE_GROSS_MARGIN_FY2024]) == ["46.2x"]


def test_a_figure_not_among_the_cited_cells_fails() -> None:
    # The FY2023 value is true, but not cited: "some number in the filing" is not enough.
    draft = "Net sales were $391.0 billion in fiscal 2024 versus $383.3 billion in fiscal 2023."
    assert failed_texts(draft, [APPLE_NET_SALES_FY2024]) == ["$383.3 billion", "fiscal 2023"]
    assert verify_draft(draft, [APPLE_NET_SALES_FY2024, APPLE_NET_SALES_FY2023], [], []).ok


def test_a_derivation_whose_inputs_were_not_cited_fails() -> None:
    derived = growth(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)
    verdict = verify_draft("Revenue grew 114.2% in fiscal 2025.", [NVDA_REVENUE_FY2025], [derived], [])
    assert not verdict.ok
    assert [failure.kind for failure in verdict.failed] == ["derivation", "figure"]
    assert "not among the cited cells" in verdict.failed[0].reason
    assert verdict.figures[0].matched_source is None


def test_a_derivation_with_a_wrong_recorded_value_fails() -> None:
    wrong = replace(growth(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025), value=Decimal("124.2"))
    cited = [NVDA_REVENUE_FY2025, NVDA_REVENUE_FY2024]
    verdict = verify_draft("Revenue grew 124.2% in fiscal 2025.", cited, [wrong], [])
    assert not verdict.ok
    assert "recorded value" in verdict.failed[0].reason
    assert [failure.text for failure in verdict.failed] == [wrong.formula, "124.2%"]


def test_a_margin_derivation_passes() -> None:
    share = margin(NVDA_DATA_CENTER_FY2025, NVDA_REVENUE_FY2025)
    draft = "Data Center was 88.3% of revenue in fiscal 2025."
    assert verify_draft(draft, [NVDA_DATA_CENTER_FY2025, NVDA_REVENUE_FY2025], [share], []).ok


@pytest.mark.parametrize(
    ("draft", "ok"),
    [
        ("Net sales were $391.0 billion in fiscal 2024.", True),
        ("Net sales were $391.0 billion in 2024.", True),
        ("Net sales were $391.0 billion in fiscal 2025.", False),
        ("Net sales were $391.0 billion in 2023.", False),
        ("Net sales were $391.0 billion for the year ended September 28, 2024.", True),
        ("Net sales were $391.0 billion for the year ended September 30, 2024.", True),  # within 7 days
        ("Net sales were $391.0 billion for the year ended October 31, 2024.", False),
        ("Net sales were $391.0 billion for the three months ended September 28, 2024.", False),
        ("Net sales were $391.0 billion for the twelve months ended September 28, 2024.", True),
        ("Net sales were $391.0 billion in Q4 FY24.", False),
    ],
)
def test_periods_must_be_backed_by_a_cited_period(draft: str, ok: bool) -> None:
    assert verify_draft(draft, [APPLE_NET_SALES_FY2024], [], []).ok is ok


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("Q2 2023", True),
        ("2Q23", True),
        ("the second quarter of 2023", True),
        ("Q1 2023", False),
        ("Q2 2024", False),
        ("Q2 2022", False),
        ("fiscal 2023", False),  # a quarter's value is not the year's
    ],
)
def test_quarters_are_checked_against_quarter_periods(text: str, ok: bool) -> None:
    draft = f"In {text}, 3M had a net loss of $6.8 billion."
    assert verify_draft(draft, [MMM_NET_LOSS_Q2_2023], [], []).ok is ok


def test_a_fiscal_quarter_uses_the_fiscal_year_end() -> None:
    nvda_q2_fy2026 = PeriodRef("duration", date(2025, 4, 28), date(2025, 7, 27))
    assert verify_draft("In Q2 FY26 revenue rose.", [], [], [nvda_q2_fy2026]).ok
    assert verify_draft("In the three months ended July 27, 2025 revenue rose.", [], [], [nvda_q2_fy2026]).ok
    assert not verify_draft("In Q3 FY26 revenue rose.", [], [], [nvda_q2_fy2026]).ok


def test_an_nvidia_fiscal_year_is_named_by_the_year_it_ends_in() -> None:
    draft = "NVIDIA's revenue was $130.5 billion in fiscal 2025."
    assert verify_draft(draft, [NVDA_REVENUE_FY2025], [], []).ok
    assert not verify_draft(draft.replace("2025", "2024"), [NVDA_REVENUE_FY2025], [], []).ok


def test_a_filer_that_names_its_year_by_the_year_it_begins_is_read_by_its_own_name() -> None:
    # Home Depot's fiscal 2023 ended January 28, 2024 (its 10-K's cover and dei:DocumentFiscalYearFocus)
    net_sales = CitedValue(
        401, Decimal(152669).scaleb(6), "USD", 6, "duration", date(2023, 1, 30), date(2024, 1, 28), -1
    )
    draft = "Home Depot's net sales were $152,669 million in fiscal {year} [c401]."
    assert verify_draft(draft.format(year=2023), [net_sales], [], []).ok
    assert verify_draft(draft.format(year=2024), [net_sales], [], []).ok  # the calendar's name still holds
    assert not verify_draft(draft.format(year=2022), [net_sales], [], []).ok
    second_quarter = PeriodRef("duration", date(2023, 5, 1), date(2023, 7, 30), -1)
    assert verify_draft("In Q2 fiscal 2023 sales fell.", [], [], [second_quarter]).ok
    assert not verify_draft("In Q2 fiscal 2022 sales fell.", [], [], [second_quarter]).ok


def test_unrecognised_numeric_text_fails_closed() -> None:
    verdict = verify_draft(
        "Revenue was hundreds of millions in fiscal 2024.", [APPLE_NET_SALES_FY2024], [], []
    )
    assert [failure.kind for failure in verdict.failed] == ["unrecognised"]


def test_a_draft_without_figures_passes() -> None:
    assert verify_draft("Apple designs smartphones.", [], [], []).ok


def test_redact_removes_every_figure() -> None:
    draft = (
        "In fiscal 2024 net sales were $391.0 billion (391,035), up 2%, EPS $6.08 per share, "
        "a loss of $(6.8) billion, and hundreds of millions more [c101]."
    )
    redacted = redact(draft)
    extraction = extract(redacted)
    assert (extraction.figures, extraction.unrecognised) == ([], [])
    for written in ("391", "6.08", "6.8", "2%", "millions"):
        assert written not in redacted
    assert "fiscal 2024" in redacted


PIECES = st.sampled_from(
    [
        " ", "$", "(", ")", "-", ",", ".", "%", "x", "/", ":", "0", "1", "2", "5", "9", "2024", "391,035",
        "6.08", " billion", " million", "M", "K", " shares", " per share", " percent", "fiscal ", "FY", "Q",
        "loss of ", "down ", "up ", "September 28, ", "[c1]", "Note ", "10-K", "H", "th", " or ",
    ]
)  # fmt: skip


@given(st.lists(PIECES, max_size=30).map("".join))
def test_redacted_text_holds_no_figure(draft: str) -> None:
    redacted = redact(draft)
    extraction = extract(redacted)
    assert (extraction.figures, extraction.unrecognised) == ([], []), redacted


@given(st.text(max_size=200))
def test_any_text_is_read_without_error(draft: str) -> None:
    verdict = verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [])
    assert verdict.ok == (not verdict.failed)


# Issue 20: nothing numeric fails open. Apple's fiscal 2024 net sales are $391,035 million (cell 101).


@pytest.mark.parametrize(
    "draft",
    [
        "Apple's total net sales were USD391,035 million in fiscal 2024 [c101].",
        "Apple's total net sales were $391.0 billion in fiscal 2024 [c101].",
        "Apple's total net sales were three hundred ninety-one billion dollars in fiscal 2024 [c101].",
        "Apple's total net sales were three hundred ninety-one point zero billion dollars [c101].",
        "Apple's total net sales were $３９１.０ billion in fiscal 2024 [c101].",
        "Apple's total net sales were 391 bn dollars in fiscal 2024 [c101].",
    ],
)
def test_correct_drafts_in_varied_wording_pass(draft: str) -> None:
    verdict = verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [])
    assert verdict.ok, verdict.failed
    assert [check.matched_source for check in verdict.figures] == [CellSource(101)]


def test_a_gross_margin_in_words_passes() -> None:
    draft = "Apple's gross margin was forty-six point two percent in fiscal 2024 [c104]."
    assert verify_draft(draft, [APPLE_GROSS_MARGIN_FY2024], [], []).ok


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        ("Apple's total net sales were USD96,995 million [c101].", "figure"),
        ("Apple's total net sales were US96,995m [c101].", "unrecognised"),
        ("Apple's total net sales were $391,035 million [c101], up ⁹⁶,⁹⁹⁵.", "unrecognised"),
        ("Apple's total net sales were ninety-seven bn [c101].", "figure"),
        ("Apple's gross margin was twelve percent [c101].", "figure"),
        ("Apple's total net sales were $391,035 million (see Note 96995) [c101].", "reference"),
        ("Apple's total net sales roughly doubled to $391,035 million [c101].", "claim"),
        ("Apple posted record revenue of $391,035 million [c101].", "claim"),
        ("Apple's total net sales were $391,035 million [c999].", "reference"),
        ("Apple's total net sales grew 2.0% [d0] to $391,035 million [c101].", "reference"),
        ("Apple's total net sales were €391,035 million [c101].", "figure"),  # a euro figure, a dollar cell
        ("Apple's total net sales were ¥391,035 million [c101].", "unrecognised"),
        ("Apple's total net sales were 391,035 million euros [c101].", "unrecognised"),
    ],
)
def test_every_former_leak_fails(draft: str, kind: str) -> None:
    verdict = verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [])
    assert not verdict.ok
    assert kind in {failure.kind for failure in verdict.failed}, verdict.failed


def test_a_note_reference_stands_only_where_the_filing_has_that_note() -> None:
    draft = "Apple's total net sales were $391,035 million [c101] (Note 2)."
    assert not verify_draft(draft, [APPLE_NET_SALES_FY2024], [], []).ok
    assert verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [], {"note 2"}).ok
    assert not verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [], {"note 12"}).ok


@pytest.mark.parametrize(
    ("reference", "ok"),
    [
        ("Item 7A", True),
        ("Item 96995", False),
        ("Part 2", True),
        ("Part 96995", False),
        ("Exhibit 31.1", True),
        ("Exhibit 96995", False),
        ("ASC 606", True),
        ("ASU 2016-13", True),
        ("Rule 10b5-1", True),
        ("Section 13(a)", True),
        ("Table 96995", False),
        ("page 96995", False),
    ],
)
def test_other_references_must_have_their_usual_shape(reference: str, ok: bool) -> None:
    draft = f"Net sales were $391,035 million [c101], as {reference} shows."
    verdict = verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [])
    assert verdict.ok is ok, verdict.failed


def test_a_cited_page_reference_stands() -> None:
    draft = "Net sales were $391,035 million [c101] (AAPL 10-K, page 45)."
    assert verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [], {"page 45"}).ok
    assert not verify_draft(draft, [APPLE_NET_SALES_FY2024], [], [], {"page 46"}).ok


def test_a_derivation_marker_names_a_recorded_derivation() -> None:
    revenue = growth(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)
    cited = [NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025]
    assert verify_draft("Revenue grew 114.2% [d0].", cited, [revenue], []).ok
    assert not verify_draft("Revenue grew 114.2% [d1].", cited, [revenue], []).ok


def test_a_figure_is_its_markers_cell_when_two_cited_cells_hold_its_value() -> None:
    # Intel's 10-K FY2023 (page 88): Network and Edge and Intel Foundry Services each lost $482 million
    intel_2023 = (date(2023, 1, 1), date(2023, 12, 30))
    network_and_edge, foundry = usd_millions(12587, -482, *intel_2023), usd_millions(12593, -482, *intel_2023)
    draft = (
        "Network and Edge operating income was -$482 million [c12587]. "
        "Intel Foundry Services operating income was -$482 million [c12593]."
    )
    verdict = verify_draft(draft, [network_and_edge, foundry], [], [])
    assert verdict.ok, verdict.failed
    assert [check.matched_source for check in verdict.figures] == [CellSource(12587), CellSource(12593)]
