"""Why a figure moved, from the filer's MD&A: a sentence stands under its heading ("Media Segment – Revenue"),
gives the cause of the year asked, of the line asked, and of the part asked, named in full or by its initials
(issue 28)."""

from filingproof.agent.passages import (
    _Relevance,
    _roots,
    _score,
    _Sentence,
    _sentence,
    headed_sentences,
    item_weights,
)
from filingproof.index.bm25 import TermIdf
from filingproof.index.tokenize import tokenize

# Comcast's 2023 10-K, page 45, as its page text is stored
COMCAST_PAGE = "\n".join(
    [
        "Table of Contents",
        "We continue to invest significantly in existing and new theme park attractions, hotels and "
        "infrastructure.",
        "[table 93]",
        "Media Segment – Revenue",
        "Revenue decreased in 2023 primarily due to our broadcasts of the Beijing Olympics, Super "
        "Bowl and FIFA "
        "World Cup in 2022.",
        "Revenue decreased in 2022 due to our broadcast of the Tokyo Olympics in 2021, which more "
        "than offset "
        "the impact of our broadcasts of the Beijing Olympics, Super Bowl and FIFA World Cup in 2022.",
        "Media Segment – Costs and Expenses",
        "Programming and production costs decreased in 2023 primarily due to costs associated with our "
        "broadcasts of the Beijing Olympics, Super Bowl and FIFA World Cup in 2022.",
    ]
)

# RTX's 2023 10-K, page 44: a period's subheading divides the segment's heading
RTX_PAGE = "\n".join(
    [
        "Collins Aerospace",
        "[table 33]",
        "2023 Compared with 2022",
        "[table 34]",
        "The organic sales increase of $3.2 billion in 2023 compared to 2022 primarily relates to higher "
        "commercial aerospace aftermarket sales of $2.1 billion, including increases across all aftermarket "
        "sales channels.",
    ]
)


def _why(item: str, question: str, years: tuple[int, ...], line: str) -> _Relevance:
    # a line's words are common in filings, a part's name rare
    weights = {word: 0.5 if word in line.lower().split() else 1.0 for word in item.lower().split()}
    return _Relevance(
        item=item_weights(item, TermIdf(weights, rarest=1.0)),
        other=frozenset(),
        asks_figure=False,
        asks_why=True,
        question=question,
        years=frozenset(years),
        line=_roots(line),
    )


MEDIA = _why(
    "Media segment revenue", "why did comcast's Media segment revenue fall in 2023?", (2023,), "revenue"
)


def _under_headings(page: str) -> list[_Sentence]:
    return [_sentence(text, heading) for text, heading in headed_sentences(page)]


def test_a_sentence_keeps_the_heading_it_stands_under() -> None:
    headed = headed_sentences(COMCAST_PAGE)
    assert headed[1] == (
        "Revenue decreased in 2023 primarily due to our broadcasts of the Beijing Olympics, Super "
        "Bowl and FIFA "
        "World Cup in 2022.",
        "Media Segment – Revenue",
    )
    assert headed[0][1] == "Table of Contents"
    assert headed[-1][1] == "Media Segment – Costs and Expenses"
    # a period's subheading stays under the heading it divides
    assert headed_sentences(RTX_PAGE)[0][1] == "Collins Aerospace — 2023 Compared with 2022"


def test_the_heading_names_whose_line_moved() -> None:
    this_year, last_year, costs = _under_headings(COMCAST_PAGE)[1:]
    assert _score(this_year, MEDIA, 0) is not None
    assert _score(_sentence(this_year.text), MEDIA, 0) is None  # without its heading: whose revenue?
    assert _score(last_year, MEDIA, 0) is None  # 2022's cause, not 2023's
    assert _score(costs, MEDIA, 0) is None  # another line under the segment's heading


def test_a_segment_heading_the_question_does_not_name_is_another_part() -> None:
    company = _why("revenue", "Why did Comcast's revenue change in 2023?", (2023,), "revenue")
    assert _score(_under_headings(COMCAST_PAGE)[1], company, 0) is None


def test_a_subheading_of_a_period_keeps_its_segment() -> None:
    collins = _why(
        "Collins Aerospace sales",
        "RTX FY23: what drove the increase in Collins Aerospace sales?",
        (2023,),
        "sales",
    )
    assert _score(_under_headings(RTX_PAGE)[0], collins, 0) is not None


def test_a_part_named_before_the_line_is_not_the_asked_one() -> None:
    # Apple's fiscal 2024 10-K, page 23
    services = _why(
        "Services net sales",
        "why did Apple's Services net sales increase in fiscal 2024?",
        (2024,),
        "net sales",
    )
    asked = _sentence(
        "Services net sales increased during 2024 compared to 2023 due primarily to higher net sales from "
        "advertising, the App Store® and cloud services."
    )
    ipad = _sentence(
        "iPad net sales decreased during 2024 compared to 2023 due primarily to lower net sales of "
        "iPad Pro and "
        "the entry-level iPad models, partially offset by higher net sales of iPad Air."
    )
    americas = _sentence(
        "Americas net sales increased during 2024 compared to 2023 due primarily to higher net "
        "sales of Services."
    )
    margin = _sentence(
        "Services gross margin percentage increased during 2024 compared to 2023 due to a "
        "different Services mix."
    )
    assert _score(asked, services, 0) is not None
    assert _score(ipad, services, 0) is None
    assert _score(americas, services, 0) is None
    assert _score(margin, services, 0) is None  # a margin's move, not the sales'


def test_a_part_written_as_its_initials_is_the_one_the_question_writes_out() -> None:
    # Amazon's 2024 10-K, page 27; the reading writes the member in full
    aws = _why(
        "Amazon Web Services operating income",
        "What drove the change in Amazon Web Services operating income in FY2024",
        (2024,),
        "operating income",
    )
    asked = _sentence(
        "The increase in AWS operating income in 2024, compared to the prior year, is primarily "
        "due to increased "
        "sales, decreased payroll and related expenses."
    )
    other = _sentence(
        "The International operating income in 2024, as compared to the operating loss in the prior year, is "
        "primarily due to increased unit sales and increased advertising sales."
    )
    assert _score(asked, aws, 0) is not None
    assert _score(other, aws, 0) is None


def test_a_cause_is_of_a_move() -> None:
    # Comcast's 2023 10-K, page 77: what the revenue is, not why it moved
    parks = _why(
        "Theme Parks revenue", "why did Comcast's Theme Parks revenue grow in 2023?", (2023,), "revenue"
    )
    says_what = _sentence(
        "Theme Parks generates revenue primarily from guest spending at our Universal theme parks "
        "in Orlando, "
        "Florida; Hollywood, California; Osaka, Japan; and Beijing, China."
    )
    moved = _sentence(
        "Theme park segment revenue increased in 2023 driven by an increase at our international theme parks."
    )
    assert _score(says_what, parks, 0) is None
    assert _score(moved, parks, 0) is not None


def test_a_sentence_pointing_elsewhere_is_never_quoted() -> None:
    # Comcast's 2023 10-K, page 4, for "list CMCSA's reportable segments": it says where the list is
    segments = _Relevance(item={}, other=frozenset(tokenize("reportable segments")), asks_figure=False)
    pointer = _sentence(
        "For additional information on our businesses and segments, including our segment change in the "
        "first quarter of 2023, refer to Item 7: Management’s Discussion and Analysis of Financial "
        "Condition and Results of Operations."
    )
    listed = _sentence(
        "Our Connectivity & Platforms business is reported in two segments, Residential Connectivity & "
        "Platforms and Business Services Connectivity."
    )
    assert _score(pointer, segments, 0) is None
    assert _score(listed, segments, 0) is not None
