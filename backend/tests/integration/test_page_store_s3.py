"""Page images in an S3-compatible bucket (`PAGE_STORE_URL`), against a real S3 server on loopback (moto's
server mode) and a real filing ingested into a throwaway home: the images are uploaded under the keys the
page rows name and nothing is written to the local pages folder; the image route streams them from the
bucket, or redirects (307) to the public URL; `/ready` reads the bucket; a repair ingest replaces the old
attempt's objects; the sweep removes prefixes no row names and no live attempt owns.
"""

import asyncio
import hashlib
import json
import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import boto3
import httpx
import pytest
from edgar_mirror import CORPUS_DIR
from fastapi import FastAPI
from moto.server import ThreadedMotoServer
from sqlalchemy import select
from throwaway_home import new_home, stop_database
from types_boto3_s3 import S3Client

from filingproof.api.app import create_app
from filingproof.api.routes.filings import IMAGE_CACHE_CONTROL
from filingproof.api.server import free_port
from filingproof.config import Settings
from filingproof.db.models import Page
from filingproof.db.page_images import image_attempt, image_prefix_of, sweep_page_images
from filingproof.db.page_store import OBJECT_CACHE_CONTROL, PageStore, page_store
from filingproof.db.session import Sessions, create_engine, sessions_for
from filingproof.index.hook import default_index_hook
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import file_source, ingest_sources

SOURCE = CORPUS_DIR / "MMM/10-Q_2023-06-30.htm"  # a small real filing: one ingest takes seconds
BUCKET = "filingproof-pages"
KEY_PREFIX = "deploy/pages"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Anyone may read the store's objects, as behind PAGE_STORE_PUBLIC_URL (nothing else is public).
PUBLIC_READ = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": "*",
            "Action": "s3:GetObject",
            "Resource": f"arn:aws:s3:::{BUCKET}/{KEY_PREFIX}/*",
        }
    ],
}


@dataclass(frozen=True)
class S3:
    endpoint: str
    client: S3Client

    def keys(self) -> set[str]:
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=BUCKET)
        return {item["Key"] for page in pages for item in page.get("Contents", [])}

    def read(self, key: str) -> bytes:
        return self.client.get_object(Bucket=BUCKET, Key=key)["Body"].read()

    def write(self, key: str, body: bytes) -> None:
        self.client.put_object(Bucket=BUCKET, Key=key, Body=body, ContentType="image/png")

    def delete(self, key: str) -> None:
        self.client.delete_object(Bucket=BUCKET, Key=key)

    @contextmanager
    def lost(self, key: str) -> Iterator[None]:
        """The object is gone for the block (a hand-deleted object, a bucket restored from a backup)."""
        body = self.read(key)
        self.delete(key)
        try:
            yield
        finally:
            self.write(key, body)


@dataclass(frozen=True)
class Home:
    path: Path
    settings: Settings
    sessions: Sessions

    @property
    def store(self) -> PageStore:
        return page_store(self.settings)

    @property
    def staging_root(self) -> Path:
        return self.store.staging_root


@pytest.fixture(scope="module")
def s3() -> Iterator[S3]:
    """moto's S3 server on a free loopback port, with an empty bucket; any credentials pass."""
    with pytest.MonkeyPatch.context() as env:
        for name, value in [
            ("AWS_ACCESS_KEY_ID", "filingproof-test"),
            ("AWS_SECRET_ACCESS_KEY", "filingproof-test"),
            ("AWS_DEFAULT_REGION", "us-east-1"),
        ]:
            env.setenv(name, value)
        port = free_port()
        server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
        server.start()
        try:
            endpoint = f"http://127.0.0.1:{port}"
            client = boto3.client("s3", endpoint_url=endpoint)
            client.create_bucket(Bucket=BUCKET)
            client.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps(PUBLIC_READ))
            yield S3(endpoint, client)
        finally:
            server.stop()


@pytest.fixture(scope="module")
async def home(s3: S3) -> AsyncIterator[Home]:
    """A throwaway home whose page store is the bucket, with `SOURCE` ingested."""
    path, url = await asyncio.to_thread(new_home, "filingproof-s3-")
    settings = Settings(
        FILINGPROOF_HOME=str(path),
        PAGE_STORE_URL=f"s3://{BUCKET}/{KEY_PREFIX}",
        PAGE_STORE_ENDPOINT_URL=s3.endpoint,
    )
    engine = create_engine(url)
    try:
        home = Home(path, settings, sessions_for(engine))
        assert await ingest(home) == "ingested"
        yield home
    finally:
        await engine.dispose()
        await asyncio.to_thread(stop_database, settings.pg_dir)
        await asyncio.to_thread(shutil.rmtree, path, True)


@pytest.fixture(scope="module")
async def apps(home: Home, s3: S3) -> AsyncIterator[tuple[httpx.AsyncClient, httpx.AsyncClient]]:
    """Clients of two apps on the home: one streams images from the bucket, one redirects to its public URL
    (moto serves the bucket path-style; its policy lets anyone read the store's objects)."""
    public_url = f"{s3.endpoint}/{BUCKET}/{KEY_PREFIX}"
    streaming = create_app(home.settings)
    redirecting = create_app(home.settings.model_copy(update={"page_store_public_url": public_url}))
    async with AsyncExitStack() as running:
        clients: list[httpx.AsyncClient] = []
        for app in (streaming, redirecting):
            await running.enter_async_context(app.router.lifespan_context(app))
            clients.append(await running.enter_async_context(_client(app)))
        yield clients[0], clients[1]


def _client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://filingproof.test")


async def ingest(home: Home) -> str:
    results, failures = await ingest_sources(
        [file_source(SOURCE)],
        home.settings,
        home.sessions,
        lambda _name: SilentProgress(),
        default_index_hook(home.settings, embed=False),
    )
    assert failures == []
    return results[0].outcome


async def page_images(home: Home) -> dict[str, tuple[int, int]]:
    """Each image path the page rows name, with its filing and page number."""
    async with home.sessions() as session:
        rows = await session.execute(
            select(Page.image_path, Page.filing_id, Page.page_no).where(Page.image_path.is_not(None))
        )
        return {str(path): (filing_id, page_no) for path, filing_id, page_no in rows}


def key(path: str) -> str:
    return f"{KEY_PREFIX}/{path}"


def image_route(images: dict[str, tuple[int, int]], path: str) -> str:
    filing_id, page_no = images[path]
    return f"/filings/{filing_id}/pages/{page_no}/image"


def staged(home: Home) -> list[str]:
    root = home.staging_root
    return sorted(entry.name for entry in root.iterdir()) if root.exists() else []


async def test_ingest_uploads_the_page_images_under_the_rows_keys(home: Home, s3: S3) -> None:
    images = await page_images(home)
    assert len(images) > 10  # a 10-Q has dozens of pages, each with its image
    assert len({image_prefix_of(path) for path in images}) == 1  # one attempt's folder
    assert s3.keys() == {key(path) for path in images}
    head = s3.client.head_object(Bucket=BUCKET, Key=key(min(images)))
    assert head["ContentType"] == "image/png" and head["CacheControl"] == OBJECT_CACHE_CONTROL
    assert s3.read(key(min(images))).startswith(PNG_SIGNATURE)
    assert not home.settings.pages_dir.exists()  # nothing on the local pages folder
    assert staged(home) == []  # the staging folder went once uploaded


async def test_the_image_route_streams_from_the_bucket(
    home: Home, s3: S3, apps: tuple[httpx.AsyncClient, httpx.AsyncClient]
) -> None:
    streaming, _ = apps
    images = await page_images(home)
    path = max(images)
    url = image_route(images, path)

    reply = await streaming.get(url)
    assert reply.status_code == 200, reply.text
    assert reply.content == s3.read(key(path))
    assert reply.headers["content-type"] == "image/png"
    assert reply.headers["cache-control"] == IMAGE_CACHE_CONTROL
    assert int(reply.headers["content-length"]) == len(reply.content)
    etag = reply.headers["etag"]
    assert (await streaming.get(url, headers={"If-None-Match": etag})).status_code == 304
    other = min(images)
    other_reply = await streaming.get(image_route(images, other))
    assert other_reply.content == s3.read(key(other)) and other_reply.headers["etag"] != etag

    with s3.lost(key(path)):  # an object lost from the bucket: 404, not a server error
        assert (await streaming.get(url)).status_code == 404


async def test_the_image_route_redirects_to_the_public_url(
    home: Home, s3: S3, apps: tuple[httpx.AsyncClient, httpx.AsyncClient]
) -> None:
    _, redirecting = apps
    images = await page_images(home)
    path = min(images)

    reply = await redirecting.get(image_route(images, path))
    assert reply.status_code == 307
    location = reply.headers["location"]
    assert location == f"{s3.endpoint}/{BUCKET}/{KEY_PREFIX}/{path}"
    async with httpx.AsyncClient() as browser:  # what a browser fetches next: the object itself
        public = await browser.get(location)
    assert public.status_code == 200 and public.content == s3.read(key(path))
    missing = await redirecting.get(f"/filings/{images[path][0]}/pages/100000/image")
    assert missing.status_code == 404


async def test_ready_reads_the_page_images_from_the_bucket(
    home: Home, s3: S3, apps: tuple[httpx.AsyncClient, httpx.AsyncClient]
) -> None:
    streaming, _ = apps
    images = await page_images(home)

    async def page_images_check() -> dict[str, object]:
        checks = {check["name"]: check for check in (await streaming.get("/ready")).json()["checks"]}
        return dict(checks["page_images"])

    assert await page_images_check() == {
        "name": "page_images",
        "ok": True,
        "detail": f"{len(images)} page images present",
    }
    with s3.lost(key(min(images))):
        check = await page_images_check()
        assert check["ok"] is False
        assert check["detail"] == f"1 of {len(images)} page images missing"


async def test_a_repair_ingest_replaces_the_old_attempts_objects(home: Home, s3: S3) -> None:
    assert await ingest(home) == "unchanged"  # every image is in the bucket
    before = await page_images(home)
    s3.delete(key(min(before)))  # one image lost: the next ingest renders the filing anew

    assert await ingest(home) == "reingested"
    after = await page_images(home)
    old_prefix, new_prefix = (image_prefix_of(min(images)) for images in (before, after))
    assert new_prefix != old_prefix
    assert sorted(n for _, n in after.values()) == sorted(n for _, n in before.values())  # the same pages
    assert s3.keys() == {key(path) for path in after}  # the replaced attempt's objects are gone
    assert not home.settings.pages_dir.exists() and staged(home) == []


async def test_the_sweep_removes_dead_prefixes_and_spares_live_and_named_ones(home: Home, s3: S3) -> None:
    named = s3.keys()
    sha16 = hashlib.sha256(b"a document no row names").hexdigest()[:16]
    dead = f"{sha16}-0badf00d"  # a killed attempt's upload, and the staging folder it rendered into
    s3.write(key(f"{dead}/1.png"), PNG_SIGNATURE)
    s3.write(key(f"{dead}/2.png"), PNG_SIGNATURE)
    (home.staging_root / f".staging-{dead}").mkdir(parents=True)

    store = home.store
    async with image_attempt(home.sessions, store, hashlib.sha256(b"in flight").hexdigest()) as live:
        live.staging_dir.mkdir(parents=True)
        (live.staging_dir / "1.png").write_bytes(PNG_SIGNATURE)
        await live.publish()  # uploaded, not yet named by a row: still the live attempt's
        assert s3.keys() == named | {key(f"{dead}/1.png"), key(f"{dead}/2.png"), key(f"{live.prefix}/1.png")}

        assert set(await sweep_page_images(home.sessions, store)) == {dead, f".staging-{dead}"}
        assert s3.keys() == named | {key(f"{live.prefix}/1.png")}
        assert staged(home) == []
    # Not committed: the attempt removed its own objects on the way out.
    assert s3.keys() == named
    assert await sweep_page_images(home.sessions, store) == []
