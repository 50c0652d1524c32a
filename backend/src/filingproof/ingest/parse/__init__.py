"""The pure parsing layer: a document's bytes to pages, tables, cells, periods and XBRL facts.

No I/O beyond the bytes handed in, no database, no browser: render, store and the pipeline build on it.
"""
