"""The words of a question's grammar: what every question about a figure says besides the figure, its
company and its period. The reading keeps them (the pipeline's readers expect them); the item check
(`qa.asked`) drops them from the asked item's words."""

import re

from filingproof.calendar import MONTH_WORDS


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


INSTRUCTION_WORDS = _words(
    "answer respond reply please be keep use cite think write format return include round express give "
    "provide present state list enumerate"
)
PERIOD_WORDS = (
    _words(
        "fiscal year years yearly quarter quarters quarterly month months three six nine twelve ended ending "
        "full whole "
        "end period ytd year-to-date full-year annual annually half first second third fourth most recently "
        "recent latest reported prior previous year-over-year yoy trailing ttm ltm calendar same earlier ago "
        "week weeks wk wks mo mos prior-year year-ago prior-yr three-month six-month nine-month twelve-month "
        "start"
    )
    | MONTH_WORDS
)
QUESTION_WORDS = _words(
    "what whats what'd which who when where how much many was were is are did does do done has have had be "
    "been being will would could can the a an it its they their them we our this that these those dollars "
    "usd value please tell me "
    "pay spend spent spending generate generated produce produced earn make report reporting record post "
    "bring book incur say describe get gets got recorded booked posted incurred worldwide "
    "recognize recognized recognise recognised "
    "discuss "
    "explain mention show drive drives drove driven cause caused face faces carry big large i you your why "
    "put print printed prints printing use keep keeps kept both"
)
DERIVATION_WORDS = _words(
    "growth grow grew grown growing rise rose risen fall fell fallen decline declined drop dropped "
    "difference differ between more less than higher lower bigger larger smaller combined together "
    "sum aggregate divided multiplied plus exceed exceeds exceeded improve improved improving worsen "
    "worsened deteriorate deteriorated versus vs"
)
# Words of a change that are also words of printed lines ("Increase/(decrease) in cash", "Net change in
# short-term borrowings"): the lines a change is computed from are named without them; a figure stated
# alone, as a printed line, keeps them.
CHANGE_WORDS = _words("increase increased decrease decreased change changed changes")
# Words of the arithmetic that are also words of printed items ("effective tax rate percentage"): dropped
# only when the question asks for a derivation.
RATIO_WORDS = _words("percentage percent ratio")
EDGE_WORDS = _words(
    "of for in on at to from by and or the a an during over as with between than about versus vs through "
    "into across throughout within"
)
# Words for a company's part, after its name ("AMC intl segment", "Abbott's diagnostics business"): they
# name no line item.
PART_WORDS = _words(
    "segment segments seg division divisions unit business group side geography geographic portfolio "
    "platform market bucket arm geo franchise department dept"
)
# Nothing but a possessive between a company's name and the next word: "PLTR AIP", "Palantir's AIP"
JUXTAPOSED = re.compile(r"(?:['’]s?)?\s+")
# Two words joined by "+" before "line" name one printed line, its "and" typed "+": "the programming +
# production line" (never "the SG&A + R&D lines", two lines added up)
ONE_LINE_PLUS = re.compile(r"\s\+\s+[\w&-]+\s+line\b(?!s)", re.IGNORECASE)
# Everything the reading keeps as grammar.
GRAMMAR = (
    INSTRUCTION_WORDS
    | PERIOD_WORDS
    | QUESTION_WORDS
    | DERIVATION_WORDS
    | CHANGE_WORDS
    | RATIO_WORDS
    | EDGE_WORDS
)


# Words that ask what a filing expects of a later year ("what production rate changes is Boeing forecasting
# for FY2023"): the latest filing's outlook answers, so they are read, never dropped as a verb.
FORWARD = re.compile(
    r"\b(?:forecast\w*|expect\w*|guidance|guid(?:e|es|ed|ing)|outlook|anticipat\w*|project(?:s|ed|ing|ions?)|"
    r"plans?\s+to)\b",
    re.IGNORECASE,
)
