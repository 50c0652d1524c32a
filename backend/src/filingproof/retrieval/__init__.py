"""Query understanding and hybrid search over the index."""
