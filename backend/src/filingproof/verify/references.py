"""Reference forms ("Note 12", "Item 7A", "[c123]") and quantitative claims without a figure ("doubled").

References are not figures, but a number can hide in one ("Note 96995"), so each is checked, never
skipped: a note or a page must be one the cited filings have (the caller says which: `known`), a citation
marker must name a cited cell or a recorded derivation, and every other kind must have its usual shape
(Item 1A, Part 2, Exhibit 31.1, ASC 606, ASU 2016-13, Rule 10b5-1, Section 13(a)).

Claims are words that state a quantity the verifier cannot hold to a cell: multiples ("doubled",
"halved", "tripled", "twofold", "twice"), fractions ("two-thirds", "half of"), and records ("record
revenue", "all-time high"). They always fail, except inside a filer's quoted sentence (the caller's rule).
"""

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Literal

ReferenceKind = Literal[
    "note", "page", "item", "part", "exhibit", "section", "rule", "table", "schedule", "asc", "asu", "topic",
    "cell", "derivation",
]  # fmt: skip

_KINDS: dict[str, ReferenceKind] = {
    "note": "note", "notes": "note", "page": "page", "pages": "page", "item": "item", "items": "item",
    "part": "part", "parts": "part", "exhibit": "exhibit", "exhibits": "exhibit", "section": "section",
    "sections": "section", "rule": "rule", "rules": "rule", "table": "table", "tables": "table",
    "schedule": "schedule", "schedules": "schedule", "asc": "asc", "asu": "asu", "topic": "topic",
}  # fmt: skip
_LABEL = r"\d[\w.\-]*(?:\([a-z0-9]{1,3}\))*"
_REFERENCE = re.compile(
    rf"\b(?P<kind>{'|'.join(sorted(_KINDS, key=len, reverse=True))})\s+"
    rf"(?P<labels>{_LABEL}(?:\s*(?:,|and|&)\s*{_LABEL})*)",
    re.IGNORECASE,
)
_ONE_LABEL = re.compile(_LABEL, re.IGNORECASE)
_MARKERS = re.compile(
    r"\[(?P<marks>(?:cell[:\s]?|[cd])\s*\d+(?:\s*[,;]\s*(?:cell[:\s]?|[cd])\s*\d+)*)\]", re.I
)
_ONE_MARK = re.compile(r"(?P<kind>cell[:\s]?|[cd])\s*(?P<number>\d+)", re.IGNORECASE)
# The usual shape of each kind's label; notes and pages are looked up instead (the caller's `known`).
_SHAPE_TEXTS: dict[ReferenceKind, str] = {
    "item": r"\d{1,2}[A-C]?(?:\.\d{2})?",
    "part": r"[1-4]",
    "exhibit": r"\d{1,3}(?:\.[A-Z0-9]{1,4}){0,2}",
    "section": r"\d{1,3}[A-Z]?(?:\([a-z0-9]{1,3}\))*",
    "rule": r"\d{1,2}[a-z]{1,2}\d?-\d{1,2}(?:\([a-z]\))?",
    "table": r"\d{1,2}",
    "schedule": r"\d{1,2}",
    "asc": r"\d{3}(?:-\d{2,3}){0,3}",
    "asu": r"\d{4}-\d{2}",
    "topic": r"\d{3}",
}
_SHAPES = {kind: re.compile(shape, re.IGNORECASE) for kind, shape in _SHAPE_TEXTS.items()}
LOOKED_UP: frozenset[ReferenceKind] = frozenset({"note", "page"})


@dataclass(frozen=True, slots=True)
class Reference:
    """One reference label: `kind` and `label` ("note", "12"), with the span of the label."""

    kind: ReferenceKind
    label: str
    text: str
    start: int
    end: int

    @property
    def key(self) -> str:
        """How a caller names it in `known`: "note 12", "page 45"."""
        return f"{self.kind} {self.label.lower()}"


def reference_key(kind: ReferenceKind, label: str) -> str:
    return f"{kind} {label.lower()}"


def find_references(text: str) -> list[Reference]:
    """Every reference label and citation marker in `text`, in text order."""
    found = [*_labelled(text), *_marked(text)]
    return sorted(found, key=lambda reference: reference.start)


_POSSESSIVE = ("'s", "’s")


def _labelled(text: str) -> Iterator[Reference]:
    for reference in _REFERENCE.finditer(text):
        kind = _KINDS[reference["kind"].lower()]
        for label in _ONE_LABEL.finditer(text, reference.start("labels"), reference.end("labels")):
            if text[label.end() : label.end() + 2] in _POSSESSIVE:
                continue  # a name's: "the parts 3M's filing prints its sales in"
            written = label[0].rstrip(".-")  # "Note 12." ends the sentence
            start = label.start()
            yield Reference(kind, written, written, start, start + len(written))


def _marked(text: str) -> Iterator[Reference]:
    for marker in _MARKERS.finditer(text):
        for mark in _ONE_MARK.finditer(text, marker.start("marks"), marker.end("marks")):
            kind: ReferenceKind = "derivation" if mark["kind"].lower() == "d" else "cell"
            yield Reference(kind, mark["number"], mark[0], mark.start(), mark.end())


def reference_problem(
    reference: Reference, known: Collection[str], cell_ids: Collection[int], derivations: int
) -> str | None:
    """Why the reference does not stand, or None when it does."""
    if reference.kind == "cell":
        return (
            None
            if int(reference.label) in cell_ids
            else "a citation marker of a cell the draft does not cite"
        )
    if reference.kind == "derivation":
        return None if int(reference.label) < derivations else "a citation marker of no recorded derivation"
    if reference.kind in LOOKED_UP:
        return (
            None
            if reference.key in known
            else f"the cited filings have no {reference.kind} {reference.label}"
        )
    if _SHAPES[reference.kind].fullmatch(reference.label):
        return None
    return f"not the shape of a {reference.kind} reference"


@dataclass(frozen=True, slots=True)
class Claim:
    """Words that state a quantity with no figure to check ("doubled", "record revenue")."""

    text: str
    start: int
    end: int
    reason: str


_MULTIPLES = re.compile(
    r"\b(?:doubl|tripl|quadrupl|quintupl|halv)(?:e|ed|es|ing)\b"
    r"|\b(?:two|three|four|five|six|seven|eight|nine|ten|hundred|several|many|multi|\d+)[-\s]?fold\b"
    r"|\b(?:twice|thrice)\b",
    re.IGNORECASE,
)
_FRACTIONS = re.compile(
    r"\b(?:one|two|three|four|a)[-\s](?:half|halves|thirds?|fifths?|tenths?)\b"
    r"|\b(?<!first\s)(?<!second\s)(?<!1st\s)(?<!2nd\s)half\s+(?:of|a|an)\b",
    re.IGNORECASE,
)
_RECORDS = re.compile(
    r"\b(?:record|all[-\s]time|historic)[-\s](?:(?:net|operating|gross|total|quarterly|annual)\s+)?(?:highs?|lows?|levels?|revenues?|sales|quarters?|years?"
    r"|results?|earnings|profits?|income|margins?|growth|numbers?)\b"
    r"|\b(?:a|an|new)\s+record\b|\brecord[-\s]breaking\b|\b(?:highest|lowest|largest|best|worst)\s+ever\b",
    re.IGNORECASE,
)
# "we record revenue when…": "record" is a verb after these words.
_VERB_BEFORE = re.compile(
    r"\b(?:we|they|it|to|will|would|may|might|must|shall|should|can|could|not|also|and|or|then|\w+ly)\s+$",
    re.IGNORECASE,
)


def find_claims(text: str) -> list[Claim]:
    """Every quantitative claim in `text` that no figure states, in text order."""
    claims = [
        Claim(found[0], found.start(), found.end(), reason)
        for pattern, reason in (
            (_MULTIPLES, "a multiple stated in words, which no cited figure checks"),
            (_FRACTIONS, "a fraction stated in words, which no cited figure checks"),
            (_RECORDS, "a record claimed, which no cited figure checks"),
        )
        for found in pattern.finditer(text)
        if not (
            pattern is _RECORDS and found[0].lower().startswith("record") and _is_verb(text, found.start())
        )
    ]
    return sorted(claims, key=lambda claim: claim.start)


def _is_verb(text: str, start: int) -> bool:
    return _VERB_BEFORE.search(text, max(0, start - 40), start) is not None
