"""A "why" question is answered only by sentences that give a cause; "The increase was primarily due to …"
is about the line the sentence before it names (issue 28)."""

from filingproof.agent.passages import _Relevance, _score, _sentence, item_weights
from filingproof.index.bm25 import TermIdf

WHY_RND = _Relevance(
    item=item_weights(
        "research and development expenses",
        TermIdf(dict.fromkeys(("research", "development", "expense"), 1.0), rarest=1.0),
    ),
    other=frozenset(),
    asks_figure=False,
    asks_why=True,
)
BEFORE = _sentence("Research and development expenses were $43.87 billion in 2024, compared with 2023.")
CAUSE = _sentence(
    "The increase was primarily due to higher employee compensation and technical infrastructure."
)


def test_only_a_sentence_that_gives_a_cause_answers_why() -> None:
    assert _score(BEFORE, WHY_RND, 0) is None  # it names the line, but says no why
    states_cause = _sentence("Research and development expenses rose, driven by employee compensation.")
    assert _score(states_cause, WHY_RND, 0) is not None


def test_the_increase_names_the_line_of_the_sentence_before() -> None:
    assert _score(CAUSE, WHY_RND, 0) is None  # alone it names no line
    assert _score(CAUSE, WHY_RND, 0, before=BEFORE) is not None
    unrelated = _sentence("Our headcount grew in every region during the year.")
    assert _score(CAUSE, WHY_RND, 0, before=unrelated) is None
