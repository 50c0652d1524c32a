"""Which of a company's segments, regions or product lines ranks first on a line ("Which segment had the
highest operating income in 2023?", "which region brought in the least revenue in FY24"), on its growth
("Which of Apple's geographic segments grew fastest in FY24?") or on a margin ("which segment has the best
operating margin?"): the cells tagged with the lines' concepts for each member of one axis, in the period
asked (and the year before, for growth), each member's growth or margin computed over its own cells, ranked;
the first named, every member's figures given so the reader sees the ranking.

A tagged fact's member counts first: a segment is what the filer tags as one
(`StatementBusinessSegmentsAxis`), a region what it tags on the geographic axis, a product line on the
product axis. A filing without tags (a PDF, an earnings release) ranks the parts its tables print the line
in (`qa.parts`); a line no curated item names ("EBITDAR", "short-term investments") is ranked so too. A
growth the question adjusts ("organic", "excluding M&A", "comparable", "ex-FX") or a performance is ranked
on the filer's own measure printed for the parts ("Organic sales" change, "Comparable Sales"), never on a
growth computed here; where none is printed for them, the answer says it is missing.
"""

import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import combinations
from typing import Literal

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.qa.direction import MOVED_DOWN
from filingproof.qa.items import ITEMS_BY_KEY, Ask, LineItem, PeriodNature, parse_ask
from filingproof.qa.parts import (
    PART_PREFIX,
    PERFORMANCE,
    Breakdown,
    Kind,
    OwnMeasure,
    breakdowns,
    chosen,
    dated_amounts,
    first_printed_line,
    own_measure_of_movement,
    part_name,
    printed_line,
)
from filingproof.qa.periods import Target, target_for
from filingproof.qa.pick import (
    Derived,
    Pick,
    TableAnswer,
    line_name,
    member_name,
    printed_row,
    said_word,
    says,
    unique_picks,
)
from filingproof.qa.store import CellHit, tagged_cells
from filingproof.reading.grammar import FORWARD
from filingproof.understanding import Catalog, QueryUnderstanding
from filingproof.verify.derive import DerivationError, formula, growth, margin
from filingproof.verify.items import concept_words, member_words, names_by_row, squeezed, terms

Order = Literal["highest", "lowest"]
Measure = Literal["value", "growth", "margin"]
# A ranked line's key: its figures are checked as the tagged member cells they were picked as, not against
# the question's words ("which segment … the highest" names no line "highest segment revenue").
RANKED_PREFIX = "ranked:"
_HIGHEST = (
    r"highest|largest|biggest|most|greatest|top|best|leading|strongest|fastest|quickest|higher|larger|bigger|"
    r"greater"
)
_LOWEST = (
    r"lowest|smallest|least|fewest|worst|weakest|slowest|lower|smaller"
    # the part that held the whole back ("which segment has dragged down 3M's overall growth")
    r"|dragg(?:ed|ing)\s+down|drag(?:ged|s)?\s+on|weigh(?:ed|s)?\s+on|held\s+back"
)
_KINDS = (
    r"(?:reportable\s+|operating\s+|business\s+)?segments?|end\s+markets?|regions?|geograph\w*|markets?|"
    r"divisions?|businesses|business|units?|product\s+(?:lines?|categor\w+)|categor\w+|brands?|types?|kinds?"
)
# "which segment … the highest", "which of its regions … the least"; "rank NVIDIA's end markets by …"; the
# last kind named within three words ("which NIKE Brand geography": a geography, not a brand)
# … or an end asked right before the kind ("Walmart's top segment by net sales", "best performing Apple
# product line", "NVIDIA's largest segment")
_WHICH = re.compile(
    rf"\b(?P<verb>which|rank)\s+(?:of\s+(?:its|the)\s+)?(?:[\w&.'’-]+\s+){{0,3}}(?P<kind>{_KINDS})\b"
    rf"|\b(?P<end>{_HIGHEST}|{_LOWEST})(?:[- ]performing)?\s+(?:[\w&.'’-]+\s+){{0,2}}?(?P<kind2>{_KINDS})\b",
    re.IGNORECASE,
)
# "lost the most", "the biggest operating loss": the lowest figure of a line that can be a loss
_LOST_MOST = re.compile(
    r"\blost\s+the\s+most\b|\b(?:biggest|largest|greatest|widest|deepest)\s+(?:operating\s+)?loss", re.I
)
_END = re.compile(r"\bend\s+$", re.IGNORECASE)
# segments the filer draws by geography ("Apple's geographic segments") are its reportable segments
_GEOGRAPHIC_SEGMENTS = re.compile(r"geograph\w*\s+(?:reportable\s+|operating\s+)?segments?\b", re.IGNORECASE)
_ORDER = re.compile(rf"\b(?P<high>{_HIGHEST})\b|\b(?P<low>{_LOWEST})\b", re.IGNORECASE)
_AXES = {
    "segment": ("StatementBusinessSegmentsAxis", "SubsegmentsAxis"),
    "region": ("StatementGeographicalAxis", "SubsegmentsAxis", "StatementBusinessSegmentsAxis"),
    "product": ("ProductOrServiceAxis",),
}


_GREW = re.compile(r"\bgr[eo]w\w*|\bgrowth\b", re.IGNORECASE)
# "performed the best", "the worst top-line performance": ranked on how each member moved, its growth
_PERFORMED = re.compile(r"\bperform(?:ed|ance)\b", re.IGNORECASE)


# "which segments made money", "… were profitable", "… ran at a loss": which members' figures are above zero
_SIGN = re.compile(
    r"\b(?:made|make|making)\s+(?:any\s+)?money\b|\b(?:un)?profitable\b|\bturned\s+a\s+profit\b|\bin\s+the\s+"
    r"(?:black|red)\b|\blost\s+money\b|\bloss[- ]making\b|\b(?:ran|run|running)\s+at\s+a\s+loss\b",
    re.IGNORECASE,
)


# "What are PepsiCo's reportable segments?", "list oracle's operating segments", "what segments does 3M
# report", "how many regions does Apple report": the members themselves, each with its figure on the line
_LISTED_KINDS = (
    r"(?:reportable\s+|operating\s+|business\s+|geographic(?:al)?\s+)?segments|regions|geographic\s+areas|"
    r"divisions|product\s+lines|product\s+categories"
)
_LISTED = re.compile(
    rf"\b(?:(?:what|which)\s+(?:are|were)|list|name)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?"
    rf"(?:[\w&.'’-]+\s+){{0,3}}?(?P<kind>{_LISTED_KINDS})\b"
    rf"|\b(?:what|which|how\s+many)\s+(?P<kind2>{_LISTED_KINDS})\s+(?:does|did|do)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class RankingQuestion:
    kind: Kind
    order: Order
    sign: bool = False  # which members are above zero, not which ranks first
    listed: bool = False  # the members themselves ("what are its segments"), in the order of their figures


def ranking_asked(question: str, typed: str = "") -> RankingQuestion | None:
    """The kind of member a question ranks and which end it asks for, or None; whether it asks which members
    are above zero is read from the question as typed (`typed`), whose "money" the reading drops."""
    if FORWARD.search(typed or question):
        return None  # what the filer expects of its members is said in its outlook, not ranked from its cells
    listed = _LISTED.search(question)
    if listed is not None and _ORDER.search(question) is None:
        group = "kind" if listed["kind"] else "kind2"
        return RankingQuestion(_kind(question, listed.start(group)), "highest", listed=True)
    found = (which for which in _WHICH.finditer(question) if not _names_first_word(question, which))
    which = next(found, None)
    order = _ORDER.search(question)
    lost_most = _LOST_MOST.search(typed or question) is not None
    # "the most profitable segment" ranks; "which segments were profitable" asks which are above zero
    sign = order is None and _SIGN.search(typed or question) is not None
    if which is None or (order is None and not sign and (which["verb"] or "").lower() != "rank"):
        return None  # "rank …" without an end asked ranks from the top
    kind_group = "kind" if which["kind"] else "kind2"
    low = lost_most or (order is not None and order["low"] is not None)
    return RankingQuestion(_kind(question, which.start(kind_group)), "lowest" if low else "highest", sign)


def _names_first_word(question: str, found: re.Match[str]) -> bool:
    """Whether the end word found is a name's first word, capitalised inside a sentence: "Nike's revenues from
    the Greater China segment" ranks nothing."""
    end = found["end"]
    if end is None or not end[:1].isupper():
        return False
    return re.search(r"[a-z,]\s+$", question[: found.start("end")]) is not None


def _kind(question: str, at: int) -> Kind:
    """The kind of member the word at `at` names; the end markets a company sells into are its product
    lines (NVIDIA's Gaming), however the words before "markets" were taken."""
    word = question[at:].lower()
    if re.match(r"product|categor|brand|type|kind|end\s", word) or _END.search(question, 0, at):
        return "product"
    if re.match(r"region|geograph|market", word) and not _GEOGRAPHIC_SEGMENTS.match(question, at):
        return "region"
    return "segment"


def implied_ask(question: str, typed: str = "") -> Ask | None:
    """What a ranking that names no line ranks: revenue for growth ("Which of Apple's geographic segments
    grew fastest?"), operating income for profit ("which segments were profitable?", "the most profitable",
    "lost the most money"), the lines a segment's growth and profit are told by. None for any other
    question."""
    asked = ranking_asked(question, typed)
    if asked is not None and (_SIGN.search(typed or question) or _LOST_MOST.search(typed or question)):
        return Ask((ITEMS_BY_KEY["operating_income"],))  # "most profitable", "lost the most money"
    if asked is None or _GREW.search(question) is None:
        return None
    return Ask((ITEMS_BY_KEY["revenue"],), "growth")


def _members(cells: Sequence[CellHit], axes: Sequence[str], target: Target) -> dict[str, CellHit]:
    """One cell per member of the first axis (in `axes`' order) that tags any, in the target period."""
    in_period = [
        (tagged, cell)
        for cell in cells
        if target.matches(cell.instant, cell.period_start, cell.period_end)
        and (tagged := _member_of(_own_dimensions(cell))) is not None
    ]
    for axis in axes:
        found: dict[str, CellHit] = {}
        for (tagged_axis, member), cell in in_period:
            if tagged_axis == axis:
                found.setdefault(member, cell)
        found = _without_totals(found)
        if len(found) >= 2:
            return found
    return {}


def _member_of(own: Mapping[str, object]) -> tuple[str, str] | None:
    """The (axis, member) a cell's figure is of: its one dimension, or the subsegment of a segment (NIKE tags
    North America as a `SubsegmentsAxis` member of its NIKE Brand segment); None for any other cell."""
    axes = {key.split(":")[-1]: member for key, member in own.items() if isinstance(member, str)}
    if len(own) == 1 and len(axes) == 1:
        return next(iter(axes.items()))
    if len(own) == 2 and set(axes) == {"StatementBusinessSegmentsAxis", "SubsegmentsAxis"}:
        return "SubsegmentsAxis", axes["SubsegmentsAxis"]
    return None


def _without_totals(members: dict[str, CellHit]) -> dict[str, CellHit]:
    """The members but those whose figure is the sum of two or more others (Apple tags "Products", the sum
    of iPhone, Mac, iPad and Wearables, on the same axis as them): a total ranks with none of its parts."""
    values = {member: cell.value for member, cell in members.items()}
    totals = {
        member
        for member, value in values.items()
        if _sums_to(value, [v for m, v in values.items() if m != member and v < value])
    }
    return {member: cell for member, cell in members.items() if member not in totals}


def _sums_to(total: Decimal, parts: list[Decimal]) -> bool:
    """Whether two or more of `parts` add up to `total` (few members: every subset is tried)."""
    if len(parts) > 12:
        return False
    return any(
        sum(chosen) == total for size in range(2, len(parts) + 1) for chosen in combinations(parts, size)
    )


def _own_dimensions(cell: CellHit) -> dict[str, object]:
    """The cell's dimensions but the mark that a segment's figure is its own, before eliminations
    (`ConsolidationItemsAxis` = `OperatingSegmentsMember`), which many filers tag beside the segment."""
    return {
        axis: member
        for axis, member in cell.dimensions.items()
        if not (axis.endswith("ConsolidationItemsAxis") and str(member).endswith("OperatingSegmentsMember"))
    }


def _printed_name(member: str, cell: CellHit, item: LineItem) -> str:
    """The member as the filing prints it: its cell's row ("iPhone", "Wearables, Home and Accessories"),
    unless the row is the line's own ("Revenue", the member in the column), then the tag's name."""
    label = printed_row(cell)
    own = label if label and not item.row_labels.fullmatch(label) and not item.pattern.search(label) else None
    name = own or member_name(member)
    words = member_words(member)
    tagged = terms(words)
    if (
        own
        and cell.concept
        and not terms(own) <= tagged
        and squeezed(own) != squeezed(words)  # "iPad" is `IPadMember`'s "i pad" run together
        and not names_by_row(terms(own), tagged, terms(concept_words(cell.concept)), member)
    ):
        # a row that names the member by no word of its tag ("FLNA", "LatAm") is said after the tag's name:
        # the check reads a printed name as the member's only where they share a word
        name = f"{member_name(member)} ({own})"
    # a subsegment is named with its segment ("NIKE Brand North America"), unless its row already says it
    parent = next(
        (str(m) for a, m in cell.dimensions.items() if a.endswith("StatementBusinessSegmentsAxis")), None
    )
    if parent is not None and parent != member and member_name(parent).lower() not in name.lower():
        return f"{member_name(parent)} {name}"
    return name


@dataclass(frozen=True)
class _Standing:
    """One member's place in a ranking: the figure it is ranked on, from its own cells."""

    value: Decimal
    picks: tuple[Pick, ...]
    derived: Derived | None = None  # its growth or margin, computed over `picks`' cells


def _measure(ask: Ask) -> Measure | None:
    """What members are ranked on: the one line's cell, its growth, or one line as a share of another."""
    if ask.derivation is None and len(ask.items) == 1:
        return "value"
    if ask.derivation == "growth" and len(ask.items) == 1:
        return "growth"
    if ask.derivation == "margin" and len(ask.items) == 2:
        return "margin"
    return None


def _line_members(
    cells: Sequence[CellHit], item: LineItem, axes: Sequence[str], target: Target, said: str | None = None
) -> dict[str, CellHit]:
    """Each member's cell on one line, of the line's most preferred concept that tags the member (a filer may
    tag its brands with one revenue concept and its regions with another); a row in the question's own word
    for the line first (`said`: Walmart's segments print "Net sales" beside "Total revenues")."""
    preference = {concept: place for place, concept in enumerate(item.concepts)}

    def rank(cell: CellHit) -> tuple[bool, int]:
        unsaid = said is not None and not says(cell, said)
        return unsaid, preference[cell.concept or ""]

    return _members(sorted((c for c in cells if c.concept in preference), key=rank), axes, target)


def _standings(
    measure: Measure,
    items: Sequence[LineItem],
    cells: Sequence[CellHit],
    axes: Sequence[str],
    target: Target,
    pick: Callable[[str, LineItem, Target, CellHit], Pick],
    said: str | None = None,
) -> dict[str, _Standing]:
    """Each member's standing, for the members that have every cell the measure needs."""
    first = _line_members(cells, items[0], axes, target, said)
    if measure == "value":
        return {m: _Standing(cell.value, (pick(m, items[0], target, cell),)) for m, cell in first.items()}
    if measure == "growth":
        earlier_target = target.earlier()
        other, item_of_other = _line_members(cells, items[0], axes, earlier_target, said), items[0]
    else:
        earlier_target = target
        other, item_of_other = _line_members(cells, items[1], axes, target, said), items[1]
    standings = {}
    for member, cell in first.items():
        if member not in other:
            continue
        this = pick(member, items[0], target, cell)
        that = pick(member, item_of_other, earlier_target, other[member])
        try:
            derivation = (
                growth(that.cell.cited(), cell.cited())
                if measure == "growth"
                else margin(cell.cited(), that.cell.cited())
            )
        except DerivationError:
            continue  # a member with no figure the year before (zero) has no growth to rank
        pair = (that, this) if measure == "growth" else (this, that)
        standings[member] = _Standing(derivation.value, pair, Derived(derivation, pair))
    return standings if len(standings) >= 2 else {}


_KIND_WORDS = {"segment": "segment", "region": "region", "product": "product line"}
# "…, and which grew net sales fastest?", "…; which one shrank?": a second question about the same members
_NEXT_WHICH = re.compile(r",?\s*(?:\band|;)\s+(?=which\b)", re.IGNORECASE)
# growth other than as reported, which the tagged cells cannot rank: each way a question says it, and the
# heading of the filer's own measure of it ("exclude the impact of M&A": 3M's "Organic sales" change)
_ADJUSTMENTS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(asked, re.IGNORECASE), re.compile(printed, re.IGNORECASE))
    for asked, printed in (
        (
            r"\borganic(?:ally)?\b|\bex[- ]?m\s*&\s*a\b"
            r"|\bexclud\w*\s+(?:the\s+)?(?:impacts?|effects?)\s+of\s+(?:m\s*&\s*a|acquisitions?|divestitures?)",
            r"\borganic\b",
        ),
        (r"\bcomparable\b|\blike[- ]for[- ]like\b|\bcomps?\b|\bsame[- ]store\b", PERFORMANCE.pattern),
        (
            r"\bex[- ]?(?:fx|currency)\b|\bcurrency[- ]neutral\b|\bconstant[- ]currency\b",
            r"\bconstant[- ]currency\b|\bcurrency[- ]neutral\b|\boperational\b",
        ),
    )
)
# "which one shrank" (read as "decreased"): which members fell, a growth ranking's verdict says
_SHRANK = re.compile(rf"{MOVED_DOWN.pattern}|\bcontracted\b", re.IGNORECASE)
_MEASURED = {"value": "{item}", "growth": "{item} growth", "margin": "{item} as a percentage of {whole}"}


async def answer_ranking(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask, typed: str = ""
) -> TableAnswer | None:
    """The ranking of one company's members on the line asked, its growth or a margin; None when the
    question asks for none, or the filings tag no two members of the kind asked with every cell needed.
    A second ranking asked after the first ("which segment has the best op margin, and which grew net sales
    fastest?") is answered too, or named as missing: one ranking answers only half of such a question."""
    first, *others = _NEXT_WHICH.split(question)
    if not others:
        return await _ranking(session, question, u, catalog, ask, typed)
    asked = ranking_asked(first)
    first_ask = parse_ask(first, len(u.companies), len(u.years)) or implied_ask(first)
    if asked is None or first_ask is None:
        return None
    answer = await _ranking(session, first, u, catalog, first_ask, typed)
    if answer is None:
        return None
    for clause in others:
        if first_ask.derivation == "growth" and _SHRANK.search(clause):
            continue  # "which one shrank": a growth ranking's verdict names the members that fell
        # "and which grew net sales fastest": the kind of member is the first clause's
        which = (
            clause
            if _WHICH.match(clause)
            else re.sub(r"^which\b", f"which {_KIND_WORDS[asked.kind]}", clause)
        )
        clause_ask = parse_ask(which, len(u.companies), len(u.years)) or implied_ask(which)
        more = await _ranking(session, which, u, catalog, clause_ask, typed) if clause_ask else None
        if more is None:
            answer.missing.append(f"the ranking asked by '{clause.strip(' ?.')}'")
            continue
        answer.verdict = f"{answer.verdict} {more.verdict}"
        answer.picks = list(unique_picks([*answer.picks, *more.picks]))
        answer.derived += more.derived
    return answer


async def _ranking(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask, typed: str = ""
) -> TableAnswer | None:
    """One ranking (see `answer_ranking`)."""
    asked = ranking_asked(question, typed)
    if asked is not None and asked.listed and not ask.items:
        # the members themselves, each shown by the revenue its filer tags it with; the question stays one of
        # the pages too (`implied_ask` gives it no line), whose sentences list the parts no tag names
        ask = Ask((ITEMS_BY_KEY["revenue"],))
    measure = _measure(ask)
    performance = measure == "value" and _PERFORMED.search(question) is not None
    if performance:
        measure = "growth"  # "which region had the worst top-line performance": how each part moved
    if asked is None or measure is None or len(u.companies) != 1:
        return None
    if not all(item.concepts for item in ask.items):
        return None
    ticker = u.companies[0]
    name = catalog.company_name(ticker)
    # the tags hold growth as reported; a currency-neutral or organic ranking can differ ("ex-FX"): it is the
    # filer's own measure printed beside the parts, or none
    adjusted = _adjusted(typed or question) if measure == "growth" else None
    filings = u.filings_of(catalog, ticker)
    target = target_for(u, filings, "duration", max(u.years) if u.years else None)
    if target is None:
        return None
    allowed = {f.filing_id for f in filings}
    concepts = [concept for item in ask.items for concept in item.concepts]
    cells = [c for c in await tagged_cells(session, [ticker], concepts) if c.filing_id in allowed]

    def pick(member: str, item: LineItem, period: Target, cell: CellHit) -> Pick:
        line = replace(item, key=f"{RANKED_PREFIX}{item.key}", name=line_name(cell, item))
        return Pick(ticker, name, line, _printed_name(member, cell, item), period, cell)

    # the question's word for the revenue line holds for all of it ("… and which grew net sales fastest")
    said = said_word(typed or question)
    standings = _standings(measure, ask.items, cells, _AXES[asked.kind], target, pick, said)
    if adjusted and standings:
        # members tagged: their growth as adjusted is not theirs to compute, and a table's rows are not
        # known to be them (a subtotal's parts may stand where its members do)
        return _unmeasured(name, adjusted)
    whose = f"{name}'s {_KIND_WORDS[asked.kind]}s tagged in its filings"
    if not standings and asked.listed:
        return None  # the parts a table prints a line in are no list of segments (Comcast's "Video")
    if not standings and measure != "margin":
        # no member tagged (a PDF, a release): the parts a table prints the line in
        amounts = await dated_amounts(session, ticker, allowed, target)
        breakdown = chosen(
            await breakdowns(session, amounts, ask.items[0], target), ask.items[0], question, asked.kind
        )
        if breakdown is None:
            return _unmeasured(name, adjusted)
        measured_as = adjusted[1] if adjusted else PERFORMANCE if performance else None
        own = (
            await own_measure_of_movement(session, breakdown, ask.items[0], target, measured_as)
            if measured_as is not None
            else None
        )
        if own is None and adjusted:
            return _unmeasured(name, adjusted)
        if own is not None and not own.beside:
            # how the parts performed is the filer's own measure, not a growth computed here; printed apart
            # from them, it cannot be read as theirs
            return TableAnswer(
                missing=[f"{name}'s ranking of its parts by its own measure ('{own.heading}')"]
            )
        if own is not None:
            measure = "value"  # each part's figure by the filer's measure, printed beside it
            standings = _measured_standings(own, breakdown, ask.items[0], target, ticker, name)
        else:
            standings = _printed_standings(measure, breakdown, ask.items[0], target, ticker, name)
        whose = _printed_whose(name, breakdown.total_name(ask.items[0]))
    return _ranked(standings, measure, asked, whose)


def _printed_whose(company: str, line: str) -> str:
    return f"the parts {company}'s filing prints its {line} in"


def _adjusted(question: str) -> tuple[str, re.Pattern[str]] | None:
    """How the question adjusts a growth ("organic", "ex-FX"), with the heading of its printed measure."""
    for asked, printed in _ADJUSTMENTS:
        found = asked.search(question)
        if found is not None:
            return found[0], printed
    return None


def _unmeasured(name: str, adjusted: tuple[str, re.Pattern[str]] | None) -> TableAnswer | None:
    """The growth adjusted as asked, which the filings print for no member: named as missing."""
    return TableAnswer(missing=[f"{name}'s {adjusted[0]} growth of each member"]) if adjusted else None


def _ranked(
    standings: dict[str, _Standing], measure: Measure, asked: RankingQuestion, whose: str
) -> TableAnswer | None:
    """The members in the order asked, the first named in the verdict, every member's figures given."""
    if not standings:
        return None
    ranked = sorted(standings.values(), key=lambda s: s.value, reverse=asked.order == "highest")
    # the lines as the leader's rows print them ("net sales growth", "operating income as a percentage of
    # net sales")
    lines = [pick.item.name for pick in ranked[0].picks]
    measured = _MEASURED[measure].format(item=lines[-1] if measure == "growth" else lines[0], whole=lines[-1])
    leader = ranked[0].picks[-1].segment if measure == "growth" else ranked[0].picks[0].segment
    verdict = f"{leader} had the {asked.order} {measured} of {whose}."
    if asked.sign:
        verdict = _above_zero(ranked, measured, whose)
    if asked.listed:
        verdict = f"{whose[0].upper()}{whose[1:]}: {_listed([s.picks[-1].segment for s in ranked])}."
    fell = [s.picks[-1].segment for s in ranked if measure == "growth" and s.value < 0 and not asked.listed]
    if fell:
        verdict += f" {_listed(fell)} {'was' if len(fell) == 1 else 'were'} lower than the year before."
    return TableAnswer(
        picks=[p for s in ranked for p in s.picks],
        derived=[s.derived for s in ranked if s.derived is not None],
        verdict=verdict,
    )


# words that say nothing of the line a ranking is over: how it asks, the kind and the end it asks for, its
# period
_NOT_THE_LINE = re.compile(
    rf"^(?:which|what|who|where|had|has|have|was|were|is|are|did|does|do|the|a|an|of|for|in|on|at|by|to|"
    rf"from|during|among|amongst|within|its|their|and|or|with|as|fiscal|fy\d*|q[1-4]|h[12]|first|second|"
    rf"half|quarter|year|full|{_HIGHEST}|{_LOWEST}|type|types|kind|kinds|{_KINDS})$",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[A-Za-z][A-Za-z&'’-]*")
_LONGEST_LINE = 4


def _line_phrases(question: str, mentions: Sequence[str]) -> list[str]:
    """What the question may call the ranked line, longest first: every run of up to four of its words that
    says neither how it asks, nor the company, nor the period ("short term investments", "EBITDAR
    Contribution", "EBITDAR")."""
    for mention in mentions:
        question = question.replace(mention, " | ")
    runs: list[list[str]] = [[]]
    for token in re.findall(r"\|" + "|" + _WORDS.pattern, question):
        if token == "|" or _NOT_THE_LINE.match(token) or token.lower().endswith(("'s", "’s")):
            runs.append([])
        else:
            runs[-1].append(token)
    windows = {
        " ".join(run[start : start + size])
        for run in runs
        for size in range(1, _LONGEST_LINE + 1)
        for start in range(len(run) - size + 1)
    }
    return sorted(windows, key=lambda phrase: (-len(phrase.split()), question.find(phrase)))


async def answer_printed_ranking(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask
) -> TableAnswer | None:
    """Which printed part ranks first on a line no curated item names ("Which region had the highest EBITDAR
    contribution for MGM", "which type of debt … the largest among the short term investments"): the line is
    the longest run of the question's words a row (or a bare total's heading) of the period names, and its
    parts the rows above such a total that add up to it (`qa.parts`), ranked on their figures. None for any
    other question."""
    asked = ranking_asked(question)
    if ask.items or asked is None or asked.sign or asked.listed or len(u.companies) != 1:
        return None
    ticker = u.companies[0]
    filings = u.filings_of(catalog, ticker)
    allowed = {f.filing_id for f in filings}
    name = catalog.company_name(ticker)
    natures: tuple[PeriodNature, ...] = ("duration", "instant")
    for nature in natures:
        target = target_for(u, filings, nature, max(u.years) if u.years else None)
        if target is None:
            continue
        lines = [printed_line(phrase, nature) for phrase in _line_phrases(question, u.company_mentions)]
        amounts = await dated_amounts(session, ticker, allowed, target)  # the lines' and their parts'
        line = first_printed_line(amounts, lines)
        if line is None:
            continue
        found = await breakdowns(session, amounts, line, target)
        breakdown = chosen(found, line, question, asked.kind)
        if breakdown is None:
            continue
        line = replace(line, name=breakdown.total_name(line))  # as printed, with its qualifiers
        standings = _printed_standings("value", breakdown, line, target, ticker, name)
        return _ranked(standings, "value", asked, _printed_whose(name, line.name))
    return None


def _printed_standings(
    measure: Measure, breakdown: Breakdown, item: LineItem, target: Target, ticker: str, company: str
) -> dict[str, _Standing]:
    """Each printed part's standing: its figure, or its growth over the same row the period before."""
    line = replace(item, key=f"{PART_PREFIX}{item.key}")
    standings = {}
    for part in breakdown.parts:
        name = part_name(part)
        this = Pick(ticker, company, line, name, target, part)
        if measure == "value":
            standings[name] = _Standing(part.value, (this,))
            continue
        before = breakdown.earlier.get(part.cell_id)
        if before is None:
            continue
        that = Pick(ticker, company, line, name, target.earlier(), before)
        try:
            derivation = growth(before.cited(), part.cited())
        except DerivationError:
            continue  # a part with no figure the year before (zero) has no growth to rank
        standings[name] = _Standing(derivation.value, (that, this), Derived(derivation, (that, this)))
    return standings if len(standings) >= 2 else {}


def _measured_standings(
    own: OwnMeasure, breakdown: Breakdown, item: LineItem, target: Target, ticker: str, company: str
) -> dict[str, _Standing]:
    """Each printed part's standing on the filer's own measure of its movement (Best Buy's comparable
    sales)."""
    line = replace(item, key=f"{PART_PREFIX}{item.key}", name=own.name)
    return {
        part_name(part): _Standing(cell.value, (Pick(ticker, company, line, part_name(part), target, cell),))
        for part in breakdown.parts
        if (cell := own.beside.get(part.cell_id)) is not None
    }


def _above_zero(ranked: Sequence[_Standing], measured: str, whose: str) -> str:
    """Which members' figures are above zero, and which are not."""
    above = [s.picks[0].segment for s in ranked if s.value > 0]
    rest = [s.picks[0].segment for s in ranked if s.value <= 0]
    if not above:
        return f"None of {whose} had positive {measured}."
    said = f"Of {whose}, {_listed(above)} had positive {measured}"
    return f"{said}; {_listed(rest)} did not." if rest else f"{said}: all of them."


def _listed(names: Sequence[str | None]) -> str:
    shown = [name or "" for name in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


# "are there any product categories that represent more than 20% of Boeing's revenue": the parts whose share
# of the line passes the bound the question states
_SHARE_BOUND = re.compile(
    r"\b(?:(?P<over>more|greater|higher|larger|over|above)|(?P<under>less|lower|smaller|under|below))\s+"
    r"(?:than\s+)?(?P<bound>\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\b",
    re.IGNORECASE,
)
_ANY_KIND = re.compile(rf"\b(?:{_KINDS})\b", re.IGNORECASE)


async def answer_share_bound(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask
) -> TableAnswer | None:
    """Which of a company's parts of one line (its segments, regions or product lines: the members its
    filings tag, or else the parts a table prints the line in, `qa.parts`) are each more (or less) than the
    share of it the question bounds, each share computed from the part's cell and the total's; None for any
    other question."""
    bound, kind_word = _SHARE_BOUND.search(question), _ANY_KIND.search(question)
    if bound is None or kind_word is None or len(u.companies) != 1 or len(ask.items) != 1 or ask.derivation:
        return None
    item, ticker, kind = ask.items[0], u.companies[0], _kind(question, kind_word.start())
    name = catalog.company_name(ticker)
    filings = u.filings_of(catalog, ticker)
    target = target_for(u, filings, item.nature, max(u.years) if u.years else None)
    if target is None or not item.concepts:
        return None
    allowed = {f.filing_id for f in filings}
    cells = [c for c in await tagged_cells(session, [ticker], item.concepts) if c.filing_id in allowed]
    parts = _tagged_parts(cells, item, kind, target)
    if parts is not None:
        total, members = parts
        line, whose = replace(item, key=f"{RANKED_PREFIX}{item.key}"), f"{name}'s {_KIND_WORDS[kind]}s tagged"
        named = [(_printed_name(member, cell, item), cell) for member, cell in members.items()]
    else:
        amounts = await dated_amounts(session, ticker, allowed, target)
        breakdown = chosen(await breakdowns(session, amounts, item, target), item, question, kind)
        if breakdown is None:
            return None
        total, line = breakdown.total, replace(item, key=f"{PART_PREFIX}{item.key}")
        whose = _printed_whose(name, breakdown.total_name(item))
        named = [(part_name(part), part) for part in breakdown.parts]
    whole = Pick(ticker, name, line, None, target, total)
    shares = []
    for part_label, cell in named:
        pick = Pick(ticker, name, line, part_label, target, cell)
        with suppress(DerivationError):
            shares.append(Derived(margin(cell.cited(), total.cited()), (pick, whole)))
    limit, over = Decimal(bound["bound"]), bound["over"] is not None
    passing = [s.picks[0].segment for s in shares if (s.derivation.value > limit) == over]
    side = f"{'more' if over else 'less'} than {bound['bound']}% of {name}'s {line_name(total, item)}"
    verdict = (
        f"Yes: of {whose}, {_listed(passing)} {'was' if len(passing) == 1 else 'were each'} {side}."
        if passing
        else f"No: none of {whose} was {side}."
    )
    # the bound is the question's figure, stated as a derivation of no cell (as a trend's bound is)
    stated = replace(formula(f"pct({limit} / 100)", {}, "ratio"), label="the share the question bounds")
    return TableAnswer(
        picks=[whole, *(s.picks[0] for s in shares)],
        derived=[Derived(stated, (), ""), *shares],
        verdict=verdict,
    )


def _tagged_parts(
    cells: Sequence[CellHit], item: LineItem, kind: Kind, target: Target
) -> tuple[CellHit, dict[str, CellHit]] | None:
    """The line's total (its fact of no member) and each member's cell of the kind asked, as the filings tag
    them in the target period; None where they tag no two members of that kind (a PDF tags none)."""
    members = _line_members(cells, item, _AXES[kind], target)
    concepts = {cell.concept for cell in members.values()}
    total = next(
        (
            cell
            for cell in cells
            if cell.concept in concepts
            and not cell.dimensions
            and target.matches(cell.instant, cell.period_start, cell.period_end)
        ),
        None,
    )
    return (total, members) if members and total is not None else None


# "Among operations, investing, and financing activities, which brought in the most cash flow": one of the
# lines the question names, not a member
_WHICH_LINE = re.compile(rf"\bwhich\b.*\b(?:{_HIGHEST}|{_LOWEST})\b", re.IGNORECASE)


def with_lines_ranked(table: TableAnswer, question: str) -> TableAnswer:
    """The answer with which of the lines it gives ranks first said first, when the question asks which of
    several lines is highest or lowest and the answer gives one figure of each, in one unit and one period;
    unchanged otherwise."""
    picks = unique_picks(table.picks)
    order = _ORDER.search(question)
    if (
        table.verdict is not None
        or table.derived
        or order is None
        or not _WHICH_LINE.search(question)
        or len(picks) < 2
        or len({pick.item.key for pick in picks}) != len(picks)
        or len({(pick.ticker, pick.cell.unit, pick.target) for pick in picks}) != 1
    ):
        return table
    low = order["low"] is not None
    first = (min if low else max)(picks, key=lambda pick: pick.cell.value)
    if sum(pick.cell.value == first.cell.value for pick in picks) > 1:
        return table  # a tie ranks nothing first
    name = line_name(first.cell, first.item)
    return replace(table, verdict=f"Of the lines asked, {name} is the {'lowest' if low else 'highest'}.")
