"""Checks the EDGAR User-Agent before anything is sent: SEC wants 'Company Name email@domain'."""

from __future__ import annotations

import re

from filingproof.edgar.errors import PlaceholderUserAgentError

_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")

# Fragments that only appear in templates and documentation samples, never in a real contact.
_PLACEHOLDER_FRAGMENTS = (
    "sample company",
    "company name",
    "admincontact@",
    "your name",
    "yourname",
    "your@",
    "you@",
    "your.email",
    "youremail",
    "email@domain",
    "name@domain",
    "user@domain",
    "@domain.com",
    "@email.com",
    "example.com",
    "example.org",
    "example.net",
    "@example.",
    "@test.com",
    "changeme",
    "<",
    ">",
)


def validate_user_agent(user_agent: str) -> str:
    """Return the stripped User-Agent, or raise `PlaceholderUserAgentError` when it is not a real contact."""
    value = user_agent.strip()
    if not value:
        raise PlaceholderUserAgentError(user_agent, "it is empty")
    lowered = value.lower()
    for fragment in _PLACEHOLDER_FRAGMENTS:
        if fragment in lowered:
            raise PlaceholderUserAgentError(
                user_agent, f"it looks like a placeholder (contains {fragment!r})"
            )
    if not _EMAIL.search(value):
        raise PlaceholderUserAgentError(user_agent, "it contains no e-mail address")
    if not _EMAIL.sub("", value).strip(" \t,;:()-"):
        raise PlaceholderUserAgentError(user_agent, "it has an e-mail address but no name before it")
    return value
