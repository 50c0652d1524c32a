/** One "Add filing" job as the screen shows it: sent, then the job's states as its event stream reports
 * them (stage by stage), until it succeeded or failed. Also the words the screen says about it. */

import type { Job, JobStage } from "../../api/types";
import { formatMs } from "../../lib/format";

export type AddPhase = "editing" | "sending" | "running" | "succeeded" | "failed";

export interface AddState {
  /** Which submission the state belongs to: events of an earlier, abandoned one are dropped. */
  attempt: number;
  phase: AddPhase;
  job: Job | null;
  /** What went wrong, in plain words: the request refused, the stream lost, or the job's own error. */
  error: string | null;
}

export type AddAction =
  | { type: "submit"; attempt: number }
  | { type: "job"; attempt: number; job: Job }
  | { type: "failed"; attempt: number; message: string }
  | { type: "reset" };

export const initialAddState: AddState = { attempt: 0, phase: "editing", job: null, error: null };

const STAGE_LABELS: Record<string, string> = {
  fetch: "Fetching the document",
  parse: "Reading text, tables and XBRL tags",
  render: "Rendering the pages",
  store: "Storing and indexing",
};

export function stageLabel(name: string): string {
  return STAGE_LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/** "Rendering the pages" → "rendering the pages": the label inside a sentence (acronyms kept). */
function inSentence(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Why the job failed, in plain words: the stage it stopped in and the worker's error, as it said it. */
export function jobFailure(job: Pick<Job, "stage" | "stages" | "error">): string {
  const stopped = job.stage ?? job.stages.find((stage) => !stage.finished)?.name ?? null;
  const where = stopped ? ` while ${inSentence(stageLabel(stopped))}` : "";
  const why = job.error?.trim().replace(/\.$/, "");
  return `The filing could not be added: the job failed${where}${why ? `: ${why}` : ""}.`;
}

/** A stage's progress: a fraction for the stages that count their work (pages rendered), null otherwise. */
export function stageFraction(stage: JobStage): number | null {
  if (stage.finished) return 1;
  if (!stage.total) return null;
  return Math.min(1, stage.done / stage.total);
}

export function stageProgress(stage: JobStage): string {
  const counted = stage.total && stage.total > 1 ? `${stage.done} of ${stage.total}` : null;
  if (stage.finished) return [counted, stage.seconds !== null && stage.seconds !== undefined ? formatMs(stage.seconds * 1000) : "done"].filter(Boolean).join(" · ");
  return counted ?? "running…";
}

/** What the live region says: the stage under way (not every page), then how it ended. */
export function announcement(state: AddState): string {
  const { job } = state;
  if (state.phase === "sending") return "Sending…";
  if (state.phase === "failed") return state.error ?? "The filing could not be added.";
  if (!job) return "";
  if (state.phase === "succeeded") return `Filing added: ${job.source}.`;
  if (job.status === "queued") return "Queued: waiting for a worker.";
  if (job.status === "retrying") return `Attempt ${job.attempts} failed; it will be retried.`;
  return job.stage ? `${stageLabel(job.stage)}…` : "Starting…";
}

function isNewer(job: Job, current: Job | null): boolean {
  return current === null || current.id !== job.id || Date.parse(job.updated_at) >= Date.parse(current.updated_at);
}

export function addReducer(state: AddState, action: AddAction): AddState {
  if (action.type === "reset") return { ...initialAddState, attempt: state.attempt };
  if (action.type === "submit") return { attempt: action.attempt, phase: "sending", job: null, error: null };
  if (action.attempt !== state.attempt || (state.phase !== "sending" && state.phase !== "running")) return state;
  if (action.type === "failed") return { ...state, phase: "failed", error: action.message };
  if (!isNewer(action.job, state.job)) return state; // a state the stream already moved past
  const { job } = action;
  if (job.status === "succeeded") return { ...state, phase: "succeeded", job, error: null };
  if (job.status === "failed") return { ...state, phase: "failed", job, error: jobFailure(job) };
  return { ...state, phase: "running", job };
}
