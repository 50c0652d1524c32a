"""What drove a figure (issue 28): a numeric question that also asks why is answered with its figures and the
filer's own sentences that give the cause of that line, quoted where they stand, a list printed under a
sentence ending in a colon kept as its end. Read from the corpus's Pfizer 10-Q for the quarter ended July 2,
2023."""

import pytest

from filingproof.agent.service import Pipeline

pytestmark = pytest.mark.usefixtures("ingested_corpus")


async def test_why_a_line_rose_quotes_the_causes_the_filer_lists(pipeline: Pipeline) -> None:
    # Page 46: "Selling, informational and administrative expenses increased $448 million in the second
    # quarter of 2023 and $1.3 billion in the first six months of 2023, primarily due to:" and three bullets,
    # the last after "partially offset by:".
    response = await pipeline.run("Why did Pfizer's SG&A go up in the first half of 2023?")
    assert response.status == "verified", response.answer
    quote = next(line for line in response.answer.splitlines() if line.startswith("PFE 10-Q, page 46:"))
    assert quote.startswith(
        'PFE 10-Q, page 46: "Selling, informational and administrative expenses increased $448 million in '
        "the second quarter of 2023 and $1.3 billion in the first six months of 2023, primarily due to: "
        "•increases of $410 million"
    )
    assert "partially offset by: •decreases of $120 million" in quote
    assert "$1,272 million" in response.answer  # the change computed from the two cited figures
    assert "not its reasons" not in response.answer


async def test_a_cause_given_for_one_part_is_not_the_companys(pipeline: Pipeline) -> None:
    # Coca-Cola's FY2024 10-K lists, per operating segment, "Operating income (loss) was reduced by $760
    # million for North America due to the impairment of our BodyArmor trademark", "Corporate's operating loss
    # … Operating loss in 2024 increased primarily as a result of …" and the like: causes of a part's
    # operating income, once quoted as the company's. The company's own is quoted beside the change.
    response = await pipeline.run("What drove KO's 12% drop in operating income in 2024?")
    assert response.status == "verified", response.answer
    assert "$1,319 million" in response.answer  # 11,311 - 9,992, computed from the cited figures
    quoted = [quote.sentence for citation in response.citations for quote in citation.quotes]
    assert quoted == [
        "The decrease in operating income was primarily driven by higher commodity costs; higher selling, "
        "general and administrative expenses; higher other operating charges; the impact of refranchising "
        "our bottling operations in the Philippines, Bangladesh and certain territories in India; and an "
        "unfavorable foreign currency exchange rate impact of 11%."
    ]
    assert "North America" not in response.answer and "Operating loss" not in response.answer


async def test_a_segments_cause_stands_under_its_name_or_its_initials(pipeline: Pipeline) -> None:
    # Amazon's 2024 10-K, page 27: the reading writes "AWS" out as the member's name, Amazon Web Services; the
    # filer writes its initials. The International segment's sentence beside it is another part's.
    response = await pipeline.run("What drove the change in AWS operating income in 2024?")
    assert response.status == "verified", response.answer
    quoted = [quote.sentence for citation in response.citations for quote in citation.quotes]
    assert quoted[0].startswith(
        "The increase in AWS operating income in 2024, compared to the prior year, is primarily due to "
        "increased sales, decreased payroll and related expenses"
    )
    assert not any("International" in sentence for sentence in quoted)
    assert "$15,203 million" in response.answer  # 39,834 - 24,631


async def test_the_cause_of_the_part_asked_not_of_the_parts_beside_it(pipeline: Pipeline) -> None:
    # Apple's fiscal 2024 10-K, page 23 gives each product's and region's net sales and their causes in the
    # same words: "iPad net sales decreased during 2024 …", "Americas net sales increased … due primarily to
    # higher net sales of Services"; and "Services gross margin percentage increased …", a margin's move
    response = await pipeline.run("why did Apple's Services net sales increase in fiscal 2024?")
    assert response.status == "verified", response.answer
    quoted = [quote.sentence for citation in response.citations for quote in citation.quotes]
    assert quoted == [
        "Services net sales increased during 2024 compared to 2023 due primarily to higher net sales from "
        "advertising, the App Store® and cloud services."
    ]
    assert all(citation.quotes[0].boxes for citation in response.citations if citation.quotes)
