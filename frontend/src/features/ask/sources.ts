/** Where each figure of an answer comes from: the cited pages and cells, as links into the viewer. */

import type { Box, Citation, Figure, QueryResponse } from "../../api/types";
import { paths } from "../../lib/routes";

export interface CellLocation {
  cellId: number;
  citation: Citation;
  /** The line item and the column it is printed under, as the filing prints them. */
  label: string;
  column: string;
}

/** A cited cell in words: "Data center (Jan 26, 2025)"; its id only where the filing gave it no label. */
export function lineItem(location: CellLocation): string {
  const name = location.label.trim() || `cell ${location.cellId}`;
  const column = location.column.trim();
  return column ? `${name} (${column})` : name;
}

export interface SourceLink {
  href: string;
  label: string;
  cellIds: number[];
}

export function cellLocations(response: QueryResponse): Map<number, CellLocation> {
  const located = new Map<number, CellLocation>();
  for (const citation of response.citations ?? []) {
    for (const cell of citation.cells ?? []) {
      if (!located.has(cell.cell_id)) {
        located.set(cell.cell_id, { cellId: cell.cell_id, citation, label: cell.label ?? "", column: cell.column ?? "" });
      }
    }
  }
  return located;
}

/** Answers whose cited pages and cells may be shown: verified, answered in words, quoted from the filer,
 * or ambiguous (each candidate cell linked, none verified). */
const SOURCED: ReadonlySet<QueryResponse["status"]> = new Set(["verified", "no_figures", "quoted", "ambiguous"]);

/** What an answer may show, fail-closed: figures only when verified; sources (cited pages, cell links)
 * only for a sourced status; a refusal or an unverifiable answer shows neither, even where the response
 * names some. */
export function shownSources(response: QueryResponse): { figures: Figure[]; citations: Citation[]; located: Map<number, CellLocation> } {
  const verified = response.status === "verified";
  const sourced = SOURCED.has(response.status);
  return {
    figures: verified ? (response.figures ?? []) : [],
    citations: sourced ? (response.citations ?? []) : [],
    located: sourced ? cellLocations(response) : new Map<number, CellLocation>(),
  };
}

/** The line boxes of the sentences a citation quotes, for the viewer to mark on its page. */
export function quotedBoxes(citation: Citation): Box[] {
  return (citation.quotes ?? []).flatMap((quote) => (quote.boxes ?? []).map(([x0, y0, x1, y1]) => ({ x0, y0, x1, y1 })));
}

export function pageLabel(citation: Citation): string {
  const printed = citation.page_label ? `p. ${citation.page_label}` : `page ${citation.page_no} of the document`;
  return `${citation.ticker ?? "filing"} ${citation.form} ${citation.period_end}, ${printed}`;
}

export function cellLink(location: CellLocation, cellIds: number[] = [location.cellId]): SourceLink {
  const { citation } = location;
  return { href: paths.view(citation.filing_id, citation.page_no, { cellIds, page: citation.page_no }), label: pageLabel(citation), cellIds };
}

/** One link per cited page the figure draws on, each outlining that page's cells of the figure. */
export function figureLinks(figure: Figure, located: Map<number, CellLocation>): SourceLink[] {
  const byPage = new Map<string, { location: CellLocation; cellIds: number[] }>();
  for (const cellId of figure.source.cells ?? []) {
    const location = located.get(cellId);
    if (!location) continue;
    const key = `${location.citation.filing_id}/${location.citation.page_no}`;
    const page = byPage.get(key);
    if (page) page.cellIds.push(cellId);
    else byPage.set(key, { location, cellIds: [cellId] });
  }
  return [...byPage.values()].map(({ location, cellIds }) => cellLink(location, cellIds));
}

export type FormulaPart = { kind: "text"; text: string } | { kind: "cell"; cellId: number };

/** "([12] - [11]) / |[11]| * 100" as text and cell references, in order. */
export function formulaParts(formula: string): FormulaPart[] {
  const parts: FormulaPart[] = [];
  let last = 0;
  for (const match of formula.matchAll(/\[(\d+)\]/g)) {
    if (match.index > last) parts.push({ kind: "text", text: formula.slice(last, match.index) });
    parts.push({ kind: "cell", cellId: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < formula.length) parts.push({ kind: "text", text: formula.slice(last) });
  return parts;
}

export type AnswerPart =
  | { kind: "text"; text: string }
  /** `quoted`: it stands inside a sentence quoted from the filing, whose words are shown as the filer wrote them. */
  | { kind: "figure"; text: string; figure: Figure; quoted: boolean }
  /** A "[c123]" cell marker; `source` is the "(AAPL 10-K …, page 29)" the writer put right after it, if any. */
  | { kind: "cite"; cellId: number; source: string | null };

/** "[c198] (AAPL 10-K for the period ended September 28, 2024, page 29)": the marker, and the source after it. */
const CITE = /\[c(\d+)\](?:\s*\(([^()]*?),\s*page\s+([^()\s]+)\))?/g;

/** How a cited page is written: "p. 29" (the printed number), never a bare number in brackets. */
export function pageMark(label: string): string {
  return `p. ${label}`;
}

/**
 * The answer text cut into plain text, figures (the first occurrence of each not already taken by an
 * earlier figure) and cell markers, each with the source written after it (so that it is shown once).
 */
/** A sentence quoted from the filing: straight double quotes on one line ("… page 46: \"Selling, …\""). */
const QUOTED = /"[^"\n]*"/g;

export function answerParts(answer: string, figures: readonly Figure[]): AnswerPart[] {
  const spans: { start: number; end: number; part: AnswerPart }[] = [];
  const taken = (start: number, end: number) => spans.some((s) => start < s.end && s.start < end);
  const quotes = [...answer.matchAll(QUOTED)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  for (const match of answer.matchAll(CITE)) {
    const [whole, cellId, where, page] = match;
    const source = where !== undefined && page !== undefined ? `${where}, ${pageMark(page)}` : null;
    spans.push({ start: match.index, end: match.index + whole.length, part: { kind: "cite", cellId: Number(cellId), source } });
  }
  for (const figure of figures) {
    if (!figure.text) continue;
    let start = answer.indexOf(figure.text);
    while (start >= 0 && taken(start, start + figure.text.length)) start = answer.indexOf(figure.text, start + 1);
    if (start < 0) continue;
    const quoted = quotes.some((quote) => quote.start < start && start < quote.end);
    spans.push({ start, end: start + figure.text.length, part: { kind: "figure", text: figure.text, figure, quoted } });
  }
  spans.sort((a, b) => a.start - b.start);
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const span of spans) {
    if (span.start > last) parts.push({ kind: "text", text: answer.slice(last, span.start) });
    parts.push(span.part);
    last = span.end;
  }
  if (last < answer.length) parts.push({ kind: "text", text: answer.slice(last) });
  return parts;
}

/** The words of a cite marker: its source in brackets, or the page it points to; null if it points nowhere. */
export function citeText(part: Extract<AnswerPart, { kind: "cite" }>, location: CellLocation | undefined): string | null {
  if (part.source) return `(${part.source})`;
  if (!location) return null;
  return `(${pageMark(location.citation.page_label ?? String(location.citation.page_no))})`;
}

/** The answer as it reads on screen, in plain words (for a screen reader's announcement). */
export function answerWords(answer: string, figures: readonly Figure[], located: Map<number, CellLocation>): string {
  return answerParts(answer, figures)
    .map((part) => (part.kind === "cite" ? (citeText(part, located.get(part.cellId)) ?? "") : part.text))
    .join("")
    .replace(/\s+([.,;])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}
