/** Why an answer gives no figure, in words a reader can act on: the kind of refusal the API names
 * (`reason`), what the pipeline understood of the question (its router hop), and what to do next. */

import type { QueryResponse } from "../../api/types";

export type AnswerReason = NonNullable<QueryResponse["reason"]>;

const REASONS: Record<AnswerReason, { why: string; next: string }> = {
  company_not_ingested: {
    why: "No ingested filing is of the company the question names (or it names none).",
    next: "Name one of the ingested companies, or add the company's filing under Filings → Add filing.",
  },
  period_not_covered: {
    why: "The company is ingested, but not for the period asked.",
    next: "Ask about a period its filings cover, or add that period's filing under Filings → Add filing.",
  },
  outside_filters: {
    why: "The Company or Filing chosen leaves out what the question asks about.",
    next: "Choose “Any company” and “Any filing”, or the filing the question is about.",
  },
  segment_not_reported: {
    why: "The company's filings report no segment, unit or brand of the name asked, so there is no figure for it.",
    next: "Ask about one of the segments the answer lists, or about the company as a whole.",
  },
  metric_not_applicable: {
    why: "The metric is computed from a line this company's statements never print (a lender has no cost of sales), so it is no measure of its business.",
    next: "Ask for a measure its statements print, or for the lines its income statement and balance sheet do show.",
  },
  no_passage: {
    why: "Nothing in the ingested filings answers the question.",
    next: "Rephrase it with the line item and the period, as the filing words them.",
  },
  item_not_matched: {
    why: "The row found in the filing's tables is not the item asked, so no figure is given.",
    next: "Ask for the line item as the filing's tables name it, or open the filing's pages.",
  },
  figure_mismatch: {
    why: "A figure of the draft did not match its cell in the filing, so none is given.",
    next: "Ask for one line item and one period, or open the filing's pages.",
  },
  other: {
    why: "The ingested filings cannot answer this question as asked.",
    next: "Rephrase it, naming one company, one line item and one period.",
  },
};

export function reasonOf(response: Pick<QueryResponse, "reason">): { why: string; next: string } | null {
  return response.reason ? REASONS[response.reason] : null;
}

/** What the router read of the question, in words: each bound span and what it is bound to ("company
 * Apple → AAPL · item capex → capital expenditures · period FY24"), then the filler it set aside; null when
 * it bound nothing. */
export function understood(response: Pick<QueryResponse, "reading">): string | null {
  const spans = response.reading?.spans ?? [];
  const parts: { role: string; words: string[] }[] = [];
  for (const span of spans) {
    if (span.role === "grammar" || span.role === "filler") continue;
    const bound = span.bound && span.bound !== span.text ? `${span.text} → ${span.bound}` : span.text;
    const last = parts.at(-1);
    // neighbours of one role read as one phrase: "item total revenue · period fiscal 2024"
    if (last && last.role === span.role && bound === span.text) last.words.push(span.text);
    else parts.push({ role: span.role, words: [bound] });
  }
  if (parts.length === 0) return null;
  const filler = spans.filter((span) => span.role === "filler").map((span) => `“${span.text}”`);
  const read = parts.map((part) => `${part.role} ${part.words.join(" ")}`).join(" · ");
  return read + (filler.length > 0 ? ` (set aside: ${filler.join(", ")})` : "");
}

/** A refusal's words cut from the list of what is covered it ends with ("… Covered: AAPL 10-K FY2024 …;
 * …."), so that the list can be folded away. */
export function coveredList(answer: string): { said: string; covered: string[] } {
  const at = answer.indexOf(" Covered: ");
  if (at < 0) return { said: answer, covered: [] };
  const list = answer.slice(at + " Covered: ".length).replace(/\.$/, "");
  return { said: answer.slice(0, at), covered: list.split("; ").filter(Boolean) };
}
