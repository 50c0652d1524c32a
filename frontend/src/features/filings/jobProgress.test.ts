import { describe, expect, it } from "vitest";
import type { Job, JobStage } from "../../api/types";
import { addReducer, announcement, initialAddState, jobFailure, stageFraction, stageProgress, type AddState } from "./jobProgress";

const stage = (name: string, over: Partial<JobStage> = {}): JobStage => ({ name, done: 0, total: 1, seconds: null, finished: false, ...over });

function job(second: number, over: Partial<Job> = {}): Job {
  return {
    id: 7,
    source: "10-Q_0001326380-23-000047.htm",
    status: "running",
    attempts: 1,
    stage: null,
    stages: [],
    error: null,
    outcome: null,
    filing_id: null,
    created_at: "2025-01-01T10:00:00Z",
    started_at: "2025-01-01T10:00:00Z",
    finished_at: null,
    updated_at: `2025-01-01T10:00:${String(second).padStart(2, "0")}Z`,
    ...over,
  };
}

const fetched = stage("fetch", { done: 1, seconds: 0.01, finished: true });
const parsed = stage("parse", { done: 1, seconds: 1.24, finished: true });

/** The job's states as its event stream sends them for an upload that ingests. */
const SUCCESS: Job[] = [
  job(0, { status: "queued", started_at: null }),
  job(1, { stage: "fetch", stages: [stage("fetch")] }),
  job(2, { stage: "parse", stages: [fetched, stage("parse")] }),
  job(3, { stage: "render", stages: [fetched, parsed, stage("render", { done: 3, total: 12 })] }),
  job(5, { stage: "store", stages: [fetched, parsed, stage("render", { done: 12, total: 12, seconds: 2.5, finished: true }), stage("store")] }),
  job(6, { status: "succeeded", outcome: "ingested", filing_id: 42, finished_at: "2025-01-01T10:00:06Z", stages: [fetched, parsed, stage("render", { done: 12, total: 12, seconds: 2.5, finished: true }), stage("store", { done: 1, seconds: 0.8, finished: true })] }),
];

function run(jobs: Job[], attempt = 1, from: AddState = addReducer(initialAddState, { type: "submit", attempt })): AddState[] {
  const states: AddState[] = [];
  jobs.reduce((state, next) => {
    const after = addReducer(state, { type: "job", attempt, job: next });
    states.push(after);
    return after;
  }, from);
  return states;
}

describe("addReducer", () => {
  it("follows a job from queued through each stage to its filing", () => {
    const states = run(SUCCESS);
    expect(states.map((state) => state.phase)).toEqual(["running", "running", "running", "running", "running", "succeeded"]);
    expect(states.map((state) => state.job?.stage ?? null)).toEqual([null, "fetch", "parse", "render", "store", null]);
    expect(states.at(-1)?.job?.filing_id).toBe(42);
    expect(states.map(announcement)).toEqual([
      "Queued: waiting for a worker.",
      "Fetching the document…",
      "Reading text, tables and XBRL tags…",
      "Rendering the pages…",
      "Storing and indexing…",
      "Filing added: 10-Q_0001326380-23-000047.htm.",
    ]);
  });

  it("keeps the newest state when an older one arrives late (a reconnect replays the stream)", () => {
    const states = run([SUCCESS[3]!, SUCCESS[1]!]);
    expect(states.at(-1)?.job?.stage).toBe("render");
  });

  it("drops the events of an abandoned submission and anything after the end", () => {
    const second = addReducer(initialAddState, { type: "submit", attempt: 2 });
    expect(addReducer(second, { type: "job", attempt: 1, job: SUCCESS[2]! })).toBe(second);
    const done = run(SUCCESS, 2, second).at(-1)!;
    expect(addReducer(done, { type: "failed", attempt: 2, message: "late" })).toBe(done);
  });

  it("says why a job failed, with the stage it stopped in", () => {
    const failed = job(4, { status: "failed", stage: "parse", stages: [fetched, stage("parse")], error: "no inline XBRL cover facts in notes.htm", finished_at: "2025-01-01T10:00:04Z" });
    const state = run([SUCCESS[1]!, failed]).at(-1)!;
    expect(state.phase).toBe("failed");
    expect(state.error).toBe("The filing could not be added: the job failed while reading text, tables and XBRL tags: no inline XBRL cover facts in notes.htm.");
    expect(announcement(state)).toBe(state.error);
  });

  it("reports a refused request as the failure, and clears back to the form", () => {
    const sending = addReducer(initialAddState, { type: "submit", attempt: 1 });
    expect(announcement(sending)).toBe("Sending…");
    const refused = addReducer(sending, { type: "failed", attempt: 1, message: "The admin token is wrong." });
    expect([refused.phase, refused.error, refused.job]).toEqual(["failed", "The admin token is wrong.", null]);
    expect(addReducer(refused, { type: "reset" })).toEqual({ ...initialAddState, attempt: 1 });
  });
});

describe("stage progress", () => {
  it("counts the pages rendered, and gives each finished stage its time", () => {
    const rendering = stage("render", { done: 3, total: 12 });
    expect([stageFraction(rendering), stageProgress(rendering)]).toEqual([0.25, "3 of 12"]);
    expect(stageProgress(stage("render", { done: 12, total: 12, seconds: 2.46, finished: true }))).toBe("12 of 12 · 2.46 s");
    expect([stageFraction(stage("parse")), stageProgress(stage("parse"))]).toEqual([0, "running…"]);
    expect(stageFraction(stage("store", { total: null }))).toBeNull();
    expect(stageProgress(parsed)).toBe("1.24 s");
  });

  it("names the stage when the job failed before any stage was recorded as current", () => {
    expect(jobFailure({ stage: null, stages: [], error: "the worker was lost" })).toBe("The filing could not be added: the job failed: the worker was lost.");
  });
});
