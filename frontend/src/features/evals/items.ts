/** Filtering a run's per-item results. */

import type { EvalItem } from "./types";

export type Verdict = "all" | "right" | "wrong" | "wrong_verified";

export interface ItemFilter {
  kind: string;
  verdict: Verdict;
  status: string;
  text: string;
}

export const NO_FILTER: ItemFilter = { kind: "", verdict: "all", status: "", text: "" };

export function filterItems(items: readonly EvalItem[], filter: ItemFilter): EvalItem[] {
  const needle = filter.text.trim().toLowerCase();
  return items.filter(
    (item) =>
      (!filter.kind || item.kind === filter.kind) &&
      (!filter.status || item.status === filter.status) &&
      (filter.verdict === "all" ||
        (filter.verdict === "right" && item.right) ||
        (filter.verdict === "wrong" && !item.right) ||
        (filter.verdict === "wrong_verified" && item.wrong_verified)) &&
      (!needle || item.question.toLowerCase().includes(needle) || item.item_id.toLowerCase().includes(needle) || (item.ticker ?? "").toLowerCase() === needle),
  );
}

export function distinct(items: readonly EvalItem[], field: "kind" | "status"): string[] {
  return [...new Set(items.map((item) => item[field]))].sort();
}
