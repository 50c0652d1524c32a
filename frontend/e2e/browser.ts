/** The end-to-end harness: Debian's Chromium under playwright-core, the backend under test, screenshots,
 * and every console error and failed request of the run collected (any one fails the run). */

import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { AxeResults } from "axe-core";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function baseUrl(): string {
  const raw = process.env.FILINGPROOF_URL;
  if (!raw) throw new Error("FILINGPROOF_URL must name a running backend that serves the built app, e.g. http://127.0.0.1:8000");
  return raw.replace(/\/+$/, "");
}

export const BASE_URL = baseUrl();
export const ARTIFACTS = resolve(process.env.E2E_ARTIFACTS ?? "test-artifacts");

export interface Harness {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  problems: string[];
}

export async function launch(viewport = { width: 1280, height: 900 }): Promise<Harness> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  const problems: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error on ${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  context.on("weberror", (error) => problems.push(`uncaught error: ${error.error().message}`));
  context.on("requestfailed", (request) => {
    // A navigation away cancels the image and stream requests still in flight: that is not a failure.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  const page = await context.newPage();
  return { browser, context, page, problems };
}

/** One browser for a test file's tests: launched before them, closed after them, and no console error or
 * failed request allowed during the run (checked last). */
export function browserForFile(viewport?: { width: number; height: number }): { current: Harness } {
  const held = { current: undefined as unknown as Harness };
  beforeAll(async () => {
    held.current = await launch(viewport);
  });
  afterAll(async () => {
    await held.current?.browser.close();
    expect(held.current?.problems ?? [], "console errors or failed requests during the run").toEqual([]);
  });
  return held;
}

/** Asks a question in the app and waits for its answer: the status the answer is badged with. */
export async function askForStatus(page: Page, question: string): Promise<string | null> {
  const box = page.getByLabel("Ask about the ingested filings");
  await box.fill(question);
  await box.press("Enter");
  await page.getByTestId("status-badge").waitFor();
  return page.getByTestId("status-badge").getAttribute("data-status");
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const path = resolve(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core (from npm) run in the page as it stands: its serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 4).join(" | ")}`);
}

/** The controls in `scope` that are smaller than a 44 x 44 CSS px tap target; a link inside running text
 * (displayed inline, it may wrap) is held to the height alone. */
export async function smallTapTargets(page: Page, scope = "body"): Promise<string[]> {
  return page.locator(scope).evaluate((root) => {
    const controls = root.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])");
    const small: string[] = [];
    for (const control of Array.from(controls)) {
      const rect = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden" || control.closest(".sr-only")) continue; // not shown
      if (control.classList.contains("sr-only") || control.dataset.testid === "cell-outline" || control.getAttribute("role") === "region") continue; // not tapped
      const inline = style.display === "inline";
      if (rect.height < 44 || (!inline && rect.width < 44)) {
        small.push(`${control.tagName.toLowerCase()} "${(control.textContent ?? control.getAttribute("aria-label") ?? "").trim().slice(0, 40)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      }
    }
    return small;
  });
}

/** Whether the element is wholly in sight as things stand, without scrolling: inside the window and inside
 * every box around it that clips what overflows it. */
export async function inSight(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.top < 0 || rect.left < 0 || rect.bottom > window.innerHeight || rect.right > window.innerWidth) return false;
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflow === "visible") continue;
      const frame = box.getBoundingClientRect();
      const top = frame.top + box.clientTop;
      const left = frame.left + box.clientLeft;
      if (rect.top < top || rect.left < left || rect.bottom > top + box.clientHeight || rect.right > left + box.clientWidth) return false;
    }
    return true;
  });
}
