/** The evaluation routes. */

import { apiUrl, problemOf } from "../../api/client";
import type { EvalRunDetail, EvalRunStarted, EvalRunSummary } from "./types";

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(apiUrl(path), { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as T;
}

export async function listRuns(signal: AbortSignal): Promise<EvalRunSummary[]> {
  return (await getJson<{ runs: EvalRunSummary[] }>("/eval/runs", signal)).runs;
}

export function getRun(runId: number, signal: AbortSignal): Promise<EvalRunDetail> {
  return getJson<EvalRunDetail>(`/eval/runs/${runId}`, signal);
}

export async function startRun(adminToken: string, gold: string | null): Promise<EvalRunStarted> {
  const response = await fetch(apiUrl("/eval/run"), {
    method: "POST",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(gold ? { gold } : {}),
  });
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as EvalRunStarted;
}
