/** The question in flight and its last answer, kept above the routes so that going back from the viewer
 * finds the answer where it was. */

import { createContext, use, useCallback, useMemo, useReducer, useRef, type ReactNode } from "react";
import { describeError } from "../../api/client";
import type { QueryFilterParams } from "../../api/types";
import { config } from "../../config";
import { streamQuery } from "./stream";
import { askReducer, initialAskState, type AskState } from "./traceReducer";

interface AskContextValue {
  state: AskState;
  ask: (question: string, filters: QueryFilterParams) => void;
  cancel: () => void;
}

const AskContext = createContext<AskContextValue | null>(null);

export function AskProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(askReducer, initialAskState);
  const runs = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const cancel = useCallback(() => inFlight.current?.abort(new DOMException("Cancelled", "AbortError")), []);

  const ask = useCallback((question: string, filters: QueryFilterParams) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const run = ++runs.current;
    dispatch({ type: "start", run, question });
    const timer = window.setTimeout(() => controller.abort(new DOMException("Timed out", "TimeoutError")), config.queryTimeoutMs);
    streamQuery({ question, filters }, run, dispatch, controller.signal)
      .catch((error: unknown) => {
        const reason: unknown = controller.signal.reason;
        const message =
          reason instanceof DOMException && reason.name === "TimeoutError"
            ? `No answer within ${Math.round(config.queryTimeoutMs / 1000)} s.`
            : reason instanceof DOMException && reason.name === "AbortError"
              ? "Cancelled."
              : describeError(error);
        dispatch({ type: "error", run, message });
      })
      .finally(() => window.clearTimeout(timer));
  }, []);

  const value = useMemo(() => ({ state, ask, cancel }), [state, ask, cancel]);
  return <AskContext value={value}>{children}</AskContext>;
}

export function useAsk(): AskContextValue {
  const value = use(AskContext);
  if (!value) throw new Error("useAsk outside AskProvider");
  return value;
}
