"""Inline XBRL: contexts, units, every `ix:nonFraction` fact, and the `dei:` cover metadata."""

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation

from lxml import etree

from filingproof.calendar import parse_long_date
from filingproof.ingest.parse.numbers import DASHES, normalize_space
from filingproof.ingest.parse.xhtml import IX, XBRLDI, XBRLI, XSI, text_of


@dataclass(frozen=True, slots=True)
class Context:
    id: str
    start: date | None
    end: date
    instant: bool
    dimensions: dict[str, str]


@dataclass(slots=True)
class Fact:
    element: etree._Element
    key: str | None
    concept: str
    text: str
    value: Decimal | None
    unit: str | None
    decimals: str | None
    scale: int
    negated: bool
    context: Context


@dataclass(slots=True)
class CoverData:
    """What the document says about itself in its `dei:` cover tags."""

    values: dict[str, str] = field(default_factory=dict)
    document_period_end: date | None = None

    def get(self, name: str) -> str | None:
        return self.values.get(name)


def _date(text: str) -> date:
    return date.fromisoformat(text.strip()[:10])


def parse_contexts(root: etree._Element) -> dict[str, Context]:
    contexts: dict[str, Context] = {}
    for element in root.iter(f"{{{XBRLI}}}context"):
        period = element.find(f"{{{XBRLI}}}period")
        if period is None:
            continue
        instant = period.findtext(f"{{{XBRLI}}}instant")
        dimensions = {
            member.get("dimension", ""): normalize_space(member.text or "")
            for member in element.iter(f"{{{XBRLDI}}}explicitMember", f"{{{XBRLDI}}}typedMember")
        }
        context_id = element.get("id", "")
        if instant:
            contexts[context_id] = Context(context_id, None, _date(instant), True, dimensions)
        else:
            start = period.findtext(f"{{{XBRLI}}}startDate") or ""
            end = period.findtext(f"{{{XBRLI}}}endDate") or ""
            contexts[context_id] = Context(context_id, _date(start), _date(end), False, dimensions)
    return contexts


def parse_units(root: etree._Element) -> dict[str, str]:
    """unit id → readable measure: `USD`, `shares`, `USD/shares`, `pure`."""
    units: dict[str, str] = {}
    for element in root.iter(f"{{{XBRLI}}}unit"):
        measures = [normalize_space(m.text or "").split(":")[-1] for m in element.iter(f"{{{XBRLI}}}measure")]
        divide = element.find(f"{{{XBRLI}}}divide")
        if divide is not None and len(measures) == 2:
            units[element.get("id", "")] = f"{measures[0]}/{measures[1]}"
        else:
            units[element.get("id", "")] = "*".join(measures)
    return units


_WORD_NUMBERS = {
    "no": 0,
    "none": 0,
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}


def fact_number(text: str, number_format: str) -> Decimal | None:
    """The number an `ix:nonFraction` displays, per its `format` (ixt transformation registry)."""
    compact = normalize_space(text)
    fmt = number_format.split(":")[-1].lower()
    if "zerodash" in fmt or "fixed-zero" in fmt or (compact and all(ch in DASHES for ch in compact)):
        return Decimal(0)
    if "numwordsen" in fmt or "num-word" in fmt:
        word = compact.lower().strip(".")
        return Decimal(_WORD_NUMBERS[word]) if word in _WORD_NUMBERS else None
    digits = compact
    if "comma-decimal" in fmt or "numcommadecimal" in fmt:
        digits = digits.replace(".", "").replace(" ", "").replace(",", ".")
    else:
        digits = digits.replace(",", "").replace(" ", "")
    digits = re.sub(r"[^0-9.]", "", digits)
    try:
        return Decimal(digits) if digits else None
    except InvalidOperation:
        return None


def parse_facts(root: etree._Element, contexts: dict[str, Context], units: dict[str, str]) -> list[Fact]:
    facts: list[Fact] = []
    for element in root.iter(f"{{{IX}}}nonFraction"):
        context = contexts.get(element.get("contextRef", ""))
        if context is None:
            continue
        scale = int(element.get("scale", "0") or 0)
        negated = element.get("sign") == "-"
        nil = element.get(f"{{{XSI}}}nil") == "true"
        text = text_of(element)
        shown = None if nil else fact_number(text, element.get("format", ""))
        value = None
        if shown is not None:
            value = shown.scaleb(scale)
            value = -value if negated else value
        facts.append(
            Fact(
                element=element,
                key=element.get("id"),
                concept=element.get("name", ""),
                text=text,
                value=value,
                unit=units.get(element.get("unitRef", "")),
                decimals=element.get("decimals"),
                scale=scale,
                negated=negated,
                context=context,
            )
        )
    return facts


def parse_cover(root: etree._Element, contexts: dict[str, Context]) -> CoverData:
    cover = CoverData()
    for element in root.iter(f"{{{IX}}}nonNumeric"):
        name = element.get("name", "")
        if not name.startswith("dei:"):
            continue
        key = name.split(":", 1)[1]
        if key not in cover.values:
            cover.values[key] = text_of(element)
        if key == "DocumentType" and cover.document_period_end is None:
            context = contexts.get(element.get("contextRef", ""))
            if context is not None:
                cover.document_period_end = context.end
    if "DocumentPeriodEndDate" in cover.values and cover.document_period_end is None:
        cover.document_period_end = parse_long_date(cover.values["DocumentPeriodEndDate"])
    return cover
