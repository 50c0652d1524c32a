"""Fail-closed numeric verification: parse the figures of a draft, match them to cited cells.

Pure functions over plain values; this package imports nothing else of the project.
"""

from filingproof.verify.cells import CitedValue, PeriodRef, Unit, as_unit
from filingproof.verify.derive import Derivation, DerivationError, derive, recompute
from filingproof.verify.figures import WrittenFigure, extract
from filingproof.verify.format import format_figure
from filingproof.verify.match import matches
from filingproof.verify.periods import WrittenPeriod
from filingproof.verify.references import Reference, find_references, reference_key
from filingproof.verify.verifier import (
    CellSource,
    DerivationSource,
    Failure,
    FigureCheck,
    PeriodCheck,
    Verdict,
    redact,
    verify_draft,
)

__all__ = [
    "CellSource",
    "CitedValue",
    "Derivation",
    "DerivationError",
    "DerivationSource",
    "Failure",
    "FigureCheck",
    "PeriodCheck",
    "PeriodRef",
    "Reference",
    "Unit",
    "Verdict",
    "WrittenFigure",
    "WrittenPeriod",
    "as_unit",
    "derive",
    "extract",
    "find_references",
    "format_figure",
    "matches",
    "recompute",
    "redact",
    "reference_key",
    "verify_draft",
]
