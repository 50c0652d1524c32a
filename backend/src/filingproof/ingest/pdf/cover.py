"""What a PDF filing says about itself on its cover page: company, form, period, trading symbol.

An EDGAR cover page prints "FORM 10-K", "For the fiscal year ended December 31, 2018", the registrant's name
above "(Exact name of registrant as specified in its charter)" and, since 2019, each class's "Trading
Symbol(s)". A PDF carries no `dei:` tags: these lines are read instead.
"""

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from filingproof.calendar import END_SLACK, LONG_DATE_PATTERN, fiscal_year_of, parse_long_date
from filingproof.ingest.parse.cover import (
    FORM_RE,
    RegistrantNumbers,
    printed_form,
    printed_period_end,
    printed_registrant_numbers,
)
from filingproof.ingest.parse.release import RELEASE_FORM, ReleaseHeadline, read_headline
from filingproof.ingest.pdf.lines import Line

_COVER_PAGES = 3  # the cover is the first page, but a filing may open with a title page or an index
_EXACT_NAME_RE = re.compile(r"\(?\s*exact\s+name\s+of\s+(?:the\s+)?registrant", re.IGNORECASE)
_SYMBOL_HEADER_RE = re.compile(r"trading\s+symbol", re.IGNORECASE)
_TICKER_RE = re.compile(r"^[A-Z]{1,5}(?:[.-][A-Z]{1,2})?$")
_NOT_TICKERS = frozenset(
    {"NYSE", "LLC", "INC", "NONE", "OR", "THE", "NASDAQ", "CBOE", "II", "III", "IV", "A", "B"}
)
_NOT_NAMES_RE = re.compile(
    r"commission\s+file|securities|washington|^united\s+states$|^form\b|^\(?mark one|report|^or$|act of 1934|"
    r"transition|^_+$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class PdfCover:
    company_name: str | None
    form: str | None
    period_end: date | None
    ticker: str | None
    cover_text: str  # the first pages' text, where a company name may be found when none is printed
    registrant: RegistrantNumbers | None  # its commission file and employer identification numbers
    release: ReleaseHeadline | None = None  # no cover: an earnings release's headline

    @property
    def fiscal_year(self) -> int | None:
        """The fiscal year the period ends: a 52/53-week year ending in the first days of January is the
        year before's."""
        return None if self.period_end is None else fiscal_year_of(self.period_end)


def read_cover(pages: Sequence[Sequence[Line]]) -> PdfCover:
    lines = [line for page in pages[:_COVER_PAGES] for line in page]
    texts = [line.text for line in lines]
    first_page = "\n".join(line.text for line in pages[0]) if pages else ""
    return _cover(texts, first_page, _ticker(lines), "\n".join(texts))


def read_text_cover(texts: Sequence[str], all_texts: Sequence[str]) -> PdfCover:
    """The cover of a filing read from its first pages' lines of prose (`texts`): an HTML filing from
    before inline XBRL (no `dei:` tags). It has no layout to find the trading symbol by. Its registrant
    numbers are read from `all_texts`, the prose with the small tables among it (Facebook's "Delaware |
    20-1665019" over their captions)."""
    return _cover(texts, "\n".join(texts[:40]), None, "\n".join(all_texts))


def _cover(texts: Sequence[str], first_page: str, ticker: str | None, registrant_text: str) -> PdfCover:
    """The cover's metadata; a document whose first pages print no form may be an earnings release, known
    by the quarter its headline reports."""
    joined = "\n".join(texts)
    form = printed_form(joined)
    release = read_headline(first_page) if form is None else None
    return PdfCover(
        company_name=_company_name(texts),
        form=form or (RELEASE_FORM if release else None),
        period_end=printed_period_end(joined) if release is None else None,
        ticker=ticker or (release.ticker if release else None),
        cover_text=joined,
        registrant=printed_registrant_numbers(registrant_text),
        release=release,
    )


def _company_name(texts: Sequence[str]) -> str | None:
    """The line above "(Exact name of registrant …)" (or the words before it on the same line); on covers
    without that line, the line under the commission file number."""
    for index, text in enumerate(texts):
        match = _EXACT_NAME_RE.search(text)
        if match is None:
            continue
        before = text[: match.start()].strip(" ()")
        if before:
            return before
        return _name_among(reversed(texts[max(0, index - 2) : index]))
    for index, text in enumerate(texts):
        if _FILE_NUMBER_RE.search(text) and (name := _name_among(texts[index + 1 : index + 2])):
            return name
    # A cover whose text layer is scrambled: the title page's name over its "FORM 10-K" ("3M COMPANY").
    for index, text in enumerate(texts):
        if index and FORM_RE.fullmatch(text.strip()) and (name := _name_among(texts[index - 1 : index])):
            return name
    return None


_FILE_NUMBER_RE = re.compile(r"commission\s+file\s+(?:number|no)", re.IGNORECASE)


def _name_among(texts: Iterable[str]) -> str | None:
    for text in texts:
        candidate = text.strip()
        if candidate and not _NOT_NAMES_RE.search(candidate) and not candidate.startswith("("):
            return candidate
    return None


def _ticker(lines: Sequence[Line]) -> str | None:
    """The first symbol in the "Trading Symbol(s)" column of the cover's securities table."""
    for index, line in enumerate(lines):
        header = next((s for s in line.segments if _SYMBOL_HEADER_RE.search(s.text)), None)
        if header is None:
            continue
        for below in lines[index + 1 : index + 6]:
            for segment in below.segments:
                text = segment.text.strip()
                overlaps = segment.x0 <= header.x1 + 20 and segment.x1 >= header.x0 - 20
                if overlaps and _TICKER_RE.match(text) and text not in _NOT_TICKERS:
                    return text
    return None


def _label(name: str) -> str:
    return rf"fiscal\s+(?:year\s+)?(?P<{name}>(?:19|20)\d{{2}})"


def _year_end(name: str) -> str:
    return rf"(?:fiscal\s+)?year\s+end(?:ed|ing)\s+(?P<{name}>{LONG_DATE_PATTERN})"


# "fiscal 2023 Fiscal year ended January 28, 2024" (a glossary), "fiscal 2023: the year ended …"; "the fiscal
# year ended January 28, 2024 (“fiscal 2023”)". Not "… January 28, 2024 (includes 52 weeks) fiscal 2024",
# the glossary's next entry.
_NAMED_YEAR_RE = re.compile(
    rf"{_label('label')}[\s:,–—-]{{1,4}}(?:the\s+)?{_year_end('end')}"
    rf"|{_year_end('end2')}\s*\([^()]{{0,40}}?[“\"‘']{_label('label2')}[”\"’']",
    re.IGNORECASE,
)
_NEXT_YEAR_END = timedelta(days=371)


def named_fiscal_year(texts: Iterable[str], period_end: date) -> int | None:
    """The fiscal year the filing names its period's year by, where its text ties a year's name to the
    year's end: the named year ending on `period_end` or first after it (a 10-Q's).

    A 52/53-week year ending in late January is named by the year it starts in by some filers ("fiscal
    2023" ended January 28, 2024) and by the year it ends in by others ("fiscal 2025" ended January 26,
    2025): the period end alone cannot tell. None when the text names no such year, or names it twice
    apart."""
    named: dict[date, set[int]] = {}
    for text in texts:
        for match in _NAMED_YEAR_RE.finditer(text):
            end = parse_long_date(match["end"] or match["end2"])
            label = int(match["label"] or match["label2"])
            if end is not None and abs(label - end.year) <= 1:
                named.setdefault(end, set()).add(label)
    ends = [end for end in named if period_end - END_SLACK <= end <= period_end + _NEXT_YEAR_END]
    if not ends:
        return None
    labels = named[min(ends)]
    return next(iter(labels)) if len(labels) == 1 else None


_YEAR_ENDED_RE = re.compile(rf"\bfiscal\s+year\s+ended\s+({LONG_DATE_PATTERN})", re.IGNORECASE)


def printed_year_end(texts: Iterable[str], period_end: date) -> str | None:
    """The day the filer's fiscal year ends (`--MM-DD`), from the last "fiscal year ended <date>" the text
    prints up to the period's end: a 10-Q names the annual report before it ("the fiscal year ended January
    28, 2023", Best Buy's), so that its quarter ended July 29, 2023 falls in the fiscal year ending next
    January, not in calendar 2023."""
    ends = [
        end
        for text in texts
        for match in _YEAR_ENDED_RE.finditer(text)
        if (end := parse_long_date(match[1])) is not None and end <= period_end + END_SLACK
    ]
    return f"--{max(ends):%m-%d}" if ends else None


# a 10-Q's statements head the year to date beside the quarter ("Six Months Ended", "26 Weeks Ended"): the
# longest such length, printed over table after table, says which fiscal quarter the filing reports
_LENGTH_ENDED_RE = re.compile(
    r"\b(three|six|nine|13|26|39|thirteen|twenty[- ]six|thirty[- ]nine)\s+(?:months|weeks)\s+ended\b",
    re.IGNORECASE,
)
_QUARTER_OF_LENGTH = {
    "three": 1, "13": 1, "thirteen": 1,
    "six": 2, "26": 2, "twenty-six": 2, "twenty six": 2,
    "nine": 3, "39": 3, "thirty-nine": 3, "thirty nine": 3,
}  # fmt: skip
_HEADINGS = 3  # a length printed fewer times is a note's ("… for the nine months ended …" of another year)


def quarter_reported(texts: Iterable[str]) -> str | None:
    """The fiscal quarter ("Q2") a 10-Q reports, from the lengths its headings print, or None."""
    counts = Counter(
        _QUARTER_OF_LENGTH[match[1].lower()] for text in texts for match in _LENGTH_ENDED_RE.finditer(text)
    )
    printed = [quarter for quarter, times in counts.items() if times >= _HEADINGS]
    return f"Q{max(printed)}" if printed else None
