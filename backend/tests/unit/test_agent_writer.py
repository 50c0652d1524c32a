"""The deterministic writer's drafts verify against exactly the cells they cite."""

from dataclasses import replace
from datetime import date
from decimal import Decimal

from filingproof.agent.nodes.verify import check_draft
from filingproof.agent.writer import figure, period_phrase, pick_sentence, write
from filingproof.qa.items import ITEMS_BY_KEY
from filingproof.qa.parts import printed_line
from filingproof.qa.periods import Target
from filingproof.qa.pick import Pick, TableAnswer, _derive
from filingproof.qa.store import CellHit


def _cell(cell_id: int, value: str, start: date, end: date, filing_end: date, unit: str = "USD") -> CellHit:
    return CellHit(
        cell_id=cell_id, fact_id=cell_id, concept="us-gaap:Revenues", dimensions={}, text=value,
        value=Decimal(value), unit=unit, display_scale=6, row_label="Revenue", column_label="", instant=False,
        period_start=start,
        period_end=end, page_no=50, page_label="50", box=(1.0, 2.0, 3.0, 4.0), table_title=None, filing_id=1,
        accession=None, ticker="NVDA", form="10-K", filing_period_end=filing_end, fiscal_year=2025,
        fiscal_period="FY",
    )  # fmt: skip


FY25 = _cell(11, "130497000000", date(2024, 1, 29), date(2025, 1, 26), date(2025, 1, 26))
FY24 = _cell(12, "60922000000", date(2023, 1, 30), date(2024, 1, 28), date(2025, 1, 26))


def _pick(cell: CellHit, year: int) -> Pick:
    target = Target("duration", cell.period_end, 364, year)
    return Pick("NVDA", "NVIDIA", ITEMS_BY_KEY["revenue"], None, target, cell)


def test_figures_are_written_the_way_filings_show_them() -> None:
    assert figure(Decimal("391035000000"), "USD") == "$391,035 million"
    assert figure(Decimal("-6841000000"), "USD") == "-$6,841 million"
    assert figure(Decimal("6.08"), "USD/share") == "$6.08 per share"
    assert figure(Decimal("114.2031"), "percent") == "114.2%"


def test_a_growth_answer_verifies_and_names_both_years() -> None:
    table = TableAnswer(picks=[_pick(FY24, 2024), _pick(FY25, 2025)])
    _derive(table, "growth", table.picks)
    draft = write(table, [])
    assert "114.2%" in draft.text and "fiscal 2024" in draft.text and "fiscal 2025" in draft.text
    assert check_draft(draft).ok


def test_a_draft_without_its_derivation_fails() -> None:
    table = TableAnswer(picks=[_pick(FY24, 2024), _pick(FY25, 2025)])
    _derive(table, "growth", table.picks)
    draft = write(table, [])
    stripped = type(draft)(draft.text, draft.cells, ())
    assert not check_draft(stripped).ok


def test_a_quarter_is_named_by_the_fiscal_year_it_falls_in() -> None:
    # NVIDIA's fiscal 2026 ends in late January 2026: the quarter ended July 27, 2025 is Q2 fiscal 2026.
    cell = _cell(21, "46743000000", date(2025, 4, 28), date(2025, 7, 27), date(2025, 7, 27))
    assert period_phrase(cell, 2) == "for Q2 fiscal 2026, the three months ended July 27, 2025"


def test_a_quarter_counted_in_weeks_is_named_by_its_weeks_and_verifies() -> None:
    # PepsiCo's third quarter of fiscal 2023: twelve weeks, June 18 to September 9, 2023 ($2.24 diluted EPS)
    cell = _cell(31, "2.24", date(2023, 6, 18), date(2023, 9, 9), date(2023, 9, 9), unit="USD/share")
    assert period_phrase(cell, 3) == "for Q3 fiscal 2023, the 12 weeks ended September 9, 2023"
    target = Target("duration", cell.period_end, 84, 2023, 3)
    pick = Pick("PEP", "PepsiCo", ITEMS_BY_KEY["diluted_eps"], None, target, cell)
    assert check_draft(write(TableAnswer(picks=[pick]), [])).ok


def test_a_line_printed_with_its_segments_name_names_the_segment_once() -> None:
    line = printed_line("Compute & Networking revenue", "duration")
    target = Target("duration", FY25.period_end, 364, 2025)
    headed = Pick("NVDA", "NVIDIA", line, "Compute & Networking", target, FY25)
    assert pick_sentence(headed).startswith("NVIDIA's Compute & Networking revenue for fiscal 2025")
    other = Pick("NVDA", "NVIDIA", ITEMS_BY_KEY["revenue"], "Graphics", target, FY25)
    assert pick_sentence(other).startswith("NVIDIA's Graphics revenue")


def test_a_segment_typed_otherwise_is_written_as_its_row_prints_it() -> None:
    # "data center & AI" as Intel prints it: no "& AI" that reads as C3.ai's ticker
    target = Target("duration", FY25.period_end, 364, 2025)
    row = replace(FY25, row_label="Data Center and AI")
    typed = Pick("INTC", "Intel", ITEMS_BY_KEY["revenue"], "data center & AI", target, row)
    assert pick_sentence(typed).startswith("Intel's Data Center and AI revenue")
    # and one typed by its first words as its row prints it (Amazon's "Advertising services (4)")
    services = replace(FY25, row_label="Advertising services (4)")
    first_words = Pick("AMZN", "Amazon", ITEMS_BY_KEY["revenue"], "advertising", target, services)
    assert pick_sentence(first_words).startswith("Amazon's Advertising services revenue")


def test_a_line_asked_by_a_verb_is_named_as_printed() -> None:
    # "how much cash did Abbott spend purchasing its own common shares": "Purchases of common shares"
    target = Target("duration", FY25.period_end, 364, 2025)
    purchases = replace(FY25, row_label="Purchases of common shares")
    asked = printed_line("purchasing common shares", "duration")
    sentence = pick_sentence(Pick("ABT", "Abbott", asked, None, target, purchases))
    assert (
        sentence.startswith("Abbott's purchases of common shares for fiscal 2025 (the year ended")
        and " were " in sentence
    )
