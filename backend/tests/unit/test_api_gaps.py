"""HEAD on GET routes, problem+json for refused CORS preflights, and secrets never echoed by a settings
error — the app in process (no database: these never reach one), and the command line for real."""

import os
import subprocess
import sys
from collections.abc import AsyncIterator

import httpx
import pytest
from pydantic import ValidationError

from filingproof.api.app import create_app
from filingproof.config import Settings

ORIGIN = "https://app.example"
SHORT_SECRET = "short-secret-9"  # 14 characters: under the 16 required


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(Settings(CORS_ORIGINS=ORIGIN, WEB_DIST=""))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as http:
        yield http


async def test_head_answers_like_get_without_a_body(client: httpx.AsyncClient) -> None:
    got, head = await client.get("/health"), await client.head("/health")
    assert (head.status_code, head.content) == (200, b"")
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-length"] == str(len(got.content))


async def test_head_on_a_post_route_is_a_405_problem(client: httpx.AsyncClient) -> None:
    response = await client.head("/query/sync")
    assert response.status_code == 405
    assert response.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize(
    ("origin", "method", "headers", "refused"),
    [
        ("https://evil.example", "POST", "content-type", "origin"),
        (ORIGIN, "DELETE", "content-type", "method"),
        (ORIGIN, "POST", "x-unexpected", "headers"),
    ],
)
async def test_a_refused_preflight_is_a_problem(
    client: httpx.AsyncClient, origin: str, method: str, headers: str, refused: str
) -> None:
    preflight = {
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": headers,
    }
    response = await client.options("/query", headers=preflight)
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert (body["status"], body["title"]) == (400, "Bad Request")
    assert refused in body["detail"]


async def test_an_allowed_preflight_still_passes(client: httpx.AsyncClient) -> None:
    preflight = {
        "Origin": ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    response = await client.options("/query", headers=preflight)
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == ORIGIN


@pytest.mark.parametrize("name", ["ADMIN_TOKEN", "MCP_TOKEN"])
def test_a_too_short_token_is_refused_without_being_echoed(name: str) -> None:
    with pytest.raises(ValidationError) as raised:
        Settings.model_validate({name: SHORT_SECRET})
    assert name in str(raised.value) and "16" in str(raised.value)
    assert SHORT_SECRET not in str(raised.value)


def test_the_server_refuses_a_too_short_token_without_echoing_it() -> None:
    started = subprocess.run(
        [sys.executable, "-m", "filingproof", "serve", "--port", "0"],
        env={**os.environ, "ADMIN_TOKEN": SHORT_SECRET},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode != 0
    assert "ADMIN_TOKEN" in started.stdout + started.stderr
    assert SHORT_SECRET not in started.stdout + started.stderr
