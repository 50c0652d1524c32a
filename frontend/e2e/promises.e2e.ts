/** The web app's promises (issue #19) in real Chromium against the real backend and corpus, each kept at
 * a phone's size (390 x 844) and a desktop's (1440 x 900): the proof readable in sight, answers with
 * addresses, the viewer's details, accessibility (axe-core in the page on every screen) and the filings
 * screen. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Filing, FilingList, Page as FilingPage } from "../src/api/types";
import type { EvalRunSummary } from "../src/features/evals/types";
import { api, BASE_URL, inSight, launch, screenshot, seriousViolations, smallTapTargets, type Harness } from "./browser";

const APPLE_REVENUE = "What was Apple's revenue in fiscal 2024?";
const NVIDIA_GROWTH = "What were NVIDIA's data center revenues in fiscal 2025, and how much did they grow?";
const QUESTION_LIMIT = 2000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;
const OUTLINE = '[data-testid="cell-outline"]';
/** The smallest height a cited cell is shown at, at any size (the viewer's READABLE_CELL_PX). */
const READABLE_CELL_PX = 12;

let h: Harness;
/** Requests the page made to the answer stream, counted to prove that an answer was kept, not asked. */
let queries = 0;

/** Runs `steps`, in which the browser is expected to log the API's 404s for pages it was sent to (a
 * missing page, a printed number no page carries): those, and nothing else, are forgiven. */
async function expecting404s(steps: () => Promise<void>): Promise<void> {
  const before = h.problems.length;
  await steps();
  const during = h.problems.splice(before);
  h.problems.push(...during.filter((problem) => !(problem.startsWith(`console error on ${BASE_URL}/`) && problem.includes("status of 404"))));
}

async function ask(question: string): Promise<string> {
  const { page } = h;
  const box = page.getByLabel("Ask about the ingested filings");
  await box.fill(question);
  await box.press("Enter");
  await page.getByTestId("status-badge").waitFor();
  await expect.poll(() => page.getByTestId("answer-announcement").textContent()).toMatch(/^Answer, /);
  return (await page.getByTestId("answer-text").textContent()) ?? "";
}

async function oneH1(): Promise<string> {
  const headings = await h.page.locator("h1").allTextContents();
  expect(headings, "one h1 per screen").toHaveLength(1);
  return headings[0] ?? "";
}

/** Every screen: its own title, one h1, no serious or critical axe violation. */
async function checkScreen(title: RegExp): Promise<void> {
  await expect.poll(() => h.page.title()).toMatch(title);
  await oneH1();
  expect(await seriousViolations(h.page), `axe on ${h.page.url()}`).toEqual([]);
}

/** A number no page of the filing prints, which is yet one of its pages' positions (the cover, the index:
 * a filing prints fewer numbers than it has pages), as the API says. */
async function unprintedPosition(filingId: string, pageCount: number): Promise<number> {
  for (let pageNo = pageCount; pageNo >= 1; pageNo -= 1) {
    const response = await fetch(`${BASE_URL}/filings/${filingId}/printed-pages/${pageNo}`);
    if (response.status === 404) return pageNo;
    expect(response.status).toBe(200);
  }
  throw new Error(`every position of filing ${filingId} is also a printed number`);
}

async function jump(typed: string): Promise<void> {
  await h.page.getByTestId("jump-input").fill(typed);
  await h.page.getByTestId("jump-input").press("Enter");
}

describe.each(SIZES)("the web app's promises at %s size", (size, viewport) => {
  const phone = size === "phone";
  let appleAnswer = "";
  let viewerUrl = "";

  beforeAll(async () => {
    queries = 0;
    h = await launch(viewport);
    h.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/query") queries += 1;
    });
  });

  afterAll(async () => {
    await h?.browser.close();
    expect(h?.problems ?? [], "console errors or failed requests during the run").toEqual([]);
  });

  it("reads an answer: p. 29 once, the answer announced, its address kept (on a phone, every control a 44 px target)", async () => {
    const { page } = h;
    await page.goto("/");
    await page.getByRole("button", { name: /^What was .* in fiscal \d{4}/ }).first().waitFor();
    await checkScreen(/^Ask · filingproof$/);
    const before = queries;
    appleAnswer = await ask(APPLE_REVENUE);
    expect(queries - before, "one question, one request").toBe(1);
    expect(await page.getByTestId("status-badge").getAttribute("data-status")).toBe("verified");
    expect(appleAnswer).toMatch(/\$391,035 million \(AAPL 10-K[^()]*, p\. 29\)/); // the page marker, once
    expect(appleAnswer).not.toMatch(/\[\d+\]|\[c\d+\]|page 29/);
    expect(await page.getByTestId("answer-announcement").textContent()).toBe(`Answer, verified: ${appleAnswer}`);
    expect(new URL(page.url()).searchParams.get("q")).toBe(APPLE_REVENUE);
    await checkScreen(/^What was Apple's revenue in fiscal 2024\? · filingproof$/);
    if (phone) expect(await smallTapTargets(page, "body")).toEqual([]);
    await screenshot(page, `p01-${size}-answer`);
  });

  it("opens the cited cell big enough to read, outlined outside its digits, in sight with the controls at any zoom", async () => {
    const { page } = h;
    await page.getByTestId("figure-link").first().click();
    await page.locator(OUTLINE).first().waitFor();
    viewerUrl = page.url();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="page-image"]')?.complete === true);
    if (phone) expect(await page.getByTestId("page-image-frame").getAttribute("data-zoom"), "a phone zooms to the cell").toBe("actual");
    const box = await page.locator(OUTLINE).first().boundingBox();
    expect(box?.height ?? 0, "the cited cell's height on screen").toBeGreaterThanOrEqual(phone ? 16 : READABLE_CELL_PX);
    expect(await inSight(page, OUTLINE), "the cited cell is in sight on opening").toBe(true);
    expect(await inSight(page, '[data-testid="page-position"]'), "the page controls are in sight on opening").toBe(true);
    expect(await inSight(page, '[data-testid="jump-input"]'), "the jump box is in sight on opening").toBe(true);
    // The cell's box itself is left clear: the red line and the glow lie outside it.
    const look = await page.locator(OUTLINE).first().evaluate((outline) => {
      const style = getComputedStyle(outline);
      return { border: style.borderTopWidth, background: style.backgroundColor, outline: style.outlineStyle, offset: parseFloat(style.outlineOffset) };
    });
    expect(look).toMatchObject({ border: "0px", background: "rgba(0, 0, 0, 0)", outline: "solid" });
    expect(look.offset).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("img", { name: /^Cited cell: 391,035 · .*Total net sales/ }).count(), "the outline's label").toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "horizontal overflow").toBeLessThanOrEqual(0);
    if (phone) expect(await smallTapTargets(page, "body")).toEqual([]);
    await screenshot(page, `p02-${size}-viewer`);

    const opened = await page.getByTestId("page-image-frame").getAttribute("data-zoom");
    for (const zoom of opened === "actual" ? ["fit", "actual"] : ["actual", "fit"]) {
      await page.getByTestId("zoom-toggle").click();
      await expect.poll(() => page.getByTestId("page-image-frame").getAttribute("data-zoom")).toBe(zoom);
      await expect.poll(() => inSight(page, OUTLINE), { message: `the cited cell in sight at zoom ${zoom}` }).toBe(true);
    }
    await checkScreen(/^AAPL 10-K, page 29 · filingproof$/);
  });

  it("keeps the outline across paging away and back, and jumps by the number the filing prints", async () => {
    const { page } = h;
    const [, filingId = "", pageNo = ""] = /\/view\/(\d+)\/(\d+)/.exec(viewerUrl) ?? [];
    const here = Number(pageNo);
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(`**/view/${filingId}/${here + 1}?cells=*&at=${here}`);
    await page.getByTestId("cited-elsewhere").waitFor();
    expect(await page.locator(OUTLINE).count()).toBe(0);
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL(`**/view/${filingId}/${here}?cells=*`);
    await page.locator(OUTLINE).first().waitFor();
    expect(new URL(page.url()).searchParams.get("at")).toBeNull();

    // Printed numbers and positions differ (the cover and the index come first): the jump maps them.
    const target = await api<FilingPage>(`/filings/${filingId}/pages/${here + 6}`);
    expect(target.label, "the page six on has a printed number").toMatch(/^\d+$/);
    expect(target.label).not.toBe(String(target.page_no));
    const printed = target.label ?? "";
    expect(await api(`/filings/${filingId}/printed-pages/${printed}`)).toEqual({ filing_id: Number(filingId), label: printed, page_no: target.page_no });
    await jump(printed);
    await page.waitForURL(`**/view/${filingId}/${target.page_no}?cells=*&at=${here}`);
    await expect.poll(() => page.getByTestId("page-position").textContent()).toContain(`(printed ${printed})`);
    const cited = await api<FilingPage>(`/filings/${filingId}/pages/${here}`);
    await jump(`p. ${cited.label ?? ""}`); // as answers write it: back to the cited page
    await page.waitForURL(`**/view/${filingId}/${here}?cells=*`);
    await page.locator(OUTLINE).first().waitFor();

    const { page_count: pageCount } = await api<Filing>(`/filings/${filingId}`);
    const unprinted = await unprintedPosition(filingId, pageCount);
    await expecting404s(async () => {
      await jump("9999");
      await expect.poll(() => page.getByTestId("jump-error").textContent()).toBe('No page of this filing is printed "9999".');
      expect(await page.getByTestId("jump-by-position").count(), "no page 9999 to offer").toBe(0);
      await jump(String(unprinted));
      await expect.poll(() => page.getByTestId("jump-error").textContent()).toContain(`No page of this filing is printed "${unprinted}".`);
    });
    expect(await seriousViolations(page), "axe with the jump's error shown").toEqual([]);
    if (phone) expect(await smallTapTargets(page, '[data-testid="jump-error"]')).toEqual([]);
    expect(page.url(), "a number no page prints is not taken for a position unasked").toContain(`/view/${filingId}/${here}?`);
    await page.getByTestId("jump-by-position").click();
    await page.waitForURL(`**/view/${filingId}/${unprinted}?cells=*&at=${here}`);
    await expect.poll(() => page.getByTestId("page-position").textContent()).toContain(`Page ${unprinted} of ${pageCount}`);
    await jump("no such page");
    await expect.poll(() => page.getByTestId("jump-error").textContent()).toBe("Type a page number as the filing prints it, e.g. 29 or F-3.");
  });

  it("reopens an answer from its address after a reload, and in a browser that never asked it", async () => {
    const { page } = h;
    const before = queries;
    await page.goto(`/?q=${encodeURIComponent(APPLE_REVENUE)}`);
    await page.getByTestId("status-badge").waitFor();
    await page.reload();
    await page.getByTestId("status-badge").waitFor();
    expect(await page.getByTestId("answer-text").textContent()).toBe(appleAnswer);
    expect(await page.getByLabel("Ask about the ingested filings").inputValue()).toBe(APPLE_REVENUE);
    expect(await page.getByTestId("trace-row").count()).toBeGreaterThan(0);
    expect(queries - before, "a kept answer is not asked again").toBe(0);

    const stranger = await h.browser.newContext({ viewport });
    try {
      const fresh = await stranger.newPage();
      await fresh.goto(page.url());
      await fresh.getByTestId("status-badge").waitFor();
      expect(await fresh.getByTestId("answer-text").textContent()).toBe(appleAnswer);
    } finally {
      await stranger.close();
    }
  });

  it("names a formula's cells by line item, keeps recent questions, and refuses an over-long question saying the limit", async () => {
    const { page } = h;
    const nvidia = await ask(NVIDIA_GROWTH);
    const derivation = page.getByTestId("derivation").first();
    await derivation.waitFor();
    expect(await derivation.textContent(), "a formula names line items, not cell ids").not.toMatch(/\bc\d+\b|\bcell \d+/);
    const named = await derivation.getByTestId("formula-cell").allTextContents();
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const name of named) expect(name).toMatch(/data center/i);
    if (phone) expect(await smallTapTargets(page, '[data-testid="derivation"]')).toEqual([]);

    const recent = page.getByTestId("recent-question");
    expect(await recent.allTextContents()).toEqual([expect.stringContaining(NVIDIA_GROWTH), expect.stringContaining(APPLE_REVENUE)]);
    const before = queries;
    await recent.filter({ hasText: APPLE_REVENUE }).getByRole("link").click();
    await expect.poll(() => page.getByTestId("answer-text").textContent()).toBe(appleAnswer);
    expect(new URL(page.url()).searchParams.get("q")).toBe(APPLE_REVENUE);
    await page.goBack();
    await expect.poll(() => page.getByTestId("answer-text").textContent()).toBe(nvidia);
    expect(queries - before, "recent answers are reopened, not asked again").toBe(0);

    const long = `What was Apple's revenue in fiscal 2024? ${"x".repeat(QUESTION_LIMIT)}`;
    const box = page.getByLabel("Ask about the ingested filings");
    await box.fill(long);
    expect((await box.inputValue()).length, "the question is not cut").toBe(long.length);
    await expect.poll(() => page.getByTestId("question-too-long").textContent()).toBe(
      `Questions are limited to 2,000 characters; this one has ${long.length.toLocaleString("en-US")}. Shorten it to ask.`,
    );
    expect(await page.getByRole("button", { name: "Ask", exact: true }).isDisabled()).toBe(true);
    await box.press("Enter");
    expect(queries - before, "an over-long question is not sent").toBe(0);
    await checkScreen(/ · filingproof$/);
    await screenshot(page, `p03-${size}-too-long`);
  });

  it("lists each filing with its filing date, accession and EDGAR link", async () => {
    const { page } = h;
    const listing = await api<FilingList>("/filings?limit=100");
    await page.getByRole("link", { name: "Filings" }).click();
    await expect.poll(() => page.getByTestId("filing-row").count()).toBe(listing.total);
    // Shown where they fit: their own columns on a desktop, under the company's name on a phone.
    const shown = (row: string, testId: string) => page.locator(`${row} [data-testid="${testId}"]:visible`);
    for (const filing of listing.items) {
      const row = `[data-testid="filing-row"][data-filing-id="${filing.id}"]`;
      const edgar = await shown(row, "edgar-link").getAttribute("href");
      expect(edgar, `EDGAR link of filing ${filing.id}`).toMatch(/^https:\/\/www\.sec\.gov\//);
      if (filing.accession) {
        expect(await shown(row, "accession").textContent()).toContain(filing.accession);
        expect(edgar).toContain(filing.accession.replaceAll("-", ""));
      } else {
        expect(edgar).toContain(`CIK=${String(filing.cik).padStart(10, "0")}`);
        expect(edgar).toContain(`type=${filing.form}`);
      }
      expect(await shown(row, "filed-at").textContent()).toEqual(filing.filed_at ? expect.stringMatching(/\d{4}$/) : "—");
    }
    const first = `[data-testid="filing-row"][data-filing-id="${listing.items[0]?.id ?? 0}"]`;
    for (const testId of ["filed-at", "edgar-link"]) {
      expect(await inSight(page, `${first} [data-testid="${testId}"]:visible`), `${testId} in sight without scrolling sideways`).toBe(true);
    }
    if (phone) expect(await smallTapTargets(page, "main")).toEqual([]);
    await checkScreen(/^Filings · filingproof$/);
    await screenshot(page, `p04-${size}-filings`);
  });

  it("says not found for unknown addresses, filings, pages and runs, with no retry", async () => {
    const { page } = h;
    const { items } = await api<FilingList>("/filings?limit=1");
    const filing = items[0];
    if (!filing) throw new Error("no filing is ingested");
    const cases: [string, string][] = [
      ["/no/such/screen", "Nothing here"],
      [`/view/${filing.id}/${filing.page_count + 1}`, "Page not found"],
      ["/view/2147483647/1", "Filing not found"],
      ["/evals/2147483647", "Run not found"],
    ];
    await expecting404s(async () => {
      for (const [path, heading] of cases) {
        await page.goto(path);
        await page.getByTestId("not-found").waitFor();
        expect(await page.getByTestId("not-found").getByRole("heading").textContent(), path).toBe(heading);
        expect(await page.getByRole("button", { name: "Try again" }).count(), path).toBe(0);
        await checkScreen(/ · filingproof$/);
      }
    });
  });

  it("skips past the thumbnails to the page, whose next stop is the cited cell's outline, and passes axe on the evaluations screen", async () => {
    const { page } = h;
    await page.goto(viewerUrl);
    await page.locator(OUTLINE).first().waitFor();
    expect(await inSight(page, OUTLINE)).toBe(true);
    expect(await inSight(page, '[data-testid="page-position"]')).toBe(true);
    await checkScreen(/^AAPL 10-K, page 29 · filingproof$/);
    const skip = page.getByRole("link", { name: "Skip the page thumbnails" });
    await skip.focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("page-view");
    await page.keyboard.press("Tab"); // the next stop is the cited cell's outline, not a thumbnail
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cell-outline");
    await screenshot(page, `p05-${size}-viewer-keyboard`);

    const { runs } = await api<{ runs: EvalRunSummary[] }>("/eval/runs");
    await page.goto("/evals");
    await page.getByRole("button", { name: "Start a run" }).waitFor();
    if (runs.length > 0) await expect.poll(() => page.getByTestId("run-row").count()).toBe(runs.length);
    await checkScreen(/^Evaluations · filingproof$/);
  });
});
