"""Parser fidelity: the filer's own XBRL tags as an independent check of what was parsed from the page.

A cell's value and period come from its text, its table's scale line and its column header; here each
`ix:nonFraction` inside a table is compared with the cell parsed around it.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from filingproof.ingest.parse.document import ParsedDocument, cell_of, facts_in_tables
from filingproof.ingest.parse.periods import periods_agree
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.tags import same_measure, tag_agrees
from filingproof.ingest.parse.xbrl import Context, Fact


@dataclass(slots=True)
class Miss:
    source: str
    kind: str  # "value" or "period"
    concept: str
    fact_text: str
    fact: str
    parsed: str
    context: Context | None = None  # the tag's period, for grouping the misses (bench/fidelity.py)
    cell: NumericCell | None = None  # the cell parsed around it, if any
    cause: str = ""  # why a value missed (`value_cause`)


@dataclass(slots=True)
class Fidelity:
    facts: int = 0
    values_agree: int = 0
    periods_agree: int = 0
    # The subset whose column header itself names a period ("Three Months Ended Jul 27, 2025").
    dated_columns: int = 0
    dated_columns_agree: int = 0
    # cells counted in another measure than their fact (money read as shares, shares as money), which the
    # value check, comparing magnitudes, does not see
    measures_disagree: int = 0
    misses: list[Miss] = field(default_factory=list)

    @property
    def value_rate(self) -> float:
        return self.values_agree / self.facts if self.facts else 0.0

    @property
    def period_rate(self) -> float:
        return self.periods_agree / self.facts if self.facts else 0.0

    @property
    def dated_column_rate(self) -> float:
        return self.dated_columns_agree / self.dated_columns if self.dated_columns else 0.0


def measure(documents: Iterable[tuple[str, ParsedDocument]]) -> Fidelity:
    result = Fidelity()
    for source, document in documents:
        inside = facts_in_tables(document)
        shown_by: dict[tuple[int, int], list[Fact]] = {}  # the facts each parsed figure shows
        for index in inside:
            if (link := document.fact_cells.get(index)) is not None:
                shown_by.setdefault(link, []).append(document.facts[index])
        for index in inside:
            fact, link = document.facts[index], document.fact_cells.get(index)
            same_figure = shown_by.get(link, []) if link is not None else []
            compare(result, source, fact, cell_of(document, index), also=same_figure)
    return result


def compare(
    result: Fidelity,
    source: str,
    fact: Fact,
    cell: NumericCell | None,
    missing: str = "no numeric cell around the fact",
    also: Sequence[Fact] = (),
) -> None:
    """Count one fact: does the cell parsed where it is printed carry its value and its period?

    A figure printed once may be tagged for several periods (nested `ix:` tags: "4,000,000,000 shares
    authorized" for both balance sheet dates, the same value at each). Its cell can name one period: the
    fact agrees when that period is the period of any fact of `also` (the facts the same figure shows)
    with the same value, since the page cannot say more.
    """
    if fact.value is None:
        return
    result.facts += 1
    context = fact.context
    period_text = f"{context.start or ''}..{context.end}" if not context.instant else f"@{context.end}"
    if cell is None:
        result.misses.append(
            Miss(
                source,
                "value",
                fact.concept,
                fact.text,
                str(fact.value),
                missing,
                cause=value_cause(fact, cell),
            )
        )
        result.misses.append(Miss(source, "period", fact.concept, fact.text, period_text, missing))
        return
    result.measures_disagree += not same_measure(cell.unit, fact.unit)
    if tag_agrees(cell, fact):
        result.values_agree += 1
    else:
        parsed = f"{cell.text} → {cell.value} {cell.unit} ({cell.row_label[:50]})"
        cause = value_cause(fact, cell)
        result.misses.append(
            Miss(source, "value", fact.concept, fact.text, str(fact.value), parsed, cause=cause)
        )
    tags = [fact, *(f for f in also if f.value is not None and abs(f.value) == abs(fact.value))]
    agrees = cell.period is not None and any(
        periods_agree(cell.period, tag.context.start, tag.context.end, tag.context.instant) for tag in tags
    )
    if cell.column_period is not None and not cell.column_period.assumed:
        result.dated_columns += 1
        result.dated_columns_agree += agrees
    if agrees:
        result.periods_agree += 1
    else:
        parsed = f"{cell.column_label[:60]!r} → {cell.period}"
        result.misses.append(
            Miss(source, "period", fact.concept, fact.text, period_text, parsed, context, cell)
        )


def value_cause(fact: Fact, cell: NumericCell | None) -> str:
    """Why the cell's value is not the fact's, as a group name: "no cell" (the fact sits in no figure the
    parser read: a range, a text cell), "read as a percentage" / "not read as a percentage", "scale USD 6
    for 0" (the printed digits, read in the wrong scale: the parser's power of ten for the tag's), or "other
    figure" (different digits: cells merged or split)."""
    if cell is None or fact.value is None:
        return "no cell"
    tagged, printed = abs(fact.value), abs(cell.shown.value)
    if cell.unit == "percent" and printed != tagged / 100 and printed.scaleb(fact.scale) == tagged:
        return "read as a percentage"
    if cell.unit != "percent" and printed / 100 == tagged:
        return "not read as a percentage"
    if printed.scaleb(fact.scale) == tagged:
        return f"scale {cell.unit} {cell.scale} for {fact.scale}"
    return "other figure"
