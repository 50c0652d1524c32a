/** "Add filing" end to end: an upload through the Filings screen, taken by a real `filingproof worker` (the
 * Python harness runs one beside the server), followed stage by stage over the job's event stream to the new
 * filing; and a document that is no filing, failed with the worker's error in words. The harness removes
 * what this adds, so the corpus stays as it was. */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Filing, FilingList, Job } from "../src/api/types";
import { api, launch, screenshot, seriousViolations, smallTapTargets, type Harness } from "./browser";

const SHARED = resolve(process.env.FILINGPROOF_SHARED_DIR ?? "../../shared");
// GameStop's 10-Q for the quarter ended 2023-07-29: small (seconds to render), and not one of the corpus's filers.
const UPLOAD = join(SHARED, "corpus-large", "GME", "10-Q_0001326380-23-000047.htm.gz");
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? "";
const JOB_TIMEOUT_MS = 120_000;

let h: Harness;

beforeAll(async () => {
  h = await launch();
});

afterAll(async () => {
  await h?.browser.close();
  expect(h?.problems ?? [], "console errors or failed requests during the run").toEqual([]);
});

async function openAddFiling(): Promise<void> {
  const { page } = h;
  await page.goto("/browse");
  await page.getByTestId("filings-table").waitFor();
  await page.getByRole("button", { name: "Add filing" }).click();
  await page.getByRole("heading", { name: "Add a filing" }).waitFor();
}

async function upload(path: string): Promise<void> {
  const { page } = h;
  const panel = page.getByTestId("add-filing");
  await panel.locator("label", { hasText: "Upload a document" }).click();
  await panel.getByLabel(/^Filing document/).setInputFiles(path);
  await panel.getByLabel("Admin token").fill(ADMIN_TOKEN);
  await panel.getByRole("button", { name: "Add filing" }).click();
}

/** The job's phase once it ended (the panel's data-phase), within the job's deadline. */
async function endedPhase(): Promise<string | null> {
  const job = h.page.getByTestId("add-job");
  await job.and(h.page.locator('[data-phase="succeeded"], [data-phase="failed"]')).waitFor({ timeout: JOB_TIMEOUT_MS });
  return job.getAttribute("data-phase");
}

describe("Add filing", () => {
  it("uploads a filing, shows each stage's progress live, then lists it and links to it", async () => {
    expect(ADMIN_TOKEN, "ADMIN_TOKEN must be the server's admin token").not.toBe("");
    const { page } = h;
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

  it("fails a document that is no filing, with the worker's error in words", async () => {
    const { page } = h;
    const notes = join(mkdtempSync(join(tmpdir(), "filingproof-e2e-")), "meeting-notes.htm");
    writeFileSync(notes, "<html><body><p>Notes from Tuesday's meeting: nothing about any filing.</p></body></html>");
    await openAddFiling();
    await upload(notes);
    expect(await endedPhase()).toBe("failed");
    const alert = page.getByTestId("job-error");
    const text = (await alert.textContent()) ?? "";
    expect(text).toMatch(/^The filing could not be added: the job failed( while [^:]+)?: .+\.$/);
    // The words are the job's own error, as the API records it.
    const jobId = Number(/Job (\d+):/.exec((await page.getByTestId("add-job").textContent()) ?? "")?.[1]);
    const job = await api<Job>(`/jobs/${jobId}`);
    expect(job.status).toBe("failed");
    expect(text).toContain(job.error?.replace(/\.$/, "") ?? "(no error recorded)");
    expect(await alert.getAttribute("role")).toBe("alert");
    await screenshot(page, "add-03-failed");
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
      await screenshot(phone.page, "add-04-phone");
    } finally {
      await phone.browser.close();
    }
    expect(phone.problems).toEqual([]);
  });
});
