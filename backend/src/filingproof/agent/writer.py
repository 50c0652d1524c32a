"""The deterministic writer: clear sentences from picked cells, derivations and quotes, a citation per figure.

It writes only figures it formats itself with `verify.format_figure` from cited values, so its drafts
verify; they are verified all the same.
"""

import re
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from filingproof.agent.state import Draft, Passage, StatedFigure
from filingproof.calendar import (
    QUARTER_DAYS,
    YEAR_DAYS,
    dates_match,
    days_in_months,
    length_matches,
    long_date,
    shift_months,
)
from filingproof.qa.direction import CHANGE_LABEL
from filingproof.qa.items import LineItem
from filingproof.qa.nearest import Nearest
from filingproof.qa.pick import (
    PAID_SHARE,
    Ambiguous,
    Derived,
    Pick,
    TableAnswer,
    in_a_sentence,
    possessive,
    printed_row,
)
from filingproof.qa.store import CellHit
from filingproof.reading.lexicon import spelled_words
from filingproof.verify import as_unit, format_figure
from filingproof.verify.cells import currency_of
from filingproof.verify.period_sums import derived_period

COMPUTED = "(computed from the cited figures)"
_LENGTH_WORDS = (
    (days_in_months(3), "three months"),
    (days_in_months(6), "six months"),
    (days_in_months(9), "nine months"),
)


def figure(value: Decimal, unit: str) -> str:
    """Currency in whole millions where that is how filings show it; everything else as `format_figure`."""
    typed = as_unit(unit)
    amount = currency_of(typed) == typed  # in a currency, not per share
    if (amount or typed == "shares") and abs(value) >= Decimal(1_000_000):
        return format_figure(value, typed, "millions")
    return format_figure(value, typed, "full" if amount or typed in ("shares", "number") else "short")


_WEEK = 6  # days a period counted in weeks may be off the months it is named by


def period_phrase(cell: CellHit, quarter: int | None = None) -> str:
    if cell.instant:
        return f"as of {long_date(cell.period_end)}"
    assert cell.period_start is not None
    days = (cell.period_end - cell.period_start).days + 1
    if length_matches(days, YEAR_DAYS):
        return f"for fiscal {cell.named_year(cell.period_end)} (the year ended {long_date(cell.period_end)})"
    for length, words in _LENGTH_WORDS:
        if length_matches(days, length):
            prefix = ""
            if quarter and length == QUARTER_DAYS:
                prefix = f"Q{quarter} fiscal {cell.named_year(_year_end_after(cell, quarter))}, "
            return f"for {prefix}the {_counted(days, length, words)} ended {long_date(cell.period_end)}"
    return f"for the period ended {long_date(cell.period_end)}"


def _counted(days: int, length: int, words: str) -> str:
    """A period's length in words: in weeks where a calendar of weeks makes it more than a week off the
    months it is named by (PepsiCo's twelve-week quarters are no three months, its sixteen-week fourth
    quarter none either)."""
    return f"{days // 7} weeks" if days % 7 == 0 and abs(days - length) > _WEEK else words


def _year_end_after(cell: CellHit, quarter: int | None) -> date:
    return shift_months(cell.period_end, 3 * (4 - (quarter or 4)))


def short_period(cell: CellHit) -> str:
    if cell.instant:
        return long_date(cell.period_end)
    if _is_year(cell):
        return f"fiscal {cell.named_year(cell.period_end)}"
    return f"the period ended {long_date(cell.period_end)}"


def cite(cell: CellHit) -> str:
    return f"[c{cell.cell_id}]"


def source_phrase(cell: CellHit) -> str:
    page = cell.page_label or str(cell.page_no)
    return f"{cell.ticker} {cell.form} for the period ended {long_date(cell.filing_period_end)}, page {page}"


# a verb's "-ing" that says how a line was asked, not what it is called ("spend purchasing its own common
# shares"): the answer names the line as printed ("purchases of common shares")
_ASKED_AS_VERB = re.compile(
    r"(?:(?:re)?purchasing|acquiring|buying|paying|repaying|issuing|spending)\b", re.I
)


def _what(pick: Pick) -> str:
    """The line a pick is, with its segment: "Amazon Web Services operating income"; a line printed with its
    segment's name at its head is written once ("Energy & Transportation External Sales", not "Energy &
    Transportation energy & Transportation External Sales")."""
    if _ASKED_AS_VERB.match(pick.item.name) and not pick.segment:
        return in_a_sentence(printed_row(pick.cell))
    if not pick.segment:
        return pick.item.name
    segment = _as_printed(pick.segment, printed_row(pick.cell), pick.item)
    words = spelled_words(segment)
    head = r"\W+".join("(?:and|&)" if word == "and" else re.escape(word) for word in words)
    named = re.match(rf"\W*{head}\b", pick.item.name, re.IGNORECASE) if words else None
    return f"{segment}{pick.item.name[named.end() :]}" if named else f"{segment} {pick.item.name}"


def _as_printed(segment: str, printed: str, item: LineItem) -> str:
    """A segment typed in lowercase, with "&" for "and" or by its first words, as its row prints it ("data
    center & AI": "Data Center and AI", so that no word of its name reads as another company's ticker, "AI";
    Amazon's "advertising": "Advertising services"), where the row is the member's, not a line's."""
    typed, words = spelled_words(segment), spelled_words(printed)
    if segment == printed or words[: len(typed)] != typed or item.pattern.search(printed):
        return segment
    return printed


def _subject(pick: Pick) -> str:
    return f"{possessive(pick.company)} {_what(pick)}"


def pick_sentence(pick: Pick) -> str:
    cell = pick.cell
    # (a printed line is plural by its head: "purchases of common shares were")
    head = _what(pick).split(" of ")[0] if _ASKED_AS_VERB.match(pick.item.name) else pick.item.name
    verb = "were" if head.endswith("s") and not head.endswith("ss") else "was"
    sentence = (
        f"{_subject(pick)} {period_phrase(cell, pick.target.quarter)} {verb} "
        f"{pick.written or figure(cell.value, cell.unit)} "
        f"{cite(cell)} ({source_phrase(cell)})."
    )
    for other in pick.restated:
        sentence += (
            f" The {other.ticker} {other.form} for the period ended {long_date(other.filing_period_end)}"
            " reports "
            f"{figure(other.value, other.unit)} {cite(other)} for the same period (page "
            f"{other.page_label or other.page_no}); "
            "the filings differ (a later filing may restate an earlier one)."
        )
    return sentence


def _names(picks: Sequence[Pick]) -> str:
    return ", ".join(p.company for p in picks)


def _is_year(cell: CellHit) -> bool:
    return cell.period_start is not None and length_matches(
        (cell.period_end - cell.period_start).days + 1, YEAR_DAYS
    )


def _summed_phrase(derived: Derived) -> str:
    """The period a period sum covers, from its inputs' periods: "Q4 fiscal 2024, the three months ended
    December 31, 2024"; a quarter that ends with a cited year is that year's fourth."""
    d, picks = derived.derivation, derived.picks
    covered = derived_period(d, {pick.cell.cell_id: pick.cell.cited().period for pick in picks})
    assert covered is not None and covered.period_start is not None, "a period sum covers one period"
    days = (covered.period_end - covered.period_start).days + 1
    length, words = next(
        ((length, w) for length, w in _LENGTH_WORDS if length_matches(days, length)),
        (YEAR_DAYS, "twelve months"),
    )
    phrase = f"the {_counted(days, length, words)} ended {long_date(covered.period_end)}"
    year_ends = [p.cell.period_end for p in picks if _is_year(p.cell)]
    if length_matches(days, QUARTER_DAYS) and any(dates_match(end, covered.period_end) for end in year_ends):
        return f"Q4 fiscal {picks[0].cell.named_year(covered.period_end)}, {phrase}"
    return phrase


def _lines_of_one_company(picks: Sequence[Pick]) -> bool:
    return len({pick.company for pick in picks}) == 1 and len({_what(pick) for pick in picks}) == len(picks)


def derived_sentence(derived: Derived) -> str:
    if derived.sentence is not None:
        return derived.sentence
    d, picks = derived.derivation, derived.picks
    value = d.value
    if d.kind == "period":
        # the sum in words in a sentence of its own: its length words ("nine months") are no claim's period
        return (
            f"{_subject(picks[0])} for {_summed_phrase(derived)} is {figure(value, d.unit)} {COMPUTED}. "
            f"That is {derived.how}, from these filings' figures."
        )
    if d.kind in ("growth", "change"):
        earlier, later = picks
        movement = "an increase" if value >= 0 else "a decrease"
        what = "growth" if d.kind == "growth" else "change"
        return (
            f"From {short_period(earlier.cell)} to {short_period(later.cell)}, {_subject(later)} shows "
            f"{movement} of "
            f"{figure(abs(value), d.unit)} ({what} computed from the two cited figures)."
        )
    if d.kind == "formula" and d.label.startswith(CHANGE_LABEL) and len(picks) == 4:
        points = " percentage points" if d.unit == "percent" else ""
        return (
            f"From {short_period(picks[0].cell)} to {short_period(picks[2].cell)}, the {d.label} was "
            f"{figure(value, d.unit).removesuffix('%')}{points} {COMPUTED}."
        )
    if d.kind == "margin" or d.label == PAID_SHARE:
        part, whole = picks
        return (
            f"{_subject(part)} as a percentage of {_what(whole)} "
            f"{period_phrase(part.cell, part.target.quarter)} is {figure(value, d.unit)} {COMPUTED}."
        )
    if d.kind == "ratio":
        first, second = picks
        return (
            f"The ratio of {_subject(first)} to {_what(second)} "
            f"{period_phrase(first.cell, first.target.quarter)} is {figure(value, d.unit)} {COMPUTED}."
        )
    if d.kind in ("sum", "difference") and _lines_of_one_company(picks):
        # "share repurchases + dividends paid": lines of one company added or taken one from the other
        joined = (" plus " if d.kind == "sum" else " minus ").join(_what(pick) for pick in picks)
        period = period_phrase(picks[0].cell, picks[0].target.quarter)
        return (
            f"{possessive(picks[0].company)} {joined} {period} "
            f"{'totals' if d.kind == 'sum' else 'is'} {figure(value, d.unit)} {COMPUTED}."
        )
    if d.kind == "difference":
        first, second = picks
        return (
            f"The difference in {first.item.name}, {first.company} minus {second.company}, is "
            f"{figure(value, d.unit)} {COMPUTED}."
        )
    if d.kind == "formula" and _lines_of_one_company(picks):
        # a formula the question states (`qa.asked.stated_formula`), in its lines' names
        period = period_phrase(picks[0].cell, picks[0].target.quarter)
        return (
            f"{possessive(picks[0].company)} {_formula_words(d.formula, picks)} {period} is "
            f"{figure(value, d.unit)} {COMPUTED}."
        )
    what = picks[0].item.name
    return f"Combined, the {what} of {_names(picks)} totals {figure(value, d.unit)} {COMPUTED}."


def _formula_words(text: str, picks: Sequence[Pick]) -> str:
    """A stated formula over cells in its lines' names: "(Total revenues - Total costs and expenses) /
    Total revenues" (magnitudes and the percentage are the figure's own business, not words of it)."""
    text = re.sub(r"abs\((\[\d+\])\)", r"\1", text)
    text = inner[1] if (inner := re.fullmatch(r"pct\((.*)\)", text)) else text
    names = {pick.cell.cell_id: _what(pick) for pick in picks}
    return re.sub(r"\[(\d+)\]", lambda found: names[int(found[1])], text)


def _candidate(cell: CellHit) -> str:
    # a label or caption with digits would be read as figures to verify; it is left out
    where = [f"row '{cell.row_label}'"] if not any(c.isdigit() for c in cell.row_label) else []
    if cell.table_title and not any(c.isdigit() for c in cell.table_title):
        where.append(f"in '{cell.table_title}'")
    where.append(f"page {cell.page_label or cell.page_no}")
    return f"{figure(cell.value, cell.unit)} {cite(cell)} {period_phrase(cell)} ({', '.join(where)})"


def ambiguous_sentence(tie: Ambiguous) -> str:
    candidates = "; ".join(_candidate(cell) for cell in tie.cells)
    return (
        f'{possessive(tie.company)} filings show several figures that fit "{tie.phrase}" equally well, so '
        f"none is chosen: {candidates}."
    )


def nearest_sentence(near: Nearest) -> str:
    """Lines to ask for instead, each linked to its cell, none with its figure (they answer nothing)."""
    # digits in the asked phrase would be read as figures to verify
    asked = f"'{near.phrase}'" if not any(c.isdigit() for c in near.phrase) else "the item asked"
    lines = "; ".join(
        f"'{cell.row_label}' {cite(cell)} ({cell.ticker} {cell.form}, page {cell.page_label or cell.page_no})"
        for cell in near.cells
    )
    return f"The filings print no line that says {asked}. Nearest printed lines: {lines}."


def quote_sentence(passage: Passage) -> str:
    page = passage.page_label or str(passage.page_no)
    return f'{passage.ticker} {passage.form}, page {page}: "{passage.sentence}"'


def write(
    table: TableAnswer | None, passages: Sequence[Passage], stated: Sequence[StatedFigure] = ()
) -> Draft:
    """The draft; `stated`: the quoted figures the table's derivations are computed from, if any."""
    parts: list[str] = []
    cells: list[CellHit] = []
    derivations = []
    if table is not None:
        # a period's sum answers the question: it comes first, the figures it is computed from after it
        summed = [derived for derived in table.derived if derived.derivation.kind == "period"]
        parts += [table.verdict] if table.verdict else []
        parts += [derived_sentence(derived) for derived in summed]
        parts += [pick_sentence(pick) for pick in table.picks]
        parts += [derived_sentence(d) for d in table.derived if d not in summed and d.sentence != ""]
        parts += [ambiguous_sentence(tie) for tie in table.ambiguous]
        parts += [nearest_sentence(near) for near in table.nearest]
        cells += table.cells
        cells += [cell for near in table.nearest for cell in near.cells]
        derivations += [derived.derivation for derived in table.derived]
        if table.missing and table.picks:
            parts.append("Some of the figures asked for are not in the ingested filings.")
        parts += table.unanswered if table.picks else []
    if passages:
        intro = "The filings say:" if parts else "The filings say (quoted verbatim):"
        parts.append(intro)
        parts += [quote_sentence(p) for p in passages]
        cells += [c for p in passages for c in p.cells]
    body = "\n".join(parts) if passages else " ".join(parts)
    return Draft(body, tuple(cells), tuple(derivations), tuple(passages), tuple(stated))
