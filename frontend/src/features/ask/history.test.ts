import { afterEach, describe, expect, it } from "vitest";
import type { QueryResponse } from "../../api/types";
import type { Asked } from "../../lib/routes";
import { findAnswer, forget, HISTORY_KEY, readHistory, remember, type HistoryEntry } from "./history";

const response = (answer: string): QueryResponse => ({ question: "q", answer, status: "verified", figures: [], citations: [], trace: [], cost: 0, latency_ms: 1 });
const asked = (question: string, ticker: string | null = null): Asked => ({ question, ticker, filingId: null });
const entry = (question: string, ticker: string | null = null): HistoryEntry => ({ asked: asked(question, ticker), answeredAt: "2025-01-01T00:00:00Z", response: response(`answer to ${question}`) });

afterEach(() => localStorage.clear());

describe("the history of questions", () => {
  it("keeps the newest answers first, one per question and filters, up to the limit", () => {
    remember(entry("a"));
    remember(entry("b"));
    remember(entry("a", "AAPL"));
    remember(entry("a"));
    expect(readHistory().map((kept) => `${kept.asked.question}/${kept.asked.ticker}`)).toEqual(["a/null", "a/AAPL", "b/null"]);
    for (const question of ["c", "d", "e"]) remember(entry(question), localStorage, 4);
    expect(readHistory().map((kept) => kept.asked.question)).toEqual(["e", "d", "c", "a"]);
  });

  it("finds the answer to the same question with the same filters only", () => {
    remember(entry("What was Apple's revenue?", "AAPL"));
    expect(findAnswer(asked("What was Apple's revenue?", "AAPL"))?.response.answer).toBe("answer to What was Apple's revenue?");
    expect(findAnswer(asked("What was Apple's revenue?"))).toBeUndefined();
  });

  it("drops what it cannot read, and forgets on request", () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify([{ nonsense: true }, entry("kept")]));
    expect(readHistory().map((kept) => kept.asked.question)).toEqual(["kept"]);
    localStorage.setItem(HISTORY_KEY, "{not json");
    expect(readHistory()).toEqual([]);
    remember(entry("x"));
    forget();
    expect(readHistory()).toEqual([]);
  });

  it("drops the oldest answers when storage is full", () => {
    const small: Storage = Object.assign(Object.create(localStorage) as Storage, {
      setItem(key: string, value: string) {
        if (value.length > 300) throw new DOMException("full", "QuotaExceededError");
        localStorage.setItem(key, value);
      },
      getItem: (key: string) => localStorage.getItem(key),
    });
    remember(entry("first"), small);
    const kept = remember(entry("second"), small);
    expect(kept.map((item) => item.asked.question)).toEqual(["second"]);
    expect(readHistory().map((item) => item.asked.question)).toEqual(["second"]);
  });
});
