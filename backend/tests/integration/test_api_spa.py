"""The web app served from the API's origin: its files, `index.html` for the app's own routes, API routes
first, no path out of the build, and nothing at all without a build. Over the real app, with a small build
written to a temporary folder (no database is touched: none of these routes reads one)."""

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

import pytest
from fastapi.testclient import TestClient

from filingproof.api.app import create_app
from filingproof.config import Settings

INDEX = "<!doctype html><title>filingproof</title><div id=root></div>"
ASSET = "assets/index-Ab12Cd34.js"
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    build = tmp_path / "dist"
    (build / "assets").mkdir(parents=True)
    (build / "index.html").write_text(INDEX)
    (build / ASSET).write_text("console.log('app')")
    (build / "robots.txt").write_text("User-agent: *")
    (build / ".env").write_text("SECRET=in-the-build")
    (tmp_path / "secret.txt").write_text("SECRET=next-to-the-build")
    return build


def client_for(web_dist: Path | None) -> TestClient:
    # No `with`: the lifespan (database start) is not run; the routes under test read no database.
    return TestClient(create_app(Settings(web_dist=web_dist)))


@pytest.fixture
def client(dist: Path) -> TestClient:
    return client_for(dist)


class Answer(Protocol):  # the test client's response (httpx's or httpx2's, whichever Starlette uses)
    @property
    def status_code(self) -> int: ...
    @property
    def headers(self) -> Mapping[str, str]: ...
    @property
    def text(self) -> str: ...


def assert_problem(response: Answer, status: int) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"


def test_hashed_assets_are_cached_for_good(client: TestClient) -> None:
    response = client.get(f"/{ASSET}")
    assert response.status_code == 200
    assert response.text == "console.log('app')"
    assert "javascript" in response.headers["content-type"]
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"


def test_other_files_and_index_are_revalidated(client: TestClient) -> None:
    robots = client.get("/robots.txt")
    assert (robots.status_code, robots.text) == (200, "User-agent: *")
    assert robots.headers["cache-control"] == "no-cache"
    root = client.get("/")
    assert (root.status_code, root.text) == (200, INDEX)
    assert root.headers["content-type"].startswith("text/html")
    assert root.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize(
    "path", ["/view/3/12?cells=123,124", "/browse", "/evals", "/evals/7", "/anything/else"]
)
def test_a_browser_navigating_to_an_app_route_gets_the_app(client: TestClient, path: str) -> None:
    response = client.get(path, headers=BROWSER)
    assert (response.status_code, response.text) == (200, INDEX)
    assert response.headers["cache-control"] == "no-cache"


def test_head_is_answered_like_get(client: TestClient) -> None:
    response = client.head("/view/3/12", headers=BROWSER)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")


def test_api_routes_win_over_the_app(client: TestClient) -> None:
    health = client.get("/health", headers=BROWSER)
    assert health.json() == {"status": "ok"}
    schema = client.get("/openapi.json", headers=BROWSER).json()
    assert "/{path}" not in schema["paths"]  # the app's route is not part of the API
    assert "/filings" in schema["paths"]
    wrong_method = client.delete("/filings")
    assert_problem(wrong_method, 405)
    assert "GET" in wrong_method.headers["allow"]


@pytest.mark.parametrize("accept", ["text/html", "application/json"])
def test_an_api_path_asked_with_another_method_is_405_not_the_app(client: TestClient, accept: str) -> None:
    response = client.get("/eval/run", headers={"Accept": accept})
    assert_problem(response, 405)
    assert response.headers["allow"] == "POST"


def test_clients_that_do_not_ask_for_html_get_404_problems(client: TestClient) -> None:
    assert_problem(client.get("/nowhere"), 404)
    assert_problem(client.get("/view/3/12", headers={"Accept": "application/json"}), 404)
    assert_problem(client.get("/assets/missing.js", headers=BROWSER), 404)  # never index.html for an asset


@pytest.mark.parametrize(
    "path",
    [
        "/.env",
        "/assets/../.env",
        "/..%2fsecret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/%2e%2e/secret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt",
    ],
)
def test_no_path_leaves_the_build_or_reads_a_dotfile(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert "SECRET" not in response.text
    assert response.status_code == 404


def test_nothing_is_served_without_a_build(tmp_path: Path) -> None:
    for web_dist in (None, tmp_path / "missing", tmp_path):  # tmp_path: a folder with no index.html
        client = client_for(web_dist)
        assert_problem(client.get("/view/3/12", headers=BROWSER), 404)
        assert_problem(client.get("/", headers=BROWSER), 404)
        assert client.get("/health").json() == {"status": "ok"}


def test_web_dist_setting(monkeypatch: pytest.MonkeyPatch, dist: Path) -> None:
    monkeypatch.setenv("WEB_DIST", str(dist))
    assert Settings().web_dist == dist
    monkeypatch.setenv("WEB_DIST", "")
    assert Settings().web_dist is None  # empty: the API alone
