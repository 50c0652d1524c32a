/** Where each figure of an answer comes from: the cited pages and cells, as links into the viewer. */

import type { Citation, Figure, QueryResponse } from "../../api/types";
import { paths } from "../../lib/routes";

export interface CellLocation {
  cellId: number;
  citation: Citation;
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
      if (!located.has(cell.cell_id)) located.set(cell.cell_id, { cellId: cell.cell_id, citation });
    }
  }
  return located;
}

export function pageLabel(citation: Citation): string {
  const printed = citation.page_label ? `p. ${citation.page_label}` : `page ${citation.page_no}`;
  return `${citation.ticker ?? "filing"} ${citation.form} ${citation.period_end}, ${printed}`;
}

export function cellLink(location: CellLocation, cellIds: number[] = [location.cellId]): SourceLink {
  const { citation } = location;
  return { href: paths.view(citation.filing_id, citation.page_no, cellIds), label: pageLabel(citation), cellIds };
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
  | { kind: "figure"; text: string; figure: Figure }
  | { kind: "cite"; cellId: number };

/**
 * The answer text cut into plain text, figures (the first occurrence of each not already taken by an
 * earlier figure) and "[c123]" cell markers.
 */
export function answerParts(answer: string, figures: readonly Figure[]): AnswerPart[] {
  const spans: { start: number; end: number; part: AnswerPart }[] = [];
  const taken = (start: number, end: number) => spans.some((s) => start < s.end && s.start < end);
  for (const match of answer.matchAll(/\[c(\d+)\]/g)) {
    spans.push({ start: match.index, end: match.index + match[0].length, part: { kind: "cite", cellId: Number(match[1]) } });
  }
  for (const figure of figures) {
    if (!figure.text) continue;
    let start = answer.indexOf(figure.text);
    while (start >= 0 && taken(start, start + figure.text.length)) start = answer.indexOf(figure.text, start + 1);
    if (start < 0) continue;
    spans.push({ start, end: start + figure.text.length, part: { kind: "figure", text: figure.text, figure } });
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
