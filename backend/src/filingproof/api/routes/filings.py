"""Ingested filings, their pages (text, tables, cells with boxes) and page images."""

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Path, Query, Request, Response
from fastapi.responses import FileResponse, RedirectResponse, StreamingResponse

from filingproof.api.deps import SessionDep, SettingsDep
from filingproof.api.errors import problem_responses
from filingproof.catalog.models import FilingList, FilingOut, PageOut, PrintedPageOut
from filingproof.catalog.reads import (
    FilingFilters,
    filing_by_id,
    page_of_filings,
    page_out,
    page_printed,
    page_row,
)
from filingproof.db.page_store import ImageBody, StoredImage, page_store

router = APIRouter(prefix="/filings", tags=["filings"], responses=problem_responses(404, 422))

INT32_MAX = 2**31 - 1
FilingId = Annotated[int, Path(ge=1, le=INT32_MAX, description="The filing's id.")]
PageNo = Annotated[int, Path(ge=1, le=100_000, description="1-based position of the page in the document.")]
PrintedLabel = Annotated[
    str,
    Path(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9\-]{0,31}$",
        description='The page number as printed on the page and in the filing\'s index: "29", "F-3", "ii".',
        examples=["29"],
    ),
]
IMAGE_CACHE_CONTROL = "public, max-age=3600, must-revalidate"
_STREAM_CHUNK = 64 * 1024


@router.get("", summary="List ingested filings")
async def list_filings(
    session: SessionDep,
    ticker: Annotated[str | None, Query(pattern=r"^[A-Za-z0-9.\-]{1,16}$")] = None,
    form: Annotated[
        str | None, Query(pattern=r"^[A-Za-z0-9/. \-]{1,16}$", examples=["10-K", "8-K EX-99.1"])
    ] = None,
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


@router.get("/{filing_id}/printed-pages/{label}", summary="Where the page printed with a given number is")
async def get_printed_page(session: SessionDep, filing_id: FilingId, label: PrintedLabel) -> PrintedPageOut:
    """The position of the first page that prints `label` as its page number (letters in any case); 404
    when no page of the filing prints it (e.g. a filing that prints no page numbers)."""
    page = await page_printed(session, filing_id, label)
    if page is not None:
        assert page.label is not None  # found by its label
        return PrintedPageOut(filing_id=filing_id, label=page.label, page_no=page.page_no)
    if await filing_by_id(session, filing_id) is None:
        raise HTTPException(404, f"No ingested filing has id {filing_id}.")
    raise HTTPException(404, f'No page of filing {filing_id} is printed "{label}".')


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
        307: {"description": "The image is served from the page store's public URL (`Location`)."},
    },
)
async def get_page_image(
    session: SessionDep,
    settings: SettingsDep,
    filing_id: FilingId,
    page_no: PageNo,
    if_none_match: Annotated[str | None, Header(max_length=1024)] = None,
) -> Response:
    """From the page store: a local file, or a bucket object, streamed; or, when the bucket is served to
    browsers (`PAGE_STORE_PUBLIC_URL`), a redirect there without reading it."""
    not_found = HTTPException(404, f"Filing {filing_id} has no image for page {page_no}.")
    page = await page_row(session, filing_id, page_no)
    if page is None or not page.image_path:
        raise not_found
    store = page_store(settings)
    public_url = store.public_url(page.image_path)
    if public_url is not None:
        return RedirectResponse(public_url, status_code=307, headers={"Cache-Control": IMAGE_CACHE_CONTROL})
    image = await asyncio.to_thread(store.open, page.image_path)
    if image is None:
        raise not_found
    etag = f'"{page.id:x}-{image.size:x}-{image.version}"'
    headers = {"ETag": etag, "Cache-Control": IMAGE_CACHE_CONTROL}
    if if_none_match is not None and _etag_matches(if_none_match, etag):
        await asyncio.to_thread(image.close)
        return Response(status_code=304, headers=headers)
    return _image_response(image, headers)


def _image_response(image: StoredImage, headers: dict[str, str]) -> Response:
    if image.body is None:
        assert image.path is not None  # a store's image is a file or a body
        return FileResponse(image.path, media_type="image/png", headers=headers)
    headers = {**headers, "Content-Length": str(image.size)}
    return StreamingResponse(_chunks(image.body), media_type="image/png", headers=headers)


async def _chunks(body: ImageBody) -> AsyncIterator[bytes]:
    """A bucket object's bytes as they arrive (each read off the event loop); the body is closed at the end,
    or when the client goes away."""
    try:
        while chunk := await asyncio.to_thread(body.read, _STREAM_CHUNK):
            yield chunk
    finally:
        await asyncio.to_thread(body.close)
