"""The ingest stage that indexes a stored filing (chunks, embeddings, BM25); a no-op until retrieval lands."""

from filingproof.ingest.pipeline import IndexHook


def default_index_hook() -> IndexHook | None:
    return None
