"""Search index over filings: chunks, BM25 postings and embeddings."""
