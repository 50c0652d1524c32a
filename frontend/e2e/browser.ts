/** The end-to-end harness: Debian's Chromium under playwright-core, the backend under test, screenshots,
 * and every console error and failed request of the run collected (any one fails the run). */

import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

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
