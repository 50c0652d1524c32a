/** The state of one question while its pipeline runs: hop rows in stream order, then the answer or an error. */

import { isHopName } from "../../api/hops";
import type { QueryResponse, TraceEvent } from "../../api/types";
import type { Asked } from "../../lib/routes";

export interface TraceRow {
  /** The event id the server gave (its position in the stream), or the arrival position when it gave none. */
  seq: number;
  name: string;
  /** 1 for the first draft; each repair starts the next attempt, so its rows read "attempt 2", ... */
  attempt: number;
  isRepair: boolean;
  latencyMs: number;
  tokens: number;
  cost: number;
  summary: string;
}

export type AskPhase = "idle" | "streaming" | "answered" | "failed";

export interface AskState {
  /** Which question the state belongs to: events of an earlier, abandoned run are dropped. */
  run: number;
  phase: AskPhase;
  /** The question and its filters (null before the first). */
  asked: Asked | null;
  rows: TraceRow[];
  response: QueryResponse | null;
  error: string | null;
}

export type AskAction =
  | { type: "start"; run: number; asked: Asked }
  /** An answer kept from before (the browser's history of questions), shown without asking again. */
  | { type: "restore"; run: number; asked: Asked; response: QueryResponse }
  | { type: "hop"; run: number; id: string | null; event: TraceEvent }
  | { type: "answer"; run: number; response: QueryResponse }
  | { type: "error"; run: number; message: string };

export const initialAskState: AskState = {
  run: 0,
  phase: "idle",
  asked: null,
  rows: [],
  response: null,
  error: null,
};

/** Attempts follow the order of the rows: every row after the n-th repair belongs to attempt n + 1. */
function numberAttempts(rows: TraceRow[]): TraceRow[] {
  let attempt = 1;
  return rows.map((row) => {
    if (row.isRepair) attempt += 1;
    return row.attempt === attempt ? row : { ...row, attempt };
  });
}

function rowOf(seq: number, event: TraceEvent): TraceRow {
  return {
    seq,
    name: event.name,
    attempt: 1,
    isRepair: event.name === "repair",
    latencyMs: event.latency_ms,
    tokens: event.tokens,
    cost: event.cost,
    summary: event.summary,
  };
}

function withRow(rows: TraceRow[], row: TraceRow): TraceRow[] {
  if (rows.some((existing) => existing.seq === row.seq)) return rows; // a replayed event
  const sorted = [...rows, row].sort((a, b) => a.seq - b.seq);
  return numberAttempts(sorted);
}

function nextSeq(rows: TraceRow[]): number {
  return rows.reduce((max, row) => Math.max(max, row.seq), 0) + 1;
}

/** The hops the stream does not carry (the final "answer" hop) are taken from the response's own trace. */
function withClosingRows(rows: TraceRow[], response: QueryResponse): TraceRow[] {
  const streamed = new Set(rows.map((row) => row.name));
  const closing = (response.trace ?? []).filter((event) => !isHopName(event.name) && !streamed.has(event.name));
  return closing.reduce((acc, event) => withRow(acc, rowOf(nextSeq(acc), event)), rows);
}

export function askReducer(state: AskState, action: AskAction): AskState {
  if (action.type === "start") {
    return { ...initialAskState, run: action.run, phase: "streaming", asked: action.asked };
  }
  if (action.type === "restore") {
    const rows = (action.response.trace ?? []).reduce<TraceRow[]>((acc, event, index) => withRow(acc, rowOf(index + 1, event)), []);
    return { ...initialAskState, run: action.run, phase: "answered", asked: action.asked, response: action.response, rows };
  }
  if (action.run !== state.run || state.phase !== "streaming") return state;
  switch (action.type) {
    case "hop": {
      const parsed = action.id === null ? Number.NaN : Number(action.id);
      const seq = Number.isFinite(parsed) ? parsed : nextSeq(state.rows);
      return { ...state, rows: withRow(state.rows, rowOf(seq, action.event)) };
    }
    case "answer":
      return {
        ...state,
        phase: "answered",
        response: action.response,
        rows: withClosingRows(state.rows, action.response),
      };
    case "error":
      return { ...state, phase: "failed", error: action.message };
  }
}
