/** A PDF filing end to end: Netflix's FY2017 10-K from FinanceBench (a PDF without XBRL tags, ingested by
 * the Python side of this run) answered from a cell read off its page by label, and opened in the viewer
 * on the PDF's own page with that cell outlined. */

import { describe, expect, it } from "vitest";
import type { Filing, Page as FilingPage } from "../src/api/types";
import { api, browserForFile, screenshot } from "./browser";
import { citedCell, expectCellOutlined, openFirstFigure } from "./outline";

const NETFLIX_LIABILITIES = "What were Netflix's total current liabilities at the end of fiscal 2017?";

const h = browserForFile();

describe("a PDF filing", () => {
  it("answers from a cell of the PDF's page and outlines it in the viewer", async () => {
    const { page } = h.current;
    await page.goto("/");
    const box = page.getByLabel("Ask about the ingested filings");
    await box.fill(NETFLIX_LIABILITIES);
    await box.press("Enter");
    const badge = page.getByTestId("status-badge");
    await badge.waitFor();
    expect(await badge.getAttribute("data-status")).toBe("verified");
    await screenshot(page, "pdf-01-verified-answer");

    const { filingId, pageNo, cellId } = await openFirstFigure(page);
    const filing = await api<Filing>(`/filings/${filingId}`);
    expect([filing.ticker, filing.form, filing.period_end, filing.fact_count]).toEqual(["NFLX", "10-K", "2017-12-31", 0]);
    expect(filing.degraded.join(" ")).toMatch(/PDF: no XBRL tags/);
    // The balance sheet is the PDF's page 45 (FinanceBench's evidence page); the figure is printed in thousands.
    expect(pageNo).toBe("45");
    const apiPage = await api<FilingPage>(`/filings/${filingId}/pages/${pageNo}`);
    const cell = citedCell(apiPage, cellId);
    expect([cell.row_label, cell.text, cell.concept, cell.period_end]).toEqual(["Total current liabilities", "5,466,312", null, "2017-12-31"]);
    await expectCellOutlined(page, apiPage, cellId);
    await screenshot(page, "pdf-02-viewer-cell-outlined");
  });
});
