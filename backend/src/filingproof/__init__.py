"""filingproof: answers about SEC filings in which every figure is traced to a cell of the filing."""

PARSER_VERSION = "17"
"""Bumped whenever parsing changes what is stored; a filing ingested by another version is re-ingested."""
