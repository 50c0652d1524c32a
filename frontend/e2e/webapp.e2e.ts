/** The web app end to end: real Chromium, the real backend with the ingested corpus, no stand-ins. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Filing, FilingList, Page as FilingPage } from "../src/api/types";
import type { EvalRunDetail, EvalRunSummary } from "../src/features/evals/types";
import { api, launch, screenshot, type Harness } from "./browser";
import { citedCell, expectCellOutlined, openFirstFigure } from "./outline";

const APPLE_REVENUE = "What was Apple's revenue in fiscal 2024?";
const NVIDIA_GROWTH = "What were NVIDIA's data center revenues in fiscal 2025, and how much did they grow?";

/** Records in which DOM change each trace row and the answer first appear (the stream is too quick to poll):
 * a row drawn before the answer appears in an earlier change, whatever the clock's resolution. */
const RECORD_APPEARANCES = `
  window.__appeared = [];
  let change = 0;
  new MutationObserver(() => {
    change += 1;
    const seen = new Set(window.__appeared.map((entry) => entry.key));
    document.querySelectorAll('[data-testid="trace-row"], [data-testid="answer"]').forEach((element, index) => {
      const key = element.dataset.testid === "answer" ? "answer" : "row:" + element.dataset.hop + ":" + index;
      if (!seen.has(key)) window.__appeared.push({ key, change });
    });
  }).observe(document, { childList: true, subtree: true });
`;

interface Appearance {
  key: string;
  change: number;
}

let h: Harness;

beforeAll(async () => {
  h = await launch();
  await h.context.addInitScript({ content: RECORD_APPEARANCES });
});

afterAll(async () => {
  await h?.browser.close();
  // Checked last, over every step: a console error anywhere fails the run.
  expect(h?.problems ?? [], "console errors or failed requests during the run").toEqual([]);
});

async function ask(question: string): Promise<void> {
  const box = h.page.getByLabel("Ask about the ingested filings");
  await box.fill(question);
  await box.press("Enter");
}

describe("the web app", () => {
  it("asks a question: the hop rows appear before the answer, which is verified", async () => {
    const { page } = h;
    await page.goto("/");
    await page.getByRole("button", { name: /^What was .* in fiscal \d{4}/ }).first().waitFor(); // examples from the ingested filings
    await screenshot(page, "01-ask-empty");
    await ask(APPLE_REVENUE);
    await page.locator('[data-testid="trace-row"]').first().waitFor();
    await screenshot(page, "02-ask-trace-streaming");
    const badge = page.getByTestId("status-badge");
    await badge.waitFor();
    expect(await badge.getAttribute("data-status")).toBe("verified");
    await expect.poll(() => badge.textContent()).toBe("Verified");

    const appeared = await page.evaluate(() => (window as unknown as { __appeared: Appearance[] }).__appeared);
    const answerAt = appeared.find((entry) => entry.key === "answer")?.change;
    const rowsBefore = appeared.filter((entry) => entry.key.startsWith("row:") && answerAt !== undefined && entry.change < answerAt);
    expect(answerAt).toBeDefined();
    expect(rowsBefore.map((entry) => entry.key.split(":")[1])).toContain("router");

    const hops = await page.getByTestId("trace-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-hop")));
    expect(hops.slice(0, 1)).toEqual(["router"]);
    expect(hops).toEqual(expect.arrayContaining(["router", "table_qa", "synthesis", "verify"]));
    expect(hops.indexOf("verify")).toBeGreaterThan(hops.indexOf("synthesis"));
    await expect.poll(() => page.getByTestId("figure-link").count()).toBeGreaterThan(0);
    await screenshot(page, "03-ask-verified-answer");
  });

  it("opens a figure on its page with the cited cell outlined where the API puts its box (within 2 px)", async () => {
    const { page } = h;
    const { filingId, pageNo, cellId } = await openFirstFigure(page);

    // The right page: the cited cell is Apple's total net sales for fiscal 2024 on it.
    const apiPage = await api<FilingPage>(`/filings/${filingId}/pages/${pageNo}`);
    const cell = citedCell(apiPage, cellId);
    expect(cell.row_label).toMatch(/total net sales/i);
    expect(cell.text).toContain("391,035");
    await expectCellOutlined(page, apiPage, cellId);
    // The table's last header row names the cited figure's column right above it (#19: it slid one column).
    const header = await page.locator(`td[data-cell-id="${cellId}"]`).evaluate((td: HTMLTableCellElement) => {
      const rows = td.closest("table")?.tHead?.rows;
      return rows?.[rows.length - 1]?.cells[td.cellIndex]?.textContent ?? "";
    });
    expect(header).not.toBe("");
    expect(cell.column_label).toContain(header);
    await screenshot(page, "04-viewer-cell-outlined");
    await page.locator(`td[data-cell-id="${cellId}"]`).scrollIntoViewIfNeeded();
    await screenshot(page, "05-viewer-table-cell-highlighted");

    await page.goBack();
    await page.getByTestId("answer").waitFor(); // the answer is still there on return
  });

  it("shows a derivation as its formula over linked cells", async () => {
    const { page } = h;
    await page.goto("/");
    await ask(NVIDIA_GROWTH);
    await page.getByTestId("status-badge").waitFor();
    expect(await page.getByTestId("status-badge").getAttribute("data-status")).toBe("verified");
    const derivation = page.getByTestId("derivation").first();
    await derivation.waitFor();
    const cells = derivation.getByTestId("formula-cell");
    expect(await cells.count()).toBeGreaterThanOrEqual(2);
    for (const link of await cells.all()) expect(await link.getAttribute("href")).toMatch(/^\/view\/\d+\/\d+\?cells=\d+$/);
    await derivation.scrollIntoViewIfNeeded();
    await screenshot(page, "06-ask-derivation");
  });

  it("lists the ingested filings and opens one in the viewer", async () => {
    const { page } = h;
    const listing = await api<FilingList>("/filings?limit=100");
    await page.getByRole("link", { name: "Filings" }).click();
    await page.waitForURL("**/browse");
    await expect.poll(() => page.getByTestId("filing-row").count()).toBe(listing.total);
    await screenshot(page, "07-filings-list");
    const nvidia = listing.items.find((filing: Filing) => filing.ticker === "NVDA" && filing.form === "10-K") ?? listing.items[0];
    if (!nvidia) throw new Error("no filing is ingested");
    await page.locator(`[data-testid="filing-row"][data-filing-id="${nvidia.id}"] a`).first().click();
    await page.waitForURL(`**/view/${nvidia.id}/1`);
    await expect.poll(() => page.getByTestId("page-position").textContent()).toBe(`Page 1 of ${nvidia.page_count}`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="page-image"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await page.keyboard.press("ArrowRight"); // keyboard paging
    await page.waitForURL(`**/view/${nvidia.id}/2`);
    await expect.poll(() => page.getByTestId("page-position").textContent()).toContain("Page 2 of");
    await screenshot(page, "08-viewer-from-filings");
  });

  it("opens the evaluation page", async () => {
    const { page } = h;
    const { runs } = await api<{ runs: EvalRunSummary[] }>("/eval/runs");
    await page.getByRole("link", { name: "Evaluations" }).click();
    await page.waitForURL("**/evals");
    await page.getByRole("heading", { name: "Evaluations" }).waitFor();
    await page.getByRole("button", { name: "Start a run" }).waitFor();
    if (runs.length === 0) {
      await page.getByText("No evaluation runs yet").waitFor();
      await screenshot(page, "09-evaluations");
      return;
    }
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(runs.length);
    if (runs.some((run) => run.status === "done")) await page.getByTestId("score-cards").waitFor();
    await screenshot(page, "09-evaluations");
    const newest = runs[0];
    if (!newest) return;
    await page.getByRole("link", { name: `#${newest.id}`, exact: true }).first().click();
    await page.waitForURL(`**/evals/${newest.id}`);
    await page.getByRole("heading", { name: new RegExp(`^Run #${newest.id}`) }).waitFor();
    const detail = await api<EvalRunDetail>(`/eval/runs/${newest.id}`);
    if (detail.items.length > 0) {
      await expect.poll(() => page.getByTestId("item-row").count()).toBe(detail.items.length);
      await page.getByLabel("Result").selectOption("wrong");
      await expect.poll(() => page.getByTestId("item-row").count()).toBe(detail.items.filter((item) => !item.right).length);
    }
    await screenshot(page, "10-evaluation-run");
  });

  it("works at phone width", async () => {
    const { page } = h;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await ask(APPLE_REVENUE);
    await page.getByTestId("status-badge").waitFor();
    await screenshot(page, "11-phone-answer");
    await page.getByTestId("figure-link").first().click();
    await page.getByTestId("cell-outline").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "horizontal overflow of the page at phone width").toBeLessThanOrEqual(0);
    await screenshot(page, "12-phone-viewer");
  });
});

