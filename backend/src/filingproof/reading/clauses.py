"""A question's clauses, and which of them ask: the rest is preamble ("putting together a deck on big tech"),
a gloss ("(the year that ended in September 2024)", "i.e. AWS operating income divided by AWS net sales") or
a sign-off ("Thanks a lot"). Only asking clauses name the item; the others lend a company or a period only
when the asking clauses name none.
"""

import re
from dataclasses import dataclass
from typing import Literal

ClauseKind = Literal["asking", "context", "gloss", "definition"]

# A sentence or clause break: "?", "!", ";", ":", a sentence's "." (not "3.5", nor an abbreviation's: see
# `_ABBREVIATION`), a dash between spaces ("big tech — could you …"), a parenthesis.
_BREAK = re.compile(r"[?!;]+\s*|(?<=\S)\.(?=\s|$)\s*|:\s+|\s+[-–—]+\s+|[–—]+|\(|\)")
# Words whose "." is not a sentence's: one letter ("N. America", "i.e.", "U.S."), legal forms, "vs.".
_ABBREVIATION = re.compile(r"(?:^|[\s.(])(?:[A-Za-z]|inc|corp|co|ltd|vs|no|st|dept|approx|incl|excl)$", re.I)
# A gloss opens with its marker: "i.e. …", "I mean …", "e.g. …", "not the …", "that is, …".
_GLOSS_START = re.compile(r"^\s*(?:,\s*)?(?:i\.?e\.?|e\.?g\.?|that\s+is|in\s+other\s+words)\b,?", re.I)
_GLOSS_INSIDE = re.compile(
    r",\s*(?:i\.?e\.?|e\.?g\.?|that\s+is)\b|,?\s*\b(?:calculated|computed|defined|measured)\s+as\b|\s=\s",
    re.I,
)
# A gloss that states how the figure is computed: operands joined by an operator word.
_OPERATOR_WORD = re.compile(
    r"\s[-+/*]\s|\b(?:minus|less|plus|divided\s+by|over|times|multiplied\s+by)\b|\bas\s+a\s+(?:%|percent)",
    re.IGNORECASE,
)
# What makes a clause a question: a question word, a request, or its question mark.
_QUESTION_CUE = re.compile(
    r"\b(?:what(?:'s)?|whats|how|which|who|whose|when)\b|^\W*(?:did|does|do|is|was|were|are|has|have)\b"
    r"|\b(?:can|could|would|will)\s+you\b|\bi(?:'d| would)?\s+(?:need|want|like)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Clause:
    start: int
    end: int
    kind: ClauseKind
    question_mark: bool = False


def split_clauses(text: str) -> list[Clause]:
    """The clauses of `text` in order, each marked asking, context or gloss (a parenthesis, an "i.e."):
    clauses that hold a question cue ask; when none does (a terse "TSLA rev FY24"), every clause that is
    not a gloss asks."""
    pieces: list[tuple[int, int, bool, bool]] = []  # start, end, gloss, question mark
    start, depth = 0, 0
    for found in _BREAK.finditer(text):
        if found.group().startswith(".") and _ABBREVIATION.search(text, 0, found.start()):
            continue
        if depth > 0 and found.group().strip() in ("-", "–", "—", "--"):
            continue  # "(CFO - capex)": a minus inside a parenthesis
        if found.start() > start:
            pieces.append((start, found.start(), depth > 0, "?" in found.group()))
        depth += found.group().count("(") - found.group().count(")")
        start = found.end()
    if start < len(text):
        pieces.append((start, len(text), depth > 0, False))
    clauses: list[tuple[int, int, bool, bool]] = []
    for piece_start, piece_end, gloss, mark in pieces:
        inside = _GLOSS_INSIDE.search(text, piece_start, piece_end)
        if inside is not None and not gloss:
            clauses.append((piece_start, inside.start(), False, mark))
            clauses.append((inside.start(), piece_end, True, mark))
        else:
            gloss = gloss or bool(_GLOSS_START.match(text[piece_start:piece_end]))
            clauses.append((piece_start, piece_end, gloss, mark))
    # the clauses with a question word or a request ask; else those with a question mark; else all
    asking = [(s, e) for s, e, gloss, _ in clauses if not gloss and _QUESTION_CUE.search(text[s:e])]
    asking = asking or [(s, e) for s, e, gloss, mark in clauses if not gloss and mark]
    result = []
    for s, e, gloss, mark in clauses:
        if not text[s:e].strip(" ,.-"):
            continue
        if gloss:
            kind: ClauseKind = "definition" if _OPERATOR_WORD.search(text, s, e) else "gloss"
        elif (s, e) in asking or not asking:
            kind = "asking"
        else:
            kind = "context"
        result.append(Clause(s, e, kind, mark))
    return result
