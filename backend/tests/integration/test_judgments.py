"""Judgments with a stated criterion, answered from the corpus filings (issue 28): the criterion's metrics
computed from the statement cells and verified like any metric, each threshold recorded as the rule's own
figure, the verdict first; an input no filing prints leaves the judgment unanswered."""

from decimal import Decimal

import pytest

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline

pytestmark = pytest.mark.usefixtures("ingested_corpus")


def _computed(response: QueryResponse) -> dict[str, Decimal]:
    """Each computed figure (a criterion's metric, a threshold) by the formula it was computed with."""
    return {
        f.source.derivation.formula: Decimal(str(f.value)).quantize(Decimal("0.1"))
        for f in response.figures
        if f.source.derivation is not None
    }


async def test_amazon_is_capital_intensive_on_both_criteria(pipeline: Pipeline) -> None:
    # FY2024 10-K: purchases of property and equipment 82,999 (page 36), net sales 637,959 (page 37); property
    # and equipment, net 252,665 and total assets 624,894 (page 39).
    response = await pipeline.run("Is Amazon a capital-intensive business based on FY2024 data?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: by a common screen: capital expenditure above 10% of revenue")
    computed = _computed(response)
    assert computed["pct(10 / 100)"] == 10 and computed["pct(40 / 100)"] == 40
    assert sorted(v for formula, v in computed.items() if "[" in formula) == [
        Decimal("13.0"),
        Decimal("40.4"),
    ]
    assert round(Decimal(82_999) / Decimal(637_959) * 100, 1) == Decimal("13.0")


async def test_coca_cola_is_not_and_says_so_with_its_figures(pipeline: Pipeline) -> None:
    # FY2024: capital expenditures 2,064 of net operating revenues 47,061; net PP&E 10,303 of total assets
    # 100,549.
    response = await pipeline.run("quick one - is Coca-Cola capital intensive? FY24")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("No: ")
    assert "Coca-Cola is not capital-intensive on its fiscal 2024 figures" in response.answer
    assert {"4.39%", "10.25%", "-$2,064 million", "$47,061 million"} <= {f.text for f in response.figures}


async def test_growth_judged_from_two_years_revenue(pipeline: Pipeline) -> None:
    # NVIDIA's revenue: 130,497 in fiscal 2025 (FY2025 10-K) and 60,922 in fiscal 2024 (FY2024 10-K).
    response = await pipeline.run("is NVIDIA a high growth company? FY2025")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: by a common screen: revenue growth above 10% a year, NVIDIA is")
    assert {"$130,497 million", "$60,922 million", "114.20%"} <= {f.text for f in response.figures}


async def test_liquidity_by_the_current_ratio(pipeline: Pipeline) -> None:
    # Meta, December 31, 2024: total current assets 100,045, total current liabilities 33,596.
    response = await pipeline.run("Does Meta have healthy liquidity at the end of FY2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: ")
    assert {"1.0x", "2.98x"} <= {f.text for f in response.figures}


async def test_no_annual_report_no_verdict(pipeline: Pipeline) -> None:
    # Pfizer's only filing is a 10-Q: no fiscal year to judge, and no verdict without its figures.
    response = await pipeline.run("Is Pfizer capital-intensive?")
    assert response.status != "verified" and not response.answer.startswith(("Yes", "No"))
    assert not [f for f in response.figures if f.source.derivation is not None]


async def test_a_margins_course_over_the_three_years_a_10k_prints(pipeline: Pipeline) -> None:
    # Apple's FY2024 10-K (page 29): net sales 394,328 / 383,285 / 391,035 and cost of sales 223,546 /
    # 214,137 / 210,352 for fiscal 2022 / 2023 / 2024: gross margins 43.3%, 44.1%, 46.2%.
    response = await pipeline.run("Is Apple's gross margin improving? FY2024")
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "Yes: Apple's gross margin rose every year over fiscal 2022 to fiscal 2024."
    )
    texts = [f.text for f in response.figures if f.source.derivation is not None]
    assert texts == ["43.3%", "44.1%", "0.8 percentage points", "46.2%", "2.1 percentage points"]


async def test_a_stated_bound_on_a_margins_yearly_moves(pipeline: Pipeline) -> None:
    # NVIDIA's net margin: 16.2% in fiscal 2023, 48.8% in fiscal 2024, 55.8% in fiscal 2025.
    response = await pipeline.run("Is NVIDIA's net margin consistent, within 5 points a year, FY2025?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "No: NVIDIA's net profit margin moved by more than 5 percentage points a year (the bound the "
        "question states) over fiscal 2023 to fiscal 2025."
    )
    assert "5 percentage points" in {f.text for f in response.figures}


async def test_did_it_increase_is_answered_yes_or_no_first(pipeline: Pipeline) -> None:
    # Amazon's total net sales: 574,785 in 2023 and 637,959 in 2024 (FY2024 10-K, page 37).
    response = await pipeline.run("Did Amazon's net sales increase in 2024 compared to 2023?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: the cited figures show an increase.")
    assert {"$574,785 million", "$637,959 million"} <= {f.text for f in response.figures}


async def test_which_segment_ranks_first_from_the_tagged_members(pipeline: Pipeline) -> None:
    # NVIDIA's FY2025 10-K (page 78): Compute & Networking revenue 116,193, Graphics 14,304.
    response = await pipeline.run("Which NVIDIA segment had the highest revenue in fiscal 2025?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Compute And Networking had the highest revenue of NVIDIA's segments")
    assert [f.text for f in response.figures] == ["$116,193 million", "$14,304 million"]


async def test_a_companys_segments_listed_each_with_its_tagged_revenue(pipeline: Pipeline) -> None:
    # NVIDIA's FY2025 10-K (page 78): Compute & Networking revenue 116,193, Graphics 14,304.
    response = await pipeline.run("What were NVIDIA's reportable segments in fiscal 2025?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "NVIDIA's segments tagged in its filings: Compute And Networking and Graphics."
    )
    assert [f.text for f in response.figures] == ["$116,193 million", "$14,304 million"]


async def test_a_product_ranking_leaves_out_the_total_of_its_lines(pipeline: Pipeline) -> None:
    # Apple's FY2024 10-K: iPhone 201,183, Services 96,169, Wearables 37,005, Mac 29,984, iPad 26,694; the
    # "Products" total (294,866) is tagged on the same axis and ranks with none of them.
    response = await pipeline.run("Which Apple product category had the lowest net sales in 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("iPad had the lowest revenue of Apple's product lines")
    assert [f.text for f in response.figures] == [
        "$26,694 million",
        "$29,984 million",
        "$37,005 million",
        "$96,169 million",
        "$201,183 million",
    ]


async def test_a_ranking_on_growth_computes_each_members_own(pipeline: Pipeline) -> None:
    # Apple's FY2024 10-K (page 47), net sales by reportable segment, fiscal 2024 / 2023: Americas 167,045 /
    # 162,560, Europe 101,328 / 94,294, Greater China 66,952 / 72,559, Japan 25,052 / 24,257, Rest of Asia
    # Pacific 30,658 / 29,615. No line is named: a segment's growth is its net sales'.
    response = await pipeline.run(
        "Which of Apple's geographic segments grew fastest in FY24, and which one shrank?"
    )
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "Europe had the highest net sales growth of Apple's segments tagged in its filings. Greater China "
        "was lower than the year before."
    )
    growth = [f.text for f in response.figures if f.source.derivation is not None]
    assert growth == ["7.5%", "3.5%", "3.3%", "2.8%", "7.7%"]  # the last written as "a decrease of 7.7%"
    assert round((Decimal(101_328) / Decimal(94_294) - 1) * 100, 1) == Decimal("7.5")


async def test_a_ranking_on_a_margin_divides_each_members_own_lines(pipeline: Pipeline) -> None:
    # NVIDIA's FY2025 10-K (page 78): operating income 82,875 of revenue 116,193 (Compute & Networking), 5,085
    # of 14,304 (Graphics).
    response = await pipeline.run("Which NVIDIA segment had the lowest operating margin in fiscal 2025?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "Graphics had the lowest operating income (loss) as a percentage of revenue"
    )
    margins = [f.text for f in response.figures if f.source.derivation is not None]
    assert margins == ["35.5%", "71.3%"]


async def test_a_second_ranking_asked_after_the_first_is_answered_too(pipeline: Pipeline) -> None:
    # Walmart's FY2025 10-K (page 78), fiscal 2025: operating income 23,882 (Walmart U.S.), 5,501
    # (International), 2,404 (Sam's Club U.S.). Net sales, the line the question names (not total revenues,
    # which add membership income), fiscal 2025 / 2024: 462,415 / 441,817, 121,885 / 114,641, 90,238 /
    # 86,179: margins 5.2%, 4.5%, 2.7%.
    question = "WMT FY25: which segment has the best op margin, and which grew net sales fastest?"
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "Walmart US had the highest operating income as a percentage of net sales of Walmart's segments "
        "tagged in its filings. Walmart International had the highest net sales growth of Walmart's segments"
    )
    computed = [f.text for f in response.figures if f.source.derivation is not None]
    assert computed == ["5.2%", "4.5%", "2.7%", "6.3%", "4.7%", "4.7%"]
    assert {"$121,885 million", "$114,641 million"} <= {f.text for f in response.figures}
    assert round((Decimal(121_885) / Decimal(114_641) - 1) * 100, 1) == Decimal("6.3")


async def test_did_a_metric_go_up_compares_it_with_the_year_before(pipeline: Pipeline) -> None:
    # Alphabet's 10-Ks: purchases of property and equipment 52,535 of revenues 350,018 in 2024 (15.0%),
    # 32,251 of 307,394 in 2023 (10.5%).
    response = await pipeline.run("Did GOOGL's capex intensity (capex as % of revenue) go up in 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: the cited figures show an increase.")
    assert {"10.5%", "15.0%", "4.5 percentage points"} <= {f.text for f in response.figures}
    assert response.answer.rstrip().endswith(
        "the change in capital expenditures as a percentage of revenue was 4.5 percentage points (computed "
        "from the cited figures)."
    )


async def test_did_free_cash_flow_fall_reads_the_capex_payment(pipeline: Pipeline) -> None:
    # Tesla's 10-Ks: operating cash flow 14,923 and 13,256, purchases of property and equipment excluding
    # finance leases, net of sales 11,339 and 8,898 (2024, 2023); not the 1,410 "included in liabilities".
    response = await pipeline.run("Did Tesla's free cash flow decline in 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: the cited figures show a decrease.")
    assert {"$4,358 million", "$3,584 million", "-$774 million"} <= {f.text for f in response.figures}
    assert "included in liabilities" not in response.answer


async def test_did_a_ratio_improve_is_a_question_of_its_way(pipeline: Pipeline) -> None:
    # Coca-Cola's FY2024 10-K (page 64): current assets 25,997 and 26,732, current liabilities 25,249 and
    # 23,571 at December 31, 2024 and 2023: 1.03x after 1.13x.
    response = await pipeline.run("Did Coca-Cola's current ratio improve in 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("No: the cited figures show a decrease.")
    assert {"1.13x", "1.03x", "-0.10x"} <= {f.text for f in response.figures}


async def test_a_dividend_paid_in_the_year_asked(pipeline: Pipeline) -> None:
    # Apple's FY2024 cash-flow statement (page 33): payments for dividends and dividend equivalents 15,234.
    response = await pipeline.run("Did Apple pay dividends in fiscal 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: by the cash-flow statement: dividends paid in the year")
    assert {"-$15,234 million", "$15,234 million"} <= {f.text for f in response.figures}


async def test_did_a_ratio_go_up_compares_it_with_the_year_before(pipeline: Pipeline) -> None:
    # Apple's FY2024 10-K (page 29): R&D 29,915 of net sales 383,285 in fiscal 2023 (7.8%); 31,370 of
    # 391,035 in fiscal 2024 (8.0%).
    response = await pipeline.run("did Apple's R&D as a percentage of revenue increase in fiscal 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith("Yes: the cited figures show an increase.")
    computed = [f.text for f in response.figures if f.source.derivation is not None]
    assert computed == ["7.8%", "8.0%", "0.2 percentage points"]


async def test_a_metric_computed_from_a_line_the_company_never_prints_does_not_fit_it(
    pipeline: Pipeline,
) -> None:
    # Meta's FY2023 and FY2024 10-Ks print no inventories (nor any row under one); Amazon's print them
    # (33,318 at December 31, 2023), and its cost of sales (326,288 in 2024)
    response = await pipeline.run("What was Meta's inventory turnover in 2024?")
    assert response.status == "refused" and response.reason == "metric_not_applicable", response.answer
    assert response.answer == (
        "The inventory turnover does not fit Meta Platforms' statements: none of its ingested filings prints "
        "an inventories line, which the inventory turnover is computed from, so no figure is given."
    )
    fits = await pipeline.run("What was Amazon's inventory turnover in 2024?")
    assert fits.status == "verified", fits.answer
    assert {"$326,288 million", "$33,318 million"} <= {f.text for f in fits.figures}
