"""filingproof: answers about SEC filings in which every figure is traced to a cell of the filing."""

PARSER_VERSION = "16"
"""Bumped whenever parsing changes what is stored; a filing ingested by another version is re-ingested."""
