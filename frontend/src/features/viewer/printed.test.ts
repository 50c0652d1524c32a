import { describe, expect, it } from "vitest";
import { findPrintedPage, printedCandidates } from "./printed";

// A 10-K's pages as filed: a cover and contents without numbers, then printed numbers 1.. from position
// 3, one unnumbered insert at position 40, and the financial statements numbered F-1.. at the end.
const LABELS = new Map<number, string | null>();
for (let pageNo = 1; pageNo <= 60; pageNo += 1) {
  LABELS.set(pageNo, pageNo <= 2 ? null : pageNo < 40 ? String(pageNo - 2) : pageNo === 40 ? null : pageNo <= 55 ? String(pageNo - 3) : `F-${pageNo - 55}`);
}
const labelOf = (pageNo: number) => Promise.resolve(LABELS.get(pageNo) ?? null);
const at = (pageNo: number) => ({ page_no: pageNo, label: LABELS.get(pageNo) ?? null });

describe("printedCandidates", () => {
  it("starts where the current page's offset puts the number, then widens either way within the filing", () => {
    expect(printedCandidates("29", at(10), 60, 2)).toEqual([31, 32, 30, 33, 29]);
    expect(printedCandidates("1", at(10), 60, 2)).toEqual([3, 4, 2, 5, 1]);
    expect(printedCandidates("60", at(10), 60, 2)).toEqual([60]); // the guess, 62, is past the last page
  });

  it("has nothing to try for a number that is not a page number, or from a page without one", () => {
    expect(printedCandidates("F-3", at(10), 60)).toEqual([]);
    expect(printedCandidates("29", at(1), 60)).toEqual([]);
    expect(printedCandidates("", at(10), 60)).toEqual([]);
  });
});

describe("findPrintedPage", () => {
  it("finds the page printed with the number, across an unnumbered insert", async () => {
    expect(await findPrintedPage("29", at(10), 60, labelOf)).toBe(31);
    expect(await findPrintedPage("45", at(10), 60, labelOf)).toBe(48); // after the insert: offset 3, not 2
    expect(await findPrintedPage(" 7 ", at(50), 60, labelOf)).toBe(9);
    expect(await findPrintedPage("47", at(48), 60, labelOf)).toBe(50);
  });

  it("is the current page when that is the one asked for, and none when no page carries the number", async () => {
    expect(await findPrintedPage("8", at(10), 60, labelOf)).toBe(10);
    expect(await findPrintedPage("F-2", at(57), 60, labelOf)).toBe(57);
    expect(await findPrintedPage("400", at(10), 60, labelOf)).toBeNull();
    expect(await findPrintedPage("F-2", at(10), 60, labelOf)).toBeNull();
  });
});
