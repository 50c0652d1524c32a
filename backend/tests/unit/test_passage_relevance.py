"""Which sentences answer a question asked in prose (issue 28): the asked item's words weighed by how rare
they are, an analyst's topic found in the filer's phrase for it, words of degree left out, a sentence naming
specifics ranked over boilerplate; and a filer's sentence stating figures no cell prints, quoted as the
filer's words and never vouched for (`Passage.prose_figures`)."""

from filingproof.agent.nodes.verify import check_draft
from filingproof.agent.passages import _Relevance, _score, _sentence, item_weights, quotes_answer
from filingproof.agent.state import Draft, Passage
from filingproof.index.bm25 import TermIdf

# idf as a store of filings gives it: "subject" is on most pages, "cyclicality" on few, "battle" on none
IDF = TermIdf({"subject": 0.4, "cyclicality": 6.0, "legal": 3.0, "material": 1.0, "ongoing": 4.1}, rarest=9.6)


def relevance(item: str) -> _Relevance:
    weights = item_weights(item, IDF)
    return _Relevance(item=weights, other=frozenset(), asks_figure=False)


def test_a_rare_word_of_the_item_decides_over_a_common_one() -> None:
    asked = relevance("subject cyclicality")
    cyclical = _sentence(
        "Historically, the airline industry has been cyclical and very competitive and has experienced "
        "significant profit swings."
    )
    subject = _sentence("The development schedules shown above are subject to a number of uncertainties.")
    assert _score(cyclical, asked, 0) is not None
    assert _score(subject, asked, 0) is None


def test_a_topic_is_found_in_the_filers_phrase_for_it_and_words_of_degree_are_left_out() -> None:
    asked = relevance("materially important ongoing legal battles")
    assert asked.item == {"legal": 3.0, "battle": 9.6}  # "battle": no filing says it, but its topic
    lawsuits = _sentence(
        "Multiple legal actions have been filed against us as a result of the October 29, 2018 accident of "
        "Lion Air Flight 610 and the March 10, 2019 accident of Ethiopian Airlines Flight 302."
    )
    boilerplate = _sentence("Various legal proceedings, claims and investigations are pending against us.")
    unrelated = _sentence("We are subject to legal and regulatory requirements in many jurisdictions.")
    specific, generic = _score(lawsuits, asked, 0), _score(boilerplate, asked, 0)
    assert specific is not None and generic is not None
    assert specific > generic  # it names what the legal actions are about
    assert _score(unrelated, asked, 0) is None  # "legal" alone is not "legal battles"


def test_words_of_degree_count_where_the_item_has_no_other_and_words_no_page_holds_not_at_all() -> None:
    assert set(item_weights("material", IDF)) == {"materi"}
    assert set(item_weights("cyclicality FY", IDF)) == {"cyclic"}  # a period's word, left in the item
    assert set(item_weights("cyclicality zqxw", IDF)) == {"cyclic"}


PROSE = (
    "On May 26, 2023, PepsiCo entered into a new $4,200,000,000 five year unsecured revolving credit "
    "agreement (the “2023 Five Year Credit Agreement”)."
)


def _quoted(prose_figures: bool) -> Draft:
    passage = Passage(
        PROSE, 16, None, "PEP", "8-K", "2023-05-26", 2, "2", boxes=((1.0, 2.0, 3.0, 4.0),),
        prose_figures=prose_figures,
    )  # fmt: skip
    return Draft(f'The filings say (quoted verbatim):\nPEP 8-K, page 2: "{PROSE}"', (), quotes=(passage,))


def test_figures_no_cell_prints_stand_only_in_a_quote_of_the_filers_prose() -> None:
    assert check_draft(_quoted(prose_figures=True)).ok
    assert not check_draft(_quoted(prose_figures=False)).ok  # a quote whose figures should be cells
    assert not check_draft(Draft(f"PepsiCo's credit agreement: {PROSE}", ())).ok  # not quoted: fail closed


def test_a_question_ranking_members_is_not_answered_by_a_sentence_about_one() -> None:
    assert not quotes_answer("Which region had the Highest EBITDAR Contribution for MGM during FY2022?")
    assert not quotes_answer("Which Best Buy product category performed the best in Q2 of FY2024?")
    assert quotes_answer("Has Boeing reported any materially important ongoing legal battles from FY2022?")


def test_asked_for_things_of_a_topic_a_sentence_naming_them_ranks_first() -> None:
    # Best Buy's FY2023 10-K (pages 44 and 51): "what are the major acquisitions" wants the companies acquired
    weights = item_weights("major acquisitions", TermIdf({"acquisitions": 2.8}, rarest=9.6))
    asked = _Relevance(item=weights, other=frozenset({"acquisitions"}), asks_figure=False, asks_names=True)
    named = _sentence(
        "In fiscal 2022, we acquired all of the outstanding shares of Current Health Ltd. (“Current Health”) "
        "and Two Peaks, LLC d/b/a Yardbird Furniture (“Yardbird”)."
    )
    method = _sentence(
        "Results of operations related to business combinations are included prospectively beginning with "
        "the date of acquisition and transaction costs related to business combinations are recorded within "
        "SG&A."
    )
    pointer = _sentence("Refer to Note 2, Acquisitions, for additional information.")
    first, second = _score(named, asked, 1), _score(method, asked, 0)
    assert first is not None and second is not None
    assert first > second
    assert _score(pointer, asked, 0) is None  # it says where the answer is, not what it is
