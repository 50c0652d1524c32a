/** The Ask screen's Company and Filing filters bound every answer (issue #19, item 1), in real Chromium
 * against the real backend and corpus, at desktop and phone sizes, on each route: a narrative question cites
 * only the chosen filing, a figure comes from the chosen filing's own table, a hybrid question keeps to the
 * chosen company, and a question about another company says so and gives no figure. What the screen shows
 * is checked against what `POST /query/sync` answers for the same question and filters. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Filing, FilingList, QueryFilterParams, QueryResponse } from "../src/api/types";
import { api, BASE_URL, launch, screenshot, type Harness } from "./browser";

const SUPPLY_CHAIN = "What are the main supply chain risks?"; // narrative
const REVENUE_2024 = "What was revenue in fiscal 2024?"; // numeric: the FY2025 10-K's prior-year column
const REVENUE_DRIVERS = "What drove revenue in fiscal 2025?"; // hybrid: a figure, and the pages searched for its drivers
const APPLE_NET_INCOME = "What was Apple's net income in fiscal 2024?"; // another company than the filter's

const SIZES = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

interface Shown {
  status: string | null;
  text: string;
  /** The filing ids of every page the answer cites and every figure links to. */
  cited: number[];
  figures: number;
}

async function synced(question: string, filters: QueryFilterParams): Promise<QueryResponse> {
  const response = await fetch(`${BASE_URL}/query/sync`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ question, filters }),
  });
  if (!response.ok) throw new Error(`POST /query/sync: ${response.status} ${await response.text()}`);
  return (await response.json()) as QueryResponse;
}

/** The route the router chose, as its hop's summary says ("route=narrative companies=…"). */
function routeOf(response: QueryResponse): string {
  return response.trace?.find((event) => event.name === "router")?.summary ?? "";
}

function filingOf(href: string | null): number {
  const found = /\/view\/(\d+)\//.exec(href ?? "");
  if (!found) throw new Error(`not a viewer link: ${href}`);
  return Number(found[1]);
}

describe.each(SIZES)("the filters at %s size", (size, viewport) => {
  let h: Harness;
  let nvidia: Filing[] = [];
  let fy2025: Filing;

  beforeAll(async () => {
    h = await launch(viewport);
    nvidia = (await api<FilingList>("/filings?ticker=NVDA&limit=100")).items;
    const found = nvidia.find((filing) => filing.form === "10-K" && filing.fiscal_year === 2025);
    if (!found) throw new Error("the corpus has NVIDIA's FY2025 10-K");
    fy2025 = found;
  });

  afterAll(async () => {
    await h?.browser.close();
    expect(h?.problems ?? [], "console errors or failed requests during the run").toEqual([]);
  });

  /** Sets the filters on the Ask screen, asks, and reads the answer as shown. */
  async function ask(question: string, ticker: string, filing: Filing | null): Promise<Shown> {
    const { page } = h;
    await page.goto("/");
    const company = page.getByLabel("Company", { exact: true });
    await expect.poll(() => company.isEnabled(), { message: "the filing list loaded", timeout: 20_000 }).toBe(true);
    await company.selectOption(ticker);
    if (filing) await page.getByLabel("Filing", { exact: true }).selectOption(String(filing.id));
    const box = page.getByLabel("Ask about the ingested filings");
    await box.fill(question);
    await box.press("Enter");
    await page.getByTestId("status-badge").waitFor();
    await expect.poll(() => page.getByTestId("answer-announcement").textContent()).toMatch(/^Answer, /);
    const answer = page.getByTestId("answer");
    const links = [...(await answer.locator("a.chip").all()), ...(await answer.getByTestId("figure-link").all())];
    const hrefs = await Promise.all(links.map((link) => link.getAttribute("href")));
    return {
      status: await page.getByTestId("status-badge").getAttribute("data-status"),
      text: (await page.getByTestId("answer-text").textContent()) ?? "",
      cited: hrefs.map(filingOf),
      figures: await answer.getByTestId("figure").count(),
    };
  }

  it("narrative, Filing set: quotes and cites only the chosen filing", async () => {
    const shown = await ask(SUPPLY_CHAIN, "NVDA", fy2025);
    const expected = await synced(SUPPLY_CHAIN, { tickers: ["NVDA"], filing_id: fy2025.id });
    expect(routeOf(expected)).toMatch(/^route=narrative /);
    expect(shown.status).toBe(expected.status);
    expect(shown.cited.length).toBeGreaterThan(0);
    expect(new Set(shown.cited)).toEqual(new Set([fy2025.id]));
    expect(shown.text.toLowerCase()).toContain("supply");
    await screenshot(h.page, `filters-${size}-01-narrative-filing`);
  });

  it("numeric, Filing set: the figure is read from the chosen filing's table", async () => {
    const shown = await ask(REVENUE_2024, "NVDA", fy2025);
    const expected = await synced(REVENUE_2024, { tickers: ["NVDA"], filing_id: fy2025.id });
    expect(routeOf(expected)).toMatch(/^route=numeric /);
    expect(expected.status).toBe("verified");
    const [figure] = expected.figures ?? [];
    expect(figure?.text).toBeTruthy();
    expect(shown.status).toBe("verified");
    expect(shown.text).toContain(figure?.text ?? "");
    expect(new Set(shown.cited)).toEqual(new Set([fy2025.id]));
    await screenshot(h.page, `filters-${size}-02-numeric-filing`);
  });

  it("hybrid, Company set: the figure and the cited pages from that company's filings only", async () => {
    const shown = await ask(REVENUE_DRIVERS, "NVDA", null);
    const expected = await synced(REVENUE_DRIVERS, { tickers: ["NVDA"] });
    expect(routeOf(expected)).toMatch(/^route=hybrid /);
    expect(shown.status).toBe(expected.status);
    expect(shown.cited.length).toBeGreaterThan(0);
    const own = new Set(nvidia.map((filing) => filing.id));
    expect(shown.cited.filter((id) => !own.has(id)), "cited filings of another company").toEqual([]);
    await screenshot(h.page, `filters-${size}-03-hybrid-company`);
  });

  it("another company than the filter's: a notice, no figure, not verified", async () => {
    const unfiltered = await synced(APPLE_NET_INCOME, {});
    expect(unfiltered.status).toBe("verified");
    const apple = unfiltered.figures?.[0]?.text ?? "";
    expect(apple).toMatch(/\d/);
    const shown = await ask(APPLE_NET_INCOME, "NVDA", null);
    expect(shown.status).toBe("refused");
    expect(shown.text).toContain("Apple (AAPL), outside the filters (company NVDA)");
    expect(shown.text).not.toContain(apple);
    expect([shown.figures, shown.cited.length]).toEqual([0, 0]);
    await screenshot(h.page, `filters-${size}-04-outside-company`);
  });
});
