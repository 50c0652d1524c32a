"""Answering a numeric question from table cells: by XBRL concept and context period where tagged, by row
label and column period otherwise; derived figures computed in code from the picked cells.

Among cells of the asked concept and period, the filing that reports that period as its own wins (else the
latest, whose comparatives may be restated); within a filing, the first tagged cell in document order (the
primary statement comes before the notes). Other filings that show a different value for the same period
are kept as `restated`, so the answer can say which filing each figure comes from.
"""

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import COUNTED_END_SLACK
from filingproof.qa.asked import asks_paid, item_phrases
from filingproof.qa.direction import CHANGE_LABEL, asked_way
from filingproof.qa.items import ITEMS_BY_KEY, Ask, LineItem, PeriodNature
from filingproof.qa.nearest import Nearest, nearest_lines
from filingproof.qa.periods import Target, period_sum_for, target_for
from filingproof.qa.store import CellHit, cells_near, tagged_cells
from filingproof.qa.unreported import unreported_part, unreported_sentence
from filingproof.qa.vocabulary import Entry, Resolution, Vocabulary, resolve, vocabulary, within
from filingproof.reading.reading import Reading, dotted, possessive_word
from filingproof.understanding import Catalog, FilingRef, QueryUnderstanding
from filingproof.verify import Derivation, DerivationError, derive
from filingproof.verify.derive import formula, period_sum
from filingproof.verify.expression import Cell, Expr, Leaf, parse, render, substitute
from filingproof.verify.items import (
    BUYING,
    MEMBER_SUFFIX,
    and_apart,
    column_name,
    column_words,
    consolidated_part,
    name_words_apart,
    names_by_column,
    terms,
)
from filingproof.verify.items import name_words as company_name_words
from filingproof.verify.period_sums import derived_period

_PER_SHARE_ITEMS = frozenset({"diluted_eps", "basic_eps"})


@dataclass(frozen=True)
class Pick:
    ticker: str
    company: str
    item: LineItem
    segment: str | None
    target: Target
    cell: CellHit
    restated: tuple[CellHit, ...] = ()
    written: str | None = None  # the figure as the question asks it written ("$8.7 billion"), if it does


@dataclass(frozen=True)
class Derived:
    derivation: Derivation
    picks: tuple[Pick, ...]
    sentence: str | None = None  # written by the deriving module (an analyst metric, `metrics.answer`)
    how: str | None = None  # a period's sum in words ("the year less its first nine months")


@dataclass(frozen=True)
class Ambiguous:
    """Cells that fit the asked item equally well but show different values: all are given, none chosen."""

    ticker: str
    company: str
    phrase: str
    cells: tuple[CellHit, ...]


@dataclass
class TableAnswer:
    picks: list[Pick] = field(default_factory=list)
    derived: list[Derived] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    ambiguous: list[Ambiguous] = field(default_factory=list)
    nearest: list[Nearest] = field(default_factory=list)  # lines offered for an item no line names
    # a segment, unit or brand named that no cell of its company carries: why there is no figure, said alone
    unreported: list[str] = field(default_factory=list)
    # a metric the company's statements do not support (a lender's gross margin): why, said alone
    unfit: list[str] = field(default_factory=list)
    verdict: str | None = None  # a judgment's answer, first: "No: by …, 3M is not capital-intensive …"
    unanswered: list[str] = field(default_factory=list)  # what of the question it leaves out, said last

    @property
    def cells(self) -> list[CellHit]:
        seen: dict[int, CellHit] = {}
        for pick in self.picks:
            for cell in (pick.cell, *pick.restated):
                seen.setdefault(cell.cell_id, cell)
        for tie in self.ambiguous:
            for cell in tie.cells:
                seen.setdefault(cell.cell_id, cell)
        return list(seen.values())


def unique_picks(picks: Iterable[Pick]) -> tuple[Pick, ...]:
    """The picks, one per cell (the first), in their order."""
    by_cell: dict[int, Pick] = {}
    for pick in picks:
        by_cell.setdefault(pick.cell.cell_id, pick)
    return tuple(by_cell.values())


def possessive(name: str) -> str:
    """A company's name as an owner: "Apple's", "Meta Platforms'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def in_a_sentence(label: str) -> str:
    """A row label as words inside a sentence: "Total net sales" → "total net sales", "TOTAL ASSETS" →
    "total assets"; "PP&E, net" stays (a capital after the company's name would read as part of a name)."""
    if label.isupper():
        return label.lower()
    if len(label) > 1 and label[0].isupper() and label[1].islower():
        return label[0].lower() + label[1:]
    return label


# a footnote's marker after a row's name ("China (1)", "Europe(a)"): no part of the name
_FOOTNOTE = re.compile(r"\s*\((?:\d|[a-z])\)\s*$")


def printed_row(cell: CellHit) -> str:
    """The cell's row label, one space between words, without a footnote's marker."""
    return _FOOTNOTE.sub("", " ".join(cell.row_label.split())).strip(" :")


def line_name(cell: CellHit, item: LineItem) -> str:
    """The line as its member's row prints it, where the row is the line's own ("net sales", "total revenues
    net of interest expense"), else the item's name (the row is the member's: "iPhone")."""
    label = printed_row(cell)
    if not label or label.isupper() or not (item.row_labels.fullmatch(label) or item.pattern.search(label)):
        return item.name
    return in_a_sentence(label)


# the question's own word for a revenue line: "net sales" and "revenues" are two lines where both print
_SAID = re.compile(r"\b(?P<word>sales|revenue)s?\b", re.IGNORECASE)


def said_word(question: str) -> str | None:
    found = _SAID.search(question)
    return found["word"].lower() if found else None


def says(cell: CellHit, said: str) -> bool:
    """Whether the cell's row is written in the question's word for revenue ("Net sales" for "sales")."""
    return re.search(rf"\b{said}", cell.row_label, re.IGNORECASE) is not None


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def member_name(member: str) -> str:
    """`nvda:DataCenterMember` → "Data Center"."""
    return and_apart(_CAMEL.sub(" ", MEMBER_SUFFIX.sub("", member.split(":")[-1])).strip())


def mention_of(question: str, name: str) -> str | None:
    """How the question writes a member's name ("iPhone" for "I Phone"), if it does."""
    words = name.split()
    # a short name only as its initials, in capitals ("U.S." for `mcd:USMarketMember`, never "us")
    short = sum(len(w) for w in words) < 4
    if not words or (short and not name.replace(" ", "").isupper()):
        return None
    # words a tag runs together may be joined in print ("Packaging & Specialty Plastics", "Defense, Space &
    # Security")
    pattern = r"\b" + r"[\s,-]*(?:&[\s-]*)?".join(_written_word(w) for w in words) + r"(?!\w)"
    found = re.search(pattern, question, 0 if short else re.IGNORECASE)
    return found.group() if found else None


def _written_word(word: str) -> str:
    """A word of a member's name as a question writes it: "and" or "&", initials with their dots."""
    if word.lower() == "and":
        return r"(?:and|&)"
    if word.isupper() and 2 <= len(word) <= 3:
        return dotted(word)
    return possessive_word(word)


def without_company(name: str, company_words: frozenset[str]) -> str | None:
    """A member's name without the company's own name before it, as people write it ("Ford Model E" →
    "Model E"): two words or more, else None."""
    first, _, rest = name.partition(" ")
    return rest if first.lower() in company_words and " " in rest else None


def written_member(question: str, member: str, company_words: frozenset[str] = frozenset()) -> str | None:
    """How the question writes the name of a member the resolver chose: a short one ("Mac") as the filer
    capitalises it, as a word of its own; one that begins with the company's name maybe without it; one
    that ends in a word for a part maybe without it ("Client Computing" for
    `intc:ClientComputingGroupMember`, as its rows print it)."""
    name = member_name(member)
    found = _written_name(question, name, company_words)
    if found is None and (part := _PART_AT_END.search(name)) is not None:
        found = _written_name(question, name[: part.start()], company_words)
    return found


def _written_name(question: str, name: str, company_words: frozenset[str]) -> str | None:
    found = mention_of(question, name)
    if found is None and (short_name := without_company(name, company_words)):
        found = mention_of(question, short_name)
    if found is None and name[:1].isupper():
        short = re.search(rf"\b{re.escape(name)}\b", question)
        found = short.group() if short else None
    return found


# a word for a company's part at the end of a member's name, which its rows may leave out
_PART_AT_END = re.compile(r"\s+(?:Group|Segment|Division|Business|Unit)$")


def _written_label(question: str, label: str) -> str | None:
    """How the question writes a row label ("Wearables, Home and Accessories", "Other Americas(1)")."""
    words = re.findall(r"[A-Za-z0-9&]+", re.sub(r"\(\d+\)", " ", label))
    if not words or sum(len(word) for word in words) < 4:
        return None
    # ("and" typed "&", or "&" typed "and": "data center & AI" writes "Data Center and AI")
    joined = r"\W*".join("(?:and|&)" if w.lower() in ("and", "&") else re.escape(w) for w in words)
    found = re.search(rf"\b{joined}\b", question, re.IGNORECASE)
    if found is None:
        return None
    written = found.group()
    # a parenthesis the label closes after its last word is the name's too: "China (including Hong Kong)"
    if written.count("(") > written.count(")") and question[found.end() : found.end() + 1] == ")":
        written += ")"
    return written


def _written_column(question: str, cell: CellHit, member: str) -> str | None:
    """How the question writes the column that names the cell's member (`names_by_column`: GameStop's
    "Europe" over `gme:VideoGameBrandsEuropeMember`, Rocket's "Direct to Consumer" over
    `rkt:DirectToCustomerSegmentMember`)."""
    column = column_words(cell.column_label or "")
    if not names_by_column(column, terms(member_name(member)), frozenset()):
        return None
    return _written_label(question, column_name(cell.column_label or ""))


# the member that marks a segment's own figure, before eliminations (`srt:ConsolidationItemsAxis`)
_SEGMENTS_OWN = "us-gaap:OperatingSegmentsMember"


def segment_of(
    question: str, candidates: Sequence[CellHit], company_words: frozenset[str] = frozenset()
) -> str | None:
    """The member (of a one-dimension fact) the question names, e.g. NVIDIA's "Data Center", Ford's "Model
    e" ("Ford Model E")."""
    members = {
        member
        for cell in candidates
        if len(cell.dimensions) == 1
        for member in cell.dimensions.values()
        if isinstance(member, str)
    }
    carried = Counter(m for cell in candidates for m in cell.dimensions.values() if isinstance(m, str))
    written = [m for m in carried if written_member(question, m, company_words)]
    # a member named with the one it is part of ("Personal Safety …, within the Safety and Industrial
    # segment"): the part, the one fewer cells carry, where a cell carries both
    if len(written) > 1 and any(set(written) <= set(cell.dimensions.values()) for cell in candidates):
        return min(written, key=lambda m: (carried[m], -len(member_name(m))))
    named = [m for m in written if m in members]
    return max(named, key=lambda m: len(member_name(m)), default=None)


def _reporters(bound: str) -> list[str]:
    """The tickers a qualifier is bound to: "AAPL,MCD:Americas" → ["AAPL", "MCD"]."""
    return bound.split(":", 1)[0].split(",")


def name_words(catalog: Catalog, ticker: str) -> frozenset[str]:
    """The words of the company's name, which qualify nothing in its labels."""
    return company_name_words(catalog.company_name(ticker))


class _Picker:
    """Picks cells only from the filings the request allows (`u.filing_ids`, its filters)."""

    def __init__(
        self,
        session: AsyncSession,
        question: str,
        u: QueryUnderstanding,
        catalog: Catalog,
        reading: Reading | None = None,
    ) -> None:
        self._session = session
        self._question = question
        self._reading = reading
        self._u = u
        self._catalog = catalog
        self._allowed = None if u.filing_ids is None else frozenset(u.filing_ids)
        self._tagged: dict[tuple[str, str], list[CellHit]] = {}
        self._paid = asks_paid(question, reading.question if reading is not None else "")

    def filings(self, ticker: str) -> list[FilingRef]:
        return self._u.filings_of(self._catalog, ticker)

    def _allowed_cells(self, cells: list[CellHit]) -> list[CellHit]:
        allowed = self._allowed
        return cells if allowed is None else [cell for cell in cells if cell.filing_id in allowed]

    def company_name(self, ticker: str) -> str:
        return self._catalog.company_name(ticker)

    def neutral(self, ticker: str) -> frozenset[str]:
        return name_words(self._catalog, ticker)

    async def resolve(
        self, ticker: str, phrase: str, targets: Sequence[Target], item: LineItem | None
    ) -> Resolution | None:
        """The cells of the company's own vocabulary that best fit `phrase` (the curated item's concepts,
        if any, preferred)."""
        vocab = await self._vocabulary(ticker)
        neutral = self.neutral(ticker)
        # a word of the name written apart from it names the item ("Marathon Digital's digital assets")
        neutral -= name_words_apart(phrase, [self.company_name(ticker)], neutral, ticker)
        return resolve(vocab, phrase, targets, neutral, item.concepts if item else (), self._paid)

    async def _vocabulary(self, ticker: str) -> Vocabulary:
        """The company's vocabulary, within the filings the request allows."""
        filings = [filing.filing_id for filing in self._catalog.filings_of([ticker])]  # the cache's key
        return within(await vocabulary(self._session, ticker, filings, self.neutral(ticker)), self._allowed)

    async def path_terms(self, ticker: str, cell: CellHit) -> frozenset[str]:
        """The terms of the rows a cell is printed under ("Gross margin" over Apple's "Services")."""
        entries = (await self._vocabulary(ticker)).entries
        return next((entry.path for entry in entries if entry.cell.cell_id == cell.cell_id), frozenset())

    async def unreported(self, ticker: str) -> str | None:
        """Why a segment, unit or brand the question names has no figure, if the company reports none of
        that name (`qa.unreported`)."""
        reading = self._reading
        if reading is None or any(ticker in _reporters(span.bound) for span in reading.of("qualifier")):
            return None  # a member of the company is named: a part's other words describe it ("EV unit")
        vocab = await self._vocabulary(ticker)
        # as typed: a word for the part may be filler to the reading ("Abbott's animal health business")
        name = unreported_part(
            reading.question, vocab, self.neutral(ticker), self._u.company_mentions, read=self._question
        )
        return unreported_sentence(ticker, self.company_name(ticker), name, vocab) if name else None

    async def nearest(self, ticker: str, phrase: str, targets: Sequence[Target]) -> Nearest | None:
        """The printed lines nearest to an item no line names, if any is near enough (`qa.nearest`)."""
        cells = await nearest_lines(await self._vocabulary(ticker), phrase, targets)
        return Nearest(ticker, self.company_name(ticker), phrase, cells) if cells else None

    def from_entry(
        self, ticker: str, item: LineItem | None, phrase: str, found: Resolution, targets: Sequence[Target]
    ) -> Pick:
        chosen = found.best[0]
        cell = chosen.cell
        target = next(t for t in targets if t.matches(cell.instant, cell.period_start, cell.period_end))
        segment = None
        if item is not None and cell.concept in item.concepts:
            # the member the question names (3M's "Health Care", not the "Operating segments" beside it)
            named = [
                w
                for m in cell.dimensions.values()
                if (
                    w := written_member(self._question, str(m), self.neutral(ticker))
                    or _written_column(self._question, cell, str(m))
                )
            ]
            # (not the line asked itself: "Operating income" under "Sam's Club U.S." names no member; a row
            # that prints the member's name with the line's names it without them: Verizon's "Fios" of "Total
            # Fios revenue")
            label = _written_label(self._question, _member_in_row(cell, item)) if cell.dimensions else None
            # a member the filer names by its row ("Other Bets" for us-gaap:AllOtherSegmentsMember); or one
            # beside a member named by its tag: "Energy Products … in the United States" (country:US)
            if label and (
                not named
                or (
                    len(named) < len(cell.dimensions)
                    and not any(label.lower() in w.lower() or w.lower() in label.lower() for w in named)
                )
            ):
                named.append(label)
            # several, as the question orders them ("Chevron's US downstream")
            segment = " ".join(sorted(dict.fromkeys(named), key=self._question.find)) if named else None
        else:
            item = open_item(_paid_for(phrase, chosen) if self._paid else phrase, chosen, target.kind)
        restated: dict[int, CellHit] = {}
        for other in found.same_item:
            if other.cell.value != cell.value:
                restated.setdefault(other.cell.filing_id, other.cell)
        return Pick(ticker, self.company_name(ticker), item, segment, target, cell, tuple(restated.values()))

    async def _candidates(self, ticker: str, item: LineItem) -> list[CellHit]:
        key = (ticker, item.key)
        if key not in self._tagged:
            self._tagged[key] = self._allowed_cells(
                await tagged_cells(self._session, [ticker], item.concepts)
            )
        return self._tagged[key]

    async def pick(self, ticker: str, item: LineItem, target: Target) -> Pick | None:
        candidates = await self._candidates(ticker, item)
        # The item's own words name no member: "cash and cash equivalents" is not the "Cash" member.
        unmasked = item.pattern.sub(" ", self._question)
        segment = segment_of(unmasked, candidates, self.neutral(ticker))
        in_period = [
            c
            for c in candidates
            if target.matches(c.instant, c.period_start, c.period_end) and self._unit_ok(item, c)
        ]
        # (a member no fact carries alone, named within another: the segments' own figures carry both)
        nested = segment is not None and not any(list(c.dimensions.values()) == [segment] for c in candidates)
        if segment is None:
            scoped = [c for c in in_period if not c.dimensions]
        else:
            # the member alone, or with its parents in the filer's hierarchy (GMNA's "Automotive"), or with
            # the one the question names it within (3M's "Safety and Industrial")
            vocab = await self._vocabulary(ticker)
            scoped = [
                c
                for c in in_period
                if segment in c.dimensions.values()
                and all(
                    m == segment
                    or not vocab.qualifies(c, m)
                    or (nested and (m == _SEGMENTS_OWN or written_member(unmasked, m, self.neutral(ticker))))
                    for m in c.dimensions.values()
                )
            ]
        if segment is not None and not consolidated_part(self._question):
            # the part's own figure before its share of the consolidated one (`verify.items`)
            scoped = [c for c in scoped if not consolidated_part(c.row_label)] or scoped
        ordered = [c for concept in item.concepts for c in scoped if c.concept == concept]
        # a revenue line in the question's word, where the filing prints both ("Net sales" beside "Total
        # revenues"), named as its row prints it
        said = said_word(self._question) if item.key == "revenue" else None
        in_word = [c for c in ordered if said and says(c, said)]
        if in_word and in_word[0].concept != ordered[0].concept:
            ordered = in_word
            item = replace(item, name=line_name(in_word[0], item))
        if ordered:
            of_concept = [c for c in ordered if c.concept == ordered[0].concept]
            words = mention_of(unmasked, member_name(segment)) if segment else None
            return self._choose(ticker, item, target, words, of_concept)
        if segment is not None:
            return None
        return await self._by_label(ticker, item, target)

    async def in_said_word(self, chosen: Pick) -> Pick | None:
        """The company's revenue in the question's word where the filing prints both lines: named as its row
        prints it ("Walmart U.S. net sales"), or the other line's cell where the chosen one's row says the
        other word ("Walmart net sales": "Net sales", not "Total revenues")."""
        said = said_word(self._question)
        cell = chosen.cell
        if said is None or chosen.item.key != "revenue":
            return None
        if says(cell, said):
            named = line_name(cell, chosen.item)
            return (
                None if said in chosen.item.name else replace(chosen, item=replace(chosen.item, name=named))
            )
        if cell.dimensions:
            return None
        other = await self.pick(chosen.ticker, chosen.item, chosen.target)
        return other if other is not None and says(other.cell, said) else None

    @staticmethod
    def _unit_ok(item: LineItem, cell: CellHit) -> bool:
        return (cell.unit == "USD/share") == (item.key in _PER_SHARE_ITEMS)

    def _choose(
        self, ticker: str, item: LineItem, target: Target, segment: str | None, cells: list[CellHit]
    ) -> Pick:
        own = [c for c in cells if target.ends_near(c.filing_period_end)]
        pool = own or [c for c in cells if c.filing_period_end == max(x.filing_period_end for x in cells)]
        chosen = pool[0]
        restated: dict[int, CellHit] = {}
        for cell in cells:
            if cell.filing_id != chosen.filing_id and cell.value != chosen.value:
                restated.setdefault(cell.filing_id, cell)
        return Pick(
            ticker, self.company_name(ticker), item, segment, target, chosen, tuple(restated.values())
        )

    async def _by_label(self, ticker: str, item: LineItem, target: Target) -> Pick | None:
        units = ["USD/share"] if item.key in _PER_SHARE_ITEMS else ["USD"]
        near = self._allowed_cells(
            await cells_near(self._session, ticker, target.end, units, COUNTED_END_SLACK + timedelta(days=1))
        )
        labelled = [
            c
            for c in near
            if item.row_labels.match(c.row_label) and target.matches(c.instant, c.period_start, c.period_end)
        ]
        if not labelled:
            return None
        return self._choose(ticker, item, target, None, labelled)


def _paid_for(phrase: str, entry: Entry) -> str:
    """What was spent on `phrase`, named as its payment line prints it where the phrase leaves out what
    bought it ("property and equipment" answered by "Acquisitions of property and equipment")."""
    asked = terms(phrase)
    if asked & (BUYING | {"repurchase"}):
        return phrase  # "share repurchases" says what bought them
    buying = terms(entry.cell.row_label) & BUYING
    return in_a_sentence(printed_row(entry.cell)) if buying else phrase


def open_item(phrase: str, entry: Entry, nature: PeriodNature) -> LineItem:
    """A line item outside the curated ones, named as the question names it, for the cell resolved."""
    cell = entry.cell
    return LineItem(
        key=f"filing:{cell.concept or cell.row_label}",
        name=phrase,
        pattern=re.compile(re.escape(phrase), re.IGNORECASE),
        concepts=(cell.concept,) if cell.concept else (),
        row_labels=re.compile(rf"^\s*{re.escape(cell.row_label)}\s*$", re.IGNORECASE),
        nature=nature,
    )


@dataclass(frozen=True)
class Asked:
    """One item to answer: a curated line item, the question's own phrase for it, or both."""

    item: LineItem | None
    phrase: str | None

    @property
    def name(self) -> str:
        return self.phrase or (self.item.name if self.item else "the line item asked for")

    @property
    def natures(self) -> tuple[PeriodNature, ...]:
        return (self.item.nature,) if self.item else ("duration", "instant")


def asked_list(question: str, u: QueryUnderstanding, ask: Ask) -> list[Asked]:
    """The items of `ask`, each with the question's phrase for it where the two line up one to one."""
    phrases = item_phrases(question, u.company_mentions, ask)
    if ask.part is not None:
        return [Asked(None, ask.part), Asked(ask.items[0], phrases[-1])]
    if not ask.items:
        return [Asked(None, phrase) for phrase in phrases]
    if len(phrases) == len(ask.items):
        return [Asked(item, phrase) for item, phrase in zip(ask.items, phrases, strict=True)]
    if len(ask.items) == 1:  # one item's word in two lines ("US sales and international sales")
        return [Asked(ask.items[0], phrase) for phrase in phrases]
    return [Asked(item, None) for item in ask.items]


def _describe(ticker: str, name: str, target: Target | None) -> str:
    if target is None:
        return f"{ticker} {name} (no matching period in the ingested filings)"
    if target.name:
        return f"{ticker} {name} for {target.name}"
    period = f"Q{target.quarter} " if target.quarter else ""
    return f"{ticker} {name} for {period}fiscal {target.fiscal_year}"


# the periods a question names as a stretch of months, never a day
_STRETCHES = frozenset({"six_months", "nine_months", "year_to_date", "second_half", "trailing_twelve_months"})


async def answer_table(
    session: AsyncSession,
    question: str,
    u: QueryUnderstanding,
    catalog: Catalog,
    ask: Ask,
    reading: Reading | None = None,
) -> TableAnswer:
    """Pick the cells `ask` needs for the companies and periods of `u`, and derive what it asks for.
    `reading`: the router's, where a part the question names but no filing reports is found."""
    picker = _Picker(session, question, u, catalog, reading)
    answer = TableAnswer()

    async def one(ticker: str, asked: Asked, year: int | None, earlier: bool = False) -> Pick | None:
        filings = picker.filings(ticker)
        # an open line asked at a day ("at the end of fiscal 2025") is its balance, not its change
        natures = ("instant",) if u.period_kind == "instant" and len(asked.natures) > 1 else asked.natures
        # and one asked over a stretch of months ("for the nine months ended April 30, 2024") is what it came
        # to over them, never a balance at their end (C3.ai's deferred tax "Net operating losses")
        natures = ("duration",) if u.period_kind in _STRETCHES and len(natures) > 1 else natures
        targets = [t for n in natures if (t := target_for(u, filings, n, year)) is not None]
        if earlier:
            targets = [target.earlier() for target in targets]
        # a part the company does not report has no line to pick, however near its company's total is
        if (unreported := await picker.unreported(ticker)) is not None:
            answer.missing.append(_describe(ticker, asked.name, targets[0] if targets else None))
            answer.unreported.append(unreported)
            return None
        found = await _find(picker, answer, ticker, asked, targets)
        if found is None:
            if not any(tie.ticker == ticker for tie in answer.ambiguous):
                answer.missing.append(_describe(ticker, asked.name, targets[0] if targets else None))
                # only now, with nothing found: lines to ask for instead, never an answer
                near = (
                    await picker.nearest(ticker, asked.phrase, targets) if asked.phrase and targets else None
                )
                # once per line asked: the lines offered are the same lines for each year asked
                if near is not None and not any(
                    (n.ticker, n.phrase) == (near.ticker, near.phrase) for n in answer.nearest
                ):
                    answer.nearest.append(near)
        else:
            answer.picks.append(found)
        return found

    items = asked_list(question, u, ask)
    years: list[int | None] = list(u.years) or [None]
    kind = ask.derivation
    if ask.formula and len(u.companies) == 1:
        # a formula the question states over the company's lines, each at the period asked
        picks = [await one(u.companies[0], each, years[-1]) for each in items]
        _derive_stated(answer, ask.formula, picks)
    elif kind in ("growth", "change") and len(u.companies) == 1 and items:
        ticker, first_item = u.companies[0], items[0]
        # a change the filing prints ("Net change in short-term borrowings") is read, not computed
        printed = kind == "change" and len(years) < 2
        if not (printed and await _printed_change(picker, answer, question, u, ask)):
            if len(years) >= 2:
                first = await one(ticker, first_item, min(u.years))
                second = await one(ticker, first_item, max(u.years))
            else:
                first = await one(ticker, first_item, years[0], earlier=True)
                second = await one(ticker, first_item, years[0])
            _derive(answer, kind, [first, second])
    elif kind in ("margin", "ratio") and len(items) == 2:
        # "did R&D as a % of sales go up in 2023?": the year before's too, and the move between them
        moved = asked_way(question) is not None and len(years) == 1
        for ticker in u.companies:
            for year in [years[0] - 1, years[0]] if moved and years[0] is not None else years:
                part = await one(ticker, items[0], year)
                whole = await one(ticker, items[1], year)
                if part is not None and whole is not None:
                    cost_asked = await _cost_of_a_part(picker, ticker, items[0], part, whole)
                    if cost_asked is not None:
                        # a part's gross margin where the filer prints its revenue and its cost, no gross
                        # profit (Tesla's "Services and other", Adobe's "Subscription"): computed from the two
                        answer.picks.remove(part)
                        cost = await one(ticker, cost_asked, year)
                        _derive_stated(answer, _GROSS_MARGIN_OF_A_PART, [whole, cost])
                        continue
                _derive(answer, kind, [part, whole])
            if (moved or len(years) == 2) and len(u.companies) == 1:
                _ratio_change(answer)
    elif kind in ("difference", "sum") and len(u.companies) >= 2 and items:
        picks = [await one(ticker, items[0], years[-1]) for ticker in u.companies]
        _derive(answer, kind, picks)
    elif len(u.companies) == 1 and (
        (kind == "sum" and len(items) >= 2) or (kind == "difference" and len(items) == 2)
    ):
        # lines of one company added, or one taken from another (`qa.asked.with_operands`)
        picks = [await one(u.companies[0], each, years[-1]) for each in items]
        _derive(answer, kind, picks)
    else:
        for ticker in u.companies:
            for each in items:
                for year in years:
                    if not await _summed_period(picker, answer, u, ticker, each, year):
                        await one(ticker, each, year)
    return answer


async def _summed_period(
    picker: _Picker, answer: TableAnswer, u: QueryUnderstanding, ticker: str, asked: Asked, year: int | None
) -> bool:
    """Answer a flow for a period filings seldom print (Q4, a second half, trailing twelve months): as
    printed if a filing prints it, else as the sum of the periods that make it, one line's figures. True
    when answered, or when some of those figures are found and the rest are named as missing; False when
    no such period is asked or nothing of it is found (the item may be a balance, read as usual)."""
    summed = period_sum_for(u, picker.filings(ticker), year) if "duration" in asked.natures else None
    if summed is None:
        return False
    earlier = len(answer.ambiguous)
    printed = await _find(picker, answer, ticker, asked, [summed.asked]) if summed.printed_first else None
    # (rows that name nothing, read by their table's caption alone, print no line: the "Total"s of a table of
    # the quarter's repurchases month by month, beside the statement's line for the year and nine months;
    # nor do they tie)
    if printed is not None and _names_nothing(printed.cell):
        printed = None
    found_here = answer.ambiguous[earlier:]
    answer.ambiguous[earlier:] = [tie for tie in found_here if not all(map(_names_nothing, tie.cells))]
    if printed is not None or any(tie.ticker == ticker for tie in answer.ambiguous):
        answer.picks.extend([printed] if printed else [])
        return True
    parts = [*summed.plus, *summed.minus]
    found = [await _find(picker, answer, ticker, asked, [part]) for part in parts]
    picks = [pick for pick in found if pick is not None]
    if not picks or any(tie.ticker == ticker for tie in answer.ambiguous):
        return bool(picks)
    what = f"{ticker} {asked.name} for {summed.asked.name}, {summed.how}"
    if len(picks) < len(parts):
        lacking = "; ".join(part.words() for part, pick in zip(parts, found, strict=True) if not pick)
        answer.missing.append(f"{what}: the ingested filings print no figure for {lacking}")
        return True
    if len({_line_of(pick.cell) for pick in picks}) > 1:
        picks = await _on_one_line(picker, ticker, asked, parts, picks) or picks
    if len({_line_of(pick.cell) for pick in picks}) > 1:
        answer.missing.append(f"{what}: its figures are not printed on one line")
        return True
    cited = [pick.cell.cited() for pick in picks]
    derivation = period_sum(cited[: len(summed.plus)], cited[len(summed.plus) :])
    if derived_period(derivation, {each.cell_id: each.period for each in cited}) is None:
        # the printed periods found do not make the one asked (a column dated off its year): no figure
        answer.missing.append(f"{what}: the periods its figures are printed for do not make it")
        return True
    answer.picks.extend(picks)
    answer.derived.append(Derived(derivation, tuple(picks), how=summed.how))
    return True


def _member_in_row(cell: CellHit, item: LineItem) -> str:
    """What a member's row prints of it: the whole row where the row is no line's ("Other Bets"), else what
    is left of it without the line's words where that is the member's name (Verizon's "Fios" of "Total Fios
    revenue", vz:FiosRevenuesMember; not "operating" of "Total operating revenues")."""
    if not item.pattern.search(cell.row_label):
        return cell.row_label
    left = re.sub(r"\btotal\b", " ", item.pattern.sub(" ", cell.row_label), flags=re.IGNORECASE)
    # (the members that name a part: not the segments' own figures' "Operating Segments")
    named = frozenset().union(
        *(
            terms(member_name(str(m)))
            for axis, m in cell.dimensions.items()
            if "ConsolidationItems" not in axis
        )
    )
    return left if terms(left) and terms(left) <= named else ""


# a part's gross margin from its revenue ([0]) and its cost of revenue ([1]), in percent
_GROSS_MARGIN_OF_A_PART = "pct(([0] - [1]) / [0])"


# the words of a gross margin asked, which leave the part's name ("subscription gross margin")
_GROSS_MARGIN_WORDS = re.compile(r"\b(?:gross|margins?|profit|percentage|gm)\b|%", re.IGNORECASE)


async def _cost_of_a_part(
    picker: _Picker, ticker: str, asked: Asked, part: Pick, whole: Pick
) -> Asked | None:
    """The part's cost of revenue, to compute a gross margin asked of a part the filer prints no gross profit
    for; None where the gross profit found is the part's. A member's (Tesla's "Services and other"): its
    gross profit was found as a line that is none (its cost of revenue, under the part's name and no "Gross
    margin" heading). A revenue line's (Adobe's "Subscription", beside "Product" and "Services and other"):
    its revenue was found under its name and the gross profit, the company's, under none; its cost is the
    line of that name under the cost of revenue."""
    if asked.item is None or asked.item.key != "gross_profit":
        return None
    cost = ITEMS_BY_KEY["cost_of_sales"]
    if whole.segment is not None:
        if part.cell.concept in asked.item.concepts or "gross" in await picker.path_terms(ticker, part.cell):
            return None
        return Asked(cost, None)
    named = _GROSS_MARGIN_WORDS.sub(" ", asked.phrase or "").split()
    wanted = terms(" ".join(named))
    if not wanted or part.segment is not None or wanted <= await picker.path_terms(ticker, part.cell):
        return None
    if not wanted <= await picker.path_terms(ticker, whole.cell):
        return None
    return Asked(cost, f"{' '.join(named)} cost of revenue")


def _names_nothing(cell: CellHit) -> bool:
    """Whether a cell is untagged on a row whose words name nothing ("Total"): its line is its caption's."""
    return cell.concept is None and not terms(cell.row_label)


async def _on_one_line(
    picker: _Picker, ticker: str, asked: Asked, parts: Sequence[Target], picks: Sequence[Pick]
) -> list[Pick] | None:
    """The parts' figures again, all on the line one of them was found on: General Dynamics' year on the
    income statement's line, where its 10-Q prints the first half, rather than the segment note's total
    (another concept); of a line no curated item names, as the question's phrase names it (PepsiCo's "D&A":
    the cash-flow statement's line of its 10-K and its 10-Q, not a segment note's "Depreciation and Other
    Amortization"). None when no line holds them all."""
    for concept in dict.fromkeys(p.cell.concept for p in picks if p.cell.concept and not p.cell.dimensions):
        item = replace(asked.item, concepts=(concept,)) if asked.item else _line_of_concept(asked, concept)
        again = [await picker.pick(ticker, item, part) for part in parts]
        found = [pick for pick in again if pick is not None]
        if len(found) == len(parts) and len({_line_of(pick.cell) for pick in found}) == 1:
            return found
    return None


_NOTHING = re.compile(r"(?!)")


def _line_of_concept(asked: Asked, concept: str) -> LineItem:
    """The line a phrase names, as the one concept it is tagged with (its own key: the picker's cache)."""
    return LineItem(f"concept:{concept}", asked.name, _NOTHING, (concept,), _NOTHING)


def _line_of(cell: CellHit) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The line a cell is on: its concept and members where tagged, else its label."""
    return cell.concept or cell.row_label.lower(), tuple(sorted(cell.dimensions.items()))


# "the increase in merchandise inventories balance": the move between two balances, not a cash-flow line
_BALANCE = re.compile(r"\bbalances?\b", re.IGNORECASE)


async def _printed_change(
    picker: _Picker, answer: TableAnswer, question: str, u: QueryUnderstanding, ask: Ask
) -> bool:
    """Answer a change from the line that prints it ("Net change in short-term borrowings", a cash-flow
    statement's "Inventories" tagged IncreaseDecreaseInInventories), when one names exactly the change
    asked; False when none does (the change is then computed from the two figures)."""
    phrases = item_phrases(question, u.company_mentions, ask, printed=True)
    if len(phrases) != 1 or "change" not in terms(phrases[0]) or _BALANCE.search(question):
        return False
    ticker, year = u.companies[0], u.years[0] if u.years else None
    target = target_for(u, picker.filings(ticker), "duration", year)
    if target is None:
        return False
    found = await picker.resolve(ticker, phrases[0], [target], None)
    if found is None or not found.exact:
        return False
    if found.ambiguous:
        cells = tuple(entry.cell for entry in found.best)
        answer.ambiguous.append(Ambiguous(ticker, picker.company_name(ticker), phrases[0], cells))
    else:
        answer.picks.append(picker.from_entry(ticker, None, phrases[0], found, [target]))
    return True


async def _find(
    picker: _Picker, answer: TableAnswer, ticker: str, asked: Asked, targets: Sequence[Target]
) -> Pick | None:
    """The cell for one item: the best fit in the filing's vocabulary, else the curated item's concepts
    and row labels. Equally good fits with different values are recorded as ambiguous, and none is picked."""
    if not targets:
        return None
    if asked.phrase:
        found = await picker.resolve(ticker, asked.phrase, targets, asked.item)
        if found is not None and found.ambiguous:
            cells = tuple(entry.cell for entry in found.best)
            answer.ambiguous.append(Ambiguous(ticker, picker.company_name(ticker), asked.phrase, cells))
            return None
        if found is not None:
            chosen = picker.from_entry(ticker, asked.item, asked.phrase, found, targets)
            return await picker.in_said_word(chosen) or chosen
    if asked.item is None:
        return None
    return await picker.pick(ticker, asked.item, targets[0])


def _ratio_change(answer: TableAnswer) -> None:
    """The move between two periods' margins (or ratios) of one line, recorded over their four cells (a
    margin's in percentage points). Nothing when either is missing."""
    if len(answer.derived) != 2:
        return
    earlier, later = sorted(answer.derived, key=lambda d: d.picks[0].cell.period_end)
    kind = earlier.derivation.kind
    paid = earlier.derivation.label == PAID_SHARE or later.derivation.label == PAID_SHARE
    kind = "margin" if paid else kind
    one = "pct(abs([{}]) / [{}])" if paid else "pct([{}] / [{}])" if kind == "margin" else "([{}] / [{}])"
    late, early = (one.format(*(p.cell.cell_id for p in d.picks)) for d in (later, earlier))
    cited = {p.cell.cell_id: p.cell.cited() for d in (earlier, later) for p in d.picks}
    try:
        change = formula(f"{late} - {early}", cited, "ratio")
    except DerivationError as error:
        answer.missing.append(f"the change cannot be computed: {error}")
        return
    first, second = earlier.picks[0].item.name, earlier.picks[1].item.name
    what = f"{first} as a percentage of {second}" if kind == "margin" else f"the ratio of {first} to {second}"
    labelled = replace(change, label=f"{CHANGE_LABEL}{what}")
    answer.derived.append(Derived(labelled, (*earlier.picks, *later.picks)))


# A payment printed as an outflow ("Dividends paid (3,946)") is paid in its magnitude: a share of a whole
# paid out is of that magnitude, never a negative share (an operating loss stays a negative margin)
PAID_SHARE = "share paid"
_PAYMENT = re.compile(
    r"\b(?:dividends?|paid|payments?|purchases?|repurchases?|capital\s+expenditures?)\b", re.IGNORECASE
)


def _paid_share(part: Pick, whole: Pick) -> Derivation | None:
    """The share of `whole` that the payment `part` is, by its magnitude; None unless `part` is a payment
    printed negative of a positive whole."""
    if part.cell.value >= 0 or whole.cell.value <= 0 or not _PAYMENT.search(part.cell.row_label):
        return None
    cited = {pick.cell.cell_id: pick.cell.cited() for pick in (part, whole)}
    paid = formula(f"pct(abs([{part.cell.cell_id}]) / [{whole.cell.cell_id}])", cited)
    return replace(paid, label=PAID_SHARE)


def _derive_stated(answer: TableAnswer, stated: str, picks: Sequence[Pick | None]) -> None:
    """The formula `stated` over operands `[i]` computed from the i-th pick's cell."""
    present = [pick for pick in picks if pick is not None]
    if len(present) != len(picks) or not present:
        return
    cited = [pick.cell.cited() for pick in present]

    def cell_of(operand: Leaf) -> Expr:
        assert isinstance(operand, Cell)  # an operand index, as `qa.asked.stated_formula` writes it
        return Cell(cited[operand.cell_id].cell_id)

    try:
        derivation = formula(
            render(substitute(parse(stated), cell_of)), {each.cell_id: each for each in cited}
        )
    except DerivationError as error:
        answer.missing.append(f"the formula asked cannot be computed: {error}")
        return
    answer.derived.append(Derived(derivation, tuple(present)))


def _derive(answer: TableAnswer, kind: str, picks: Sequence[Pick | None]) -> None:
    present = [p for p in picks if p is not None]
    if len(present) != len(picks) or not present:
        return
    try:
        paid = _paid_share(*present) if kind == "margin" else None
        derivation = paid or derive(kind, [p.cell.cited() for p in present])  # type: ignore[arg-type]
    except DerivationError as error:
        answer.missing.append(f"{kind} cannot be computed: {error}")
        return
    answer.derived.append(Derived(derivation, tuple(present)))
