"""The filer's XBRL tags as a cross-check of the cells they are linked to.

A cell's value comes from its printed digits, its table's scale line and its column; the fact tagging the
same figure carries the filer's own value. Where the two differ (a scale line read wrong, digits merged or
split, a percentage read as a plain number), one of them is wrong and the page cannot say which: the cell is
flagged on its filing and never cited (`qa.store` leaves it out), so no answer rests on it.

Magnitudes are compared, never signs: a tag's sign is its concept's meaning (a payment of 11,339 printed
"(11,339)" in a cash-flow statement is tagged positive), a cell's is the page's parentheses.

A cell counted in another measure than its fact (money read as a number of shares, or shares as money:
Caterpillar's cash-flow line "Common shares repurchased", (1,829), once read as 1,829 million shares) is
flagged the same way, whatever its digits (`same_measure`): a right number in the wrong measure answers
another question.
"""

import re
from decimal import Decimal

from filingproof.ingest.parse.layout import DocumentLayout
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.tables import ParsedTable
from filingproof.ingest.parse.xbrl import Fact

CellKey = tuple[int, int]  # (table index, cell index)


def tag_agrees(cell: NumericCell, fact: Fact) -> bool:
    """Does the cell show the value of the fact tagging it (a nil fact agrees with anything)?"""
    if fact.value is None:
        return True
    # Percentages are stored in percent points (12.5 for 12.5%); XBRL stores the ratio (0.125).
    shown = cell.value / 100 if cell.unit == "percent" else cell.value
    return abs(shown) == abs(fact.value)


_CURRENCY = re.compile(r"[A-Z]{3}")


def same_measure(cell_unit: str, fact_unit: str | None) -> bool:
    """False where one of a cell and its fact counts shares and the other money (a currency's ISO code)."""
    if fact_unit == "shares":
        return _CURRENCY.fullmatch(cell_unit) is None
    if fact_unit is not None and _CURRENCY.fullmatch(fact_unit):
        return cell_unit != "shares"
    return True


def tag_conflicts(
    facts: list[Fact], tables: list[ParsedTable | None], links: dict[int, CellKey]
) -> dict[CellKey, Fact]:
    """Each cell linked to a fact whose value it does not show, or shows in another measure, with the first
    such fact."""
    conflicts: dict[CellKey, Fact] = {}
    for f, (t, c) in sorted(links.items()):
        table, fact = tables[t], facts[f]
        if table is None or (t, c) in conflicts or fact.value is None:
            continue
        cell = table.cells[c]
        if not (tag_agrees(cell, fact) and same_measure(cell.unit, fact.unit)):
            conflicts[(t, c)] = fact
    return conflicts


def conflict_warnings(
    layout: DocumentLayout, tables: list[ParsedTable | None], conflicts: dict[CellKey, Fact]
) -> list[str]:
    """One line per table with cells its tags contradict: where, how many, and the first few."""
    by_table: dict[int, list[str]] = {}
    for (t, c), fact in sorted(conflicts.items()):
        table = tables[t]
        assert table is not None  # a conflict is found on a parsed cell
        by_table.setdefault(t, []).append(described(table.cells[c], fact))
    return [
        f"table {t} on page {layout.tables[t].page}: the XBRL tags disagree with {len(cells)} "
        f"cell{'s' if len(cells) > 1 else ''}, never cited: {'; '.join(cells[:_LISTED])}"
        + (f"; and {len(cells) - _LISTED} more" if len(cells) > _LISTED else "")
        for t, cells in by_table.items()
    ]


_LISTED = 3


def described(cell: NumericCell, fact: Fact) -> str:
    """ "'Bitcoin' 11,509 read as 11509000000 USD, tagged 11509 (us-gaap:CryptoAssetNumberOfUnits)"; the
    tag's unit where it is another measure: "… read as 1829000000 shares, tagged 1829000000 USD (…)"."""
    assert fact.value is not None
    measure = "" if same_measure(cell.unit, fact.unit) else f" {fact.unit}"
    return (
        f"{cell.row_label[:60]!r} {cell.text} read as {_plain(cell.value)} {cell.unit}, "
        f"tagged {_plain(fact.value)}{measure} ({fact.concept})"
    )


def _plain(value: Decimal) -> str:
    """A value without an exponent: 11509000000, not 1.1509E+10."""
    return f"{value:f}"
