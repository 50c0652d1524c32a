/** Analysts' answers in the browser (issue #28): a judgment shows its verdict first, its criterion in words
 * and each figure linked to its cell, outlined on its page; a driver's quoted reasons are marked on their
 * page line by line. Real Chromium against the real service over the ingested corpus. */

import { describe, expect, it } from "vitest";
import type { Page as FilingPage, QueryResponse } from "../src/api/types";
import { quotedBoxes } from "../src/features/ask/sources";
import { api, askForStatus, BASE_URL, browserForFile, screenshot } from "./browser";
import { expectCellOutlined, expectQuoteOutlined } from "./outline";

// Amazon's FY2024 10-K: purchases of property and equipment 82,999 of net sales 637,959 (13.0%, above 10%).
const AMAZON_JUDGMENT = "Is Amazon a capital-intensive business based on FY2024 data?";
// Pfizer's 10-Q for the quarter ended July 2, 2023, page 46: "Selling, informational and administrative
// expenses increased $448 million in the second quarter of 2023 and $1.3 billion in the first six months …".
const PFIZER_DRIVERS = "Why did Pfizer's SG&A go up in the first half of 2023?";

const h = browserForFile();

async function answered(question: string): Promise<QueryResponse> {
  const response = await fetch(`${BASE_URL}/query/sync`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ question }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as QueryResponse;
}

async function ask(question: string, status: string): Promise<void> {
  await h.current.page.goto("/");
  expect(await askForStatus(h.current.page, question)).toBe(status);
}

describe("analysts' answers", () => {
  it("shows a judgment: the verdict first, the criterion in words, each figure linked to its outlined cell", async () => {
    const { page } = h.current;
    await ask(AMAZON_JUDGMENT, "verified");
    const text = (await page.getByTestId("answer-text").textContent()) ?? "";
    expect(text).toMatch(/^Yes: by a common screen: capital expenditure above 10% of revenue, or net PP&E above 40% of total assets, Amazon is capital-intensive/);
    // The thresholds are the rule's figures, said in words, not formulas over no cell.
    const rules = await page.getByTestId("rule-figure").allTextContents();
    expect(rules).toEqual(["rulethreshold of capital expenditure as a share of revenue", "rulethreshold of net property, plant and equipment as a share of total assets"]);
    expect(await page.getByTestId("answer").textContent()).not.toContain("pct(10 / 100)");
    // The ratio names what it computes, over the two cells it divides.
    const ratio = page.getByTestId("derivation").filter({ hasText: "capital expenditure as a share of revenue:" });
    const inputs = ratio.getByTestId("formula-cell");
    expect(await inputs.allTextContents()).toEqual(["Purchases of property and equipment (Year Ended December 31, 2024)", "Total net sales (Year Ended December 31, 2024)"]);
    await screenshot(page, "a01-judgment");
    // Its revenue input opens on its page, the cell outlined where the API puts it.
    const href = (await inputs.nth(1).getAttribute("href")) ?? "";
    const [, filingId, pageNo, cellId] = /^\/view\/(\d+)\/(\d+)\?cells=(\d+)$/.exec(href) ?? [];
    expect(cellId, `input link ${href}`).toBeDefined();
    await inputs.nth(1).click();
    await page.waitForURL(`**${href}`);
    const apiPage = await api<FilingPage>(`/filings/${filingId}/pages/${pageNo}`);
    expect(apiPage.tables.flatMap((table) => table.cells).find((cell) => cell.id === Number(cellId))?.text).toContain("637,959");
    await expectCellOutlined(page, apiPage, Number(cellId));
    await screenshot(page, "a02-judgment-input-outlined");
  });

  it("marks a driver's quoted reasons on their page, line by line, beside the verified change", async () => {
    const { page } = h.current;
    const expected = await answered(PFIZER_DRIVERS);
    const citation = (expected.citations ?? []).find((cited) => quotedBoxes(cited).length > 0);
    if (!citation) throw new Error(`no quoted reason has boxes: ${JSON.stringify(expected.citations)}`);
    expect(citation.page_label).toBe("46");
    await ask(PFIZER_DRIVERS, "verified");
    const text = (await page.getByTestId("answer-text").textContent()) ?? "";
    expect(text).toContain("an increase of $1,272 million");
    expect(text).toContain('"Selling, informational and administrative expenses increased $448 million in the second quarter of 2023 and $1.3 billion in the first six months of 2023, primarily due to:');
    const pagePath = `/view/${citation.filing_id}/${citation.page_no}`;
    await page.locator(`[data-testid="cited-page"][href^="${pagePath}?"]`).click();
    await page.waitForURL(`**${pagePath}?*quote=*`);
    const apiPage = await api<FilingPage>(`/filings/${citation.filing_id}/pages/${citation.page_no}`);
    await expectQuoteOutlined(page, apiPage, quotedBoxes(citation));
    await screenshot(page, "a03-driver-quote-outlined");
  });
});
