"""Which company a question means when it names none (`qa.infer`): the names it holds, and the companies
that report the longest of them."""

import pytest

from filingproof.qa.infer import inferred, named_in


@pytest.mark.parametrize(
    ("question", "name", "written"),
    [
        ("How much revenue did the Mac generate in fiscal 2024?", "Mac", "Mac"),
        ("What were iPhone net sales in 2024?", "I Phone", "iPhone"),
        ("What was Data Center revenue in fiscal 2025?", "Data Center", "Data Center"),
        # a short name only as a word of its own, as the filer capitalises it
        ("How much did Apple spend on machines in 2024?", "Mac", None),
        ("What was the mac revenue?", "Mac", None),
        ("What was MacBook revenue?", "Mac", None),
    ],
)
def test_a_member_is_named_as_the_filer_writes_it(question: str, name: str, written: str | None) -> None:
    assert named_in(question, name) == written


def test_the_longest_name_decides_and_ties_are_all_kept() -> None:
    assert inferred({"AAPL": "Greater China", "KO": "China"}) == ["AAPL"]
    assert inferred({"MMM": "Americas", "AAPL": "Americas"}) == ["AAPL", "MMM"]
    assert inferred({}) == []
