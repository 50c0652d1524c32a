"""The risks a company describes, by their headings in its 10-K's Item 1A (issue 28): each heading quoted as
printed and outlined where it stands, those naming the topic asked first. Read from the corpus's Tesla and
Amazon 10-Ks."""

from datetime import date

import pytest

from filingproof.agent.service import Pipeline

pytestmark = pytest.mark.usefixtures("ingested_corpus")


async def test_the_risks_about_a_topic_are_the_headings_naming_it(pipeline: Pipeline) -> None:
    response = await pipeline.run("What are the main risks Tesla describes about its supply chain?")
    assert response.status == "quoted", response.answer  # the filer's words, vouched for by no cell
    quotes = [quote for citation in response.citations for quote in citation.quotes]
    assert quotes[0].sentence == (
        "Our suppliers may fail to deliver components according to schedules, prices, quality and volumes "
        "that are acceptable to us, or we may be unable to manage these components effectively."
    )
    assert all(quote.boxes for quote in quotes)  # outlined where the 10-K prints them
    # the latest 10-K's Item 1A
    assert {(citation.form, citation.period_end) for citation in response.citations} == {
        ("10-K", date(2024, 12, 31))
    }


async def test_a_list_of_risk_factors_is_every_heading(pipeline: Pipeline) -> None:
    response = await pipeline.run("amazon risk factors in its 2023 10-k?")
    assert response.status == "quoted", response.answer
    quoted = [quote.sentence for citation in response.citations for quote in citation.quotes]
    assert quoted[0] == "We Face Intense Competition"
    assert len(quoted) == 23
    assert {citation.period_end for citation in response.citations} == {date(2023, 12, 31)}
