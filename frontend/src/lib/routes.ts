/** The app's own paths: none of them is a path of the API, which the same origin serves. */

export const paths = {
  ask: "/",
  browse: "/browse",
  evals: "/evals",
  evalRun: (runId: number) => `/evals/${runId}`,
  view: (filingId: number, pageNo: number, cellIds: readonly number[] = []) =>
    `/view/${filingId}/${pageNo}${cellIds.length ? `?cells=${cellIds.join(",")}` : ""}`,
};

/** Cell ids from the viewer's `?cells=1,2` (anything that is not a positive whole number is dropped). */
export function parseCellIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => Number(part.trim()));
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
}
