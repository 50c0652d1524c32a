"""Ingested filings, their pages (text, tables, cells with boxes) and page images."""

from pathlib import Path as FilePath
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Path, Query, Request, Response
from fastapi.responses import FileResponse

from filingproof.api.deps import SessionDep, SettingsDep
from filingproof.api.errors import problem_responses
from filingproof.catalog.models import FilingList, FilingOut, PageOut
from filingproof.catalog.reads import FilingFilters, filing_by_id, page_of_filings, page_out, page_row

router = APIRouter(prefix="/filings", tags=["filings"], responses=problem_responses(404, 422))

INT32_MAX = 2**31 - 1
FilingId = Annotated[int, Path(ge=1, le=INT32_MAX, description="The filing's id.")]
PageNo = Annotated[int, Path(ge=1, le=100_000, description="1-based position of the page in the document.")]
IMAGE_CACHE_CONTROL = "public, max-age=3600, must-revalidate"


@router.get("", summary="List ingested filings")
async def list_filings(
    session: SessionDep,
    ticker: Annotated[str | None, Query(pattern=r"^[A-Za-z0-9.\-]{1,16}$")] = None,
    form: Annotated[str | None, Query(pattern=r"^[A-Za-z0-9/\-]{1,16}$", examples=["10-K"])] = None,
    fiscal_year: Annotated[int | None, Query(ge=1900, le=2200)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0, le=INT32_MAX)] = 0,
) -> FilingList:
    filters = FilingFilters(ticker=ticker, form=form, fiscal_year=fiscal_year)
    items, total = await page_of_filings(session, filters, limit, offset)
    return FilingList(items=items, total=total, limit=limit, offset=offset)


@router.get("/{filing_id}", summary="One filing")
async def get_filing(session: SessionDep, filing_id: FilingId) -> FilingOut:
    filing = await filing_by_id(session, filing_id)
    if filing is None:
        raise HTTPException(404, f"No ingested filing has id {filing_id}.")
    return filing


@router.get("/{filing_id}/pages/{page_no}", summary="A page: text, printed label, tables and cell boxes")
async def get_page(session: SessionDep, request: Request, filing_id: FilingId, page_no: PageNo) -> PageOut:
    page = await page_row(session, filing_id, page_no)
    if page is None:
        raise HTTPException(404, f"Filing {filing_id} has no page {page_no}.")
    image_url = request.url_for("get_page_image", filing_id=filing_id, page_no=page_no).path
    return await page_out(session, page, image_url)


def _image_file(pages_dir: FilePath, stored: str | None) -> FilePath | None:
    """The stored relative path resolved under `pages_dir`; None if it escapes it or is missing."""
    if not stored:
        return None
    root = pages_dir.resolve()
    path = (root / stored).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


def _etag_matches(if_none_match: str, etag: str) -> bool:
    candidates = {candidate.strip().removeprefix("W/") for candidate in if_none_match.split(",")}
    return "*" in candidates or etag in candidates


@router.get(
    "/{filing_id}/pages/{page_no}/image",
    summary="The page rendered as PNG, for outlining cell boxes",
    response_class=Response,
    responses={
        200: {
            "description": "The page image.",
            "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}},
        },
        304: {"description": "Not modified (If-None-Match matched the ETag)."},
    },
)
async def get_page_image(
    session: SessionDep,
    settings: SettingsDep,
    filing_id: FilingId,
    page_no: PageNo,
    if_none_match: Annotated[str | None, Header(max_length=1024)] = None,
) -> Response:
    page = await page_row(session, filing_id, page_no)
    path = _image_file(settings.pages_dir, page.image_path if page else None)
    if page is None or path is None:
        raise HTTPException(404, f"Filing {filing_id} has no image for page {page_no}.")
    stat = path.stat()
    etag = f'"{page.id:x}-{stat.st_size:x}-{stat.st_mtime_ns:x}"'
    headers = {"ETag": etag, "Cache-Control": IMAGE_CACHE_CONTROL}
    if if_none_match is not None and _etag_matches(if_none_match, etag):
        return Response(status_code=304, headers=headers)
    return FileResponse(path, media_type="image/png", headers=headers)
