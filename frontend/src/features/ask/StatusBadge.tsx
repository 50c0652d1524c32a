import type { AnswerStatus, QueryResponse } from "../../api/types";
import { reasonOf } from "./reasons";

const LOOK: Record<AnswerStatus, { label: string; className: string; meaning: string }> = {
  verified: {
    label: "Verified",
    className: "bg-emerald-100 text-emerald-900 ring-emerald-300",
    meaning: "Every figure matches a cell of the cited filing.",
  },
  quoted: {
    label: "Quoted",
    className: "bg-violet-100 text-violet-900 ring-violet-300",
    meaning: "The filer's own sentences, quoted with their pages: a quote, not a verified figure.",
  },
  ambiguous: {
    label: "Ambiguous",
    className: "bg-orange-100 text-orange-900 ring-orange-300",
    meaning: "Several cells fit the question equally well with different values: each is linked, none is verified.",
  },
  no_figures: {
    label: "No figures",
    className: "bg-sky-100 text-sky-900 ring-sky-300",
    meaning: "Answered in words, with no figure to verify.",
  },
  refused: {
    label: "Refused",
    className: "bg-amber-100 text-amber-900 ring-amber-300",
    meaning: "The ingested filings do not cover this question.",
  },
  cannot_verify: {
    label: "Cannot verify",
    className: "bg-red-100 text-red-900 ring-red-300",
    meaning: "No figure of the draft could be verified against the filing, so none is shown.",
  },
};

/** The status's badge; its tooltip says the real reason where the answer names one. */
export function StatusBadge({ status, reason = null, testId = "status-badge" }: { status: AnswerStatus; reason?: QueryResponse["reason"]; testId?: string }) {
  const look = LOOK[status];
  return (
    <span
      data-testid={testId}
      data-status={status}
      title={reasonOf({ reason })?.why ?? look.meaning}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${look.className}`}
    >
      {look.label}
    </span>
  );
}

export function statusMeaning(status: AnswerStatus): string {
  return LOOK[status].meaning;
}

export function statusLabel(status: AnswerStatus): string {
  return LOOK[status].label;
}
