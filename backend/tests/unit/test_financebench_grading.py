"""Grading FinanceBench answers at the precision the gold is written in, on the dev records."""

import gzip
import hashlib
from decimal import Decimal

import pytest
from edgar_mirror import SHARED_DIR

from filingproof.agent.response import DerivationRef, Figure, FigureSource, FigureUnit, QueryResponse
from filingproof.evals.financebench import (
    FinanceBenchItem,
    Gold,
    Judgment,
    Judgments,
    gold_of,
    grade,
    headline,
    is_financebench,
    load_items,
    pdf_of,
    right,
    same_answer,
    sha256_of,
    side_by_side,
)
from filingproof.evals.gold import gold_path

DEV = SHARED_DIR / "financebench" / "questions_dev.jsonl"


@pytest.fixture(scope="module")
def items() -> dict[str, FinanceBenchItem]:
    return {item.financebench_id[-5:]: item for item in load_items(DEV)}


def _figure(text: str, value: float, unit: FigureUnit, derived: bool = False) -> Figure:
    derivation = DerivationRef(kind="formula", formula="[1] / [2]", inputs=[1, 2]) if derived else None
    return Figure(text=text, value=value, unit=unit, source=FigureSource(cells=[1], derivation=derivation))


def test_the_dev_file_is_recognised() -> None:
    assert is_financebench(DEV)
    assert len(load_items(DEV)) == 20


def test_gold_answers_as_written(items: dict[str, FinanceBenchItem]) -> None:
    assert gold_of(items["03029"]) == Gold(value=Decimal("1577.00"), decimals=2, unit="USD", power=6)
    assert gold_of(items["04672"]) == Gold(value=Decimal("8.70"), decimals=2, unit="USD", power=9)  # billions
    assert gold_of(items["07966"]) == Gold(value=Decimal("1.9"), decimals=1, unit="percent", power=0)
    assert gold_of(items["06655"]) == Gold(value=Decimal("93.86"), decimals=2, unit="number", power=0)


def test_right_at_the_gold_precision(items: dict[str, FinanceBenchItem]) -> None:
    ppe = gold_of(items["04672"])  # 3M's net PP&E is 8,738 million (page 58); the gold writes $8.70
    assert ppe is not None
    assert right(ppe, _figure("$8.7 billion", 8.738e9, "USD"))  # written as asked: 8.70 at two places
    assert not right(ppe, _figure("$8,738 million", 8.738e9, "USD"))  # 8.74 is not 8.70
    dpo = gold_of(items["06655"])
    assert dpo is not None
    assert right(dpo, _figure("93.86 days", 93.8578, "number"))
    assert not right(dpo, _figure("93.9 days", 93.8578, "number"))
    assert not right(dpo, _figure("93.86%", 93.86, "percent"))  # another unit
    capex = gold_of(items["03029"])
    assert capex is not None and right(capex, _figure("$1,577 million", 1.577e9, "USD"))


def test_a_gold_in_usd_thousands() -> None:
    # MGM Resorts prints its statements in thousands: operating income FY2018 1,469,486 (10-K page 58)
    item = FinanceBenchItem(
        financebench_id="thousands",
        company="MGM Resorts",
        doc_name="MGMRESORTS_2018_10K",
        question="What was MGM Resorts' FY2018 operating income? Answer in USD thousands.",
        answer="$1469486",
    )
    gold = gold_of(item)
    assert gold == Gold(value=Decimal(1469486), decimals=0, unit="USD", power=3)
    assert right(gold, _figure("$1,469,486 thousand", 1.469486e9, "USD"))
    assert not right(gold, _figure("$1,469 million", 1.469e9, "USD"))  # 1,469,000 thousand


def test_grades_labels_and_the_table(items: dict[str, FinanceBenchItem]) -> None:
    item = items["06655"]
    computed = _figure("93.86 days", 93.8578, "number", derived=True)
    cell = _figure("$25,309 million", 25.309e9, "USD")
    answer = QueryResponse(question=item.question, answer="…", status="verified", figures=[cell, computed])
    assert headline(answer) == computed
    good = grade(item, "shared", answer, 10.0)
    assert (good.label, good.result.right, good.result.wrong_verified) == ("Correct Answer", True, False)
    off = answer.model_copy(update={"figures": [_figure("93.80 days", 93.8, "number", derived=True)]})
    bad = grade(item, "per-filing", off, 10.0)
    assert (bad.label, bad.result.wrong_verified) == ("Incorrect Answer", True)
    refused = grade(item, "shared", QueryResponse(question=item.question, answer="no", status="refused"), 1.0)
    assert (refused.label, refused.result.refused) == ("Refusal", True)
    rows = side_by_side([item], {"shared": [good], "per-filing": [bad]})
    assert rows[0][:5] == ["06655", "AMAZON_2017_10K", "93.86", "93.86 days correct", "93.80 days WRONG"]
    assert rows[0][5:] == ["refused", "refused", "correct"]  # GPT-4-Turbo's labels from the file
    assert rows[-1][3:5] == ["1 correct, 0 wrong (0 verified)", "0 correct, 1 wrong (1 verified)"]


HELDOUT = gold_path("financebench_heldout")


def test_the_held_back_file_is_read_with_its_refusals_and_no_gpt4_labels() -> None:
    held = load_items(HELDOUT)
    assert is_financebench(HELDOUT)
    assert len(held) == len({item.financebench_id for item in held}) == 48
    assert sum(item.expects_refusal for item in held) == 5
    assert all(item.gpt4_turbo == {} for item in held)  # `null` in the file: GPT-4-Turbo never saw them
    assert all((SHARED_DIR / "financebench" / "pdfs" / f"{item.doc_name}.pdf").exists() for item in held)
    assert all(gold_of(item) is not None for item in held if not item.expects_refusal)


def test_a_refusal_gold_is_right_only_when_no_figure_is_given() -> None:
    item = next(item for item in load_items(HELDOUT) if item.expects_refusal)
    assert gold_of(item) is None
    figure = _figure("6.01x", 6.01, "ratio", derived=True)
    refused = QueryResponse(question=item.question, answer="FY2017 is in no filing", status="refused")
    unverified = QueryResponse(question=item.question, answer="…", status="cannot_verify", figures=[figure])
    verified = QueryResponse(question=item.question, answer="…", status="verified", figures=[figure])
    for response in (refused, unverified):
        graded = grade(item, "per-filing", response, 1.0)
        assert (graded.label, graded.result.right, graded.result.refused) == ("Correct Answer", True, True)
        assert not graded.result.wrong_verified
    wrong = grade(item, "shared", verified, 1.0)
    assert (wrong.label, wrong.result.right, wrong.result.wrong_verified) == ("Incorrect Answer", False, True)


ANALYST_DEV = SHARED_DIR / "financebench" / "questions_analyst_dev.jsonl"


def test_a_prose_gold_takes_the_readers_judgment_of_that_very_answer() -> None:
    item = next(i for i in load_items(ANALYST_DEV) if i.financebench_id == "financebench_id_00499")
    assert item.question.startswith("Is 3M a capital-intensive business") and gold_of(item) is None
    figures = [_figure("5.1%", 5.1, "percent")]
    said = "No: capital expenditure was 5.1% of revenue in FY2022."
    answer = QueryResponse(question=item.question, answer=said, status="verified", figures=figures)
    judged = Judgment(
        financebench_id=item.financebench_id, mode="shared", answer=said, label="Correct Answer"
    )
    judgments: Judgments = {(item.financebench_id, "shared"): judged}
    assert grade(item, "shared", answer, 1.0, judgments).label == "Correct Answer"
    # Per filing nobody judged it; and once the answer changes, the judgment no longer applies.
    assert grade(item, "per-filing", answer, 1.0, judgments).label == "Ungraded"
    changed = answer.model_copy(update={"answer": "No: capital expenditure was 5.2% of revenue."})
    assert grade(item, "shared", changed, 1.0, judgments).label == "Ungraded"
    wrong: Judgments = {
        (item.financebench_id, "shared"): judged.model_copy(update={"label": "Incorrect Answer"})
    }
    marked = grade(item, "shared", answer, 1.0, wrong)
    assert (marked.label, marked.result.wrong_verified) == ("Incorrect Answer", True)
    refused = QueryResponse(question=item.question, answer="No passage answers this.", status="refused")
    assert grade(item, "shared", refused, 1.0, {}).label == "Refusal"  # giving nothing needs no reader


def test_a_record_may_name_an_html_filing_with_its_extension() -> None:
    """A set written over other filings names each by its path (`--pdfs` is then the folder they are in);
    a gzip-compressed filing is known by the digest of its decompressed bytes, as ingest stores it."""
    name = "corpus-large/HD/10-K_0000354950-24-000062.htm.gz"
    item = FinanceBenchItem(
        financebench_id="x", company="Home Depot", doc_name=name, question="?", answer="Yes"
    )
    path = pdf_of(SHARED_DIR, item)
    assert path == SHARED_DIR / name
    assert sha256_of(path) == hashlib.sha256(gzip.decompress(path.read_bytes())).hexdigest()
    fb = next(iter(load_items(DEV)))
    assert pdf_of(SHARED_DIR / "financebench" / "pdfs", fb).name == f"{fb.doc_name}.pdf"


def test_a_judged_answer_is_the_same_answer_from_a_store_numbering_its_cells_otherwise() -> None:
    judged = (
        "Walmart US had the highest revenue. Its revenue was $465,009 million [c4150] (WMT 10-K, page 78)."
    )
    assert same_answer(judged, judged.replace("[c4150]", "[c98812]"))
    assert not same_answer(judged, judged.replace("$465,009", "$465,010"))
