/** The evaluation API's bodies (`/eval/runs`, `/eval/runs/{id}`, `POST /eval/run`). */

export const SCORE_KEYS = [
  "n",
  "accuracy",
  "wrong_verified",
  "refusal_precision",
  "refusal_recall",
  "filing_hit_at_1",
  "filing_hit_at_3",
  "filing_mrr",
  "page_hit_at_1",
  "page_hit_at_3",
  "page_mrr",
  "latency_p50_ms",
  "latency_p95_ms",
  "tokens",
  "cost",
] as const;

export type ScoreKey = (typeof SCORE_KEYS)[number];
export type Scores = Record<ScoreKey, number | null>;

export type RunStatus = "running" | "done" | "failed";

export interface EvalRunSummary {
  id: number;
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  git_commit: string | null;
  gold_version: string;
  provider: string;
  progress: { done: number; total: number };
  scores: Scores | null;
  deltas: Scores | null;
  previous_run_id: number | null;
  error: string | null;
}

export interface EvalItem {
  item_id: string;
  kind: string;
  question: string;
  ticker: string | null;
  expected: number | null;
  unit: string | null;
  status: string;
  right: boolean;
  wrong_verified: boolean;
  filing_rank: number | null;
  page_rank: number | null;
  latency_ms: number;
  answer: string;
  figures: { text: string; value: number; unit: string }[];
}

export interface EvalRunDetail extends EvalRunSummary {
  per_kind: Record<string, Scores>;
  items: EvalItem[];
}

export interface EvalRunStarted {
  id: number;
  status: RunStatus;
  gold_version: string;
}
