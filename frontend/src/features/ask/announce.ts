/** What the Ask screen's live region says: the answer's status and words once it is in, not every hop. */

import { answerWords, shownSources } from "./sources";
import { statusLabel } from "./StatusBadge";
import type { AskState } from "./traceReducer";

export function announcement(state: Pick<AskState, "phase" | "response" | "error">): string {
  if (state.phase === "streaming") return "Asking…";
  if (state.phase === "failed") return `No answer: ${state.error ?? "the question failed"}`;
  if (state.phase !== "answered" || !state.response) return "";
  const { response } = state;
  const { figures, located } = shownSources(response);
  return `Answer, ${statusLabel(response.status).toLowerCase()}: ${answerWords(response.answer, figures, located)}`;
}
