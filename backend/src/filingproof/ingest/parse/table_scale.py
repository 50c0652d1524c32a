"""A table's scale: "(in millions)", "in thousands, except per share data", stated in its header, the prose
before it, the table it continues or the document.
"""

import re
from dataclasses import dataclass

from filingproof.ingest.parse.table_grid import Item, Surroundings

_SCALE_RE = re.compile(
    r"\bin\s+(thousands|millions|billions)\b|\((thousands|millions|billions)\b|"
    r"\$\s*(thousands|millions|billions)\b|^(thousands|millions|billions)\b",
    re.IGNORECASE,
)


# "(In millions, except number of shares, which are reflected in thousands …)": shares have their own scale.
_SHARES_SCALE_RE = re.compile(
    r"except[^.;]{0,40}?shares?[^.;()]{0,40}?\b(?:in|reflected in)\s+(thousands|millions)|"
    # (Not "(Dollars and shares in millions)", "($ and shares in millions …)": both are.)
    r"(?<!dollars and )(?<!\$ and )shares?\s+\(?in\s+(thousands|millions)\b",
    re.IGNORECASE,
)


# A footnote under a table ("(a) In billions.", "(1) Weighted-average shares (in millions)") speaks for the
# figures it marks, not for a table.
# (Not a label's mark: "Operating Earnings (a) (in millions)".)
_FOOTNOTE_START_RE = re.compile(
    r"(?:^|[.:;]\s*|[\d)]\s+)(?:\((?:[a-z]|\d{1,2})\)|\*+|†)\s*[^.;]{0,80}$", re.IGNORECASE
)


_EXCEPT_SHARES_RE = re.compile(r"\bexcept\b[^.;)]*?(?<!per )(?<!per-)\bshares?\b(?![- ]based)", re.IGNORECASE)


_WHOLE_DOLLARS_RE = re.compile(r"\bin (?:whole|actual) dollars\b", re.IGNORECASE)


_SCALE_POWERS = {"thousands": 3, "millions": 6, "billions": 9}


def find_scale(text: str, *, shares_apart: bool = True) -> tuple[int, str | None]:
    """The scale a "(in millions)" line states; the last one in the text is the nearest to the table.

    With `shares_apart`, a scale stated for shares alone ("shares in thousands") is not the table's.
    """
    exceptions = [m.span() for m in _SHARES_SCALE_RE.finditer(text)] if shares_apart else []
    matches = [
        m
        for m in _SCALE_RE.finditer(text)
        if not any(a <= m.start() < b for a, b in exceptions)
        and not _FOOTNOTE_START_RE.search(text, max(0, m.start() - 80), m.start())
    ]
    if not matches:
        return 0, None
    match = matches[-1]
    word = next(group for group in match.groups() if group)
    return _SCALE_POWERS[word.lower()], match[0]


@dataclass(frozen=True, slots=True)
class Scale:
    scale: int  # the power of ten the table's figures are stated in
    text: str | None  # the words that say so: "(in millions)"
    shares: int | None  # a scale stated for share counts alone: "(shares in thousands)"
    monetary: bool  # a `$` in the table or its scale line
    from_document: bool = False  # the document's default ("amounts in tables are in millions"), not its own
    shares_header: bool = False  # its header states a scale for shares: its bare counts are shares


def _states_default(prose: str, default: tuple[int, str | None]) -> bool:
    """Is the last scale `prose` states the document's default sentence, repeated (a page header)?"""
    sentence = default[1]
    at = prose.rfind(sentence) if sentence else -1
    return at >= 0 and find_scale(prose[at + len(sentence or "") :])[1] is None


def scale_of_table(items: list[list[Item]], header_text: str, around: "Surroundings") -> Scale:
    """The scale phase: stated in the header, else in the prose just before the table, else the scale of
    the table it continues, else the document's default."""
    context_before = around.scale_prose
    scale, text = find_scale(header_text)
    if text is None and (whole := _WHOLE_DOLLARS_RE.search(header_text)):
        scale, text = 0, whole[0]  # "(in whole dollars)" under the years, in a note in millions
    # (The prose before a table may state the document's default itself: a page header repeating
    # "(Dollars in tables in millions, except per share amounts)".)
    repeated = False
    if text is None:
        scale, text = find_scale(context_before)
        repeated = text is not None and _states_default(context_before, around.document_scale)
    if text is None:
        # A table continued from the one just before it (same note, a page later) keeps its scale.
        scale, text = around.inherited_scale
    from_document = repeated or (text is None and around.document_scale[1] is not None)
    if from_document and text is None:
        scale, text = around.document_scale
    shares_match = _SHARES_SCALE_RE.search(f"{header_text} {context_before}")
    shares = _SCALE_POWERS[next(g for g in shares_match.groups() if g).lower()] if shares_match else None
    if shares is None and text is not None and _EXCEPT_SHARES_RE.search(text):
        shares = 0  # "(in thousands, except share and per share data)": share counts are written in full
    monetary = any("$" in item.text for row in items for item in row) or bool(
        re.search(r"dollars|\$", f"{header_text} {text or ''}", re.IGNORECASE)
    )
    # A header that states a scale for shares alone ("(shares in thousands)"), none for amounts.
    shares_header = bool(_SHARES_SCALE_RE.search(header_text)) and not re.search(
        r"dollars|\$|amounts", header_text, re.IGNORECASE
    )
    return Scale(scale, text, shares, monetary, from_document, shares_header)
