/** `POST /filings` (admin) and the job's progress: `GET /jobs/{id}/events`, read as SSE. */

import { api, apiUrl, problemOf, unwrap } from "../../api/client";
import { readSse } from "../../api/sse";
import type { Job } from "../../api/types";
import { contentProblem, namedProblem } from "./uploadCheck";

export type FilingRequest =
  | { kind: "edgar"; ticker: string; form: string; fiscalYear: number | null }
  | { kind: "document"; file: File };

const GZIP = /\.gz$/i;
const RECONNECTS = 3;

/** A `.htm.gz` is sent decompressed, under its name without `.gz` (the API takes HTML or PDF). */
async function documentBlob(file: File): Promise<{ blob: Blob; name: string }> {
  if (!GZIP.test(file.name)) return { blob: file, name: file.name };
  const plain = file.stream().pipeThrough(new DecompressionStream("gzip"));
  return { blob: await new Response(plain).blob(), name: file.name.replace(GZIP, "") };
}

/** Why the document cannot be a filing, checked in the browser before anything is sent; null if it may be. */
export async function documentProblem(file: File): Promise<string | null> {
  const named = namedProblem(file.name.replace(GZIP, ""), GZIP.test(file.name) ? 1 : file.size);
  if (named) return named;
  let document: { blob: Blob; name: string };
  try {
    document = await documentBlob(file);
  } catch {
    return `${file.name} could not be decompressed: it is not a gzip file.`;
  }
  const { blob, name } = document;
  const sized = namedProblem(name, blob.size);
  if (sized) return sized;
  // A PDF is told by its first bytes (its words are compressed); an HTML document is read whole.
  const text = await (/\.pdf$/i.test(name) ? blob.slice(0, 1024) : blob).text();
  return contentProblem(name, text);
}

async function formOf(request: FilingRequest): Promise<FormData> {
  const form = new FormData();
  if (request.kind === "document") {
    const { blob, name } = await documentBlob(request.file);
    form.append("document", blob, name);
    return form;
  }
  form.append("ticker", request.ticker);
  form.append("form", request.form);
  if (request.fiscalYear !== null) form.append("fiscal_year", String(request.fiscalYear));
  return form;
}

export async function addFiling(adminToken: string, request: FilingRequest, signal: AbortSignal): Promise<Job> {
  const response = await fetch(apiUrl("/filings"), {
    method: "POST",
    headers: { Authorization: `Bearer ${adminToken}`, Accept: "application/json" },
    body: await formOf(request),
    signal,
  });
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as Job;
}

async function streamOnce(jobId: number, onJob: (job: Job) => void, signal: AbortSignal): Promise<Job | null> {
  const response = await fetch(apiUrl(`/jobs/${jobId}/events`), { headers: { Accept: "text/event-stream" }, signal });
  if (!response.ok || !response.body) throw await problemOf(response);
  let last: Job | null = null;
  for await (const message of readSse(response.body, signal)) {
    if (message.event !== "job") continue;
    last = JSON.parse(message.data) as Job;
    onJob(last);
  }
  return last;
}

/** Follows the job until it ends: its event stream, opened again (after a look at the job) should it end
 * early, as a proxy's timeout may do. Resolves with the final job. */
export async function followJob(jobId: number, onJob: (job: Job) => void, signal: AbortSignal): Promise<Job> {
  for (let tries = 0; ; tries += 1) {
    const last = await streamOnce(jobId, onJob, signal);
    if (last && (last.status === "succeeded" || last.status === "failed")) return last;
    const now = unwrap(await api.GET("/jobs/{job_id}", { params: { path: { job_id: jobId } }, signal }));
    onJob(now);
    if (now.status === "succeeded" || now.status === "failed") return now;
    if (tries >= RECONNECTS) throw new Error(`The progress of job ${jobId} could not be followed; it may still be running.`);
  }
}
