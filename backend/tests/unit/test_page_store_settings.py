"""Which page store the settings choose, and the settings it refuses (they fail fast, not at the first
upload)."""

from pathlib import Path

import pytest
from pydantic import ValidationError

from filingproof.config import Settings
from filingproof.db.page_store import BucketPageStore, LocalPageStore, page_store, parse_bucket_url


def test_the_local_folder_is_the_default(tmp_path: Path) -> None:
    settings = Settings(FILINGPROOF_HOME=str(tmp_path), PAGE_STORE_URL="", PAGE_STORE_PUBLIC_URL="")
    store = page_store(settings)
    assert isinstance(store, LocalPageStore) and store.root == tmp_path.resolve() / "pages"
    assert store.staging_dir("0123456789abcdef-0badf00d") == store.root / ".staging-0123456789abcdef-0badf00d"
    assert store.public_url("0123456789abcdef-0badf00d/1.png") is None


def test_a_bucket_url_chooses_the_bucket(tmp_path: Path) -> None:
    settings = Settings(
        FILINGPROOF_HOME=str(tmp_path),
        PAGE_STORE_URL="s3://filingproof-pages/prod/pages/",
        PAGE_STORE_ENDPOINT_URL="http://127.0.0.1:9",  # never called: no request is made here
        PAGE_STORE_PUBLIC_URL="https://cdn.example.com/pages/",
    )
    store = page_store(settings)
    assert isinstance(store, BucketPageStore)
    assert (store.bucket, store.key_prefix) == ("filingproof-pages", "prod/pages/")
    assert store.key("abc-0badf00d/3.png") == "prod/pages/abc-0badf00d/3.png"
    assert store.public_url("abc-0badf00d/3.png") == "https://cdn.example.com/pages/abc-0badf00d/3.png"
    assert store.staging_root == tmp_path.resolve() / "page-staging"  # never under the pages folder
    assert page_store(settings) is store  # one client per store and process


@pytest.mark.parametrize(
    ("url", "parsed"),
    [
        ("s3://bucket", ("bucket", "")),
        ("s3://bucket/", ("bucket", "")),
        ("s3://b.c-d/x//y/", ("b.c-d", "x//y/")),
    ],
)
def test_bucket_urls(url: str, parsed: tuple[str, str]) -> None:
    assert parse_bucket_url(url) == parsed


@pytest.mark.parametrize(
    "environment",
    [
        {"PAGE_STORE_URL": "https://bucket.s3.amazonaws.com/pages"},  # not s3://
        {"PAGE_STORE_URL": "s3://Upper_Case"},  # not a bucket name
        {"PAGE_STORE_URL": "s3://bucket", "PAGE_STORE_PUBLIC_URL": "cdn.example.com"},  # no scheme
        {"PAGE_STORE_PUBLIC_URL": "https://cdn.example.com"},  # a public URL, no bucket
        {"PAGE_STORE_ENDPOINT_URL": "http://127.0.0.1:9000"},  # an endpoint, no bucket
    ],
)
def test_incomplete_or_malformed_page_store_settings_are_refused(
    tmp_path: Path, environment: dict[str, str]
) -> None:
    with pytest.raises(ValidationError):
        Settings.model_validate({"FILINGPROOF_HOME": str(tmp_path), **environment})


def test_the_local_folder_names_the_images_it_lacks(tmp_path: Path) -> None:
    store = LocalPageStore(tmp_path)
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "1.png").write_bytes(b"png")
    (tmp_path / "a" / "2.png").mkdir()  # a folder of that name is no image
    (tmp_path / "b").write_bytes(b"a file, not a folder")
    paths = ["a/1.png", "a/2.png", "a/3.png", "gone/1.png", "b/1.png", "a/../a/1.png"]
    assert store.missing(paths) == ["a/2.png", "a/3.png", "gone/1.png", "b/1.png"]
    assert store.missing(paths) == [path for path in paths if not (tmp_path / path).is_file()]
