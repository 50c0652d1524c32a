"""A yes/no question about which way a figure moved ("Did Home Depot's net sales increase in fiscal 2023?",
"Was there any drop in cash between FY2023 and Q2 FY2024?", "Did R&D change?"), answered first with the
verdict its computed change gives: yes when the change moved the way asked (any way, for "change").

The verdict is the sign of a change derivation the verifier recomputes from the cited cells, never a
reading of the filer's words.
"""

import re
from decimal import Decimal
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # `qa.pick` reads the way asked: the answer's type only, here
    from filingproof.qa.pick import TableAnswer
    from filingproof.verify.derive import Derivation

Way = Literal["up", "down", "any"]
_YES_NO = re.compile(
    r"(?:^|[.?!:;,\u2013\u2014-]\s*)(?:did|does|do|was|were|is|are|has|have|had)\b", re.IGNORECASE
)
# the words of a fall ("drop", "declined", "shrank", "went down"), also what a ranking reads "which one
# shrank" by (`qa.ranking`)
MOVED_DOWN = re.compile(
    r"\b(?:decreas\w*|drop\w*|declin\w*|f[ae]ll\w*|shr[aiu]nk\w*|go(?:ne)?\s+down|went\s+down|c[oa]me\s+down)\b",
    re.I,
)
_WAYS: tuple[tuple[Way, re.Pattern[str]], ...] = (
    (
        "up",
        re.compile(
            r"\b(?:increas\w*|r[io]se|rising|grow\w*|grew|go(?:ne)?\s+up|went\s+up|c[oa]me\s+up|improv\w*)\b",
            re.I,
        ),
    ),
    ("down", MOVED_DOWN),
    ("any", re.compile(r"\b(?:chang\w*|differ\w*|mov(?:e|ed))\b", re.I)),
)
_CHANGE_KINDS = ("change", "growth")
# "… by how much and why?", "what drove it?": reasons, which a computed change does not give
_WHY = re.compile(r"\bwhy\b|\bwhat\s+(?:drove|drives|caused|explains)\b|\breasons?\b", re.IGNORECASE)
REASONS_UNANSWERED = (
    "This answer gives the change, not its reasons: the filings' explanations are not quoted beside a "
    "computed figure."
)
# "What drove gross margin change as of FY2022?" answered by the margin alone: the figures are no reasons
FIGURES_NOT_REASONS = (
    "This answer gives the figures, not the reasons the question asks for: the filings' explanations are "
    "not quoted beside them."
)
# the least move of a percent (in points) and of a ratio that their figures, written to one and two
# decimals, show
_UNSEEN = {"percent": Decimal("0.05"), "ratio": Decimal("0.005")}
CHANGE_LABEL = "change in "  # a formula derivation's label when it is one line's move between two periods


def asked_way(question: str) -> Way | None:
    """The way a yes/no question asks a figure to have moved, or None when it asks no such thing."""
    if not _YES_NO.search(question):
        return None
    ways = [way for way, pattern in _WAYS if pattern.search(question)]
    if "up" in ways and "down" in ways:
        return None  # "did it increase or decrease": the change's own sentence says which
    return ways[0] if ways else None


def _changes(table: "TableAnswer") -> list["Derivation"]:
    return [
        d.derivation
        for d in table.derived
        if d.derivation.kind in _CHANGE_KINDS or d.derivation.label.startswith(CHANGE_LABEL)
    ]


def with_unanswered_why(table: "TableAnswer", question: str, quoted: bool) -> "TableAnswer":
    """The answer saying it leaves the reasons out, when the question asks why a figure moved (or what drove
    it) and the answer gives figures without quoting the filings (`quoted`): no half-answer passes for a
    whole one."""
    if not _WHY.search(question) or quoted or not (table.picks or table.derived):
        return table
    said = REASONS_UNANSWERED if _changes(table) else FIGURES_NOT_REASONS
    if said not in table.unanswered:
        table.unanswered.append(said)
    return table


# "… also as % of sales", "and as a percentage of revenue": the figure over a whole, asked beside it
_SHARE_ASKED = re.compile(
    r"\bas\s+(?:an?\s+)?(?:%|pct|percent(?:age)?|share)\s+of\s+(?:total\s+|net\s+)?"
    r"(?P<whole>sales|revenues?|net\s+sales|net\s+revenues?)\b",
    re.IGNORECASE,
)
_SHARES: frozenset[str] = frozenset({"margin", "ratio", "formula"})


def with_unanswered_share(table: "TableAnswer", question: str) -> "TableAnswer":
    """The answer saying it leaves out the share of sales the question asks beside its figures ("did SG&A go
    up …? by how much, and why? also as % of sales") when it computes none: no half-answer passes for a
    whole one."""
    asked = _SHARE_ASKED.search(question)
    if asked is None or not (table.picks or table.derived):
        return table
    if any(d.derivation.kind in _SHARES for d in table.derived):
        return table
    whole = asked["whole"].lower()
    said = f"This answer does not give the figures as a percentage of {whole}, which the question asks."
    if said not in table.unanswered:
        table.unanswered.append(said)
    return table


def with_direction_verdict(table: "TableAnswer", question: str) -> "TableAnswer":
    """The answer with its verdict first when the question asks which way one figure moved and the answer
    computes that one change; unchanged otherwise."""
    way = asked_way(question)
    changes = _changes(table)
    if way is None or len(changes) != 1 or table.verdict is not None:
        return table
    value = changes[0].value
    # a rate's move below what its written figures show (17.7% both years, +0.04 points) is no move
    unseen = _UNSEEN.get(changes[0].unit)
    moved: Way | None = (
        None if value == 0 or (unseen is not None and abs(value) < unseen) else "up" if value > 0 else "down"
    )
    holds = moved is not None and way in (moved, "any")
    said = {"up": "an increase", "down": "a decrease", None: "no change"}[moved]
    if moved is None and value != 0:
        said = "no change at the precision the figures are written in"
    table.verdict = f"{'Yes' if holds else 'No'}: the cited figures show {said}."
    return table
