"""A change the filer states in prose (issue 28): two figures of one thing paired by the filer's own words,
and the verifier recomputing the change from them. The sentences are PepsiCo's, as the text layers of its 8-K
of May 30, 2023 (page 1) and its first-quarter 2023 earnings release (page 1) read."""

from dataclasses import replace
from decimal import Decimal

from filingproof.agent.nodes.verify import check_draft
from filingproof.agent.state import Draft, Passage, StatedFigure
from filingproof.agent.stated import StatedAnswer, asks_stated, stated_pair, stated_parts, stated_sentence
from filingproof.verify import Unit, derive

TERMINATED_364 = (
    "Effective May 26, 2023, PepsiCo, Inc. (“PepsiCo”) terminated the $3,800,000,000 364 day unsecured "
    "revolving credit agreement, dated as of May 27, 2022, among PepsiCo, as borrower, the lenders party "
    "thereto, and Citibank, N.A., as administrative agent (the “2022 364 Day Credit Agreement”)."
)
NEW_364 = (
    "On May 26, 2023, PepsiCo entered into a new $4,200,000,000 364 day unsecured revolving credit agreement "
    "(the “2023 364 Day Credit Agreement”) among PepsiCo, as borrower, the lenders party thereto, and "
    "Citibank, N.A., as administrative agent."
)
TERMINATED_FIVE = (
    "Effective May 26, 2023, PepsiCo terminated the $3,800,000,000 five year unsecured revolving credit "
    "agreement, dated as of May 27, 2022, among PepsiCo, as borrower, the lenders party thereto, and "
    "Citibank, N.A., as administrative agent (the “2022 Five Year Credit Agreement”)."
)
NEW_FIVE = (
    "On May 26, 2023, PepsiCo entered into a new $4,200,000,000 five year unsecured revolving credit "
    "agreement (the “2023 Five Year Credit Agreement”) among PepsiCo, as borrower, the lenders party "
    "thereto, and Citibank, N.A., as administrative agent."
)
AGREEMENTS = [TERMINATED_364, NEW_364, TERMINATED_FIVE, NEW_FIVE]
GUIDANCE = (
    "Given our strong start to the year, we now expect our full-year 2023 organic revenue to increase 8 "
    "percent (previously 6 percent) and core constant currency EPS to increase 9 percent (previously 8 "
    "percent),” said Chairman and CEO Ramon Laguarta."
)


def test_a_question_asks_by_how_much_something_moved_or_the_total_of_things() -> None:
    assert (
        asks_stated("By how much did Pepsico increase its unsecured five year revolving credit agreement?")
        == "change"
    )
    assert asks_stated("by how many percentage points did Pepsico raise full year guidance?") == "change"
    assert asks_stated("What is the total amount PepsiCo may borrow under its credit agreements?") == "sum"
    assert asks_stated("What did PepsiCo say about its credit agreements?") is None


def test_an_agreement_terminated_and_a_new_one_of_the_same_name_are_before_and_after() -> None:
    pair = stated_pair("unsecured five year revolving credit agreement", AGREEMENTS)
    assert pair is not None
    before, after = pair
    assert (before.figure.text, after.figure.text) == ("$3,800,000,000", "$4,200,000,000")
    assert (before.sentence, after.sentence) == (2, 3)  # the five year agreement's, not the 364 day one's
    assert after.about == "five year unsecured revolving credit agreement"


def test_two_things_named_alike_are_no_answer() -> None:
    # "revolving credit agreement" names the 364 day and the five year agreement as well
    assert stated_pair("revolving credit agreement", AGREEMENTS) is None
    assert stated_pair("term loan", AGREEMENTS) is None


def test_previously_pairs_each_figure_with_the_one_before_it_for_its_own_thing() -> None:
    pair = stated_pair("guidance in respect of core constant currency EPS", [GUIDANCE])
    assert pair is not None
    before, after = pair
    assert (before.figure.value, after.figure.value) == (Decimal(8), Decimal(9))
    assert after.about == "core constant currency EPS growth"
    organic = stated_pair("organic revenue guidance", [GUIDANCE])
    assert organic is not None
    assert (organic[0].figure.value, organic[1].figure.value) == (Decimal(6), Decimal(8))


def _stated(ref: int, text: str, value: int, unit: Unit, about: str, sentence: str) -> StatedFigure:
    passage = Passage(
        sentence, 16, "0000077476-23-000041", "PEP", "8-K", "2023-05-26", 1, "1", prose_figures=True
    )
    return StatedFigure(ref, text, Decimal(value), unit, about, passage)


def test_the_verifier_recomputes_the_change_from_the_quoted_figures() -> None:
    about = "five year unsecured revolving credit agreement"
    before = _stated(-1, "$3,800,000,000", 3_800_000_000, "USD", about, TERMINATED_FIVE)
    after = _stated(-2, "$4,200,000,000", 4_200_000_000, "USD", about, NEW_FIVE)
    derivation = derive("change", [before.cited(), after.cited()])
    assert derivation.value == Decimal(400_000_000)
    sentence = stated_sentence("PepsiCo", StatedAnswer((before, after), derivation))
    assert sentence.startswith(
        "PepsiCo's five year unsecured revolving credit agreement: from $3,800,000,000 to $4,200,000,000, an "
        "increase of $400,000,000"
    )
    quotes = (before.passage, after.passage)
    text = "\n".join([sentence, "The filings say:", *(f'PEP 8-K, page 1: "{p.sentence}"' for p in quotes)])
    draft = Draft(text, (), (derivation,), quotes, (before, after))
    assert check_draft(draft).ok
    # a change the quoted figures do not give fails, as does one whose inputs are not among the draft's
    wrong = replace(derivation, value=Decimal(500_000_000))
    assert not check_draft(
        replace(draft, text=text.replace("$400,000,000", "$500,000,000"), derivations=(wrong,))
    ).ok
    assert not check_draft(replace(draft, stated=(after,))).ok


def test_a_total_is_of_the_new_things_the_item_names_one_amount_each() -> None:
    parts = stated_parts("unsecured revolving credit agreements", AGREEMENTS)
    assert parts is not None
    assert [(part.figure.text, part.about) for part in parts] == [
        ("$4,200,000,000", "364 day unsecured revolving credit agreement"),
        ("$4,200,000,000", "five year unsecured revolving credit agreement"),
    ]
    # one new agreement alone totals nothing
    assert stated_parts("five year unsecured revolving credit agreement", AGREEMENTS) is None
