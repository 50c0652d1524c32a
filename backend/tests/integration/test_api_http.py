"""The HTTP service over a real uvicorn server on loopback, against the ingested corpus: filings, pages,
page images, problem+json errors, limits, the admin guard, health and stats — and the hostile inputs."""

import http.client
import re
import struct
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import httpx
import pytest

from filingproof.api.server import ChildServer, child_server, wait_until_warm
from filingproof.ingest.parse.document import parse_filing

pytestmark = pytest.mark.corpus

ADMIN_TOKEN = "test-admin-token-0123456789"
BURST = 3
# The server under test, plus one admin-only route: no public route changes state yet, and the guard
# must be exercised through the real middleware and error handlers.
SERVER_SCRIPT = """
import sys

import uvicorn
from fastapi import Depends

from filingproof.api.app import create_app
from filingproof.api.deps import require_admin
from filingproof.api.server import uvicorn_config

app = create_app()


@app.post("/admin/probe", status_code=202, dependencies=[Depends(require_admin)])
async def admin_probe() -> dict[str, str]:
    return {"status": "accepted"}


uvicorn.Server(uvicorn_config(app, "127.0.0.1", int(sys.argv[1]), "warning")).run()
"""
SQL_METACHARACTERS = [
    "' OR '1'='1",
    "'; DROP TABLE filings; --",
    '" OR ""="',
    "1; SELECT pg_sleep(5)",
    "%' UNION SELECT NULL--",
    "\\x00",
    "\x00",
    "😀' --",
]


@pytest.fixture(scope="module")
def server(ingested_corpus: Any) -> Iterator[ChildServer]:
    env = {
        "ADMIN_TOKEN": ADMIN_TOKEN,
        "QUERY_RATE_BURST": str(BURST),
        "QUERY_RATE_PER_MINUTE": "6",
        "TRUSTED_PROXIES": "127.0.0.1/32",
    }
    with child_server(env, argv=[sys.executable, "-c", SERVER_SCRIPT]) as running:
        wait_until_warm(running.base_url)  # /ready answers 200 from here on
        yield running


@pytest.fixture(scope="module")
def client(server: ChildServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base_url, timeout=60) as http:
        yield http


@pytest.fixture(scope="module")
def apple_10k(client: httpx.Client) -> dict[str, Any]:
    listing = client.get("/filings", params={"ticker": "aapl", "form": "10-K", "fiscal_year": 2024}).json()
    assert listing["total"] == 1
    filing: dict[str, Any] = listing["items"][0]
    return filing


def raw_get(server: ChildServer, path: str) -> tuple[int, dict[str, str], bytes]:
    """A GET with the path exactly as given: no client-side normalisation of `..` or escapes."""
    address = urlsplit(server.base_url)
    connection = http.client.HTTPConnection(address.hostname or "127.0.0.1", address.port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def assert_problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["title"]
    return body


def client_ip(n: int) -> dict[str, str]:
    """Each test its own client (the server trusts loopback's X-Forwarded-For), so rate limits don't mix."""
    return {"X-Forwarded-For": f"198.51.100.{n}"}


def test_lists_filings_in_pages(client: httpx.Client) -> None:
    everything = client.get("/filings", params={"limit": 100}).json()
    assert everything["total"] == 17 == len(everything["items"])
    first = client.get("/filings", params={"limit": 5, "offset": 0}).json()
    second = client.get("/filings", params={"limit": 5, "offset": 5}).json()
    assert [f["id"] for f in first["items"] + second["items"]] == [f["id"] for f in everything["items"][:10]]
    assert (first["limit"], second["offset"], second["total"]) == (5, 5, 17)
    assert client.get("/filings", params={"offset": 1000}).json()["items"] == []


def test_filters_filings(client: httpx.Client, apple_10k: dict[str, Any]) -> None:
    assert apple_10k["ticker"] == "AAPL"
    assert apple_10k["page_count"] == 59
    assert apple_10k["period_end"] == "2024-09-28"
    apple = client.get("/filings", params={"ticker": "AAPL"}).json()
    assert apple["total"] >= 2
    assert {f["ticker"] for f in apple["items"]} == {"AAPL"}
    assert client.get("/filings", params={"ticker": "NOPE"}).json()["total"] == 0


def test_filing_detail(client: httpx.Client, apple_10k: dict[str, Any]) -> None:
    assert client.get(f"/filings/{apple_10k['id']}").json() == apple_10k


def test_page_shows_printed_label_and_neighbours(client: httpx.Client, apple_10k: dict[str, Any]) -> None:
    page = client.get(f"/filings/{apple_10k['id']}/pages/30").json()
    assert page["label"] == "28"
    assert (page["previous_page"], page["next_page"]) == (29, 31)
    assert page["text"].startswith("Item 8. Financial Statements")
    first = client.get(f"/filings/{apple_10k['id']}/pages/1").json()
    last = client.get(f"/filings/{apple_10k['id']}/pages/59").json()
    assert first["previous_page"] is None and last["next_page"] is None


def test_income_statement_page_has_cells_with_boxes_inside_the_image(
    client: httpx.Client, apple_10k: dict[str, Any]
) -> None:
    page = client.get(f"/filings/{apple_10k['id']}/pages/31").json()
    assert "CONSOLIDATED STATEMENTS OF OPERATIONS" in page["text"]
    assert page["label"] == "29"
    assert page["image_url"] == f"/filings/{apple_10k['id']}/pages/31/image"
    (table,) = page["tables"]
    # Each date stands over its figures, nothing over the labels (#19: the header had slid one column left).
    assert table["grid"][1] == ["", "September 28, 2024", "September 30, 2023", "September 24, 2022"]
    cells = {cell["text"]: cell for cell in table["cells"]}
    products = cells["$294,866"]
    assert products["value"] == 294_866_000_000
    assert products["unit"] == "USD"
    assert products["concept"] == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    for cell in table["cells"]:
        box = cell["box"]
        assert 0 <= box["x0"] < box["x1"] <= page["width"]
        assert 0 <= box["y0"] < box["y1"] <= page["height"]


_INDEX_ITEM_RE = re.compile(r"Item\s+(\d{1,2}[A-C]?)\.?", re.IGNORECASE)


def printed_index(document: Path) -> list[tuple[str, str]]:
    """The filing's own index, read from its document: (item, printed page) for each "Item 7. … 30" row."""
    for table in parse_filing(document.read_bytes()).layout.tables:
        entries = []
        for row in table.element.iter("{*}tr"):
            texts = [text for cell in row if (text := " ".join("".join(map(str, cell.itertext())).split()))]
            item = _INDEX_ITEM_RE.fullmatch(texts[0]) if len(texts) >= 2 else None
            if item is not None and texts[-1].isdigit():
                entries.append((item[1], texts[-1]))
        if len(entries) >= 5:
            return entries
    raise AssertionError(f"{document} has no index of items")


@pytest.mark.parametrize(
    ("ticker", "period_end", "document"),
    [
        ("AAPL", "2024-09-28", "AAPL/10-K_2024-09-28.htm"),
        # Alphabet prints its page numbers with a full stop ("48.") and its index without: both are 48.
        ("GOOGL", "2024-12-31", "GOOGL/10-K_2024-12-31.htm"),
    ],
)
def test_printed_page_numbers_of_the_filings_index_lead_to_their_items(
    client: httpx.Client, corpus_dir: Path, ticker: str, period_end: str, document: str
) -> None:
    listing = client.get("/filings", params={"ticker": ticker, "form": "10-K"}).json()
    (filing,) = [item for item in listing["items"] if item["period_end"] == period_end]
    index = printed_index(corpus_dir / document)
    assert len(index) >= 20
    for item, printed in index:
        found = client.get(f"/filings/{filing['id']}/printed-pages/{printed}").json()
        assert (found["filing_id"], found["label"]) == (filing["id"], printed)
        assert found["page_no"] != int(printed)  # the cover and index pages come first: the route maps
        page = client.get(f"/filings/{filing['id']}/pages/{found['page_no']}").json()
        assert page["label"] == printed
        assert re.search(rf"Item\s*{item}\.", page["text"], re.IGNORECASE), (item, printed, found)


def test_a_printed_page_number_that_no_page_prints_is_not_found(
    client: httpx.Client, apple_10k: dict[str, Any]
) -> None:
    missing = client.get(f"/filings/{apple_10k['id']}/printed-pages/999")
    assert assert_problem(missing, 404)["detail"] == f'No page of filing {apple_10k["id"]} is printed "999".'
    no_filing = client.get("/filings/2147483647/printed-pages/29")
    assert assert_problem(no_filing, 404)["detail"] == "No ingested filing has id 2147483647."
    assert_problem(client.get(f"/filings/{apple_10k['id']}/printed-pages/-29"), 422)
    assert_problem(client.get(f"/filings/{apple_10k['id']}/printed-pages/{'9' * 33}"), 422)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_page_image_is_png_with_etag_and_cache_headers(
    client: httpx.Client, apple_10k: dict[str, Any]
) -> None:
    url = f"/filings/{apple_10k['id']}/pages/31/image"
    page = client.get(f"/filings/{apple_10k['id']}/pages/31").json()
    image = client.get(url)
    assert image.status_code == 200
    assert image.headers["content-type"] == "image/png"
    assert png_size(image.content) == (page["width"], page["height"])
    etag = image.headers["etag"]
    assert "max-age" in image.headers["cache-control"]
    not_modified = client.get(url, headers={"If-None-Match": etag})
    assert not_modified.status_code == 304
    assert not_modified.content == b""
    assert not_modified.headers["etag"] == etag
    assert client.get(url, headers={"If-None-Match": '"something-else"'}).status_code == 200
    other_page = client.get(f"/filings/{apple_10k['id']}/pages/30/image")
    assert other_page.headers["etag"] != etag


@pytest.mark.parametrize(
    "path",
    [
        "/filings/99999",
        "/filings/{id}/pages/60",
        "/filings/{id}/pages/60/image",
        "/filings/99999/pages/1/image",
    ],
)
def test_missing_things_are_404_problems(client: httpx.Client, apple_10k: dict[str, Any], path: str) -> None:
    body = assert_problem(client.get(path.format(id=apple_10k["id"])), 404)
    assert body["instance"] == path.format(id=apple_10k["id"])


def test_unknown_route_and_wrong_method_are_problems(client: httpx.Client) -> None:
    assert_problem(client.get("/nowhere"), 404)
    wrong_method = client.delete("/filings")
    assert_problem(wrong_method, 405)
    assert "GET" in wrong_method.headers["allow"]


@pytest.mark.parametrize(
    "page",
    [
        "..%2F..%2F..%2Fetc%2Fpasswd",
        "..%2f..%2fetc%2fpasswd",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "....//....//etc/passwd",
        "1%00.png",
        "-1",
        "0",
        "99999999999999999999999",
        "2147483648",
        "1.5",
        "1e3",
        "abc",
    ],
)
def test_image_route_rejects_traversal_and_bad_numbers(
    server: ChildServer, apple_10k: dict[str, Any], page: str
) -> None:
    status, headers, body = raw_get(server, f"/filings/{apple_10k['id']}/pages/{page}/image")
    assert status in (404, 422), body
    assert headers["content-type"] == "application/problem+json"
    assert b"root:" not in body


@pytest.mark.parametrize(
    "path",
    [
        "/filings/1/pages/1/image/../../../../../etc/passwd",
        "/filings/../../../../etc/passwd",
        "/filings/1/pages/1/../../../../etc/passwd",
        "/filings/%2e%2e/%2e%2e/etc/passwd",
        "/filings/-1/pages/1/image",
        "/filings/99999999999999999999/pages/1/image",
    ],
)
def test_no_path_reaches_the_filesystem(server: ChildServer, path: str) -> None:
    status, headers, body = raw_get(server, path)
    assert status in (404, 422)
    assert headers["content-type"] == "application/problem+json"
    assert b"root:" not in body


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": 101}, "limit"),
        ({"offset": -1}, "offset"),
        ({"fiscal_year": "twenty"}, "fiscal_year"),
        ({"ticker": "A" * 17}, "ticker"),
    ],
)
def test_bad_query_parameters_are_422_with_field_errors(
    client: httpx.Client, params: dict[str, Any], field: str
) -> None:
    body = assert_problem(client.get("/filings", params=params), 422)
    assert ["query", field] in [error["loc"] for error in body["errors"]]


@pytest.mark.parametrize(("n", "value"), list(enumerate(SQL_METACHARACTERS)))
def test_sql_metacharacters_in_every_string_parameter(client: httpx.Client, n: int, value: str) -> None:
    filings = client.get("/filings").json()["total"]
    for params in ({"ticker": value}, {"form": value}):
        response = client.get("/filings", params=params)
        assert response.status_code in (200, 422), response.text
    response = client.get("/filings/1/pages/1/image", headers={"If-None-Match": quote(value)})
    assert response.status_code in (200, 304, 404)
    bodies = [
        {"question": f"What were Apple's net sales {value}"},
        {"question": "Apple net sales", "filters": {"tickers": [value]}},
        {"question": "Apple net sales", "filters": {"form": value}},
    ]
    for k, body in enumerate(bodies):
        response = client.post("/query/sync", json=body, headers=client_ip(100 + 3 * n + k))
        assert response.status_code in (200, 422), response.text
    assert client.get("/filings").json()["total"] == filings  # nothing dropped, nothing leaked


def test_oversized_bodies_are_413(client: httpx.Client) -> None:
    huge = {"question": "x" * (70 * 1024)}
    assert_problem(client.post("/query/sync", json=huge, headers=client_ip(1)), 413)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server must count
        yield b'{"question": "'
        for _ in range(80):
            yield b"y" * 1024
        yield b'"}'

    chunked = client.post(
        "/query/sync", content=chunks(), headers={"Content-Type": "application/json", **client_ip(2)}
    )
    assert_problem(chunked, 413)


def test_malformed_json_is_a_422_problem(client: httpx.Client) -> None:
    response = client.post(
        "/query/sync",
        content=b'{"question": "net sales",',
        headers={"Content-Type": "application/json", **client_ip(3)},
    )
    body = assert_problem(response, 422)
    assert body["errors"][0]["type"] == "json_invalid"


@pytest.mark.parametrize(
    ("n", "body", "loc"),
    [
        (0, {"question": "q" * 2001}, ["body", "question"]),
        (1, {"question": ""}, ["body", "question"]),
        (2, {"question": "   "}, ["body", "question"]),
        (3, {"question": "net\x00sales"}, ["body", "question"]),
        (4, {}, ["body", "question"]),
        (5, {"question": "net sales", "filters": {"fiscal_year": 99999}}, ["body", "filters", "fiscal_year"]),
    ],
)
def test_invalid_questions_are_422_with_field_errors(
    client: httpx.Client, n: int, body: dict[str, Any], loc: list[str]
) -> None:
    problem = assert_problem(client.post("/query/sync", json=body, headers=client_ip(10 + n)), 422)
    assert loc in [error["loc"] for error in problem["errors"]]


def test_rate_limit_exhaustion_is_429_with_retry_after(client: httpx.Client) -> None:
    question = {"question": "What were Apple's net sales in fiscal 2024?"}
    for _ in range(BURST):
        assert client.post("/query/sync", json=question, headers=client_ip(50)).status_code == 200
    limited = client.post("/query/sync", json=question, headers=client_ip(50))
    assert_problem(limited, 429)
    assert 1 <= int(limited.headers["retry-after"]) <= 10
    assert client.post("/query", json=question, headers=client_ip(50)).status_code == 429
    assert client.post("/query/sync", json=question, headers=client_ip(51)).status_code == 200


def test_spoofed_forwarded_for_left_of_a_trusted_proxy_is_ignored(client: httpx.Client) -> None:
    question = {"question": "Apple net sales 2024"}
    for n in range(BURST):  # a client rotating a fake left-most address is still one client
        headers = {"X-Forwarded-For": f"10.9.9.{n}, 198.51.100.60"}
        assert client.post("/query/sync", json=question, headers=headers).status_code == 200
    assert client.post("/query/sync", json=question, headers=client_ip(60)).status_code == 429


def test_admin_routes_need_the_admin_token(client: httpx.Client) -> None:
    missing = client.post("/admin/probe")
    assert_problem(missing, 401)
    assert missing.headers["www-authenticate"] == "Bearer"
    assert_problem(client.post("/admin/probe", headers={"Authorization": "Bearer wrong-token"}), 403)
    assert_problem(client.post("/admin/probe", headers={"Authorization": f"Basic {ADMIN_TOKEN}"}), 401)
    accepted = client.post("/admin/probe", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    assert accepted.status_code == 202


def test_health_and_readiness_report_each_check(server: ChildServer, client: httpx.Client) -> None:
    assert client.get("/health").json() == {"status": "ok"}
    wait_until_warm(server.base_url)
    ready = client.get("/ready")
    assert ready.status_code == 200, ready.text
    checks = {check["name"]: check for check in ready.json()["checks"]}
    assert set(checks) == {"database", "pgvector", "embedding_model", "page_images", "query_path"}
    assert all(check["ok"] for check in checks.values())
    assert checks["embedding_model"]["detail"].startswith("all-MiniLM-L6-v2")
    assert checks["query_path"]["detail"].startswith("warmed in ")


def test_stats_summarise_the_query_log(client: httpx.Client) -> None:
    question = "What was Apple's net income in fiscal 2024?"
    answer = client.post("/query/sync", json={"question": question}, headers=client_ip(70)).json()
    stats = client.get("/stats", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}).json()
    assert stats["queries"] >= 1
    assert stats["recent"][0]["question"] == question
    assert stats["recent"][0]["status"] == answer["status"]
    assert stats["statuses"][answer["status"]] >= 1
    assert stats["latency"]["p50_ms"] <= stats["latency"]["p95_ms"]
    assert {row["provider"] for row in stats["cost_by_provider"]} >= {"deterministic"}


def test_stats_keep_the_questions_for_the_admin(client: httpx.Client) -> None:
    question = "What was Apple's total debt in fiscal 2024? (asked privately)"
    client.post("/query/sync", json={"question": question}, headers=client_ip(71))
    public = client.get("/stats")
    assert public.status_code == 200
    assert public.json()["queries"] >= 1 and public.json()["recent"] == []
    assert "asked privately" not in public.text
    assert_problem(client.get("/stats", headers={"Authorization": "Bearer not-the-admin-token"}), 403)
    admin = client.get("/stats", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}).json()
    assert admin["recent"][0]["question"] == question
    assert admin["queries"] == public.json()["queries"]


@pytest.mark.parametrize("path", ["/health", "/ready", "/stats", "/filings?ticker=AAPL", "/openapi.json"])
def test_head_answers_every_get_route_without_a_body(client: httpx.Client, path: str) -> None:
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]


def test_head_on_a_page_image_answers_like_get(client: httpx.Client, apple_10k: dict[str, Any]) -> None:
    path = f"/filings/{apple_10k['id']}/pages/31/image"
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code == 200
    assert (head.content, head.headers["content-type"]) == (b"", got.headers["content-type"])


@pytest.mark.parametrize(
    ("n", "period"),
    list(enumerate(["fiscal 99999999999999999999", "FY 20245", "99999999999999999999", "fiscal year 2,024"])),
)
def test_an_impossible_period_is_refused(client: httpx.Client, n: int, period: str) -> None:
    question = f"What were Apple's total net sales in {period}?"
    response = client.post("/query/sync", json={"question": question}, headers=client_ip(72 + n))
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["status"] == "refused", body["answer"]
    assert body["figures"] == [] and "period no filing can have" in body["answer"]


def test_cors_is_closed_unless_configured(client: httpx.Client) -> None:
    preflight = client.options(
        "/filings", headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "GET"}
    )
    assert "access-control-allow-origin" not in preflight.headers


def test_the_same_question_twice_within_a_second_is_answered_once(client: httpx.Client) -> None:
    question = {"question": "What was Microsoft's revenue in fiscal 2024? (asked twice at once)"}
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    before = client.get("/stats", headers=admin).json()["queries"]
    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(
            lambda _: client.post("/query/sync", json=question, headers=client_ip(80)), range(2)
        )
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()  # the first's answer, trace and timings included
    assert client.get("/stats", headers=admin).json()["queries"] == before + 1
    # From another client it is a question of its own.
    client.post("/query/sync", json=question, headers=client_ip(81))
    assert client.get("/stats", headers=admin).json()["queries"] == before + 2
