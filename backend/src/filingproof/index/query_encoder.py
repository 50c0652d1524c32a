"""A query's vector from two files, without sentence-transformers: the model's transformer as a full load
traced it (TorchScript), saved in the machine's cache folder (`embed.models_cache`), and the model's own
tokenizer (`tokenizers`, its `tokenizer.json`).

Why: importing sentence-transformers (and transformers, scipy, sympy … through it) is most of what a
server waits for before its first question: 5.2 s of the 7.6 s a full load takes here, torch alone 1.9 s.
A search embeds one short text at a time, which needs neither. The first full load on a machine (an
ingest, or the first server) saves the trace with the vector it gives a probe text; a later process reads it
back only if it gives that vector again (to 1e-6), and otherwise loads the model as before. Passages (an
ingest) always go through the model (`embed.SentenceTransformerEmbedder`).
"""

import hashlib
import json
import logging
import os
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

QUERY_TOKENS = 256  # the model's `max_seq_length`: a query's first 256 tokens, as encode reads it
_PROBE_FILE = "probe.json"  # inside the saved trace: the probe text's vector at the full load
MAX_PROBE_DIFFERENCE = 1e-6


def saved_encoder_path(models_dir: Path, model_dir: Path) -> Path:
    """Where the query path of the model in `model_dir` is kept: named by the model's weights (size and
    time) and torch's version, either of which changing makes it another file."""
    import torch

    weights = (model_dir / "model.safetensors").stat()
    key = f"{torch.__version__}:{weights.st_size}:{weights.st_mtime_ns}"
    return models_dir / f"query-encoder-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pt"


def save_encoder(path: Path, traced: Any, probe_vector: Sequence[float]) -> None:
    """Save the traced transformer with the probe's vector; atomically (two server workers may both)."""
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    save: Any = torch.jit.save  # untyped in torch 2.13; deprecated there, as tracing is (`embed._trace`)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        save(traced, str(partial), _extra_files={_PROBE_FILE: json.dumps(list(probe_vector))})
    partial.replace(path)


class SavedQueryEncoder:
    """The saved trace and the model's tokenizer: one text's unit vector, as `encode` gives it."""

    def __init__(self, traced: Any, tokenizer: Any) -> None:
        self._traced = traced
        self._tokenizer = tokenizer

    @classmethod
    def load(cls, path: Path, model_dir: Path, probe: str) -> "SavedQueryEncoder | None":
        """The encoder saved at `path`, if it reads and gives the vector it was saved with for `probe`;
        None otherwise (the caller loads the model)."""
        if not path.exists():
            return None
        try:
            import torch
            from tokenizers import Tokenizer

            extra = {_PROBE_FILE: ""}
            load: Any = torch.jit.load  # untyped in torch 2.13
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                traced = load(str(path), _extra_files=extra)
            expected = json.loads(extra[_PROBE_FILE])
            tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
            # the file's own settings pad and cut at 128; encode reads one text unpadded, to 256 tokens
            tokenizer.enable_truncation(QUERY_TOKENS)
            tokenizer.no_padding()
            encoder = cls(traced, tokenizer)
            got = encoder.vector(probe)
        except Exception as error:  # an unreadable or foreign file: the model is loaded instead
            logger.info("the saved query encoder %s is not used: %s", path, error)
            return None
        difference = max(abs(a - b) for a, b in zip(got, expected, strict=True))
        if difference > MAX_PROBE_DIFFERENCE:
            logger.info("the saved query encoder %s is %g off its probe: not used", path, difference)
            return None
        return encoder

    def vector(self, text: str) -> list[float]:
        """`text`'s unit vector: sentence-transformers' preprocessing (the text stripped, the model's
        tokenizer), the traced transformer, the mean of its token vectors, normalised."""
        import torch

        encoding = self._tokenizer.encode(text.strip())
        inputs = (
            torch.tensor([encoding.ids]),
            torch.tensor([encoding.attention_mask]),
            torch.tensor([encoding.type_ids]),
        )
        with intra_op_threads(1), torch.inference_mode():
            tokens = self._traced(*inputs)["last_hidden_state"]
            vector = torch.nn.functional.normalize(tokens.mean(dim=1), p=2, dim=1)
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
