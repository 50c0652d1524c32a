"""Numbers as filings print them: `(1,234)` is −1,234, an em dash is zero, `12.5%` is a percentage.

Pure functions; the table parser folds `$`, `%` and `)` fragment cells into their number before calling these.
"""

import re
from dataclasses import dataclass
from decimal import Decimal

DASHES = frozenset("—–-‒―")
_NUMBER = re.compile(
    r"""^\s*
    (?P<open>\()?\s*
    (?P<cur>[$€£¥])?\s*
    (?P<open2>\()?\s*
    (?P<minus>[-−–])?\s*
    (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*
    (?P<suffix>%|x|pts?|bps)?\s*
    (?P<close>\))?\s*
    (?P<suffix2>%)?\s*
    $""",
    re.VERBOSE | re.IGNORECASE,
)
_YEAR = re.compile(r"^(?:19|20)\d{2}$")
# A year anywhere in a text: "Fiscal 2024", "December 31, 2023".
YEAR_IN_RE = re.compile(r"\b(?:19|20)\d{2}\b")
# A parenthetical in a label or a header: "(in millions)", "(1)".
PARENTHETICAL_RE = re.compile(r"\([^)]*\)")


@dataclass(frozen=True, slots=True)
class ParsedNumber:
    value: Decimal  # as printed (before the table's scale), signed
    is_percent: bool
    is_currency: bool
    is_dash: bool
    decimals: int  # digits after the decimal point as printed


def normalize_space(text: str) -> str:
    return " ".join(text.replace("\u200b", "").split())


def parse_number(text: str) -> ParsedNumber | None:
    """Parse one cell's display text; None when it is not a number."""
    compact = normalize_space(text).rstrip("*†‡ ")  # footnote marks: "1,153,049*"
    if not compact:
        return None
    bare = compact.replace("$", "").replace("(", "").replace(")", "").strip()
    dash = bare.removesuffix("%").strip()
    if dash and all(ch in DASHES for ch in dash):  # "—", "$ —", "— %"
        return ParsedNumber(Decimal(0), bare.endswith("%"), "$" in compact, True, 0)
    match = _NUMBER.match(compact)
    if match is None:
        return None
    negative = bool(match["open"] or match["open2"]) or bool(match["minus"])
    if bool(match["open"] or match["open2"]) != bool(match["close"]):
        # "(1,234" alone is a fragment whose ")" sits in the next cell; the caller folds it first.
        negative = bool(match["open"] or match["open2"])
    digits = match["num"].replace(",", "")
    value = Decimal(digits)
    suffix = (match["suffix"] or match["suffix2"] or "").lower()
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return ParsedNumber(
        value=-value if negative else value,
        is_percent=suffix == "%",
        is_currency=match["cur"] is not None,
        is_dash=False,
        decimals=decimals,
    )


def is_year(text: str) -> bool:
    """ "2024", also with a footnote mark: "2022*", "2023(1)"."""
    return bool(_YEAR.match(_FOOTNOTE_MARK_RE.sub("", normalize_space(text))))


_FOOTNOTE_MARK_RE = re.compile(r"(?:[*†‡]+|\s*\((?:\d|[a-z])\))$")
