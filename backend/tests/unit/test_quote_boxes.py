"""A quoted sentence found on its page's drawn lines: the boxes of the lines it is drawn on."""

from filingproof.agent.passages import sentence_boxes

LINES = [
    ["Item 7. Management's Discussion", 8, 10, 300, 24],
    ["Net sales rose. The Company's gross margin was higher due to", 8, 40, 992, 54],
    ["a different mix of products and services. Operating expenses", 8, 58, 992, 72],
    ["grew 5%.", 8, 76, 70, 90],
]


def test_a_sentence_wrapped_over_two_lines_is_boxed_on_both() -> None:
    sentence = "The Company's gross margin was higher due to a different mix of products and services."
    assert sentence_boxes(sentence, LINES) == ((8.0, 40.0, 992.0, 54.0), (8.0, 58.0, 992.0, 72.0))


def test_spacing_is_not_compared() -> None:
    # the page's text may space a figure split across elements ("5 %") where the drawn line does not
    boxes = sentence_boxes("Operating   expenses grew 5 %.", LINES)
    assert boxes == ((8.0, 58.0, 992.0, 72.0), (8.0, 76.0, 70.0, 90.0))


def test_a_sentence_within_one_line() -> None:
    assert sentence_boxes("Net sales rose.", LINES) == ((8.0, 40.0, 992.0, 54.0),)


def test_a_sentence_not_drawn_on_the_page_has_no_box() -> None:
    assert sentence_boxes("Net sales fell.", LINES) == ()
    assert sentence_boxes("Net sales rose.", []) == ()
    assert sentence_boxes("   ", LINES) == ()
