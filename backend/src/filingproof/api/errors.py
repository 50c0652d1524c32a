"""RFC 7807 problem details (`application/problem+json`) for every error the service returns."""

from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response

from filingproof.api.routing import api_methods

PROBLEM_MEDIA_TYPE = "application/problem+json"


class FieldError(BaseModel):
    loc: list[str | int] = Field(
        description="Where the bad value is: body, query, path or header, then names."
    )
    msg: str
    type: str


class Problem(BaseModel):
    type: str = "about:blank"
    title: str
    status: int
    detail: str | None = None
    instance: str | None = None
    errors: list[FieldError] | None = Field(default=None, description="Field errors (422 only).")


class ProblemResponse(JSONResponse):
    media_type = PROBLEM_MEDIA_TYPE


def problem_response(
    status: int,
    detail: str | None = None,
    *,
    instance: str | None = None,
    errors: list[FieldError] | None = None,
    headers: dict[str, str] | None = None,
) -> ProblemResponse:
    problem = Problem(
        title=HTTPStatus(status).phrase, status=status, detail=detail, instance=instance, errors=errors
    )
    return ProblemResponse(problem.model_dump(exclude_none=True), status_code=status, headers=headers)


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` entries documenting problem+json bodies for these statuses."""
    return {
        status: {
            "description": HTTPStatus(status).phrase,
            "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
        for status in statuses
    }


async def _http_exception(request: Request, exc: Exception) -> ProblemResponse:
    assert isinstance(exc, StarletteHTTPException)
    detail = exc.detail if exc.detail != HTTPStatus(exc.status_code).phrase else None
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        # Starlette names only the first route that matched the path; the path may have others
        # (GET /filings lists, POST /filings adds one): `Allow` lists them all.
        headers["Allow"] = ", ".join(sorted(api_methods(request.app.router.routes, request)))
    return problem_response(exc.status_code, detail, instance=request.url.path, headers=headers)


async def _validation_error(request: Request, exc: Exception) -> ProblemResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        FieldError(
            loc=[str(part) if not isinstance(part, int) else part for part in error["loc"]],
            msg=str(error["msg"]),
            type=str(error["type"]),
        )
        for error in exc.errors()
    ]
    return problem_response(
        422, "The request does not match the schema.", instance=request.url.path, errors=errors
    )


async def _unexpected(request: Request, exc: Exception) -> ProblemResponse:
    # Logged by the server; the client learns nothing of the internals.
    return problem_response(500, "An unexpected error occurred.", instance=request.url.path)


def install_problem_handlers(app: FastAPI) -> None:
    app.add_exception_handler(StarletteHTTPException, _http_exception)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected)


class ProblemCORSMiddleware(CORSMiddleware):
    """Starlette's CORS, with a refused preflight as a 400 problem rather than plain text."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        refused = bytes(response.body).decode()  # "Disallowed CORS origin, method"
        headers = {
            name: value
            for name, value in response.headers.items()
            if name not in ("content-type", "content-length")
        }
        return problem_response(400, f"The cross-origin request is not allowed: {refused}.", headers=headers)
