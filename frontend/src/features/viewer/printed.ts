/** The page a printed page number (the one the filing's own index uses) is on. Printed numbers run at a
 * constant offset from positions over most of a filing, so the search starts where the current page's
 * offset puts the number and widens a few pages either way; every candidate is checked against its label. */

import type { Page } from "../../api/types";
import { positiveInt } from "../../lib/routes";

/** How far either side of the first guess the search looks (covers a few unnumbered inserts). */
export const PRINTED_REACH = 4;

/** Positions to try for printed page `wanted`, nearest the guess first; none when either number is not a
 * plain page number (e.g. "F-3", or a page without a printed number). */
export function printedCandidates(wanted: string, current: Pick<Page, "page_no" | "label">, pageCount: number, reach = PRINTED_REACH): number[] {
  const target = positiveInt(wanted.trim());
  const here = positiveInt(current.label);
  if (target === null || here === null) return [];
  const guess = current.page_no + (target - here);
  const order = [guess];
  for (let step = 1; step <= reach; step += 1) order.push(guess + step, guess - step);
  return order.filter((pageNo) => pageNo >= 1 && pageNo <= pageCount);
}

/** The position of printed page `wanted`, or null when no page near the guess carries that label. */
export async function findPrintedPage(
  wanted: string,
  current: Pick<Page, "page_no" | "label">,
  pageCount: number,
  labelOf: (pageNo: number) => Promise<string | null>,
): Promise<number | null> {
  const label = wanted.trim();
  if (current.label === label) return current.page_no;
  for (const pageNo of printedCandidates(label, current, pageCount)) {
    if ((await labelOf(pageNo)) === label) return pageNo;
  }
  return null;
}
