"""Where page images are kept: a local folder (the default), or an S3-compatible bucket.

Both keep the layout `db.page_images` relies on: one folder per ingest attempt (in a bucket, a key prefix),
`<sha16>-<token>/<n>.png`, which the page rows name (`image_path`, relative to the store). Pages are always
rendered into a local staging folder first (`.staging-<sha16>-<token>/`): inside the pages folder for the
local store; under `$FILINGPROOF_HOME/page-staging` for a bucket, which holds published folders only.

The bucket (`PAGE_STORE_URL=s3://bucket/prefix`) lets workers on other machines, and hosts whose disk does
not last (Render's), share the images. boto3 finds the credentials as usual (`AWS_ACCESS_KEY_ID`,
`AWS_SECRET_ACCESS_KEY`, `AWS_DEFAULT_REGION` in the process environment, `~/.aws`, an instance role);
`PAGE_STORE_ENDPOINT_URL` names a non-AWS endpoint (MinIO, R2, moto); `PAGE_STORE_PUBLIC_URL`, the base URL
at which the bucket prefix is served to browsers, makes the image route redirect there.

The methods block (disk or network): callers run them in a thread.
"""

import os
import shutil
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

from filingproof.config import Settings

if TYPE_CHECKING:
    from types_boto3_s3 import S3Client

STAGING = ".staging-"
# An object's key names one attempt's render of one page, and is never written twice: caches may keep it.
OBJECT_CACHE_CONTROL = "public, max-age=31536000, immutable"
_UPLOAD_THREADS = 8
_DELETE_BATCH = 1000  # the most keys one DeleteObjects request takes


class ImageBody(Protocol):
    """An open image's bytes, read in chunks (a bucket object's streaming body)."""

    def read(self, amt: int | None = ...) -> bytes: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class StoredImage:
    """One stored page image, opened: a local file to send, or a bucket object's body to stream."""

    size: int
    version: str  # changes whenever the bytes may have (part of the image route's ETag)
    path: Path | None = None
    body: ImageBody | None = None

    def close(self) -> None:
        if self.body is not None:
            self.body.close()


class PageStore(ABC):
    """Page image folders by name: listed, published from staging, removed, checked and opened."""

    @property
    @abstractmethod
    def staging_root(self) -> Path:
        """Where `.staging-<prefix>/` folders are rendered: always on local disk."""

    def staging_dir(self, prefix: str) -> Path:
        return self.staging_root / f"{STAGING}{prefix}"

    @property
    @abstractmethod
    def description(self) -> str:
        """Where the images are, for messages."""

    @abstractmethod
    def folders(self) -> dict[str, float | None]:
        """Every folder, published or staging, and when it last changed (None: not known)."""

    @abstractmethod
    def exists(self, names: Collection[str]) -> bool:
        """Whether any of these folders exists (published or staging)."""

    @abstractmethod
    def publish(self, prefix: str) -> None:
        """The staging folder of `prefix`, stored for good as the folder `prefix` (nothing if never
        rendered). Once it returns, every image is there: the rows naming it may be committed."""

    @abstractmethod
    def remove(self, names: Collection[str]) -> None:
        """These folders (published or staging) and every image in them; absent ones are skipped."""

    @abstractmethod
    def missing(self, paths: Collection[str]) -> list[str]:
        """The image paths (`<folder>/<n>.png`) that are not stored."""

    @abstractmethod
    def open(self, path: str) -> StoredImage | None:
        """The image at `path`, or None if it is not stored."""

    def public_url(self, path: str) -> str | None:
        """The URL browsers fetch the image from directly, if the store has one."""
        return None


def _files_in(folder: Path) -> frozenset[str] | None:
    """The names of the files in `folder` (none if it does not exist); None when it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            return frozenset(entry.name for entry in entries if entry.is_file())
    except FileNotFoundError:
        return frozenset()
    except OSError:  # not a folder, not readable: each path is looked up alone
        return None


@dataclass(frozen=True)
class LocalPageStore(PageStore):
    """Folders under a local directory (`$FILINGPROOF_HOME/pages`), staging folders beside them."""

    root: Path

    @property
    def staging_root(self) -> Path:
        return self.root

    @property
    def description(self) -> str:
        return str(self.root)

    def folders(self) -> dict[str, float | None]:
        return dict(_local_folders(self.root))

    def exists(self, names: Collection[str]) -> bool:
        return any((self.root / name).exists() for name in names)

    def publish(self, prefix: str) -> None:
        """Flush every image, then rename the folder and flush the rename: once the rows are committed, a
        power loss cannot leave them naming empty or missing files."""
        staging_dir, published_dir = self.staging_dir(prefix), self.root / prefix
        if not staging_dir.is_dir():
            return  # nothing rendered (no page has an image): no row names the folder
        for image in staging_dir.iterdir():
            _fsync(image)
        _fsync(staging_dir)
        staging_dir.rename(published_dir)
        _fsync(published_dir.parent)

    def remove(self, names: Collection[str]) -> None:
        for name in names:
            shutil.rmtree(self.root / name, ignore_errors=True)

    def missing(self, paths: Collection[str]) -> list[str]:
        """One listing per folder, not one look-up per image (a thousand filings have ~90,000 pages); the
        paths grouped by their folder as strings (a `Path` per image cost 0.9 s of `/ready` there)."""
        by_folder: dict[str, list[str]] = defaultdict(list)
        for path in paths:
            folder, _, name = path.rpartition("/")
            by_folder[folder].append(name)
        gone: set[str] = set()
        for folder, names in by_folder.items():
            files = _files_in(self.root / folder)
            for name in names:
                if not (name in files if files is not None else (self.root / folder / name).is_file()):
                    gone.add(f"{folder}/{name}" if folder else name)
        return [path for path in paths if path in gone]  # in the order asked

    def open(self, path: str) -> StoredImage | None:
        """The file, resolved under the root; None if it escapes the root or is missing."""
        root = self.root.resolve()
        file = (root / path).resolve()
        if not file.is_relative_to(root) or not file.is_file():
            return None
        stat = file.stat()
        return StoredImage(size=stat.st_size, version=f"{stat.st_mtime_ns:x}", path=file)


class BucketPageStore(PageStore):
    """Folders as key prefixes in an S3-compatible bucket (under a key prefix of the store's own)."""

    def __init__(
        self, client: "S3Client", url: str, staging_root: Path, public_base_url: str | None = None
    ) -> None:
        self.client = client
        self.bucket, self.key_prefix = parse_bucket_url(url)
        self._staging_root = staging_root
        self.public_base_url = public_base_url.rstrip("/") if public_base_url else None

    @property
    def staging_root(self) -> Path:
        return self._staging_root

    @property
    def description(self) -> str:
        return f"s3://{self.bucket}/{self.key_prefix}"

    def key(self, path: str) -> str:
        """The object key of a path relative to the store."""
        return f"{self.key_prefix}{path}"

    def folders(self) -> dict[str, float | None]:
        """The bucket's folders (their time is not needed: none is of the legacy layout that the sweep
        ages), and the local staging folders."""
        found: dict[str, float | None] = {name: None for name in self._bucket_folders()}
        found.update((name, at) for name, at in _local_folders(self.staging_root) if name.startswith(STAGING))
        return found

    def exists(self, names: Collection[str]) -> bool:
        return any(
            (self.staging_root / name).exists() if name.startswith(STAGING) else self._has_folder(name)
            for name in names
        )

    def publish(self, prefix: str) -> None:
        """Upload every image (in parallel: a 10-K has a hundred pages), then drop the staging folder."""
        staging_dir = self.staging_dir(prefix)
        if not staging_dir.is_dir():
            return
        images = sorted(staging_dir.iterdir())
        with ThreadPoolExecutor(_UPLOAD_THREADS) as pool:
            # list(): every upload's error is raised here, before the rows are committed.
            list(pool.map(lambda image: self._upload(image, f"{prefix}/{image.name}"), images))
        shutil.rmtree(staging_dir, ignore_errors=True)

    def remove(self, names: Collection[str]) -> None:
        for name in names:
            if name.startswith(STAGING):
                shutil.rmtree(self.staging_root / name, ignore_errors=True)
            else:
                self._delete(list(self._keys(f"{name}/")))

    def missing(self, paths: Collection[str]) -> list[str]:
        """One listing per folder (an attempt's pages), not one request per image."""
        stored: set[str] = set()
        for folder in sorted({path.split("/", 1)[0] for path in paths}):
            stored.update(self._keys(f"{folder}/"))
        return [path for path in paths if self.key(path) not in stored]

    def open(self, path: str) -> StoredImage | None:
        try:
            reply = self.client.get_object(Bucket=self.bucket, Key=self.key(path))
        except self.client.exceptions.NoSuchKey:
            return None
        return StoredImage(size=reply["ContentLength"], version=reply["ETag"].strip('"'), body=reply["Body"])

    def public_url(self, path: str) -> str | None:
        return f"{self.public_base_url}/{path}" if self.public_base_url else None

    def _upload(self, image: Path, path: str) -> None:
        self.client.put_object(
            Bucket=self.bucket,
            Key=self.key(path),
            Body=image.read_bytes(),
            ContentType="image/png",
            CacheControl=OBJECT_CACHE_CONTROL,
        )

    def _bucket_folders(self) -> Iterator[str]:
        pages = self.client.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=self.key_prefix, Delimiter="/"
        )
        for page in pages:
            for common in page.get("CommonPrefixes", []):
                yield common["Prefix"][len(self.key_prefix) :].rstrip("/")

    def _has_folder(self, name: str) -> bool:
        reply = self.client.list_objects_v2(Bucket=self.bucket, Prefix=self.key(f"{name}/"), MaxKeys=1)
        return reply.get("KeyCount", 0) > 0

    def _keys(self, path_prefix: str) -> Iterator[str]:
        pages = self.client.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=self.key(path_prefix)
        )
        for page in pages:
            for item in page.get("Contents", []):
                yield item["Key"]

    def _delete(self, keys: list[str]) -> None:
        for start in range(0, len(keys), _DELETE_BATCH):
            batch = keys[start : start + _DELETE_BATCH]
            self.client.delete_objects(
                Bucket=self.bucket, Delete={"Objects": [{"Key": key} for key in batch], "Quiet": True}
            )


def parse_bucket_url(url: str) -> tuple[str, str]:
    """`s3://bucket/some/prefix` → (`bucket`, `some/prefix/`); no prefix → (`bucket`, ``)."""
    parts = urlsplit(url)
    if parts.scheme != "s3" or not parts.netloc:
        raise ValueError(f"not an s3://bucket[/prefix] URL: {url}")
    prefix = parts.path.strip("/")
    return parts.netloc, f"{prefix}/" if prefix else ""


def page_store(settings: Settings) -> PageStore:
    """The page store the settings name: the bucket of `PAGE_STORE_URL`, else `$FILINGPROOF_HOME/pages`."""
    if settings.page_store_url is None:
        return LocalPageStore(settings.pages_dir)
    return _bucket_store(
        settings.page_store_url,
        settings.page_store_endpoint_url,
        settings.page_store_public_url,
        settings.home / "page-staging",
    )


@lru_cache(maxsize=8)
def _bucket_store(
    url: str, endpoint_url: str | None, public_base_url: str | None, staging_root: Path
) -> BucketPageStore:
    """One client per store and process (a client is thread-safe, and slow to make)."""
    import boto3
    from botocore.config import Config

    # Path-style addressing for other endpoints: MinIO and loopback servers serve no bucket subdomains.
    config = Config(
        retries={"mode": "standard", "max_attempts": 5},
        max_pool_connections=_UPLOAD_THREADS * 2,
        s3={"addressing_style": "path" if endpoint_url else "auto"},
    )
    client = boto3.client("s3", endpoint_url=endpoint_url, config=config)
    return BucketPageStore(client, url, staging_root, public_base_url)


def as_page_store(store: PageStore | Path) -> PageStore:
    """A store, given one or a local pages folder."""
    return store if isinstance(store, PageStore) else LocalPageStore(store)


def _local_folders(root: Path) -> Iterator[tuple[str, float]]:
    """Each folder under `root` and when it last changed."""
    if not root.is_dir():
        return
    for entry in os.scandir(root):
        try:
            if entry.is_dir(follow_symlinks=False):
                yield entry.name, entry.stat(follow_symlinks=False).st_mtime
        except FileNotFoundError:  # removed meanwhile (by its attempt, or another sweep)
            continue


def _fsync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
