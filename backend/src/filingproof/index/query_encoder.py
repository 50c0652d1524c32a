"""A query's vector in numpy, without torch: the model's BERT encoder run from its own files
(`model.safetensors` read in place, `config.json`, `tokenizer.json`), mean-pooled and normalised as
sentence-transformers' `encode` does.

Why: a server embeds one short text at a time (a question, a few row labels to rank), which needs neither
sentence-transformers nor torch. Importing torch cost each server process about 220 MB and 1.9 s of its
start, and the traced transformer that replaced the model another 90 MB of its own: with two server
workers, the query path alone took more than half of #31's 1 GB. The weights are read from the model's
file in place (`mmap`), so server workers share one copy in the page cache.

A process uses this path only once it has given the model's own vector for a probe text to 1e-6: checked
against the model where this process loaded it, else against the vector the first full load on this machine
kept beside the model's cache (`probe_path`). Otherwise the model loads as before (`embed`).
"""

import hashlib
import json
import math
import mmap
import os
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

MAX_PROBE_DIFFERENCE = 1e-6
_OTHER_POOLINGS = ("cls_token", "max_tokens", "mean_sqrt_len_tokens")
Matrix = npt.NDArray[np.float32]


class UnsupportedModelError(ValueError):
    """The model's files describe something this path does not compute (the model itself is used)."""


def probe_path(models_dir: Path, model_dir: Path) -> Path:
    """Where the model's vector for the probe text is kept: named by the model's weights (size and time),
    so that other weights are another file."""
    weights = (model_dir / "model.safetensors").stat()
    key = f"{weights.st_size}:{weights.st_mtime_ns}"
    return models_dir / f"query-probe-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"


def keep_probe(path: Path, text: str, vector: Sequence[float]) -> None:
    """Keep the model's vector for `text`; atomically (two server workers may both write it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_text(json.dumps({"text": text, "vector": list(vector)}))
    partial.replace(path)


def kept_probe(path: Path) -> tuple[str, list[float]] | None:
    """The probe text and the model's vector for it, if kept at `path` and readable."""
    try:
        kept = json.loads(path.read_text())
        return str(kept["text"]), [float(x) for x in kept["vector"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def read_safetensors(path: Path) -> dict[str, Matrix]:
    """The float32 tensors of a safetensors file, as read-only arrays over the file's pages (its format: an
    8-byte little-endian header length, a JSON header of names, dtypes, shapes and byte offsets, then the
    data). Other dtypes (BERT's int64 `position_ids` buffer) are left out."""
    with path.open("rb") as file:
        pages = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    (header_length,) = struct.unpack("<Q", pages[:8])
    header = json.loads(pages[8 : 8 + header_length])
    tensors: dict[str, Matrix] = {}
    for name, entry in header.items():
        if name == "__metadata__" or entry["dtype"] != "F32":
            continue
        start, end = entry["data_offsets"]
        flat = np.frombuffer(pages, dtype="<f4", count=(end - start) // 4, offset=8 + header_length + start)
        tensors[name] = flat.reshape(entry["shape"])
    return tensors


# erf in float32, as Eigen and XLA compute it (a rational approximation on [-4, 4], odd numerator over even
# denominator in x²); within 4e-7 of the exact function, well inside the probe's 1e-6 on the whole vector.
_ERF_NUMERATOR = tuple(
    np.float32(c)
    for c in (
        -2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
        -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02,
    )
)  # fmt: skip
_ERF_DENOMINATOR = tuple(
    np.float32(c)
    for c in (
        -1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
        -1.42647390514189e-02,
    )
)  # fmt: skip


def erf(x: Matrix) -> Matrix:
    x = np.clip(x, np.float32(-4.0), np.float32(4.0))
    square = x * x
    numerator = np.full_like(x, _ERF_NUMERATOR[0])
    for coefficient in _ERF_NUMERATOR[1:]:
        numerator = numerator * square + coefficient
    denominator = np.full_like(x, _ERF_DENOMINATOR[0])
    for coefficient in _ERF_DENOMINATOR[1:]:
        denominator = denominator * square + coefficient
    result: Matrix = x * numerator / denominator
    return result


def gelu(x: Matrix) -> Matrix:
    """BERT's activation ("gelu" in its config): x·Φ(x), exactly, through erf."""
    result: Matrix = x * np.float32(0.5) * (np.float32(1.0) + erf(x * np.float32(1 / math.sqrt(2))))
    return result


@dataclass(frozen=True)
class _Linear:
    weight: Matrix  # (out, in), as stored
    bias: Matrix

    def __call__(self, x: Matrix) -> Matrix:
        result: Matrix = x @ self.weight.T + self.bias
        return result


@dataclass(frozen=True)
class _LayerNorm:
    weight: Matrix
    bias: Matrix
    eps: np.float32

    def __call__(self, x: Matrix) -> Matrix:
        centred = x - x.mean(axis=-1, keepdims=True)
        variance = (centred * centred).mean(axis=-1, keepdims=True)
        result: Matrix = centred / np.sqrt(variance + self.eps) * self.weight + self.bias
        return result


@dataclass(frozen=True)
class _Layer:
    # the three projections in one product: their weights stacked, a copy (11 MB of the 90) each process holds
    query_key_value: _Linear
    attention_output: _Linear
    attention_norm: _LayerNorm
    intermediate: _Linear
    output: _Linear
    output_norm: _LayerNorm


class QueryEncoder:
    """BERT's forward pass for one unpadded text (every token attended, so no mask), mean-pooled and
    normalised: `encode(normalize_embeddings=True)`'s vector, for the models whose files say so."""

    def __init__(self, model_dir: Path) -> None:
        config = _json(model_dir / "config.json")
        pooling = _json(model_dir / "1_Pooling" / "config.json")
        if (
            config.get("model_type") != "bert"
            or config.get("hidden_act") != "gelu"
            or config.get("position_embedding_type", "absolute") != "absolute"
            or not pooling.get("pooling_mode_mean_tokens")
            or any(pooling.get(f"pooling_mode_{mode}") for mode in _OTHER_POOLINGS)
        ):
            raise UnsupportedModelError(f"{model_dir.name}: not a mean-pooled BERT with erf GELU")
        tensors = read_safetensors(model_dir / "model.safetensors")
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in tensors else ""

        def tensor(name: str) -> Matrix:
            return tensors[prefix + name]

        def linear(name: str) -> _Linear:
            return _Linear(tensor(f"{name}.weight"), tensor(f"{name}.bias"))

        eps = np.float32(config["layer_norm_eps"])

        def norm(name: str) -> _LayerNorm:
            return _LayerNorm(tensor(f"{name}.weight"), tensor(f"{name}.bias"), eps)

        self._heads = int(config["num_attention_heads"])
        self._words = tensor("embeddings.word_embeddings.weight")
        self._positions = tensor("embeddings.position_embeddings.weight")
        self._token_types = tensor("embeddings.token_type_embeddings.weight")
        self._embedding_norm = norm("embeddings.LayerNorm")
        self._layers = []
        for n in range(int(config["num_hidden_layers"])):
            layer = f"encoder.layer.{n}"
            parts = [linear(f"{layer}.attention.self.{part}") for part in ("query", "key", "value")]
            self._layers.append(
                _Layer(
                    _Linear(
                        np.concatenate([part.weight for part in parts]),
                        np.concatenate([part.bias for part in parts]),
                    ),
                    linear(f"{layer}.attention.output.dense"),
                    norm(f"{layer}.attention.output.LayerNorm"),
                    linear(f"{layer}.intermediate.dense"),
                    linear(f"{layer}.output.dense"),
                    norm(f"{layer}.output.LayerNorm"),
                )
            )
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        # the file's own settings pad and cut at 128; encode reads one text unpadded, to max_seq_length
        longest = int(_json(model_dir / "sentence_bert_config.json")["max_seq_length"])
        self._tokenizer.enable_truncation(longest)
        self._tokenizer.no_padding()

    def vector(self, text: str) -> list[float]:
        """`text`'s unit vector: sentence-transformers' preprocessing (the text stripped, the model's
        tokenizer), the encoder, the mean of its token vectors, normalised."""
        encoding = self._tokenizer.encode(text.strip())
        ids = np.asarray(encoding.ids)
        x = self._embedding_norm(
            self._words[ids] + self._positions[: len(ids)] + self._token_types[np.asarray(encoding.type_ids)]
        )
        for layer in self._layers:
            x = layer.attention_norm(layer.attention_output(self._attention(layer, x)) + x)
            x = layer.output_norm(layer.output(gelu(layer.intermediate(x))) + x)
        mean = x.mean(axis=0)
        return [float(v) for v in mean / np.linalg.norm(mean)]

    def _attention(self, layer: _Layer, x: Matrix) -> Matrix:
        tokens, width = x.shape
        size = width // self._heads
        # (3, heads, tokens, size): each head's queries, keys and values
        projected = layer.query_key_value(x).reshape(tokens, 3, self._heads, size)
        query, key, value = projected.transpose(1, 2, 0, 3)
        scores = (query @ key.transpose(0, 2, 1)) * np.float32(1 / math.sqrt(size))
        weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
        weights /= weights.sum(axis=-1, keepdims=True)
        context: Matrix = (weights @ value).transpose(1, 0, 2).reshape(tokens, width)
        return context

    def checked(self, text: str, expected: Sequence[float]) -> bool:
        """Whether this path gives `expected` (the model's vector for `text`) to `MAX_PROBE_DIFFERENCE`."""
        got = self.vector(text)
        return max(abs(a - b) for a, b in zip(got, expected, strict=True)) <= MAX_PROBE_DIFFERENCE


def _json(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded
