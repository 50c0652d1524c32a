/** The viewer's proof of a figure: its cited cell outlined on the page image where the API puts the cell's
 * box (within 2 CSS px), and highlighted in the table rendered as HTML; and of a quote: each line of the
 * quoted sentence marked where the API puts it. Shared by the HTML and PDF runs. */

import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { Box, Page as FilingPage } from "../src/api/types";

type Cell = FilingPage["tables"][number]["cells"][number];

/** The cell `cellId` of the viewer's page, as the API serves it (`/filings/{id}/pages/{n}`). */
export function citedCell(apiPage: FilingPage, cellId: number): Cell {
  const cell = apiPage.tables.flatMap((table) => table.cells).find((candidate) => candidate.id === cellId);
  if (!cell) throw new Error(`cell ${cellId} is not on page ${apiPage.page_no}`);
  return cell;
}

/** The outline drawn where `box` (in the page image's own pixels) lies on the displayed image, within 2 CSS px. */
async function expectDrawnAt(page: Page, apiPage: FilingPage, outline: Locator, box: Box, name: string): Promise<void> {
  if (!apiPage.width) throw new Error("the page has no image");
  const image = page.getByTestId("page-image");
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="page-image"]');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  const natural = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  expect(natural).toEqual({ width: apiPage.width, height: apiPage.height }); // boxes are in these pixels
  await outline.waitFor();
  await outline.scrollIntoViewIfNeeded();
  const imageRect = await image.boundingBox();
  const outlineRect = await outline.boundingBox();
  if (!imageRect || !outlineRect) throw new Error("the image or the outline is not laid out");

  // Compared in CSS pixels of the displayed image: the API's box scaled by displayed / natural width.
  const scale = imageRect.width / natural.width;
  const expected = { x: box.x0 * scale, y: box.y0 * scale, width: (box.x1 - box.x0) * scale, height: (box.y1 - box.y0) * scale };
  const drawn = { x: outlineRect.x - imageRect.x, y: outlineRect.y - imageRect.y, width: outlineRect.width, height: outlineRect.height };
  console.log(`outline of ${name}: drawn ${JSON.stringify(drawn)}, expected ${JSON.stringify(expected)} (CSS px, scale ${scale.toFixed(4)})`);
  for (const key of ["x", "y", "width", "height"] as const) expect(Math.abs(drawn[key] - expected[key]), key).toBeLessThanOrEqual(2);
}

export async function expectCellOutlined(page: Page, apiPage: FilingPage, cellId: number): Promise<void> {
  const box = citedCell(apiPage, cellId).box;
  if (!box) throw new Error("the cited cell has no box");
  await expectDrawnAt(page, apiPage, page.locator(`[data-testid="cell-outline"][data-cell-id="${cellId}"]`), box, `cell ${cellId}`);
  await expect.poll(() => page.locator(`td[data-cell-id="${cellId}"][data-cited]`).count()).toBe(1); // highlighted in the HTML table
}

/** Each line of a quoted sentence marked on the page image where the API puts its box, and no other. */
export async function expectQuoteOutlined(page: Page, apiPage: FilingPage, lines: readonly Box[]): Promise<void> {
  const outlines = page.getByTestId("quote-outline");
  await outlines.first().waitFor();
  expect(await outlines.count()).toBe(lines.length);
  for (const [index, line] of lines.entries()) await expectDrawnAt(page, apiPage, outlines.nth(index), line, `quoted line ${index + 1}`);
}

/** Follows the answer's first figure link to the viewer; the filing, page and cited cell ids it names. */
export async function openFirstFigure(page: Page): Promise<{ filingId: string; pageNo: string; cellId: number }> {
  const figure = page.getByTestId("figure-link").first();
  const href = await figure.getAttribute("href");
  const match = /^\/view\/(\d+)\/(\d+)\?cells=([\d,]+)$/.exec(href ?? "");
  expect(match, `figure link ${href}`).not.toBeNull();
  const [, filingId = "", pageNo = "", cells = ""] = match as RegExpExecArray;
  await figure.click();
  await page.waitForURL(`**/view/${filingId}/${pageNo}?cells=${cells}`);
  return { filingId, pageNo, cellId: Number(cells.split(",")[0]) };
}
