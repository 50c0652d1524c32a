"""Reciprocal rank fusion, snippet highlighting and the BM25 side of a query."""

import pytest

from filingproof.retrieval.fusion import reciprocal_rank_fusion
from filingproof.retrieval.search import highlight, query_terms
from filingproof.retrieval.synonyms import expand
from filingproof.understanding import Catalog, CompanyRef, understand


def test_rrf_sums_reciprocal_ranks() -> None:
    fused = dict(reciprocal_rank_fusion([["a", "b", "c"], ["b", "d"]], k=60))
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["d"] == pytest.approx(1 / 62)
    assert fused["c"] == pytest.approx(1 / 63)


def test_rrf_orders_best_first_and_breaks_ties_by_first_appearance() -> None:
    fused = reciprocal_rank_fusion([["a", "b"], ["b", "a"], ["c"]], k=60)
    assert [key for key, _ in fused] == ["a", "b", "c"]


def test_a_page_counts_once_at_its_best_rank() -> None:
    fused = dict(reciprocal_rank_fusion([[(1, 5), (1, 5), (1, 6)]], k=60))
    assert fused[(1, 6)] == pytest.approx(1 / 62)


def test_a_single_ranking_keeps_its_order() -> None:
    assert [key for key, _ in reciprocal_rank_fusion([["x", "y", "z"]])] == ["x", "y", "z"]


def test_highlight_bolds_matched_terms_in_the_richest_window() -> None:
    body = "Intro " * 100 + "Total net sales | 2024 | 391,035\nOther text"
    snippet = highlight(body, ["total", "net", "sale", "391035"], width=10)
    assert "**Total** **net** **sales**" in snippet
    assert "**391,035**" in snippet
    assert snippet.startswith("… ")


def test_weights_scale_each_ranking() -> None:
    fused = dict(reciprocal_rank_fusion([["a"], ["b"]], k=60, weights=[1.0, 0.5]))
    assert fused == pytest.approx({"a": 1 / 61, "b": 0.5 / 61})


def test_synonyms_add_the_other_names_of_a_line_item() -> None:
    assert expand(["amazon", "revenue", "2023"]) == ["amazon", "revenue", "2023", "net", "sale"]
    assert expand(["cash", "flow"]) == ["cash", "flow"]


def test_query_terms_drop_company_words_and_read_fiscal_years() -> None:
    catalog = Catalog(companies=(CompanyRef("AMZN", "AMAZON COM INC"),), filings=())
    terms = query_terms(understand("What was Amazon's revenue in FY23?", catalog))
    assert terms == ["revenue", "2023", "net", "sale"]
