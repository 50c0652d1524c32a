"""What a filing prints on its cover page: "FORM 10-Q", "For the quarterly period ended June 30, 2018".

Inline XBRL says the same in `dei:` tags; a filing from before inline XBRL (or a PDF) says it only in print.
"""

import re
from datetime import date

from filingproof.calendar import LONG_DATE_PATTERN, parse_long_date

FORM_RE = re.compile(
    r"\bform\s+(10-K(?:405|T)?(?:/A)?|10-Q(?:T)?(?:/A)?|20-F(?:/A)?|40-F(?:/A)?)\b", re.IGNORECASE
)
PERIOD_RE = re.compile(
    rf"\bfor\s+the\s+(?:fiscal\s+)?(?:year|quarter(?:ly\s+period)?|period|transition\s+period)\s+"
    rf"(?:ended|ending)\s*:?\s*({LONG_DATE_PATTERN})",
    re.IGNORECASE,
)


def printed_form(text: str) -> str | None:
    """The form the cover names: "FORM 10-Q" → "10-Q"."""
    match = FORM_RE.search(text)
    return match[1].upper() if match else None


def printed_period_end(text: str) -> date | None:
    """The period end the cover names: "For the fiscal year ended December 31, 2018" → 2018-12-31."""
    match = PERIOD_RE.search(" ".join(text.split()))
    return parse_long_date(match[1]) if match else None
