"""Hybrid search over the index, narrowed by query understanding (`filingproof.understanding`)."""
