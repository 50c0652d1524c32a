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
    # Coca-Cola's FY2024 10-K (pages 117-118) lists, per operating segment, "Operating income (loss) was
    # reduced by $760 million for North America due to the impairment of our BodyArmor trademark" and the
    # like: causes of a part's operating income, once quoted as the company's. The change is given, and the
    # answer says that its reasons are not.
    response = await pipeline.run("What drove KO's 12% drop in operating income in 2024?")
    assert response.status == "verified", response.answer
    assert "$1,319 million" in response.answer  # 11,311 - 9,992, computed from the cited figures
    assert "North America" not in response.answer
    assert "not its reasons" in response.answer
