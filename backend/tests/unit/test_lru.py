"""The bounded caches of what a process reads from the store (vocabularies, label vectors)."""

import pytest

from filingproof.lru import LruCache


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("AAPL", 1)
    cache.put("NVDA", 2)
    assert cache.get("AAPL") == 1  # AAPL used last: NVDA is now the oldest
    cache.put("MSFT", 3)
    assert "NVDA" not in cache and cache.get("NVDA") is None
    assert (cache.get("AAPL"), cache.get("MSFT"), len(cache)) == (1, 3, 2)


def test_putting_a_key_again_replaces_it_and_renews_it() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("AAPL", 1)
    cache.put("NVDA", 2)
    cache.put("AAPL", 10)
    cache.put("MSFT", 3)
    assert (cache.get("AAPL"), "NVDA" in cache, len(cache)) == (10, False, 2)


def test_a_cache_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one entry"):
        LruCache[str, int](0)
