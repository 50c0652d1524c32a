"""Rate limiting and client identification (pure logic; the HTTP behaviour is in the integration tier)."""

from ipaddress import ip_network

import pytest

from filingproof.api.limits import TokenBuckets, client_address, retry_after_seconds

PROXIES = [ip_network("10.0.0.0/8"), ip_network("::1/128")]


def test_a_bucket_allows_its_burst_then_waits_for_the_refill() -> None:
    buckets = TokenBuckets(per_minute=60, burst=3)
    assert [buckets.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a", now=0.0) == pytest.approx(1.0)
    assert buckets.take("a", now=0.5) == pytest.approx(0.5)
    assert buckets.take("a", now=1.0) == 0.0
    assert buckets.take("b", now=1.0) == 0.0  # clients do not share a bucket


def test_a_bucket_never_holds_more_than_its_burst() -> None:
    buckets = TokenBuckets(per_minute=60, burst=2)
    buckets.take("a", now=0.0)
    assert [buckets.take("a", now=3600.0) for _ in range(3)][2] > 0


def test_full_buckets_are_dropped_when_the_table_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TokenBuckets, "MAX_KEYS", 2)
    buckets = TokenBuckets(per_minute=60, burst=1)
    buckets.take("a", now=0.0)
    buckets.take("b", now=0.0)
    assert buckets.take("c", now=10.0) == 0.0
    assert buckets.take("a", now=10.0) == 0.0  # "a" had refilled: dropped, and starts full again


@pytest.mark.parametrize(("wait", "header"), [(0.01, "1"), (1.0, "1"), (1.2, "2"), (59.9, "60")])
def test_retry_after_is_whole_seconds_rounded_up(wait: float, header: str) -> None:
    assert retry_after_seconds(wait) == header


@pytest.mark.parametrize(
    ("peer", "forwarded", "expected"),
    [
        ("203.0.113.5", None, "203.0.113.5"),
        ("203.0.113.5", "198.51.100.1", "203.0.113.5"),  # an untrusted peer's header is ignored
        ("10.1.2.3", "198.51.100.1", "198.51.100.1"),
        ("10.1.2.3", "6.6.6.6, 198.51.100.1, 10.0.0.9", "198.51.100.1"),  # right-most untrusted hop
        ("10.1.2.3", "10.0.0.7, 10.0.0.9", "10.0.0.7"),  # all trusted: the left-most
        ("10.1.2.3", "not-an-ip", "10.1.2.3"),
        ("10.1.2.3", "6.6.6.6, garbage, 198.51.100.1", "198.51.100.1"),
        ("::1", "2001:db8::1", "2001:db8::1"),
        (None, "198.51.100.1", "unknown"),
        ("testclient", "198.51.100.1", "testclient"),
    ],
)
def test_client_address(peer: str | None, forwarded: str | None, expected: str) -> None:
    assert client_address(peer, forwarded, PROXIES) == expected
