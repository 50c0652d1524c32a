"""Fail-closed numeric verification: parse the figures of a draft, match them to cited cells.

Pure functions over plain values; this package imports nothing else of the project.
"""
