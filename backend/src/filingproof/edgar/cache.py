"""On-disk cache of EDGAR responses, keyed by URL.

Archived documents (``/Archives/...``) never change once filed and are kept forever; everything else
(``company_tickers.json``, ``submissions/*.json``, XBRL API answers) changes daily and expires after a TTL.
Each entry is two files named by the SHA-256 of the URL: ``<key>.body`` and ``<key>.json`` (metadata).
Writes go through a temporary file and an atomic rename, so a crash never leaves a half-written entry.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

#: How long listings (tickers, submissions, XBRL API answers) are served from the cache.
DEFAULT_METADATA_TTL_S = 24 * 3600.0


def is_immutable(url: str) -> bool:
    """True for archived filing documents, which EDGAR never changes after filing."""
    return "/Archives/edgar/data/" in urlsplit(url).path


class EdgarCache:
    """A URL-keyed store of response bodies under ``directory``."""

    def __init__(
        self,
        directory: Path,
        *,
        metadata_ttl_s: float = DEFAULT_METADATA_TTL_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.directory = directory
        self.metadata_ttl_s = metadata_ttl_s
        self._clock = clock

    def ttl_for(self, url: str) -> float | None:
        """Seconds an entry for ``url`` stays fresh; ``None`` means forever."""
        return None if is_immutable(url) else self.metadata_ttl_s

    def _paths(self, url: str) -> tuple[Path, Path]:
        key = hashlib.sha256(url.encode("utf-8")).hexdigest()
        folder = self.directory / key[:2]
        return folder / f"{key}.body", folder / f"{key}.json"

    def get_sync(self, url: str) -> bytes | None:
        """The cached body for ``url`` if present and fresh, else ``None``."""
        body_path, meta_path = self._paths(url)
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            if meta.get("url") != url:
                return None
            ttl = self.ttl_for(url)
            if ttl is not None and self._clock() - float(meta["stored_at"]) > ttl:
                return None
            body = body_path.read_bytes()
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if len(body) != meta.get("size"):
            return None
        return body

    def put_sync(self, url: str, body: bytes, content_type: str | None = None) -> None:
        """Store ``body`` as the answer for ``url``."""
        body_path, meta_path = self._paths(url)
        body_path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"url": url, "stored_at": self._clock(), "size": len(body), "content_type": content_type}
        _atomic_write(body_path, body)
        _atomic_write(meta_path, json.dumps(meta).encode("utf-8"))

    def invalidate_sync(self, url: str) -> None:
        """Forget the entry for ``url``, if any."""
        for path in self._paths(url):
            path.unlink(missing_ok=True)

    async def get(self, url: str) -> bytes | None:
        return await asyncio.to_thread(self.get_sync, url)

    async def put(self, url: str, body: bytes, content_type: str | None = None) -> None:
        await asyncio.to_thread(self.put_sync, url, body, content_type)


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
