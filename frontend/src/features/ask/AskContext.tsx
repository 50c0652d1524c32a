/** The question in flight and its last answer, kept above the routes so that going back from the viewer
 * finds the answer where it was. Every answer is remembered in the browser's history of questions. */

import { createContext, use, useCallback, useMemo, useReducer, useRef, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { describeError } from "../../api/client";
import type { QueryFilterParams, QueryResponse } from "../../api/types";
import { config } from "../../config";
import { askedPath, type Asked } from "../../lib/routes";
import { remember } from "./history";
import { streamQuery } from "./stream";
import { askReducer, initialAskState, type AskAction, type AskState } from "./traceReducer";

interface AskContextValue {
  state: AskState;
  ask: (asked: Asked) => void;
  /** Asks, unless a question is still in flight, or the same question was answered less than a second ago:
   * a repeated submit (Enter twice, Enter then a click) sends one request. Whether it asked. */
  askOnce: (asked: Asked) => boolean;
  /** Shows an answer kept from before, without asking again. */
  restore: (asked: Asked, response: QueryResponse) => void;
  cancel: () => void;
}

/** A submit of the question just answered, within this time, is a repeat (as the server also takes it). */
const REPEAT_WINDOW_MS = 1000;

const AskContext = createContext<AskContextValue | null>(null);

export function filtersOf(asked: Asked): QueryFilterParams {
  const filters: QueryFilterParams = {};
  if (asked.ticker) filters.tickers = [asked.ticker];
  if (asked.filingId !== null) filters.filing_id = asked.filingId;
  return filters;
}

function failure(signal: AbortSignal, error: unknown): string {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === "TimeoutError") return `No answer within ${Math.round(config.queryTimeoutMs / 1000)} s.`;
  if (reason instanceof DOMException && reason.name === "AbortError") return "Cancelled.";
  return describeError(error);
}

export function AskProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(askReducer, initialAskState);
  const runs = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  /** The run whose answer has not arrived yet (a ref, not state: two key presses can come before a render). */
  const pending = useRef<number | null>(null);
  /** The last question that was settled (answered or failed), and when (performance.now()). */
  const settled = useRef<{ key: string; at: number } | null>(null);

  const cancel = useCallback(() => inFlight.current?.abort(new DOMException("Cancelled", "AbortError")), []);

  const ask = useCallback((asked: Asked) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const run = ++runs.current;
    pending.current = run;
    dispatch({ type: "start", run, asked });
    const record = (action: AskAction) => {
      if (action.type === "answer") remember({ asked, answeredAt: new Date().toISOString(), response: action.response });
      // A hop row is drawn the moment its event arrives: a fast stream comes in one chunk, and React would
      // otherwise batch its hops and its answer into one render, so the steps would never be seen streaming.
      if (action.type === "hop") flushSync(() => dispatch(action));
      else dispatch(action);
    };
    const timer = window.setTimeout(() => controller.abort(new DOMException("Timed out", "TimeoutError")), config.queryTimeoutMs);
    streamQuery({ question: asked.question, filters: filtersOf(asked) }, run, record, controller.signal)
      .catch((error: unknown) => dispatch({ type: "error", run, message: failure(controller.signal, error) }))
      .finally(() => {
        window.clearTimeout(timer);
        if (pending.current !== run) return;
        pending.current = null;
        settled.current = { key: askedPath(asked), at: performance.now() };
      });
  }, []);

  const askOnce = useCallback(
    (asked: Asked) => {
      if (pending.current !== null) return false;
      const last = settled.current;
      if (last && last.key === askedPath(asked) && performance.now() - last.at < REPEAT_WINDOW_MS) return false;
      ask(asked);
      return true;
    },
    [ask],
  );

  const restore = useCallback((asked: Asked, response: QueryResponse) => {
    inFlight.current?.abort();
    pending.current = null;
    dispatch({ type: "restore", run: ++runs.current, asked, response });
  }, []);

  const value = useMemo(() => ({ state, ask, askOnce, restore, cancel }), [state, ask, askOnce, restore, cancel]);
  return <AskContext value={value}>{children}</AskContext>;
}

export function useAsk(): AskContextValue {
  const value = use(AskContext);
  if (!value) throw new Error("useAsk outside AskProvider");
  return value;
}
