/** The app's own paths: none of them is a path of the API, which the same origin serves. */

/** The cited cells a viewer address carries, and the page they are cited on (kept while paging away). */
export interface Cited {
  cellIds: readonly number[];
  /** The page the cells are on; null when the address names none (then it is the page shown). */
  page: number | null;
}

export const NO_CITED: Cited = { cellIds: [], page: null };

function viewQuery(pageNo: number, cited: Cited): string {
  if (cited.cellIds.length === 0) return "";
  const at = cited.page !== null && cited.page !== pageNo ? `&at=${cited.page}` : "";
  return `?cells=${cited.cellIds.join(",")}${at}`;
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

/** The viewer's `?cells=1,2&at=31` on page `pageNo`: without `at`, the cells are cited on this page. */
export function parseCited(search: URLSearchParams, pageNo: number): Cited {
  const cellIds = parseCellIds(search.get("cells"));
  if (cellIds.length === 0) return NO_CITED;
  return { cellIds, page: positiveInt(search.get("at")) ?? pageNo };
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
