"""Bad input is refused with a clear error, and a failure mid-ingest (Chromium stalling included) leaves
nothing of the filing behind."""

from pathlib import Path

import pytest
from sqlalchemy import func, select
from throwaway_home import migrated_home

from filingproof.config import Settings
from filingproof.db.models import Cell, Filing, Page, XbrlFact
from filingproof.db.session import Sessions, session_scope
from filingproof.ingest.errors import IngestError, NotAFilingError, TruncatedDocumentError
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.pipeline import FilingSource, ingest_source
from filingproof.ingest.progress import SilentStage, StageProgress
from filingproof.ingest.render import ChromiumStalledError, chromium, within
from filingproof.ingest.service import file_source, ingest_sources


def test_a_web_page_that_is_not_html_is_refused() -> None:
    with pytest.raises(NotAFilingError, match="not an HTML document"):
        parse_filing(b'{"this": "is json"}')


def test_a_truncated_document_is_refused(corpus_dir: Path) -> None:
    raw = (corpus_dir / "KO/10-K_2024-12-31.htm").read_bytes()
    with pytest.raises(TruncatedDocumentError, match="truncated"):
        parse_filing(raw[: len(raw) // 2])


async def test_a_non_filing_html_page_is_refused_with_what_is_missing(
    settings: Settings, sessions: Sessions, tmp_path: Path
) -> None:
    page = tmp_path / "about.html"
    page.write_text("<html><head><title>About us</title></head><body><p>We sell apples.</p></body></html>")
    results, failures = await ingest_sources(
        [file_source(page)], settings, sessions, lambda _name: _NoProgress()
    )
    assert results == []
    assert len(failures) == 1
    assert "does not say what it is" in failures[0].error
    assert "cik" in failures[0].error


async def test_a_document_without_inline_xbrl_needs_edgar_metadata(tmp_path: Path, corpus_dir: Path) -> None:
    """Stripping the inline XBRL header leaves a plain HTML filing: its printed cover names the company and
    the period, and the CIK must come from EDGAR's company list, or from a stored company with the registrant
    numbers the cover prints (the corpus's own Pfizer filings would settle it: a store of its own, empty,
    with EDGAR out of reach, shows the error)."""
    raw = (corpus_dir / "PFE/10-Q_2023-07-02.htm").read_text()
    start, end = raw.index("<ix:header>"), raw.index("</ix:header>") + len("</ix:header>")
    plain = tmp_path / "plain.htm"
    plain.write_text(raw[:start] + raw[end:])
    document = parse_filing(plain.read_bytes())
    assert document.facts == []
    assert any("no inline XBRL" in note for note in document.degraded)
    async with migrated_home("filingproof-plain-") as (home, sessions):
        settings = Settings(FILINGPROOF_HOME=home, EDGAR_USER_AGENT="")
        _, failures = await ingest_sources([file_source(plain)], settings, sessions, lambda _: _NoProgress())
    assert "does not say the CIK of PFIZER INC." in failures[0].error


async def test_a_missing_file_is_a_clear_error(
    settings: Settings, sessions: Sessions, tmp_path: Path
) -> None:
    _, failures = await ingest_sources(
        [file_source(tmp_path / "nope.htm")], settings, sessions, lambda _name: _NoProgress()
    )
    assert "cannot read" in failures[0].error


async def test_a_devtools_call_chromium_never_answers_is_a_stall_and_the_page_still_works(
    settings: Settings,
) -> None:
    """The shape of the hang seen in CI: a raw DevTools call left unanswered (here a promise that never
    settles) ends after its bound instead of never."""
    never = {"expression": "new Promise(() => {})", "awaitPromise": True}
    async with chromium(settings.chromium_path) as browser:
        page = await browser.new_page()
        cdp = await page.context.new_cdp_session(page)
        with pytest.raises(ChromiumStalledError, match="while it waited for a promise"):
            await within("waited for a promise", 0.5, cdp.send("Runtime.evaluate", never))
        answered = await within("added", 5, cdp.send("Runtime.evaluate", {"expression": "6 * 7"}))
        assert answered["result"]["value"] == 42


async def test_a_filing_chromium_stalls_on_fails_with_what_stalled_and_leaves_nothing(
    settings: Settings, sessions: Sessions, corpus_dir: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "10-Q_2025-03-29.htm"  # bytes no ingest has seen: not left unchanged by a stored copy
    copy.write_bytes((corpus_dir / "AAPL/10-Q_2025-03-29.htm").read_bytes() + b"\n<!-- stalled -->\n")
    stalling = settings.model_copy(update={"render_stall_s": 1e-6})
    before = await _counts()
    results, failures = await ingest_sources(
        [file_source(copy)], stalling, sessions, lambda _name: _NoProgress()
    )
    assert results == []
    assert [failure.error for failure in failures] == [
        "Chromium stopped answering while it opened a page (twice, 1e-06 s each); the filing was not stored"
    ]
    assert await _counts() == before
    leftovers = [p.name for p in settings.pages_dir.glob(".*")] if settings.pages_dir.exists() else []
    assert leftovers == []


class _InjectedError(RuntimeError):
    pass


class _NoProgress:
    def stage(self, name: str, total: int | None = None) -> StageProgress:
        return SilentStage()


class _FailWhileStoring:
    """Fails after the store stage has written part of the filing (pages and tables, not yet facts)."""

    def stage(self, name: str, total: int | None = None) -> StageProgress:
        return _FailingStage() if name == "store" else SilentStage()


class _FailingStage(SilentStage):
    def __init__(self) -> None:
        self.calls = 0

    def advance(self, amount: int = 1) -> None:
        self.calls += 1
        if self.calls == 3:  # after pages, tables and cells were inserted
            raise _InjectedError("injected failure")


async def test_a_failure_mid_ingest_leaves_no_row_and_no_image(
    settings: Settings, sessions: Sessions, corpus_dir: Path
) -> None:
    path = corpus_dir / "AAPL/10-Q_2025-03-29.htm"
    # Bytes no ingest has seen (the corpus copy may be ingested already, and would be left unchanged).
    raw = path.read_bytes() + b"\n<!-- a copy for the failure test -->\n"
    before = await _counts()
    images_before = sorted(settings.pages_dir.rglob("*.png")) if settings.pages_dir.exists() else []
    async with chromium(settings.chromium_path) as browser:
        with pytest.raises(_InjectedError):
            await ingest_source(
                FilingSource(raw, str(path)), settings, sessions, browser, _FailWhileStoring()
            )
    assert await _counts() == before
    leftovers = [p.name for p in settings.pages_dir.glob(".*")] if settings.pages_dir.exists() else []
    assert leftovers == []
    images_after = sorted(settings.pages_dir.rglob("*.png")) if settings.pages_dir.exists() else []
    assert images_after == images_before  # other filings' pages untouched, none of this one's left


async def _counts() -> tuple[int, ...]:
    async with session_scope() as session:
        return tuple(
            [
                (await session.execute(select(func.count()).select_from(m))).scalar_one()
                for m in (Filing, Page, Cell, XbrlFact)
            ]
        )


def test_ingest_error_is_the_common_base() -> None:
    assert issubclass(NotAFilingError, IngestError)
    assert issubclass(TruncatedDocumentError, IngestError)
