/** "Add filing" end to end: an upload through the Filings screen, taken by a real `filingproof worker` (the
 * Python harness runs one beside the server), followed stage by stage over the job's event stream to the new
 * filing; a document that is no filing refused in the browser before anything is sent; a ticker EDGAR
 * does not list refused before a job is queued, and an EDGAR job that fails shown failed at its step, in
 * red, with its error (the harness points the server and the worker at the EDGAR mirror). The harness
 * removes what this adds, so the corpus stays as it was. */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Filing, FilingList, Job } from "../src/api/types";
import { api, browserForFile, launch, screenshot, seriousViolations, smallTapTargets } from "./browser";

const SHARED = resolve(process.env.FILINGPROOF_SHARED_DIR ?? "../../shared");
// GameStop's 10-Q for the quarter ended 2023-07-29: small (seconds to render), and not one of the corpus's filers.
const UPLOAD = join(SHARED, "corpus-large", "GME", "10-Q_0001326380-23-000047.htm.gz");
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? "";
const JOB_TIMEOUT_MS = 120_000;

const h = browserForFile();

async function openAddFiling(): Promise<void> {
  const { page } = h.current;
  await page.goto("/browse");
  await page.getByTestId("filings-table").waitFor();
  await page.getByRole("button", { name: "Add filing" }).click();
  await page.getByRole("heading", { name: "Add a filing" }).waitFor();
}

async function upload(path: string): Promise<void> {
  const { page } = h.current;
  const panel = page.getByTestId("add-filing");
  await panel.locator("label", { hasText: "Upload a document" }).click();
  await panel.getByLabel(/^Filing document/).setInputFiles(path);
  await panel.getByLabel("Admin token").fill(ADMIN_TOKEN);
  await panel.getByRole("button", { name: "Add filing" }).click();
}

/** The job's phase once it ended (the panel's data-phase), within the job's deadline. */
async function endedPhase(): Promise<string | null> {
  const job = h.current.page.getByTestId("add-job");
  await job.and(h.current.page.locator('[data-phase="succeeded"], [data-phase="failed"]')).waitFor({ timeout: JOB_TIMEOUT_MS });
  return job.getAttribute("data-phase");
}

describe("Add filing", () => {
  it("uploads a filing, shows each stage's progress live, then lists it and links to it", async () => {
    expect(ADMIN_TOKEN, "ADMIN_TOKEN must be the server's admin token").not.toBe("");
    const { page } = h.current;
    const before = await api<FilingList>("/filings?limit=100");
    await openAddFiling();
    expect(await seriousViolations(page)).toEqual([]);
    await upload(UPLOAD);

    // Live: a stage row appears (the render stage counts its pages) before the job ends.
    await page.getByTestId("job-stage").first().waitFor({ timeout: JOB_TIMEOUT_MS });
    await screenshot(page, "add-01-progress");
    expect(await endedPhase()).toBe("succeeded");
    await screenshot(page, "add-02-succeeded");

    const stages = await page.getByTestId("job-stage").evaluateAll((rows) => rows.map((row) => [row.getAttribute("data-stage"), row.getAttribute("data-finished")]));
    expect(stages).toEqual([["fetch", "true"], ["parse", "true"], ["render", "true"], ["store", "true"]]);
    const times = await page.getByTestId("stage-progress").allTextContents();
    expect(times.every((text) => /\d+(\.\d+)? (ms|s)$/.test(text)), times.join(" | ")).toBe(true);
    expect(await page.getByTestId("add-announcement").textContent()).toBe("Filing added: 10-Q_0001326380-23-000047.htm.");

    // The job names the filing it stored: GameStop's 10-Q, now in the list, which refreshed by itself.
    const href = await page.getByTestId("added-filing-link").getAttribute("href");
    const filingId = Number(/^\/view\/(\d+)\/1$/.exec(href ?? "")?.[1]);
    const filing = await api<Filing>(`/filings/${filingId}`);
    expect([filing.ticker, filing.form, filing.period_end]).toEqual(["GME", "10-Q", "2023-07-29"]);
    expect(before.items.some((item) => item.id === filingId)).toBe(false);
    await page.locator(`[data-testid="filing-row"][data-filing-id="${filingId}"]`).waitFor();
    // No EDGAR here, but the file is named by its accession: the filing carries it, linked to EDGAR.
    const accession = /\d{10}-\d{2}-\d{6}/.exec(UPLOAD)?.[0];
    expect(filing.accession).toBe(accession);
    const accessionCell = page.locator(`[data-testid="filing-row"][data-filing-id="${filingId}"] [data-testid="accession"]:visible`);
    expect(await accessionCell.textContent()).toContain(accession);
    expect(await page.getByTestId("filing-row").count()).toBe(before.total + 1);

    await page.getByTestId("added-filing-link").click();
    await page.waitForURL(`**/view/${filingId}/1`);
    await expect.poll(() => page.getByTestId("page-position").textContent()).toBe(`Page 1 of ${filing.page_count}`);
  });

  it("refuses a document that is no filing in the browser, before any request or job", async () => {
    const { page } = h.current;
    const folder = mkdtempSync(join(tmpdir(), "filingproof-e2e-"));
    const notes = join(folder, "meeting-notes.htm");
    writeFileSync(notes, "<html><body><p>Notes from Tuesday's meeting: nothing about any filing.</p></body></html>");
    const text = join(folder, "net-sales.txt");
    writeFileSync(text, "Net sales were up 2 % in fiscal 2024.");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/filings") posted += 1;
    });
    const cases: [string, string][] = [
      [text, "net-sales.txt is not a filing document: upload the filing's HTML document (.htm, .html, .xhtml) or its PDF (.pdf)."],
      [notes, "meeting-notes.htm does not look like an SEC filing:"],
    ];
    for (const [path, reason] of cases) {
      await openAddFiling();
      await upload(path);
      const alert = page.getByTestId("job-error");
      await alert.waitFor();
      expect(await alert.textContent()).toContain(reason);
      expect(await alert.getAttribute("role")).toBe("alert");
      expect(await page.getByTestId("add-job").getAttribute("data-phase")).toBe("failed");
      expect(await page.getByTestId("job-status").count(), "no job exists").toBe(0);
    }
    expect(posted, "nothing was sent").toBe(0);
    await screenshot(page, "add-03-refused");
  });

  it("refuses a ticker EDGAR does not list at once, and shows an EDGAR job's failed step in red with its error", async () => {
    const { page } = h.current;
    const request = async (ticker: string, year: string) => {
      await openAddFiling();
      const panel = page.getByTestId("add-filing");
      await panel.getByLabel("Ticker").fill(ticker);
      await panel.getByLabel(/^Fiscal year/).fill(year);
      await panel.getByLabel("Admin token").fill(ADMIN_TOKEN);
      await panel.getByRole("button", { name: "Add filing" }).click();
    };
    const before = h.current.problems.length;
    await request("ZZZZQ", "");
    await expect.poll(() => page.getByTestId("job-error").textContent()).toContain("EDGAR lists no company with ticker ZZZZQ.");
    expect(await page.getByTestId("job-status").count(), "no job was queued").toBe(0);
    // The browser logs the API's 422 for the refused ticker: that one, and nothing else, is expected.
    const logged = h.current.problems.splice(before);
    h.current.problems.push(...logged.filter((problem) => !problem.includes("status of 422")));

    // Tesla is listed, but filed no 10-K for fiscal 1993: the job fails while fetching, and says so.
    await request("TSLA", "1993");
    expect(await endedPhase()).toBe("failed");
    const failed = page.locator('[data-testid="job-stage"][data-failed]');
    expect(await failed.getAttribute("data-stage")).toBe("fetch");
    expect(await failed.getAttribute("data-finished")).toBe("false");
    expect(await failed.getByTestId("stage-progress").textContent()).toBe("failed");
    // Its colour as red, green and blue, whatever colour space the style sheet writes it in.
    const [red = 0, green = 0, blue = 0] = await failed.locator("span").first().evaluate((label) => {
      const canvas = document.createElement("canvas").getContext("2d");
      if (!canvas) return [];
      canvas.fillStyle = getComputedStyle(label).color;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
    expect(red > 2 * green && red > 2 * blue, `the failed step is red: rgb(${red}, ${green}, ${blue})`).toBe(true);
    const text = (await page.getByTestId("job-error").textContent()) ?? "";
    expect(text).toMatch(/^The filing could not be added: the job failed while fetching the document: .*No 10-K for fiscal year 1993.*Tesla/);
    const jobId = Number(/Job (\d+):/.exec((await page.getByTestId("add-job").textContent()) ?? "")?.[1]);
    const job = await api<Job>(`/jobs/${jobId}`);
    expect(job.status).toBe("failed");
    expect(text).toContain(job.error?.replace(/\.$/, "") ?? "(no error recorded)");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "add-04-edgar-failed");
  });

  it("keeps the panel's controls at 44 px tap targets on a phone", async () => {
    const phone = await launch({ width: 390, height: 844 });
    try {
      await phone.page.goto("/browse");
      await phone.page.getByRole("button", { name: "Add filing" }).click();
      for (const source of ["From EDGAR", "Upload a document"]) {
        await phone.page.getByTestId("add-filing").locator("label", { hasText: source }).click();
        expect(await smallTapTargets(phone.page, '[data-testid="add-filing"]'), source).toEqual([]);
      }
      expect(await seriousViolations(phone.page)).toEqual([]);
      await screenshot(phone.page, "add-05-phone");
    } finally {
      await phone.browser.close();
    }
    expect(phone.problems).toEqual([]);
  });
});
