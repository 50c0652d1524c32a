/** One question through `POST /query`: each SSE message becomes an action of the ask reducer. */

import { apiUrl, problemOf } from "../../api/client";
import { readSse } from "../../api/sse";
import { isHopName } from "../../api/hops";
import type { Problem, QueryRequest, QueryResponse, TraceEvent } from "../../api/types";
import type { AskAction } from "./traceReducer";

type Dispatch = (action: AskAction) => void;

export async function streamQuery(request: QueryRequest, run: number, dispatch: Dispatch, signal: AbortSignal): Promise<void> {
  const response = await fetch(apiUrl("/query"), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok || !response.body) throw await problemOf(response);
  for await (const message of readSse(response.body, signal)) {
    if (isHopName(message.event)) {
      dispatch({ type: "hop", run, id: message.id, event: JSON.parse(message.data) as TraceEvent });
    } else if (message.event === "answer") {
      // A fast answer can arrive in the same chunk as its hops: one task later, so that the browser paints
      // the hop rows (committed as each arrived) before the answer.
      await new Promise((resolve) => window.setTimeout(resolve, 0));
      dispatch({ type: "answer", run, response: JSON.parse(message.data) as QueryResponse });
      return;
    } else if (message.event === "error") {
      const problem = JSON.parse(message.data) as Problem;
      dispatch({ type: "error", run, message: problem.detail ?? problem.title });
      return;
    }
  }
  if (!signal.aborted) dispatch({ type: "error", run, message: "The answer stream ended before the answer came." });
}
