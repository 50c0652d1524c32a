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


def test_the_increase_may_say_its_amount() -> None:
    # Ulta Beauty's fourth-quarter 2022 earnings release, page 3
    inventories = _Relevance(
        item=item_weights(
            "merchandise inventories", TermIdf(dict.fromkeys(("merchandise", "inventory"), 1.0), rarest=1.0)
        ),
        other=frozenset(),
        asks_figure=False,
        asks_why=True,
    )
    before = _sentence(
        "Merchandise inventories, net at the end of the fourth quarter of fiscal 2022 totaled $1.6 billion "
        "compared to $1.5 billion at the end of the fourth quarter of fiscal 2021."
    )
    cause = _sentence(
        "The $104.2 million increase was primarily due to the opening of 47 new stores since January 29, "
        "2022, inventory to support new brand launches and brand expansions, and inventory cost increases."
    )
    assert _score(cause, inventories, 0, before=before) is not None
    assert _score(cause, inventories, 0) is None


def test_a_cause_that_leads_is_of_the_subject_after_it() -> None:
    # PepsiCo's first-quarter 2023 earnings release, page 1
    guidance = _Relevance(
        item=item_weights("organic revenue", TermIdf(dict.fromkeys(("organic", "revenue"), 1.0), rarest=1.0)),
        other=frozenset(),
        asks_figure=False,
        asks_why=True,
    )
    given = _sentence(
        "Given our strong start to the year, we now expect our full-year 2023 organic revenue to increase 8 "
        "percent (previously 6 percent)."
    )
    assert _score(given, guidance, 0) is not None
    unrelated = _sentence("Given our strong start to the year, we now expect higher dividends in 2023.")
    assert _score(unrelated, guidance, 0) is None


def test_a_why_that_names_no_item_is_answered_only_by_a_cause() -> None:
    why = _Relevance(item={}, other=frozenset({"guidance", "due"}), asks_figure=False, asks_why=True)
    assert (
        _score(_sentence("Amounts may not sum due to rounding in the guidance tables."), why, 0) is not None
    )
    assert _score(_sentence("Note – Amounts may not sum due to rounding."), why, 0) is None  # no word asked
    assert _score(_sentence("Our guidance for 2023 is an 8 percent increase in revenue."), why, 0) is None
