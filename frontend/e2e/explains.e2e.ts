/** The web app explains itself (issue #30), at a phone's size and a desktop's: the answer brought into
 * view and focused when it arrives, one request for a question however often it is submitted, a derived
 * figure linked to each of its inputs, a quoted sentence marked on its page, the viewer's focus kept after
 * "Copy as CSV", and axe-core with no serious or critical violation on every screen, the evaluation run's
 * page included. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FilingList, Page as FilingPage, QueryResponse } from "../src/api/types";
import { quotedBoxes } from "../src/features/ask/sources";
import type { EvalRunSummary } from "../src/features/evals/types";
import { api, askForStatus, BASE_URL, inSight, launch, screenshot, seriousViolations, type Harness } from "./browser";
import { expectQuoteOutlined } from "./outline";

const APPLE_REVENUE = "What was Apple's revenue in fiscal 2024?";
const UNKNOWN_COMPANY = "What was Acme Anvil Works' revenue in fiscal 2024?";
const APPLE_COMPETITION = "What does Apple say about competition?";
const NVIDIA_GROWTH = "What were NVIDIA's data center revenues in fiscal 2025, and how much did they grow?";
const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1440, height: 900 }],
] as const;
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? "";
const EVAL_GOLD = "v1"; // the first gold set over the corpus: a run of it ends within a minute or two
const EVAL_DEADLINE_MS = 240_000;

let h: Harness;
let queries = 0;

async function noSeriousViolations(): Promise<void> {
  expect(await seriousViolations(h.page), `axe on ${h.page.url()}`).toEqual([]);
}

/** The newest evaluation run that ended: one is started (admin token) when none has. */
async function endedRun(): Promise<number> {
  const ended = async () => (await api<{ runs: EvalRunSummary[] }>("/eval/runs")).runs.find((run) => run.status !== "running");
  const found = await ended();
  if (found) return found.id;
  const started = await fetch(`${BASE_URL}/eval/run`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ gold: EVAL_GOLD }),
  });
  expect(started.status, await started.clone().text()).toBe(202);
  await expect.poll(async () => (await ended())?.id ?? null, { timeout: EVAL_DEADLINE_MS, interval: 1000 }).not.toBeNull();
  return (await ended())?.id ?? 0;
}

describe.each(SIZES)("the web app explains itself at %s size", (size, viewport) => {
  beforeAll(async () => {
    h = await launch(viewport);
    h.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/query" && request.method() === "POST") queries += 1;
    });
  });

  afterAll(async () => {
    await h?.browser.close();
    expect(h?.problems ?? [], "console errors or failed requests during the run").toEqual([]);
  });

  it("sends one request for a question submitted three times, and brings its answer into view, focused", async () => {
    const { page } = h;
    await page.goto("/");
    await page.getByRole("button", { name: /^What was .* in fiscal \d{4}/ }).first().waitFor();
    const box = page.getByLabel("Ask about the ingested filings");
    await box.fill(APPLE_REVENUE);
    const before = queries;
    await box.press("Enter");
    await page.keyboard.press("Enter"); // to whatever has focus now, as a second key press goes
    // A click as it lands, without Playwright's scrolling the button into view first (which would move
    // the window away from an answer already arrived).
    await page.getByRole("button", { name: /^(Ask|Asking…)$/ }).dispatchEvent("click");
    await page.getByTestId("status-badge").waitFor();
    expect(queries - before, "Enter, Enter and a click: one request").toBe(1);
    // In view without scrolling: the answer's heading, badge and first words at the top of the window.
    const where = () => page.evaluate(() => `scrolled ${window.scrollY} of ${document.documentElement.scrollHeight}, heading at ${document.querySelector("#answer-heading")?.getBoundingClientRect().top}`);
    await expect.poll(() => inSight(page, "#answer-heading"), { message: "the answer's heading in sight" }).toBe(true).catch(async (error: unknown) => {
      throw new Error(`${String(error)}: ${await where()}`);
    });
    expect(await inSight(page, '[data-testid="status-badge"]')).toBe(true);
    // Scrolled up to the window's top, or as far as the page goes (a short page on a desktop).
    const place = await page.getByTestId("answer").evaluate((answer) => ({
      top: answer.getBoundingClientRect().top,
      atEnd: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
    }));
    expect(place.top).toBeGreaterThanOrEqual(0);
    expect(place.top <= 16 || place.atEnd, `answer at ${place.top} px`).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "focus moved to the answer").toBe("result");
    await noSeriousViolations();
    await screenshot(page, `x01-${size}-answer-in-view`);
  });

  it("links a derived figure to each of its inputs, on their own pages", async () => {
    const { page } = h;
    const box = page.getByLabel("Ask about the ingested filings");
    await box.fill(NVIDIA_GROWTH);
    await box.press("Enter");
    await page.getByTestId("status-badge").waitFor();
    await expect.poll(() => page.getByTestId("status-badge").getAttribute("data-status")).toBe("verified");
    expect(await inSight(page, "#answer-heading")).toBe(true);
    const inputs = page.getByTestId("answer-text").getByTestId("figure-input-link");
    expect(await inputs.count(), "the growth's two inputs, each linked").toBe(2);
    const hrefs = await inputs.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(new Set(hrefs.map((href) => /^\/view\/(\d+)\//.exec(href)?.[1])).size, "two filings").toBe(2);
    for (const href of hrefs) expect(href).toMatch(/^\/view\/\d+\/\d+\?cells=\d+$/);
    await noSeriousViolations();
    await screenshot(page, `x02-${size}-derived-inputs`);
    await inputs.nth(1).click();
    await page.locator('[data-testid="cell-outline"]').first().waitFor();
  });

  it("marks a quoted sentence on its page, line by line, where the page image draws it", async () => {
    const { page } = h;
    // The same question answered by the API: which page it quotes, and the lines of its sentences there.
    const answered = await fetch(`${BASE_URL}/query/sync`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ question: APPLE_COMPETITION }),
    });
    const expected = (await answered.json()) as QueryResponse;
    expect(expected.status).toBe("quoted");
    const citation = (expected.citations ?? []).find((cited) => quotedBoxes(cited).length > 0);
    if (!citation) throw new Error(`no quoted sentence has boxes: ${JSON.stringify(expected.citations)}`);
    await page.goto("/");
    expect(await askForStatus(page, APPLE_COMPETITION)).toBe("quoted");
    const pagePath = `/view/${citation.filing_id}/${citation.page_no}`;
    await page.locator(`[data-testid="cited-page"][href^="${pagePath}?"]`).click();
    await page.waitForURL(`**${pagePath}?*quote=*`);
    const apiPage = await api<FilingPage>(`/filings/${citation.filing_id}/pages/${citation.page_no}`);
    // Scrolled to as the viewer opens: the first line level with the page's box (a phone shows part of its width).
    const level = () =>
      page.getByTestId("quote-outline").first().evaluate((line) => {
        const at = line.getBoundingClientRect();
        const frame = document.querySelector('[data-testid="page-scroller"]')?.getBoundingClientRect();
        return frame !== undefined && at.top >= frame.top && at.bottom <= frame.bottom && at.bottom <= window.innerHeight;
      });
    await expect.poll(level, { message: "the quote's first line scrolled into view" }).toBe(true);
    await expectQuoteOutlined(page, apiPage, quotedBoxes(citation));
    await noSeriousViolations();
    await screenshot(page, `x06-${size}-quote-outlined`);
  });

  it("says why a refusal gives no figure, what was understood and what to do, with the covered companies folded", async () => {
    const { page } = h;
    await page.goto("/");
    expect(await askForStatus(page, UNKNOWN_COMPANY)).toBe("refused");
    const why = page.getByTestId("why-no-figure");
    expect(await why.getAttribute("data-reason")).toBe("company_not_ingested");
    expect(await why.getByTestId("reason").textContent()).toBe("No ingested filing is of the company the question names (or it names none).");
    expect(await why.getByTestId("understood").textContent()).toContain("period fiscal 2024");
    expect(await page.getByTestId("status-badge").getAttribute("title")).toBe(await why.getByTestId("reason").textContent());
    // The answer's words stop before the list of every ingested filing, which is folded away.
    expect(await page.getByTestId("answer-text").textContent()).not.toContain("Covered:");
    // a line per ingested company, not a wall of every filing
    const { items, total } = await api<FilingList>("/filings?limit=100");
    expect(items.length).toBe(total);
    const companies = new Set(items.map((filing) => filing.ticker)).size;
    expect(await why.getByTestId("covered").locator("li").count()).toBe(companies);
    expect(await why.getByTestId("covered").isVisible(), "folded").toBe(false);
    expect(await inSight(page, '[data-testid="why-no-figure"]')).toBe(true);
    await noSeriousViolations();
    await screenshot(page, `x04-${size}-refusal`);
  });

  it("names a recent question's filing by its name, never its id", async () => {
    const { page } = h;
    const { items } = await api<FilingList>("/filings?ticker=AAPL&form=10-K");
    const filing = items[0];
    if (!filing) throw new Error("Apple's 10-K is not ingested");
    await page.goto(`/?q=${encodeURIComponent(APPLE_REVENUE)}&ticker=AAPL&filing=${filing.id}`);
    await page.getByTestId("status-badge").waitFor();
    const recent = page.getByTestId("recent-question").first();
    await expect.poll(() => recent.textContent()).toContain(`AAPL 10-K FY${filing.fiscal_year}`);
    expect(await recent.textContent()).not.toMatch(/filing \d+/);
  });

  it("keeps focus on Copy as CSV in the viewer, with no serious axe violation there", async () => {
    const { page } = h;
    await page.goto(`/?q=${encodeURIComponent(APPLE_REVENUE)}`);
    await page.getByTestId("figure-link").first().click();
    await page.locator('[data-testid="cell-outline"]').first().waitFor();
    await noSeriousViolations();
    const copy = page.getByRole("button", { name: "Copy as CSV" }).first();
    await copy.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("status").filter({ hasText: /^Cop(ied|y failed)$/ }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.textContent), "focus stays on the button").toBe("Copy as CSV");
  });

  it("passes axe on every screen: filings, evaluations and an evaluation run", async () => {
    const { page } = h;
    const listing = await api<FilingList>("/filings?limit=100");
    await page.goto("/browse");
    await expect.poll(() => page.getByTestId("filing-row").count()).toBe(listing.total);
    // A filing without its accession says why and how to fill it in; a degraded one says what it lacks.
    for (const filing of listing.items) {
      const row = `[data-testid="filing-row"][data-filing-id="${filing.id}"]`;
      expect(await page.locator(`${row} [data-testid="accession-unknown"]:visible`).count(), `filing ${filing.id}`).toBe(filing.accession ? 0 : 1);
      const degraded = page.locator(`${row} [data-testid="degraded"]`);
      expect(await degraded.count()).toBe(filing.degraded.length > 0 ? 1 : 0);
      for (const lack of filing.degraded) expect(await degraded.textContent()).toContain(lack);
    }
    await noSeriousViolations();
    await screenshot(page, `x05-${size}-filings`);
    const runId = await endedRun();
    await page.goto("/evals");
    await page.getByTestId("run-row").first().waitFor();
    await noSeriousViolations();
    await page.goto(`/evals/${runId}`);
    await page.getByRole("heading", { name: new RegExp(`^Run #${runId}`) }).waitFor();
    await page.getByTestId("per-kind").waitFor();
    await noSeriousViolations();
    await screenshot(page, `x03-${size}-evaluation-run`);
  }, EVAL_DEADLINE_MS + 60_000);
});
