"""Router: read the question (companies, periods, line items) and choose the path, or refuse."""

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import deps_of
from filingproof.agent.passages import asks_deals
from filingproof.agent.registered import asks_registered
from filingproof.agent.response import QueryFilters
from filingproof.agent.risk_factors import asks_risk_factors, risk_topic
from filingproof.agent.state import AgentState, Route
from filingproof.agent.trace import hop
from filingproof.metrics.criteria import quality_asked
from filingproof.metrics.definition import dated_year, metric_question
from filingproof.metrics.trend import trend_asked
from filingproof.qa.asked import with_operands, with_part
from filingproof.qa.direction import asked_way
from filingproof.qa.filing_words import filing_words
from filingproof.qa.items import Ask, open_ask, parse_ask
from filingproof.qa.ranking import implied_ask, ranking_asked
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import Reading, read, with_instructions
from filingproof.understanding import (
    Catalog,
    Filters,
    QueryUnderstanding,
    company_mentions,
    how_to_add,
    not_ingested,
    two_lengths,
    understand,
)

_NARRATIVE = re.compile(
    r"\bwhy\b|\bwhat\s+(?:drives?|drove|caused|explains?)\b|\bdrivers?\b|\bexplain|\breasons?\b|\bdiscuss|\bdescribe"
    r"|\bsays?\s+about\b|\bwhat\s+does\b.*\bsay\b|\brisks?\b|\bstrateg|\boutlook\b|\battribut(?:e|ed)\s+to\b"
    # "attributable to lower volumes" says why; "net loss attributable to the company" ("to 3M") names a line
    r"|\battributable\s+to\s+(?!(?:the\s+)?(?:company|parent|common|share|stock|non-?\s*controlling)|(?-i:[A-Z0-9]))"
    r"|\bcompet|\bwhen\s+does\b",
    re.IGNORECASE,
)


# A period word before a number no year can be ("fiscal 99999999999999999999", "in 20245", "FY 2,024"): the
# understanding reads no year from it, and the question would be answered for another period. Refused.
_IMPOSSIBLE_PERIOD = re.compile(
    r"\b(?:(?:fiscal|calendar)(?:\s+year)?|FY|CY|years?|quarter|Q[1-4]|in|for|during|since|ended)\s*['’]?\s*"
    r"(?:\d{5,}|\d{1,3}(?:,\d{3})+)(?![\d.,]*\s*(?:%|percent|x\b|times|thousand|million|billion|[kmb]n?\b))",
    re.IGNORECASE,
)
_SHOWN_CHARS = 40


def impossible_period(question: str) -> str | None:
    """Why the question's period cannot be answered for, or None when it names none that is impossible."""
    found = _IMPOSSIBLE_PERIOD.search(question)
    if found is None:
        return None
    shown = found[0] if len(found[0]) <= _SHOWN_CHARS else f"{found[0][: _SHOWN_CHARS - 1]}…"
    return f"the question names a period no filing can have ({shown!r})"


# Companies set against each other: "who had the bigger tax bill", "which company recorded more"
_COMPARES_COMPANIES = re.compile(
    r"\bwho(?:['’]s|\s+\w+)?\s+(?:the\s+)?(?:bigger|higher|larger|greater|more|smaller|lower|less)\b"
    r"|\bwhich\s+(?:company|firm|of\s+the\s+two)\b",
    re.IGNORECASE,
)


def one_of_those_compared(question: str, u: QueryUnderstanding) -> str | None:
    """Why a question setting companies against each other, of which one alone is recognised, gets no
    figure: that company's alone answers no comparison ("comparing cat and ge …", where "ge" was no name)."""
    if len(u.companies) != 1 or u.unknown_tickers or _COMPARES_COMPANIES.search(question) is None:
        return None
    return (
        f"the question compares companies, and {u.companies[0]} is the only one of them recognised (name the "
        "other by its ticker or its name)"
    )


def request_filters(filters: QueryFilters | None) -> Filters | None:
    """The request's filters as the understanding reads them (None: no filter)."""
    if filters is None:
        return None
    return Filters(tuple(filters.tickers), filters.form, filters.fiscal_year, filters.filing_id)


async def read_question(
    session: AsyncSession, question: str, catalog: Catalog, filing_ids: tuple[int, ...] | None
) -> Reading:
    """The question's reading, with the words of the filings it can be about: the named companies', or
    every company's the request allows when it names none (a product or segment may name it)."""

    found: dict[str, list[tuple[str, str]]] = {}

    def finder(text: str) -> list[tuple[str, str]]:
        # the question is read twice (then with its companies' words): its clauses' companies found once
        if text not in found:
            found[text] = company_mentions(text, catalog)
        return list(found[text])

    first = read(question, finder, GRAMMAR)
    tickers = {span.bound for span in first.of("company") if span.bound}
    if not tickers:
        # "… at Johnson Controls.. what did Building Solutions NA bring in": where the asking clauses name no
        # ingested company, the words of those the question names elsewhere may read them ("NA" is no ticker)
        tickers = {ticker for _, ticker in finder(question) if ticker}
    if not tickers and not any(span.role == "company" for span in first.spans):
        tickers = {filing.ticker for filing in catalog.within(filing_ids).filings}
    return read(question, finder, GRAMMAR, await filing_words(session, catalog, tickers))


_A_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")


def with_definition(reading: Reading) -> Reading:
    """The reading with the definition it states ("FCF (CFO - capex)"): read by the metric library when it
    reads it word for word; otherwise its words stay part of the asked item, so that no figure defined
    otherwise (a filer's own "free cash flow") answers it."""
    if not reading.definition:
        return reading
    stated = reading.asked.rstrip("?. ") + reading.definition
    # (whether the definition reads is asked of any year the text writes: "the first half of 2023" is no
    # fiscal year to the metric library, and its definition reads all the same)
    year = dated_year(stated) or next((int(y) for y in _A_YEAR.findall(stated)), None)
    if metric_question(with_instructions(stated, reading.instructions), year) is None:
        stated = f"{reading.asked.rstrip('?. ')}, {reading.definition.split(': ', 1)[-1]}"
    return dataclasses.replace(reading, asked=stated)


def naming_text(reading: Reading) -> str:
    """The text that can name a company: the asked text, without its instructions ("Express it as a
    percentage") and without the members it names ("Energy generation and storage" is Tesla's segment, not
    Energy Holdings)."""
    naming = reading.asked
    for span in reading.of("qualifier"):
        naming = naming.replace(span.text, " ").replace(span.bound.split(":", 1)[-1], " ")
    return naming


def _reading_companies(reading: Reading, u: QueryUnderstanding, catalog: Catalog) -> QueryUnderstanding:
    """The companies the reading bound, where its text alone no longer names them: "abbott" set against
    "honeywell" in an aside the asking clause borrows both from ("abbott vs honeywell, Q2 top line. who was
    bigger?")."""
    companies = catalog.matcher.companies
    spans = [
        span
        for span in reading.of("company")
        if span.bound in companies and companies[span.bound].covered and span.bound not in u.companies
    ]
    if not spans or u.out_of_scope or u.filing_ids is not None:
        return u
    order = {ticker: index for index, ticker in enumerate(span.bound for span in reading.of("company"))}
    tickers = sorted({*u.companies, *(span.bound for span in spans)}, key=lambda t: order.get(t, len(order)))
    return dataclasses.replace(
        u, companies=tuple(tickers), company_mentions=(*u.company_mentions, *(span.text for span in spans))
    )


def _company_of(reading: Reading, u: QueryUnderstanding, catalog: Catalog) -> QueryUnderstanding:
    """A question that names no company is about the one company that reports the product, segment or
    geography it names ("the Mac" → Apple, "AWS" → Amazon); when several report it, it is refused, naming
    them."""
    if u.companies or u.out_of_scope or u.unknown_companies:
        return u
    within = {filing.ticker for filing in catalog.within(u.filing_ids).filings}  # the filters' companies
    # a qualifier is bound to every company that reports it: "AAPL,MCD:Americas"
    named = [
        (ticker, name)
        for tickers, name in (span.bound.split(":", 1) for span in reading.of("qualifier"))
        for ticker in tickers.split(",")
    ]
    longest = max((len(name) for ticker, name in named if ticker in within), default=0)
    tickers = sorted({ticker for ticker, name in named if ticker in within and len(name) == longest})
    # (several report it, and the question types one's ticker in capitals: "AI N. America rev FY24")
    typed = [
        ticker
        for ticker in tickers
        if re.search(rf"(?<![\w&.]){re.escape(ticker)}(?![\w&])", reading.question)
    ]
    tickers = typed if len(typed) == 1 else tickers
    if len(tickers) == 1:
        return dataclasses.replace(u, companies=(tickers[0],))
    if not tickers:
        return u
    companies = catalog.matcher.companies
    listed = ", ".join(f"{companies[t].name if t in companies else t} ({t})" for t in tickers)
    member = next(name for _, name in named if len(name) == longest)
    reason = (
        f"the question names no company, and several ingested companies report '{member}': {listed}; name one"
    )
    return dataclasses.replace(u, out_of_scope=reason)


def covered_text(u: QueryUnderstanding, catalog: Catalog) -> str:
    covered = u.covered or catalog.covered
    return "Covered: " + "; ".join(covered) + "."


def _combined_needs_all(text: str, u: QueryUnderstanding) -> QueryUnderstanding:
    """Out of scope when the question combines companies' figures (a difference, a sum: "by how much",
    "Apple's and Microsoft's revenue combined") and one of them is not ingested: no figure of the others
    answers it. A listing or comparison answers the ingested ones and names the rest (`nodes.answer`)."""
    if not (u.unknown_companies and u.companies) or u.out_of_scope:
        return u
    across = parse_ask(text, len(u.companies) + len(u.unknown_companies), len(u.years))
    if across is None or across.derivation not in ("difference", "sum"):
        return u
    return dataclasses.replace(u, out_of_scope=not_ingested(u.unknown_companies))


def _how_to_add(u: QueryUnderstanding) -> str:
    """How to add the companies the question names that are not ingested."""
    if not u.unknown_tickers:
        return ""
    return f" To add {'it' if len(u.unknown_tickers) == 1 else 'them'}: {how_to_add(u.unknown_tickers)}."


_DEFINES = re.compile(r"\bdefine[ds]?\b", re.IGNORECASE)


def ask_of(text: str, u: QueryUnderstanding, reading: Reading) -> Ask | None:
    """The line items and arithmetic the question asks of the tables; None: it asks the pages."""
    if asks_deals(text):
        return None  # the deals by their names, from the filer's sentences
    ask = parse_ask(text, len(u.companies), len(u.years)) or implied_ask(text, reading.question)
    ask = with_part(text, u.company_mentions, ask)
    moved = asked_way(text) is not None and metric_question(text) is not None  # "did FCF go up?"
    judged = quality_asked(text) or trend_asked(text) or moved or ranking_asked(text)
    if ask is None and judged:
        # a judgment, a metric's move, or a ranking of a line no curated item names: from the tables
        ask = Ask(())
    elif not (judged or _DEFINES.search(reading.question)):
        # ("any product categories / service categories … more than 20%": a judgment's "/" divides nothing;
        # "Define unadjusted EBITDA as A plus B" is the metric library's to read)
        ask = with_operands(text, u.company_mentions, ask, reading.question, bool(reading.definition))
    if ask is None and _NARRATIVE.search(text) is None:
        ask = open_ask(text, len(u.companies), len(u.years))
    return ask


def choose_route(question: str, u: QueryUnderstanding, ask: Ask | None) -> Route:
    if u.out_of_scope or not u.companies:
        return "refuse"
    narrative = _NARRATIVE.search(question) is not None
    if ask is None:
        return "narrative"
    if not ask.items:
        # an item outside the curated ones: the pages are searched too, in case no cell fits it
        return "hybrid"
    return "hybrid" if narrative and ask.derivation is None else "numeric"


def _refusal(question: str, u: QueryUnderstanding, catalog: Catalog, unknown: Sequence[str] = ()) -> str:
    if u.out_of_scope:
        reason = u.out_of_scope[0].upper() + u.out_of_scope[1:]
    elif unknown and not u.companies:
        names = " or ".join(f"'{name}'" for name in unknown)
        reason = f"The question names {names}, not recognised as a company of the ingested filings"
    else:
        reason = "The question names no ingested company"
    return f"{reason}, so there is no answer to give.{_how_to_add(u)} {covered_text(u, catalog)}"


def _names(u: QueryUnderstanding, catalog: Catalog) -> list[str]:
    """Every name the question's companies go by: tickers, as the question writes them, as registered."""
    return [*u.companies, *u.company_mentions, *(catalog.company_name(ticker) for ticker in u.companies)]


async def router(state: AgentState, config: RunnableConfig) -> dict[str, Any]:
    with hop("router") as event:
        catalog = state["catalog"]
        filters = request_filters(state.get("filters"))
        bounded = understand("", catalog, filters).filing_ids
        reading = with_definition(
            await read_question(deps_of(config).session, state["question"], catalog, bounded)
        )
        text = reading.text  # below the router, the question is its reading
        u = understand(text, catalog, filters, naming=naming_text(reading))
        u = _company_of(reading, _reading_companies(reading, u, catalog), catalog)
        impossible = (
            impossible_period(text) or two_lengths(text) or one_of_those_compared(state["question"], u)
        )
        if impossible is not None:
            u = dataclasses.replace(u, out_of_scope=impossible)
        u = _combined_needs_all(text, u)
        # what the cover lists as registered under 12(b) is read from the cover (`agent.registered`), the
        # risks a company describes from its 10-K's Item 1A (`agent.risk_factors`)
        asks_risks = asks_risk_factors(reading.question)
        ask = None if asks_registered(text) or asks_risks else ask_of(text, u, reading)
        route = choose_route(text, u, ask)
        update: dict[str, Any] = {
            "reading": reading,
            "understanding": u,
            "ask": ask,
            "route": route,
            # its topic read from the question whole: what the reading leaves as filler around a figure
            # ("c3 gets a lot of govt / defense business right? what risks …") is what risks are about
            "risk_topic": risk_topic(reading.question, _names(u, catalog)) if asks_risks else None,
            "attempts": 0,
        }
        if route == "refuse":
            update["refusal"] = _refusal(text, u, catalog, reading.unknown_names)
        items = ",".join(item.key for item in ask.items) if ask else "-"
        event.summary = (
            f"route={route} companies={','.join(u.companies) or '-'} "
            f"years={','.join(map(str, u.years)) or '-'} items={items} "
            f"derivation={(ask.derivation if ask else None) or '-'}; {reading.summary()}"
        )
        if u.filing_ids is not None:
            event.summary += f" filtered to {len(u.filing_ids)} filings"
    return update
