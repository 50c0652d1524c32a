"""The read model of what has been ingested: filings, their pages, tables and numeric cells.

One set of queries and one record per thing, served as they are by the HTTP API, the MCP server and the
command line (`filingproof filings`, `filingproof cells`). It reads `db` and nothing else of the project.
"""
