"""Which methods the API answers on a path: what a 405's `Allow` header lists, across every router."""

from collections.abc import Iterable, Iterator

from starlette.requests import Request
from starlette.routing import BaseRoute, Match, Route


def _flat(routes: Iterable[BaseRoute]) -> Iterator[BaseRoute]:
    """Every route, those of included routers too (FastAPI keeps an included router as one entry)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        yield from _flat(inner.routes) if inner is not None else (route,)


def api_methods(routes: Iterable[BaseRoute], request: Request) -> set[str]:
    """The methods of the API routes whose path is this request's (empty: no API path), so that GET on a
    POST-only API path stays a 405, as it is without the web app. The web app's catch-all route (outside
    the schema) is no API route."""
    allowed: set[str] = set()
    for route in _flat(routes):
        if not isinstance(route, Route) or not getattr(route, "include_in_schema", True):
            continue
        if route.matches(request.scope)[0] is Match.PARTIAL:
            allowed.update(route.methods or ())
    return allowed
