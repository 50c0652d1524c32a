"""The built web app (`frontend/dist`) from the API's own origin.

Registered after every API route, so an API path always wins. A GET that no API route matched gets the
build's file at that path (hashed `assets/` cached for good, anything else revalidated), else the app's
`index.html` when a browser navigates there (`Accept: text/html`: the app routes `/view/3/12` itself),
else the usual 404 problem. Nothing is added when there is no build, e.g. when only the API is wanted.
"""

from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse

from filingproof.api.routing import api_methods

ASSETS_DIR = "assets"
IMMUTABLE = "public, max-age=31536000, immutable"  # hashed names: a changed file is a new name
REVALIDATE = "no-cache"


def _file_in(root: Path, relative: str) -> Path | None:
    """`relative` resolved inside `root`: None if it escapes `root`, names a dotfile or is not a file."""
    if not relative or any(part.startswith(".") for part in Path(relative).parts):
        return None
    candidate = (root / relative).resolve()
    if not candidate.is_relative_to(root) or not candidate.is_file():
        return None
    return candidate


def _wants_html(request: Request) -> bool:
    return "text/html" in request.headers.get("accept", "")


def install_spa(app: FastAPI, dist: Path | None) -> bool:
    """Serve the build in `dist` for the paths no API route takes; False (nothing added) without a build."""
    if dist is None or not (dist / "index.html").is_file():
        return False
    root = dist.resolve()
    index = root / "index.html"

    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def web_app(request: Request, path: str) -> FileResponse:
        allowed = api_methods(app.router.routes, request)
        if allowed:
            raise HTTPException(405, headers={"Allow": ", ".join(sorted(allowed))})
        found = _file_in(root, path)
        if found is not None:
            immutable = found.parent == root / ASSETS_DIR
            return FileResponse(found, headers={"Cache-Control": IMMUTABLE if immutable else REVALIDATE})
        if path == "" or (_wants_html(request) and not path.startswith(f"{ASSETS_DIR}/")):
            return FileResponse(index, headers={"Cache-Control": REVALIDATE})
        raise HTTPException(404)

    return True
