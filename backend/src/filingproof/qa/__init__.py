"""Table question answering: pick cells (never free text) and compute derived figures from them.

Below the pipeline and beside retrieval: it reads cells from the database and periods from query
understanding (`filingproof.understanding`), never search.
"""
