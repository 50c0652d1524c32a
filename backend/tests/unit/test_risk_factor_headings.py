"""A 10-K's risk factors by their headings (issue 28): the page's leads set in bold or italics
(`ingest.parse.layout`), and the risks Item 1A titles among them (`agent.risk_factors`), read from real
filings: Tesla's (whole headings), General Motors' (headings run in before their paragraphs), Amazon's (the
section's title laid out as a table, headings without a full stop)."""

import gzip
from functools import cache
from pathlib import Path

import pytest
from lxml import etree

from filingproof.agent.risk_factors import (
    RiskHeading,
    about_topic,
    asks_risk_factors,
    risk_headings,
    risk_topic,
)
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.parse.layout import layout_document

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
TESLA = SHARED / "corpus/filings/TSLA/10-K_2024-12-31.htm"
AMAZON = SHARED / "corpus/filings/AMZN/10-K_2024-12-31.htm"
GM = SHARED / "corpus-large/GM/10-K_0001467858-24-000031.htm.gz"
INTEL = SHARED / "corpus-large/INTC/10-K_0000050863-24-000010.htm.gz"
TI = SHARED / "corpus-large/TXN/10-K_0000097476-24-000007.htm.gz"
WALMART = SHARED / "corpus/filings/WMT/10-K_2025-01-31.htm"
MASTERCARD = SHARED / "corpus-large/MA/10-K_0001141391-24-000022.htm.gz"
SUPPLIERS = (
    "Our suppliers may fail to deliver components according to schedules, prices, quality and volumes that "
    "are acceptable to us, or we may be unable to manage these components effectively."
)


@cache
def _risks(path: Path) -> list[RiskHeading]:
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    pages = parse_filing(raw).layout.pages
    return risk_headings([(page.number, page.text, page.headings or ()) for page in pages])


def _headings(html: str) -> list[str]:
    root = etree.fromstring(f"<html><body>{html}</body></html>")
    return layout_document(root[0]).pages[0].headings or []


def test_a_block_set_wholly_in_bold_italics_is_a_heading() -> None:
    assert _headings(
        '<div><span style="font-style:italic;font-weight:700">Our suppliers may fail.</span></div>'
        '<div><span style="font-weight:400">Our products contain thousands of parts.</span></div>'
    ) == ["Our suppliers may fail."]


def test_a_heading_run_in_before_plain_text_is_the_lead_alone() -> None:
    assert _headings(
        '<div><span style="font-weight:bold">ITEM 1A. RISK FACTORS</span>'
        '<span style="font-weight:normal"> The risks described below could affect us.</span></div>'
    ) == ["ITEM 1A. RISK FACTORS"]


def test_plain_words_first_or_a_plain_span_inside_bold_make_no_heading() -> None:
    plain_inside_bold = '<span style="font-weight:400">Set plain inside a bold paragraph.</span>'
    assert (
        _headings(
            f'<p>We believe <b>strongly</b> in it.</p><p style="font-weight:700">{plain_inside_bold}</p>'
        )
        == []
    )


def test_tesla_lists_its_risks_by_their_headings() -> None:
    risks = _risks(TESLA)
    texts = [risk.text for risk in risks]
    assert texts[0] == (
        "We may experience delays in launching and ramping the production of our products and features, or "
        "we may be unable to control our manufacturing costs."
    )
    assert SUPPLIERS in texts
    assert len(risks) == 40
    # the introduction and the category headings are no risks
    introductions = ("You should carefully consider", "Risks Related to")
    assert not any(text.startswith(introductions) for text in texts)


def test_general_motors_headings_run_in_before_their_paragraphs() -> None:
    texts = [risk.text for risk in _risks(GM)]
    assert texts[0] == (
        "If we do not deliver new products, services, technologies and customer experiences in response to "
        "increased competition and changing consumer needs and preferences, our business could suffer."
    )
    assert "GENERAL MOTORS COMPANY AND SUBSIDIARIES" not in texts  # the running header


def test_a_block_set_wholly_in_a_larger_font_is_a_heading() -> None:
    # the document's text is 9pt; a block in 12pt, neither bold nor italic, heads what follows
    text = '<div><span style="font-size:9pt">Our products contain thousands of parts.</span></div>'
    heading = (
        '<div><span style="color:#0068b5;font-size:12pt">We rely upon a complex supply chain.</span></div>'
    )
    assert _headings(heading + text * 3) == ["We rely upon a complex supply chain."]
    assert _headings(text + text * 3) == []


def test_intel_sets_its_risk_headings_in_a_larger_font() -> None:
    texts = [risk.text for risk in _risks(INTEL)]
    assert texts[:2] == [
        "We are in a highly competitive and rapidly changing industry.",
        "We are making significant, long-term and inherently risky investments in R&D and manufacturing "
        "facilities that may not realize a favorable return.",
    ]
    assert "We rely upon a complex global supply chain." in texts
    assert texts[-1] != "Quantitative and Qualitative Disclosures About Market Risk"  # the next item's title


def test_texas_instruments_underlines_its_risk_headings() -> None:
    texts = [risk.text for risk in _risks(TI)]
    assert texts[0].startswith(
        "Our global operations subject us to risks associated with domestic or international"
    )
    assert "We face supply chain and manufacturing risks." in texts
    assert "Risks related to our business and industry" not in texts  # its category, in bold


def test_a_title_that_says_no_one_bears_anything_is_a_category() -> None:
    # titles in capitals, no full stop, no subject or modal: the groups the risks are printed under
    assert "Legal, Tax, Regulatory, Compliance, Reputational and Other Risks" not in [
        r.text for r in _risks(WALMART)
    ]
    mastercard = [risk.text for risk in _risks(MASTERCARD)]
    assert "Preferential or Protective Government Actions" not in mastercard
    assert "Brand, Reputational Impact and ESG" not in mastercard
    assert "Negative brand perception may materially and adversely affect our overall business." in mastercard
    assert "We Face Intense Competition" in [risk.text for risk in _risks(AMAZON)]  # a risk in title case


def test_amazon_titles_its_section_in_a_table_and_its_risks_in_title_case() -> None:
    texts = [risk.text for risk in _risks(AMAZON)]
    assert texts[0] == "We Face Intense Competition"
    assert "Operating Risks" not in texts  # a category


def test_a_topic_keeps_the_headings_that_name_it() -> None:
    question = "What are the main risks Tesla describes about its supply chain?"
    topic = risk_topic(question, ["Tesla", "TSLA"])
    assert next(risk.text for risk in about_topic(_risks(TESLA), topic)) == SUPPLIERS
    assert about_topic(_risks(TESLA), risk_topic("List Tesla's risk factors", ["Tesla"])) == _risks(TESLA)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What are the main risks Tesla describes about its supply chain?", True),
        ("List Tesla's risk factors", True),
        ("what risks does amazon flag around competition?", True),
        ("curious about concentration risk: what % of AbbVie's 2023 revenue was Humira (worldwide)?", False),
        ("What was Apple's risk-free rate assumption?", False),
        # how analysts say they fear a risk
        ("hey - what's colgate worried about re: overseas ops + fx swings in their latest 10-K? thx", True),
        ("how exposed is riot to power costs / ERCOT grid issues in texas?", True),
        ("kraft heinz has a lot of leverage - what do they flag about debt covenants?", True),
        # a figure asked beside the worry: the tables answer it
        (
            "everyone's worried Huawei is eating Apple's lunch over there. what did the Greater China "
            "segment do in net sales for the first half of Apple's fiscal 2025",
            False,
        ),
        (
            "hi! what did johnson controls do in asia pac building solutions for the june quarter of fy23? "
            "top line only, checking china exposure",
            False,
        ),
    ],
)
def test_which_questions_ask_the_risk_factors(question: str, asks: bool) -> None:
    assert asks_risk_factors(question) is asks


def test_a_topic_is_read_in_the_words_filers_write_it_in() -> None:
    topic = risk_topic("CL intl ops / FX risk", ["CL", "Colgate-Palmolive Co"])
    assert {("intern",), ("foreig",), ("curren",)} <= topic
    # a phrase of the group stands for its words together, never for one alone
    customers = risk_topic("AI cust concentration risk 10K", ["AI"])
    assert ("concen", "custom") in customers
    assert ("concen",) in customers  # the question's own word
    assert ("concen",) not in risk_topic("c3 ai losing big customers", ["AI", "c3 ai"])


def test_words_are_compared_by_their_stems() -> None:
    topic = risk_topic("what does meta say about ad risk", ["META", "meta"])
    advertisers = RiskHeading(
        1, "A decline in advertisers' expenditures could negatively impact our results."
    )
    adverse = RiskHeading(2, "Adverse weather conditions could adversely affect our operations.")
    assert about_topic([adverse, advertisers], topic) == [advertisers]
