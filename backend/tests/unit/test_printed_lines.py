"""A line no curated item names, as the question's words for it, found in a row or a bare total's heading;
its printed name with the words that qualify it; a filer's own measure of its parts, named by its heading
(issue 28)."""

from filingproof.qa.parts import OwnMeasure, _heading_name, printed_line


def test_a_printed_line_is_its_words_hyphens_and_plurals_aside() -> None:
    line = printed_line("short term investments", "instant")
    assert line.pattern.search("Short-term investments > Corporate bonds")
    assert line.row_labels.fullmatch("Total short-term investment")
    assert not line.row_labels.fullmatch("Short-term investments, at fair value")
    assert not printed_line("EBITDAR", "duration").pattern.search("Adjusted EBITDA")


def test_a_line_in_a_heading_keeps_the_words_that_qualify_it() -> None:
    # MGM Resorts' fourth-quarter 2022 earnings release, page 15: a blank total under this heading
    heading = (
        "MGM RESORTS INTERNATIONAL AND SUBSIDIARIES SUPPLEMENTAL DATA – ADJUSTED PROPERTY EBITDAR AND "
        "ADJUSTED EBITDAR (In thousands) (Unaudited) Twelve months ended December 31, 2022"
    )
    assert _heading_name(heading, printed_line("EBITDAR", "duration")) == "adjusted property ebitdar"
    assert _heading_name("SUPPLEMENTAL DATA – NET REVENUES", printed_line("revenues", "duration")) == (
        "net revenues"
    )
    assert _heading_name("Segment information", printed_line("EBITDAR", "duration")) is None


def test_a_measure_is_named_by_its_heading_without_its_period() -> None:
    # Best Buy's 10-Q for the quarter ended July 29, 2023, page 17
    assert OwnMeasure("Comparable Sales Three Months Ended July 29, 2023", {}).name == "comparable sales"
    assert OwnMeasure("Same-store sales Fiscal 2023", {}).name == "same-store sales"
    # 3M's FY2022 10-K, page 25: a change, as the table's title says
    assert OwnMeasure("Organic sales", {}, "Worldwide Sales Change").name == "organic sales change"
