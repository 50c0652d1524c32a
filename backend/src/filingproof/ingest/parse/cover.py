"""What a filing prints on its cover page: "FORM 10-Q", "For the quarterly period ended June 30, 2018".

Inline XBRL says the same in `dei:` tags; a filing from before inline XBRL (or a PDF) says it only in print.
"""

import re
from dataclasses import dataclass
from datetime import date

from filingproof.calendar import LONG_DATE_PATTERN, parse_long_date

FORM_RE = re.compile(
    r"\bform\s+(10-K(?:405|T)?(?:/A)?|10-Q(?:T)?(?:/A)?|20-F(?:/A)?|40-F(?:/A)?|8-K(?:/A)?)\b", re.IGNORECASE
)
# A form a sentence names ("our Quarterly Report on Form 10-Q", "the Q1 2023 Form 10-Q"), as an earnings
# release or a title page does: not the cover's own "FORM 10-Q".
_NAMED_IN_A_SENTENCE = re.compile(
    r"\b(?:on|in|our|its|this|the|see|of|under|with|and|or|a|an|(?:19|20)\d\d)\W*$", re.IGNORECASE
)
PERIOD_RE = re.compile(
    rf"\bfor\s+the\s+(?:fiscal\s+)?(?:year|quarter(?:ly\s+period)?|period|transition\s+period)\s+"
    rf"(?:ended|ending)\s*:?\s*({LONG_DATE_PATTERN})",
    re.IGNORECASE,
)
# An 8-K's day: "Date of report (Date of earliest event reported): May 20, 2022 (May 18, 2022)".
_REPORT_DATE_RE = re.compile(rf"\bdate\s+of\s+report\b[^:]{{0,60}}:?\s*({LONG_DATE_PATTERN})", re.IGNORECASE)


def printed_form(text: str) -> str | None:
    """The form the cover names: "FORM 10-Q" → "10-Q"; never one a sentence names."""
    for match in FORM_RE.finditer(text):
        if not _NAMED_IN_A_SENTENCE.search(text[max(0, match.start() - 24) : match.start()]):
            return match[1].upper()
    return None


def printed_period_end(text: str) -> date | None:
    """The period end the cover names: "For the fiscal year ended December 31, 2018" → 2018-12-31; an 8-K's,
    the day of its report."""
    flat = " ".join(text.split())
    match = PERIOD_RE.search(flat) or _REPORT_DATE_RE.search(flat)
    return parse_long_date(match[1]) if match else None


@dataclass(frozen=True, slots=True)
class RegistrantNumbers:
    """What the SEC and the IRS know a registrant by, kept when it changes its name: its Commission File
    Number and its Employer Identification Number. Facebook's 2019 cover and Meta Platforms' 2023 `dei:`
    tags give the same two: the same registrant, under the CIK its newer filings name."""

    file_number: str  # "1-35551": each part without leading zeros ("001-35551" and "1-35551" are one)
    tax_id: str  # "201665019": the nine digits


_FILE_NUMBER_RE = re.compile(r"^(\d{1,3})-(\d{3,6})$")
_TAX_ID_RE = re.compile(r"^(\d{2})-?(\d{7})$")


def registrant_numbers(file_number: str | None, tax_id: str | None) -> RegistrantNumbers | None:
    """Both numbers as one form writes them ("001-35551", "20-1665019"); None unless both read."""
    file_match = _FILE_NUMBER_RE.match((file_number or "").strip())
    tax_match = _TAX_ID_RE.match((tax_id or "").strip())
    if file_match is None or tax_match is None:
        return None
    return RegistrantNumbers(f"{int(file_match[1])}-{int(file_match[2])}", tax_match[1] + tax_match[2])


# "Commission File Number: 001-35551", "Commission file no. 1-5231"; or the number above its caption:
# "001-35551 (Commission File Number)".
_PRINTED_FILE_NUMBER_RE = re.compile(
    r"commission\s+file\s+(?:number|no\.?)\s*[:.]?\s*(\d{1,3}-\d{3,6})\b"
    r"|\b(\d{1,3}-\d{3,6})\s*\(?\s*commission\s+file\s+(?:number|no\b)",
    re.IGNORECASE,
)
_IRS_CAPTION_RE = re.compile(r"I\.\s?R\.\s?S\.|employer\s+identification", re.IGNORECASE)
_PRINTED_TAX_ID_RE = re.compile(r"(?<![\d-])(\d{2}-\d{7})(?![\d-])")


def printed_registrant_numbers(text: str) -> RegistrantNumbers | None:
    """The numbers a cover prints: the commission file number by its caption, the employer identification
    number as the cover's one "NN-NNNNNNN" (no phone number or ZIP code is written so) under an "I.R.S.
    Employer Identification" caption. A combined report prints one of each per registrant: the first."""
    flat = " ".join(text.split())
    file_match = _PRINTED_FILE_NUMBER_RE.search(flat)
    tax_match = _PRINTED_TAX_ID_RE.search(flat) if _IRS_CAPTION_RE.search(flat) else None
    if file_match is None or tax_match is None:
        return None
    return registrant_numbers(file_match[1] or file_match[2], tax_match[1])
