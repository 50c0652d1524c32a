"""Table QA: pick the cells the question asks for and compute its derived figures (see `qa.pick`)."""

from typing import Any

from langchain_core.runnables import RunnableConfig

from filingproof.agent.deps import deps_of
from filingproof.agent.nodes.router import covered_text
from filingproof.agent.state import AgentState
from filingproof.agent.stated import answer_stated, asks_stated
from filingproof.agent.trace import hop
from filingproof.metrics.answer import answer_metric, unfit_metric
from filingproof.metrics.judgment import answer_judgment
from filingproof.metrics.trend import answer_trend
from filingproof.qa.direction import with_direction_verdict, with_unanswered_share, with_unanswered_why
from filingproof.qa.pick import TableAnswer, answer_table
from filingproof.qa.ranking import (
    answer_printed_ranking,
    answer_ranking,
    answer_share_bound,
    with_lines_ranked,
)
from filingproof.verify.items import terms

# derivations computed from several figures: without one input, the others answer nothing asked (one
# company's figure is no answer to "which was higher, and by how much", where the other's period is not
# ingested, as where the other company is not: `nodes.router`)
_COMPUTED = frozenset({"margin", "ratio", "growth", "change", "difference", "sum"})


async def table_qa(state: AgentState, config: RunnableConfig) -> dict[str, Any]:
    with hop("table_qa") as event:
        ask = state.get("ask")
        assert ask is not None, "the router sends only questions with line items here"
        u = state["understanding"]
        session, question, catalog = deps_of(config).session, state["reading"].text, state["catalog"]
        # a judgment (its criteria, or a metric's course), a ranking of a company's segments, then an analyst
        # metric (a stated definition, a named ratio over several years), before line items
        table = (
            await answer_judgment(session, question, u, catalog)
            or await answer_trend(session, question, u, catalog, state["reading"].question)
            or await answer_ranking(session, question, u, catalog, ask, state["reading"].question)
            or await answer_printed_ranking(session, question, u, catalog, ask)
            or await answer_share_bound(session, question, u, catalog, ask)
            or await answer_metric(session, question, u, catalog, terms(state["reading"].item_words))
            or await answer_table(session, question, u, catalog, ask, state["reading"])
        )
        update: dict[str, Any] = {}
        stated_kind = asks_stated(question)
        if not (table.picks or table.derived or table.ambiguous) and stated_kind is not None:
            # "by how much did PepsiCo increase its … credit agreement": no table prints it; the filer's
            # sentences may state the thing before and after (or the things a total is of)
            deps = deps_of(config)
            found = await answer_stated(session, deps.retriever, u, state["catalog"], stated_kind, deps.store)
            if found is not None:
                table, stated = found
                update |= {"passages": list(stated.passages), "stated": list(stated.figures)}
        if not (table.derived or table.ambiguous) and len(u.companies) == 1:
            # a metric computed from a line the company never prints (a lender's gross margin) fits it not,
            # whatever other line of it was found
            ticker = u.companies[0]
            unfit = await unfit_metric(session, question, ticker, catalog.company_name(ticker))
            table = TableAnswer(unfit=[unfit]) if unfit else table
        table = with_direction_verdict(table, question)  # "did it increase?": yes or no first
        table = with_lines_ranked(table, question)  # "which of these lines brought in the most?"
        table = with_unanswered_why(table, question, bool(state.get("passages")))  # "… and why?"
        table = with_unanswered_share(table, state["reading"].question)  # "… also as % of sales"
        update["table"] = table
        if not ask.items and (table.picks or table.ambiguous):
            update["passages"] = []  # the filing's own line answers it; no quotes beside it
        computed = ask.derivation in _COMPUTED or bool(ask.operands)
        if computed and table.missing and not table.derived and not table.ambiguous:
            # a margin, ratio, growth or difference without one of its inputs, or lines an operator joins
            # without one of them: the inputs found answer no question asked
            update["refusal"] = (
                f"The ingested filings hold no figure for {'; '.join(table.missing)}, so what was asked "
                f"cannot be computed, and no figure is given. {covered_text(u, state['catalog'])}"
            )
        elif table.unfit:
            update["refusal"] = " ".join(table.unfit)
            update["refusal_reason"] = "metric_not_applicable"
        elif table.unreported and not table.picks and not table.ambiguous:
            # no neighbouring line, nor the filing's text about the company, answers for a part it lacks
            update["refusal"] = " ".join(dict.fromkeys(table.unreported))
            update["refusal_reason"] = "segment_not_reported"
        # the nearest printed lines, if any, are worth an answer of their own: they say what can be asked
        elif not (
            table.picks or table.ambiguous or table.nearest or update.get("passages", state.get("passages"))
        ):
            missing = "; ".join(table.missing) or "the line item asked for"
            update["refusal"] = (
                f"The ingested filings hold no figure for {missing}, so there is no answer to give. "
                f"{covered_text(u, state['catalog'])}"
            )
        picked = ", ".join(f"c{p.cell.cell_id}" for p in table.picks)
        event.summary = (
            f"{len(table.picks)} cells picked ({picked or '-'}), "
            f"{len(table.derived)} derived, {len(table.missing)} not found"
            + (f", {sum(len(n.cells) for n in table.nearest)} nearest lines offered" if table.nearest else "")
        )
    return update
