"""The risk factors a company describes, by their headings, as its 10-K's Item 1A prints them.

A 10-K's "Item 1A. Risk Factors" sets each risk under a heading of its own, a sentence in bold or italics
("Our suppliers may fail to deliver components according to schedules, prices, quality and volumes that are
acceptable to us, or we may be unable to manage these components effectively."), either alone or run in before
the paragraph that explains it, and groups them under category headings ("Risks Related to Our Operations").
"What are Tesla's risk factors?" is the list of those headings; "what are the main risks Tesla describes about
its supply chain?" is those whose words name the topic asked. Each heading is quoted as printed and outlined
where it stands: the answer is `quoted`, the filer's saying, never `verified`.

The headings are the page's leads set in bold or italics (`ingest.parse.layout.PageLayout.headings`); the
section runs from the block that titles Item 1A to the one that titles the next item.
"""

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.passages import drawn_passage
from filingproof.agent.state import Passage
from filingproof.index.tokenize import STOPWORDS
from filingproof.reading.grammar import EDGE_WORDS, INSTRUCTION_WORDS, PERIOD_WORDS, QUESTION_WORDS
from filingproof.reading.lexicon import analyst_words
from filingproof.understanding import Catalog, QueryUnderstanding, select_filings

# a question about risks: the word, or how analysts say they fear one ("what's colgate worried about",
# "how exposed is riot to power costs", "who's c3.ai scared of")
_ASKS = re.compile(
    r"\brisk(?:s|y)?\b|\bworr(?:y|ied|ies|ying)\b|\bthreats?\b|\bscared\b|\bafraid\b|\bsweat(?:ing)?\b|"
    r"\bheadwinds?\b|\bvulnerab\w*|\bexposed\b|\bexposures?\b|"
    r"\brel(?:y|ies|iance|ying)\s+on\b|\bdependen(?:ce|t|cy)\s+on\b|\bflag(?:s|ged)?\b",
    re.IGNORECASE,
)
# a question asking a figure, which the tables answer ("what % of revenue is at risk")
_ASKS_FIGURE = re.compile(
    r"[$%]|\bpercent|\bhow\s+(?:much|many)\b(?!\s+(?:is|are)\b)|\bwhat\s+(?:was|were)\b|\bamount\b|\btotal\b|"
    r"\b(?:19|20)\d\d\s+(?:revenue|sales|income)|\brisk[- ](?:free|adjusted|weighted)\b|"
    # a figure's verb ("everyone's worried … what did the Greater China segment do in net sales"), or a
    # part of a year, which risk factors never are of ("checking china exposure … for the june quarter")
    r"\bwhat\s+did\b.{0,60}?\b(?:do|bring|earn|make|generate|report|post|spend|pay|book|sell)\b|"
    r"\bq[1-4]\b|\b[1-4]q\b|\bh[12]\b|\b[12]h\b|\bhalf\b|\bquarters?\b|\bytd\b|\b(?:six|nine)\s+months\b",
    re.IGNORECASE,
)
# the block that titles the section ("Item 1A. Risk Factors", "ITEM 1A. RISK FACTORS", "Risk Factors", "PART I
# ITEM 1A. RISK FACTORS" as a running header), and the one that titles the next item
_STARTS = re.compile(r"^(?:part\s+i\s+)?(?:item\s*1a\s*[.:\-–—]?\s*)?risk\s+factors\.?$", re.IGNORECASE)
_ITEM_1A = re.compile(r"^item\s*1a\s*[.:\-–—]?$", re.IGNORECASE)
_ENDS = re.compile(
    r"^(?:item\s*(?:1b|1c|2|3)\b.*|(?:unresolved\s+staff\s+comments|cybersecurity|properties|legal\s+proceedings|"
    r"risk\s+management\s+and\s+strategy|management['’]s\s+discussion\b.*|"
    r"quantitative\s+and\s+qualitative\s+disclosures\b.*)\.?)$",
    re.IGNORECASE,
)
_TITLE_CHARS = 60
_TABLE_MARK = re.compile(r"\[table \d+\]")
_SECTION_PAGES = 40  # where no next item is titled, the section ends after so many pages
# a heading that introduces the list or groups it, not a risk: "You should carefully consider the risks
# described below …", "Risks Related to Our Operations", "STRATEGIC RISKS.", "Risk Factors Summary"
_NOT_A_RISK = re.compile(
    r"\b(?:below|following|carefully|risk\s+factors|this\s+(?:annual\s+)?report|form\s+10-k|"
    r"forward-looking\s+statements)\b|"
    r"^risks?\s+(?:related|relating|associated|specific|regarding|concerning)\b",
    re.IGNORECASE,
)
_CATEGORY_WORDS = 6  # "Business and Industry Risks", "Macroeconomic and Industry Risks"
_CATEGORY_END = re.compile(r"\brisks\.?$", re.IGNORECASE)
_RISK_WORDS = 4
_REPEATED = 3  # a heading printed on so many pages is the page's running header


def _words(text_: str) -> list[str]:
    """The text's words in lower case, a possessive's "'s" dropped ("Tesla's" is "tesla")."""
    return re.findall(r"[a-z][a-z\-]+", re.sub(r"['’]s\b", "", text_.lower()))


# the words of a question that ask for the list, not its topic: the grammar's, the filler's, and these
_LIST_WORDS = (
    STOPWORDS
    | QUESTION_WORDS
    | INSTRUCTION_WORDS
    | EDGE_WORDS
    | PERIOD_WORDS
    | frozenset(
        phrase.phrase for phrase in analyst_words() if phrase.role == "filler" and " " not in phrase.phrase
    )
    | frozenset(
        _words(
            "main key biggest major principal top primary material significant largest risk risks factor "
            "factors describe describes described discuss discusses face faces facing list lists flag flags "
            "cite cites mention mentions name names disclose discloses identify identifies company companies "
            "around re 10-k 10k annual report filing filings latest most recent worried worry worries "
            "concerned concern concerns exposed exposure how much bad saying talk talks regarding related "
            "relating flagged call calls called out admit admits language section stuff thing things like "
            "etc quick one hey yo hi thanks thx pls plz honestly actually really basically just want need "
            "whole full all them any scared afraid sweating threat threats headwinds vulnerable per form "
            "characterize frame frames disclosed disclosing listed provided mentioned named cited identified "
            "faced described noted gimme "
        )
    )
)
# letters compared, of the words' stems: "competition" and "competitors", "regulation" and "regulatory", not
# "advertising" and "adversely"
_ROOT = 6
_BODY_CHARS = 4000  # of a risk's paragraphs, read for its topic
MAX_ON_TOPIC = 5
# an analyst's word for a topic and the words filers write it in: one group a line, every word of a group
# standing for the others (a phrase stands where all its words are said)
TOPIC_WORDS: tuple[tuple[str, ...], ...] = (
    ("fx", "forex", "currency", "currencies", "exchange rates"),
    ("overseas", "international", "intl", "foreign", "global", "abroad"),
    ("ad", "ads", "advertising", "advertisers"),
    ("cust", "customers", "clients", "customer concentration"),
    ("btc", "bitcoin"),
    ("halving", "halvening", "block reward"),
    ("cyber", "cybersecurity", "hack", "hackers", "breach", "breaches", "security incidents"),
    ("debt", "leverage", "levered", "indebtedness", "borrowings", "credit ratings", "downgrade"),
    ("rates", "interest rates"),
    ("supply chain", "suppliers", "components", "sourcing"),
    ("china", "taiwan", "geopolitical", "geopol", "trade tensions", "tariffs", "export"),
    ("strike", "strikes", "labor", "unions", "union", "work stoppages", "labor disputes"),
    ("competition", "competitors", "competitive", "rivals"),
    ("commodity", "commodities", "raw materials", "input costs", "inflation"),
    ("antitrust", "competition laws", "doj", "ftc"),
    ("regulation", "regulatory", "regulators", "laws"),
    ("ai", "artificial intelligence", "gen ai", "generative"),
    ("privacy", "data protection", "gdpr"),
    ("power", "energy", "electricity", "ercot", "grid"),
    ("defense budget", "government spending", "appropriations", "budget", "continuing resolutions"),
    ("quality", "safety", "defects", "recalls", "powder metal"),
    ("retailers", "retail customers", "grocers", "mass merchants", "big-box", "ecommerce", "e-commerce"),
    ("cord cutting", "cord-cutting", "subscribers", "consumer behavior"),
    ("capex", "capital expenditures", "capital spending"),
    ("fabs", "manufacturing", "foundry", "process technology"),
    ("metaverse", "reality labs", "rl"),
    ("govt", "government", "public sector", "federal"),
    ("defense", "defence", "military", "dod"),
)  # fmt: skip


def asks_risk_factors(question: str) -> bool:
    """Whether the question asks the risks a company describes (its risk factors), not a figure."""
    return _ASKS.search(question) is not None and _ASKS_FIGURE.search(question) is None


@dataclass(frozen=True)
class RiskHeading:
    page_no: int
    text: str
    body: str = field(default="", compare=False)  # the paragraphs under the heading, up to the next one


def _section_starts(blocks: Sequence[tuple[str, str | None]], at: int) -> bool:
    """Whether the block at `at` titles Item 1A: itself, or the lead it runs in ("ITEM 1A. RISK FACTORS The
    risks described below …"), or with the block after it ("Item 1A." then "Risk Factors")."""
    block, lead = blocks[at]
    title = lead or block
    if len(title) > _TITLE_CHARS:
        return False
    following = blocks[at + 1][1] or blocks[at + 1][0] if at + 1 < len(blocks) else ""
    return bool(_STARTS.match(title)) or (bool(_ITEM_1A.match(title)) and bool(_STARTS.match(following)))


def _is_risk(heading: str, repeated: set[str]) -> bool:
    words = heading.split()
    return (
        len(words) >= _RISK_WORDS
        and heading[:1].isupper()
        and heading not in repeated
        and _NOT_A_RISK.search(heading) is None
        and not (len(words) <= _CATEGORY_WORDS and _CATEGORY_END.search(heading))
        and not _names_a_category(heading)
    )


# what a risk's heading says that a category's title does not: who bears it, or what may happen
_SAYS = re.compile(
    r"\b(?:we|our|us|its|their|could|may|might|can|will|would|must|is|are|has|have|depends?|face|faces)\b",
    re.IGNORECASE,
)


# the small words a title leaves in lower case
_TITLE_SMALL_WORDS = frozenset(
    {"a", "an", "and", "or", "of", "the", "to", "in", "on", "for", "with", "by", "at"}
)


def _names_a_category(heading: str) -> bool:
    """Whether the heading is a title in capitals with no full stop that says nothing of who bears a risk or
    what may happen ("Preferential or Protective Government Actions", "Brand, Reputational Impact and ESG"),
    not a risk ("We Face Intense Competition")."""
    capitalised = all(
        word[:1].isupper() or not word[:1].isalpha() or word in _TITLE_SMALL_WORDS for word in heading.split()
    )
    return capitalised and not heading.endswith(".") and _SAYS.search(heading) is None


def _headed_blocks(text_: str, headings: Sequence[str]) -> Iterator[tuple[str, str | None]]:
    """The page's blocks in order, each with the heading it leads with (None for none). Headings come in
    the blocks' order; one that leads no block is an item's title laid out as a table, which stands in for
    the table's "[table N]" mark."""
    blocks = text_.split("\n")
    at = 0
    for place, block in enumerate(blocks):
        heading = headings[at] if at < len(headings) else None
        if heading is not None and block.startswith(heading):
            at += 1
            yield block, heading
        elif (
            heading is not None
            and _TABLE_MARK.fullmatch(block)
            and not any(later.startswith(heading) for later in blocks[place + 1 :])
        ):
            at += 1
            yield heading, heading
        else:
            yield block, None


def risk_headings(pages: Sequence[tuple[int, str, Sequence[str]]]) -> list[RiskHeading]:
    """The headings of the risks the section prints, in order, from the filing's pages (number, text,
    headings); [] where no section is titled or its risks have no headings. Of several sections titled (a
    summary, then the full list), the one with the most headings."""
    counts: dict[str, int] = {}
    for _, _, headings in pages:
        for heading in set(headings):
            counts[heading] = counts.get(heading, 0) + 1
    repeated = {heading for heading, count in counts.items() if count >= _REPEATED}
    flat = [
        (page_no, block, lead)
        for page_no, text_, headings in pages
        for block, lead in _headed_blocks(text_, headings)
    ]
    blocks = [(block, lead) for _, block, lead in flat]
    best: list[RiskHeading] = []
    for start in (i for i in range(len(flat)) if _section_starts(blocks, i)):
        first_page = flat[start][0]
        found: list[RiskHeading] = []
        body: list[str] = []
        for page_no, block, lead in flat[start + 1 :]:
            title = lead or block
            if page_no - first_page > _SECTION_PAGES or (len(title) <= _TITLE_CHARS and _ENDS.match(title)):
                break
            if lead is not None and _is_risk(lead, repeated):
                _close(found, body)
                found.append(RiskHeading(page_no, lead))
            elif found and lead is None:
                body.append(block)
            elif found:  # a category's heading ends the risk before it
                _close(found, body)
        _close(found, body)
        if len(found) > len(best):
            best = found
    return best


def _close(found: list[RiskHeading], body: list[str]) -> None:
    """The last risk found with the paragraphs read under it."""
    if found and body:
        found[-1] = RiskHeading(found[-1].page_no, found[-1].text, " ".join(body)[:_BODY_CHARS])
    body.clear()


def _roots(words: Sequence[str]) -> frozenset[str]:
    return frozenset(_stem(word)[:_ROOT] for word in words)


_SUFFIX = re.compile(r"(?:ings?|ers?|ed|es|s|e)$")
_FINAL_Y = re.compile(r"(?:ies|y)$")


def _stem(word: str) -> str:
    """The word without an ending of its form, a final "y" or "ies" written "i" ("losing", "lose" and
    "loss": "los"; "supply" and "suppliers": "suppli"), where three letters stay."""
    stem, written_i = _FINAL_Y.subn("i", word)
    stem = stem if written_i else _SUFFIX.sub("", word)
    return stem if len(stem) >= 3 else word


# the topic of a question about risks: each term the roots of a word, or of a phrase's words together
Topic = frozenset[tuple[str, ...]]


def risk_topic(question: str, names: Sequence[str] = ()) -> Topic:
    """The topic the question asks risks about ("supply chain" in "what are the main risks Tesla describes
    about its supply chain?"), without the words that ask for the list or name the company, with the words
    filers write the analysts' in ("fx": foreign currency, `TOPIC_WORDS`)."""
    named = {word for name in names for word in _words(name)}
    asked = [w for w in _words(question) if w not in _LIST_WORDS and w not in named and len(w) > 1]
    roots = _roots([w for w in asked if len(w) > 2])
    terms: set[tuple[str, ...]] = {(root,) for root in roots}
    for group in TOPIC_WORDS:
        if any(_said(word, asked, roots) for word in group):
            # a phrase stands for its words together ("customer concentration" is no "concentrating")
            terms |= {tuple(sorted(_roots(_words(word)))) for word in group}
    return frozenset(terms)


def _said(word: str, asked: Sequence[str], roots: frozenset[str]) -> bool:
    """Whether the question says the group's word: a short one whole ("fx", "ad"), a phrase's every word, a
    longer one by its root."""
    parts = _words(word)
    if len(parts) > 1:
        return all(part in asked or _roots([part]) <= roots for part in parts)
    return word in asked if len(word) <= 3 else _roots([word]) <= roots


def about_topic(headings: Sequence[RiskHeading], topic: Topic) -> list[RiskHeading]:
    """The risks about the topic, those saying most of it first: all where none is asked. A term of the topic
    said in a risk's heading weighs by how few headings say it, one said in its paragraphs by how few risks'
    paragraphs do (one every risk says names none); the heading's count twice. Where a heading names the
    topic, only risks whose headings do are kept; a risk is kept whose weight is half the best's or more, up
    to `MAX_ON_TOPIC`."""
    if not topic:
        return list(headings)
    in_headings = [_terms_said(h.text, topic) for h in headings]
    in_bodies = [_terms_said(h.body, topic) for h in headings]
    heading_weight, body_weight = _rarity(in_headings), _rarity(in_bodies)
    scored = [
        (
            2 * sum(heading_weight[t] for t in heading) + sum(body_weight[t] for t in body - heading),
            order,
            risk,
        )
        for order, (risk, heading, body) in enumerate(zip(headings, in_headings, in_bodies, strict=True))
    ]
    # where some heading names the topic, the risks whose headings do: the filer's own words for the risk
    # say more than a paragraph mentioning it in passing ("… other business interruptions" is no supply risk)
    if any(heading_weight[term] > 0 for heading in in_headings for term in heading):
        scored = [item for item, heading in zip(scored, in_headings, strict=True) if heading]
    best = max((score for score, _, _ in scored), default=0.0)
    if best <= 0:
        return []
    kept = sorted((item for item in scored if item[0] >= best / 2), key=lambda item: (-item[0], item[1]))
    return [h for _, _, h in kept[:MAX_ON_TOPIC]]


def _terms_said(text_: str, topic: Topic) -> frozenset[tuple[str, ...]]:
    roots = _roots(_words(text_))
    return frozenset(term for term in topic if roots.issuperset(term))


def _rarity(said: Sequence[frozenset[tuple[str, ...]]]) -> dict[tuple[str, ...], float]:
    """Each term's weight: the log of how many of `said` there are over how many say it."""
    counts: dict[tuple[str, ...], int] = {}
    for terms in said:
        for term in terms:
            counts[term] = counts.get(term, 0) + 1
    return {term: math.log(len(said) / count) for term, count in counts.items()}


# a 10-K's pages without their drawn lines (a megabyte or more a filing), which only the pages quoted need
_PAGES = """
SELECT page_no, text, headings FROM pages
WHERE filing_id = :filing_id AND headings IS NOT NULL
ORDER BY page_no
"""
_QUOTED_PAGES = """
SELECT p.filing_id, p.page_no, p.label, p.lines, f.accession, c.ticker, f.form, f.period_end
FROM pages p
JOIN filings f ON f.id = p.filing_id
JOIN companies c ON c.id = f.company_id
WHERE p.filing_id = :filing_id AND p.page_no = ANY(CAST(:pages AS integer[]))
"""

MAX_HEADINGS = 60


async def _filing_headings(session: AsyncSession, filing_id: int) -> list[RiskHeading]:
    rows = await session.execute(text(_PAGES), {"filing_id": filing_id})
    return risk_headings([(row.page_no, row.text, row.headings) for row in rows])


async def _passages(session: AsyncSession, filing_id: int, headings: Sequence[RiskHeading]) -> list[Passage]:
    """The headings quoted, each outlined where its page draws it (`drawn_passage`)."""
    pages = sorted({heading.page_no for heading in headings})
    rows = await session.execute(text(_QUOTED_PAGES), {"filing_id": filing_id, "pages": pages})
    by_page = {row.page_no: row for row in rows}
    return [passage for h in headings if (passage := drawn_passage(h.text, by_page[h.page_no]))]


async def risk_factor_passages(
    session: AsyncSession, u: QueryUnderstanding, catalog: Catalog, topic: Topic
) -> list[Passage]:
    """The headings of the risks each company asked describes in its latest 10-K the question narrows to,
    those about the question's topic where it names one (`risk_topic`); [] where none is found (the pages
    are searched as for any other question)."""
    selected = select_filings(u, catalog).filing_ids
    passages: list[Passage] = []
    for company in u.companies:
        filings = sorted(
            (f for f in u.filings_of(catalog, company) if f.form == "10-K"),
            key=lambda f: f.period_end,
            reverse=True,
        )
        for filing in (f for f in filings if selected is None or f.filing_id in selected):
            headings = await _filing_headings(session, filing.filing_id)
            if headings:
                chosen = about_topic(headings, topic)[:MAX_HEADINGS]
                passages += await _passages(session, filing.filing_id, chosen) if chosen else []
                break
    return passages
