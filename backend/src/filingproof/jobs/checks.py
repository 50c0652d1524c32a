"""What `POST /filings` checks before it queues a job, so that a request that cannot succeed is refused at
once with its reason, not failed by a worker later: an upload's type and whether it looks like a filing; a
ticker's EDGAR set-up and whether EDGAR lists it."""

import re

from filingproof.config import Settings
from filingproof.edgar.client import EdgarClient
from filingproof.edgar.errors import EdgarError, PlaceholderUserAgentError, UnknownTickerError
from filingproof.edgar.useragent import validate_user_agent
from filingproof.ingest.pdf.glyphs import is_pdf

HTML_SUFFIXES = (".htm", ".html", ".xhtml")
DOCUMENT_SUFFIXES = (*HTML_SUFFIXES, ".pdf")
_HEAD_BYTES = 4096
# Every EDGAR filing document carries one of these: inline XBRL's hidden header, or the cover's own words.
_FILING_MARKS = re.compile(
    rb"ix:header|securities\s+and\s+exchange\s+commission|form\s+10-?[kq]\b|annual\s+report|quarterly\s+report"
)
_SPACES = re.compile(rb"(?:\s|&nbsp;|&#160;|&#xa0;|\xc2\xa0)+")


class RefusedRequestError(Exception):
    """The request cannot give a filing; `status` is the HTTP status to answer, the message the reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def _kinds() -> str:
    return "the filing's HTML document (.htm, .html, .xhtml) or its PDF (.pdf)"


def check_upload(name: str, raw: bytes) -> None:
    """Refuses (422) a document that is empty, of another type, or not a filing, saying which."""
    lowered = name.lower()
    if not raw:
        raise RefusedRequestError(422, f"{name} is empty.")
    if lowered.endswith(".gz"):
        raise RefusedRequestError(422, f"{name} is compressed: upload it decompressed ({_kinds()}).")
    if not lowered.endswith(DOCUMENT_SUFFIXES):
        raise RefusedRequestError(422, f"{name} is not a filing document: upload {_kinds()}.")
    if lowered.endswith(".pdf") or is_pdf(raw):
        if not is_pdf(raw):
            raise RefusedRequestError(422, f"{name} is not a PDF: it does not start with %PDF-.")
        return  # a PDF's words are in compressed streams: the worker reads them
    head = raw[:_HEAD_BYTES].lower()
    if b"<html" not in head and b"<?xml" not in head and b"<!doctype html" not in head:
        raise RefusedRequestError(422, f"{name} is not an HTML document: no <html> element at its start.")
    if not _FILING_MARKS.search(_SPACES.sub(b" ", raw.lower())):
        raise RefusedRequestError(
            422,
            f"{name} does not look like an SEC filing: it has no inline XBRL header and its text never "
            "names the Securities and Exchange Commission or a 10-K or 10-Q form.",
        )


async def check_ticker(settings: Settings, ticker: str) -> None:
    """Refuses a ticker this server cannot fetch: EDGAR not set up (503), EDGAR not reachable (503), or a
    ticker EDGAR's company list lacks (422)."""
    try:
        validate_user_agent(settings.edgar_user_agent)
    except PlaceholderUserAgentError as error:
        raise RefusedRequestError(
            503,
            "This server is not set up to reach EDGAR: an administrator sets EDGAR_USER_AGENT to a contact "
            f"SEC accepts, such as 'Acme Research ops@acme.io' ({error.reason}). "
            "Until then, upload the filing's document instead.",
        ) from error
    try:
        async with EdgarClient(settings) as edgar:
            await edgar.company(ticker)
    except UnknownTickerError as error:
        raise RefusedRequestError(
            422,
            f"EDGAR lists no company with ticker {ticker.upper()}. Check the symbol "
            "(share classes are written with a dash, e.g. BRK-B).",
        ) from error
    except EdgarError as error:
        raise RefusedRequestError(
            503,
            f"EDGAR could not be reached to look up {ticker.upper()} ({error}). Try again later, or upload "
            "the filing's document instead.",
        ) from error
