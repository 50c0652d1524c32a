/** How each score reads: its label, how it is written, and which way is better (for the deltas). */

import { formatCost, formatMs, formatRatio } from "../../lib/format";
import type { ScoreKey, Scores } from "./types";

type Kind = "ratio" | "count" | "ms" | "money";

export interface Metric {
  key: ScoreKey;
  label: string;
  kind: Kind;
  /** +1: higher is better, -1: lower is better, 0: neither (a count of items). */
  better: 1 | -1 | 0;
}

export const METRICS: readonly Metric[] = [
  { key: "accuracy", label: "Accuracy", kind: "ratio", better: 1 },
  { key: "wrong_verified", label: "Wrong but verified", kind: "count", better: -1 },
  { key: "refusal_precision", label: "Refusal precision", kind: "ratio", better: 1 },
  { key: "refusal_recall", label: "Refusal recall", kind: "ratio", better: 1 },
  { key: "filing_hit_at_1", label: "Filing hit@1", kind: "ratio", better: 1 },
  { key: "filing_hit_at_3", label: "Filing hit@3", kind: "ratio", better: 1 },
  { key: "filing_mrr", label: "Filing MRR", kind: "ratio", better: 1 },
  { key: "page_hit_at_1", label: "Page hit@1", kind: "ratio", better: 1 },
  { key: "page_hit_at_3", label: "Page hit@3", kind: "ratio", better: 1 },
  { key: "page_mrr", label: "Page MRR", kind: "ratio", better: 1 },
  { key: "latency_p50_ms", label: "Latency p50", kind: "ms", better: -1 },
  { key: "latency_p95_ms", label: "Latency p95", kind: "ms", better: -1 },
  { key: "tokens", label: "Tokens", kind: "count", better: -1 },
  { key: "cost", label: "Cost", kind: "money", better: -1 },
  { key: "n", label: "Items", kind: "count", better: 0 },
];

export function formatScore(metric: Metric, value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  switch (metric.kind) {
    case "ratio":
      return formatRatio(value);
    case "ms":
      return formatMs(value);
    case "money":
      return formatCost(value);
    case "count":
      return value.toLocaleString("en-US");
  }
}

export function formatDelta(metric: Metric, delta: number | null | undefined): string | null {
  if (delta === null || delta === undefined || delta === 0) return delta === 0 ? "±0" : null;
  const sign = delta > 0 ? "+" : "−";
  const size = Math.abs(delta);
  switch (metric.kind) {
    case "ratio":
      return `${sign}${(size * 100).toFixed(1)} pt`;
    case "ms":
      return `${sign}${formatMs(size)}`;
    case "money":
      return `${sign}${formatCost(size)}`;
    case "count":
      return `${sign}${size.toLocaleString("en-US")}`;
  }
}

/** "better", "worse" or "same" for a change of a score. */
export function deltaTone(metric: Metric, delta: number | null | undefined): "better" | "worse" | "same" {
  if (!delta || metric.better === 0) return "same";
  return Math.sign(delta) === metric.better ? "better" : "worse";
}

export function score(scores: Scores | null | undefined, key: ScoreKey): number | null {
  return scores?.[key] ?? null;
}
