/** The recent questions of this browser with their answers (local storage): the Ask screen lists them,
 * and an address that carries one of them reopens its answer without asking again. */

import type { QueryResponse } from "../../api/types";
import { askedPath, type Asked } from "../../lib/routes";

export interface HistoryEntry {
  asked: Asked;
  /** ISO time the answer came. */
  answeredAt: string;
  response: QueryResponse;
}

export const HISTORY_KEY = "filingproof.askHistory";
export const HISTORY_LIMIT = 10;

/** Local storage, or null where the browser refuses it (private mode, disabled storage). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<HistoryEntry>;
  return typeof entry.asked?.question === "string" && typeof entry.answeredAt === "string" && typeof entry.response?.answer === "string";
}

/** Newest first; anything unreadable in storage is dropped, not trusted. */
export function readHistory(store: Storage | null = storage()): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** The answer to the same question with the same filters, if this browser has it. */
export function findAnswer(asked: Asked, store: Storage | null = storage()): HistoryEntry | undefined {
  const key = askedPath(asked);
  return readHistory(store).find((entry) => askedPath(entry.asked) === key);
}

/** Puts an answer first (replacing an older answer to the same question), keeping the newest `limit`. A full
 * storage drops the oldest entries until the rest fit. */
export function remember(entry: HistoryEntry, store: Storage | null = storage(), limit = HISTORY_LIMIT): HistoryEntry[] {
  const key = askedPath(entry.asked);
  const entries = [entry, ...readHistory(store).filter((other) => askedPath(other.asked) !== key)].slice(0, limit);
  for (let kept = entries.length; kept > 0; kept -= 1) {
    try {
      store?.setItem(HISTORY_KEY, JSON.stringify(entries.slice(0, kept)));
      return entries.slice(0, kept);
    } catch {
      // over the quota: try with one entry fewer
    }
  }
  return [];
}

export function forget(store: Storage | null = storage()): void {
  store?.removeItem(HISTORY_KEY);
}
