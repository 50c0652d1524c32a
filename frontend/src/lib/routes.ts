/** The app's own paths: none of them is a path of the API, which the same origin serves. */

import type { Box } from "../api/types";

/** The cited cells a viewer address carries, the lines of a quoted sentence, and the page they are cited on
 * (kept while paging away). */
export interface Cited {
  cellIds: readonly number[];
  /** The page the cells are on; null when the address names none (then it is the page shown). */
  page: number | null;
  /** The boxes of the lines a quoted sentence is drawn on, on that page's image. */
  quoted?: readonly Box[];
}

/** Whether an address cites anything: cells or a quoted sentence. */
export function citesAnything(cited: Cited): boolean {
  return cited.cellIds.length > 0 || (cited.quoted?.length ?? 0) > 0;
}

/** Boxes in an address: whole pixels, rounded outwards so the outline still holds every line. */
function boxesParam(boxes: readonly Box[]): string {
  return boxes.map((box) => [Math.floor(box.x0), Math.floor(box.y0), Math.ceil(box.x1), Math.ceil(box.y1)].join(",")).join(";");
}

/** Boxes from the viewer's `?quote=x0,y0,x1,y1;…` (a part that is not four non-negative numbers, each box
 * wider and taller than nothing, is dropped). */
export function parseBoxes(raw: string | null): Box[] {
  if (!raw) return [];
  const boxes: Box[] = [];
  for (const part of raw.split(";")) {
    const numbers = part.split(",").map(Number);
    const [x0 = NaN, y0 = NaN, x1 = NaN, y1 = NaN] = numbers;
    if (numbers.length === 4 && numbers.every((n) => Number.isFinite(n) && n >= 0) && x1 > x0 && y1 > y0) boxes.push({ x0, y0, x1, y1 });
  }
  return boxes;
}

export const NO_CITED: Cited = { cellIds: [], page: null };

function viewQuery(pageNo: number, cited: Cited): string {
  if (!citesAnything(cited)) return "";
  const parts = [];
  if (cited.cellIds.length > 0) parts.push(`cells=${cited.cellIds.join(",")}`);
  if (cited.quoted?.length) parts.push(`quote=${boxesParam(cited.quoted)}`);
  if (cited.page !== null && cited.page !== pageNo) parts.push(`at=${cited.page}`);
  return `?${parts.join("&")}`;
}

export const paths = {
  ask: "/",
  browse: "/browse",
  evals: "/evals",
  evalRun: (runId: number) => `/evals/${runId}`,
  /** A page of a filing; the cited cells (outlined on their own page) travel with it. */
  view: (filingId: number, pageNo: number, cited: Cited = NO_CITED) => `/view/${filingId}/${pageNo}${viewQuery(pageNo, cited)}`,
};

/** A positive whole number from an address part, or null. */
export function positiveInt(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Cell ids from the viewer's `?cells=1,2` (anything that is not a positive whole number is dropped). */
export function parseCellIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => positiveInt(part));
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** The viewer's `?cells=1,2&quote=…&at=31` on page `pageNo`: without `at`, they are cited on this page. */
export function parseCited(search: URLSearchParams, pageNo: number): Cited {
  const cellIds = parseCellIds(search.get("cells"));
  const quoted = parseBoxes(search.get("quote"));
  if (cellIds.length === 0 && quoted.length === 0) return NO_CITED;
  return { cellIds, page: positiveInt(search.get("at")) ?? pageNo, ...(quoted.length > 0 ? { quoted } : {}) };
}

/** A question as the Ask screen's address carries it (`/?q=…&ticker=AAPL&filing=3`): reloading or sharing
 * the address reopens the question with its filters, and its answer. */
export interface Asked {
  question: string;
  ticker: string | null;
  filingId: number | null;
}

export function askedPath(asked: Asked): string {
  const query = new URLSearchParams({ q: asked.question });
  if (asked.ticker) query.set("ticker", asked.ticker);
  if (asked.filingId !== null) query.set("filing", String(asked.filingId));
  return `${paths.ask}?${query.toString()}`;
}

/** The question an Ask address carries, or null when it carries none. */
export function parseAsked(search: URLSearchParams): Asked | null {
  const question = search.get("q")?.trim();
  if (!question) return null;
  return { question, ticker: search.get("ticker")?.trim() || null, filingId: positiveInt(search.get("filing")) };
}
