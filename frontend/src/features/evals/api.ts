/** The evaluation routes, through the typed client. */

import { api, unwrap } from "../../api/client";
import type { EvalRunDetail, EvalRunStarted, EvalRunSummary } from "./types";

export async function listRuns(signal: AbortSignal): Promise<EvalRunSummary[]> {
  return unwrap(await api.GET("/eval/runs", { signal })).runs;
}

export async function getRun(runId: number, signal: AbortSignal): Promise<EvalRunDetail> {
  return unwrap(await api.GET("/eval/runs/{run_id}", { params: { path: { run_id: runId } }, signal }));
}

export async function startRun(adminToken: string, gold: string | null): Promise<EvalRunStarted> {
  return unwrap(
    await api.POST("/eval/run", {
      headers: { Authorization: `Bearer ${adminToken}` },
      body: gold ? { gold } : null,
    }),
  );
}
