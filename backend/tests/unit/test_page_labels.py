"""The printed page number read from a page's footer: the number the filing's own index uses."""

import pytest

from filingproof.ingest.parse.layout import PageLayout


@pytest.mark.parametrize(
    ("footer", "label"),
    [
        (["Apple Inc. | 2024 Form 10-K | 29"], "29"),  # Apple: the number after the last bar
        (["29"], "29"),
        (["53."], "53"),  # Alphabet: the number and a full stop, on a line of their own
        (["F-3"], "F-3"),
        (["ii"], "ii"),
        (["See accompanying notes.", "53."], "53"),
        (["See Note 7."], None),  # a sentence ending in a number is not a footer
        (["Total revenues increased 12."], None),
        (["In fiscal 2024."], None),
        (["1234."], None),
    ],
)
def test_reads_the_printed_number_from_the_footer(footer: list[str], label: str | None) -> None:
    page = PageLayout(
        1, blocks=["Some prose of the page that is longer than a footer would be, so it is not one.", *footer]
    )
    assert page.label == label


def test_a_table_marker_is_not_a_footer() -> None:
    assert PageLayout(1, blocks=["Prose.", "12", "[table 3]"]).label == "12"
