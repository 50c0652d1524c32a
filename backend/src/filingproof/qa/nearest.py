"""The printed lines nearest in meaning to an item the filings do not name: suggestions, never an answer.

When the lexical resolver (`qa.vocabulary.resolve`) finds no line that carries every term of the asked item
("outlay for property and equipment"), the company's printed row labels for the asked period are ranked by
cosine similarity with the asked phrase, using the process's one sentence-embedding model
(`index.embed.get_embedder`, the one search embeds queries with). The best few above a threshold are
offered as lines to ask for, each linked to its cell and without its figure: nothing here vouches that a
line is the item asked, so no answer built from it is `verified`.

This runs only when lexical resolution finds nothing, so answered questions pay nothing for it.
"""

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from filingproof.index.embed import EmbeddingUnavailable, get_embedder
from filingproof.lru import LruCache
from filingproof.qa.periods import Target
from filingproof.qa.store import CellHit
from filingproof.qa.vocabulary import Entry, Vocabulary, in_period, own_filing

logger = logging.getLogger(__name__)

# all-MiniLM-L6-v2 cosines of an asked phrase with a row label: "outlay for property and equipment" and
# "Purchases of property and equipment" are ~0.7, unrelated lines of the same statement below ~0.45.
THRESHOLD = 0.5
LIMIT = 3


@dataclass(frozen=True)
class Nearest:
    """The printed lines nearest to an item no line names, best first."""

    ticker: str
    company: str
    phrase: str
    cells: tuple[CellHit, ...]


# row label → its unit vector (float32, 1.5 kB); a corpus prints a few thousand distinct labels per
# company, and a store of thousands of companies keeps only the labels met lately
LABEL_VECTORS_KEPT = 50_000
_VECTORS: LruCache[str, npt.NDArray[np.float32]] = LruCache(LABEL_VECTORS_KEPT)


def _printable(label: str) -> bool:
    """A label the answer can quote: digits in it would be read as figures to verify."""
    return bool(label.strip()) and not any(c.isdigit() for c in label)


def _lines(vocab: Vocabulary, targets: Sequence[Target]) -> dict[str, Entry]:
    """Each distinct row label of a cell in the asked period, with its first cell: the filing that reports
    the period as its own first, then a tagged cell (the statement's line, not an MD&A reconciliation's
    copy of it), then document order (a primary statement before the notes)."""
    asked = [e for e in vocab.entries if _printable(e.cell.row_label) and in_period(e.cell, targets)]
    asked.sort(key=lambda e: (not own_filing(e.cell, targets), e.cell.fact_id is None, e.order))
    lines: dict[str, Entry] = {}
    for entry in asked:
        lines.setdefault(" ".join(entry.cell.row_label.split()), entry)
    return lines


def _embed(phrase: str, labels: Sequence[str]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The phrase's vector and the labels' (a row each), the labels not kept encoded in one batch."""
    kept = {label: vector for label in labels if (vector := _VECTORS.get(label)) is not None}
    unseen = [label for label in labels if label not in kept]
    vectors = np.asarray(get_embedder().embed([phrase, *unseen]), dtype=np.float32)
    for label, vector in zip(unseen, vectors[1:], strict=True):
        kept[label] = vector
        _VECTORS.put(label, vector)
    return vectors[0], np.stack([kept[label] for label in labels])


def _ranked(phrase: str, lines: dict[str, Entry]) -> list[CellHit]:
    labels = list(lines)
    query, vectors = _embed(phrase, labels)
    scores = vectors @ query  # unit vectors: the cosines
    best = sorted(range(len(labels)), key=lambda i: -float(scores[i]))[:LIMIT]
    return [lines[labels[i]].cell for i in best if scores[i] >= THRESHOLD]


async def nearest_lines(vocab: Vocabulary, phrase: str, targets: Sequence[Target]) -> tuple[CellHit, ...]:
    """Up to `LIMIT` cells whose row labels are nearest to `phrase`, one per label; none when the embedding
    model cannot be loaded (the answer then says only that nothing was found)."""
    lines = _lines(vocab, targets)
    if not lines or not phrase.strip():
        return ()
    try:
        # the model's forward runs outside the GIL; the event loop keeps serving meanwhile
        return tuple(await asyncio.to_thread(_ranked, phrase, lines))
    except EmbeddingUnavailable as error:
        logger.warning("no nearest lines for %r: %s", phrase, error)
        return ()
