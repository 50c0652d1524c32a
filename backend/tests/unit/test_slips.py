"""Names typed with one slip: which spellings are one slip apart, and the look-up by deletion neighbours."""

import pytest

from filingproof.slips import NearNames, one_edit


@pytest.mark.parametrize(
    ("a", "b", "near"),
    [
        ("abbott", "abbot", True),  # a letter left out
        ("merck", "merk", True),
        ("chevron", "chevorn", True),  # two neighbours swapped
        ("honeywell", "honeywel", True),
        ("home depot", "hone depot", True),  # one changed
        ("boeing", "boieng", True),
        ("mcdonalds", "mcdonlds", True),
        ("chevron", "chevron", False),  # the same spelling is no slip
        ("chevron", "chervon", True),
        ("chevron", "chveorn", False),  # two slips
        ("abbott", "abbottlabs", False),
        ("boeing", "bieong", False),  # a swap of letters that are not neighbours
    ],
)
def test_one_slip(a: str, b: str, near: bool) -> None:
    assert one_edit(a, b) is near
    assert one_edit(b, a) is near


def test_a_slip_stands_for_one_key_or_none() -> None:
    names = NearNames({"chevron": "CVX", "chevron corp": "CVX", "alcoa": "AA", "alcon": "ALC"})
    assert names.nearest("chevorn") == ("CVX", ("chevron",))
    assert names.nearest("chevron corp.") == ("CVX", ("chevron corp",))
    assert names.nearest("alcao") == ("AA", ("alcoa",))
    # one slip from two companies' names names neither
    assert names.nearest("alco") is None
    assert names.nearest("alcoo") is None
    # a name as written is not a slip of another
    assert names.nearest("alcon") is None
    assert names.nearest("exxon") is None
