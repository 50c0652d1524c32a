import { describe, expect, it } from "vitest";
import type { QueryResponse, TraceEvent } from "../../api/types";
import type { Asked } from "../../lib/routes";
import { askReducer, initialAskState, type AskAction, type AskState } from "./traceReducer";

const hop = (name: string, summary = `${name} done`): TraceEvent => ({ name, latency_ms: 1.5, tokens: 0, cost: 0, summary });

function run(actions: AskAction[], from: AskState = initialAskState): AskState {
  return actions.reduce(askReducer, from);
}

const asked = (question: string): Asked => ({ question, ticker: null, filingId: null });
const started = run([{ type: "start", run: 1, asked: asked("What was Apple's revenue in fiscal 2024?") }]);

function answer(overrides: Partial<QueryResponse> = {}): QueryResponse {
  return {
    question: "q",
    answer: "a",
    status: "verified",
    figures: [],
    citations: [],
    trace: [hop("router"), hop("answer", "status=verified")],
    cost: 0,
    latency_ms: 10,
    ...overrides,
  };
}

describe("askReducer", () => {
  it("starts a question streaming with no rows", () => {
    expect(started).toMatchObject({ phase: "streaming", rows: [], response: null, error: null, run: 1 });
  });

  it("keeps rows in stream order by event id, whatever order they are dispatched in", () => {
    const state = run(
      [
        { type: "hop", run: 1, id: "3", event: hop("table_qa") },
        { type: "hop", run: 1, id: "1", event: hop("router") },
        { type: "hop", run: 1, id: "2", event: hop("retrieval") },
      ],
      started,
    );
    expect(state.rows.map((row) => [row.seq, row.name])).toEqual([
      [1, "router"],
      [2, "retrieval"],
      [3, "table_qa"],
    ]);
  });

  it("drops an event replayed with an id it already has", () => {
    const state = run(
      [
        { type: "hop", run: 1, id: "1", event: hop("router") },
        { type: "hop", run: 1, id: "1", event: hop("router", "again") },
      ],
      started,
    );
    expect(state.rows).toHaveLength(1);
    expect(state.rows[0]?.summary).toBe("router done");
  });

  it("numbers rows by arrival when the server gives no id", () => {
    const state = run(
      [
        { type: "hop", run: 1, id: null, event: hop("router") },
        { type: "hop", run: 1, id: null, event: hop("retrieval") },
      ],
      started,
    );
    expect(state.rows.map((row) => [row.seq, row.name])).toEqual([
      [1, "router"],
      [2, "retrieval"],
    ]);
  });

  it("shows each repair as its own row and counts the attempts after it", () => {
    const names = ["router", "retrieval", "table_qa", "synthesis", "verify", "repair", "synthesis", "verify", "repair", "synthesis", "verify"];
    const state = run(
      names.map((name, index) => ({ type: "hop", run: 1, id: String(index + 1), event: hop(name) }) as const),
      started,
    );
    expect(state.rows.map((row) => `${row.name}#${row.attempt}${row.isRepair ? "!" : ""}`)).toEqual([
      "router#1",
      "retrieval#1",
      "table_qa#1",
      "synthesis#1",
      "verify#1",
      "repair#2!",
      "synthesis#2",
      "verify#2",
      "repair#3!",
      "synthesis#3",
      "verify#3",
    ]);
  });

  it("renumbers attempts when a repair arrives after rows that follow it in the stream", () => {
    const state = run(
      [
        { type: "hop", run: 1, id: "1", event: hop("synthesis") },
        { type: "hop", run: 1, id: "3", event: hop("synthesis") },
        { type: "hop", run: 1, id: "2", event: hop("repair") },
      ],
      started,
    );
    expect(state.rows.map((row) => `${row.name}#${row.attempt}`)).toEqual(["synthesis#1", "repair#2", "synthesis#2"]);
  });

  it("ends with the answer and adds the closing hop the stream does not carry", () => {
    const response = answer();
    const state = run(
      [
        { type: "hop", run: 1, id: "1", event: hop("router") },
        { type: "answer", run: 1, response },
      ],
      started,
    );
    expect(state.phase).toBe("answered");
    expect(state.response).toBe(response);
    expect(state.rows.map((row) => row.name)).toEqual(["router", "answer"]);
  });

  it("restores a kept answer with its hops, and drops the events of the run it replaced", () => {
    const response = answer({ trace: [hop("router"), hop("retrieval"), hop("repair"), hop("synthesis"), hop("answer", "status=verified")] });
    const restored = run([{ type: "restore", run: 2, asked: asked("kept"), response }], started);
    expect(restored).toMatchObject({ phase: "answered", asked: asked("kept"), response, error: null });
    expect(restored.rows.map((row) => `${row.name}#${row.attempt}`)).toEqual(["router#1", "retrieval#1", "repair#2", "synthesis#2", "answer#2"]);
    expect(run([{ type: "hop", run: 1, id: "1", event: hop("router") }], restored)).toBe(restored);
  });

  it("ignores events of an earlier question and events after the end", () => {
    const second = run([{ type: "start", run: 2, asked: asked("second") }], started);
    const afterStale = run(
      [
        { type: "hop", run: 1, id: "1", event: hop("router") },
        { type: "answer", run: 1, response: answer() },
      ],
      second,
    );
    expect(afterStale).toBe(second);
    const ended = run([{ type: "error", run: 2, message: "boom" }], second);
    expect(ended).toMatchObject({ phase: "failed", error: "boom" });
    expect(run([{ type: "hop", run: 2, id: "1", event: hop("router") }], ended)).toBe(ended);
  });
});
