import { describe, expect, it } from "vitest";
import { QUESTION_MAX_LENGTH } from "../../api/limits";
import { announcement } from "./announce";
import { APPLE } from "./answers.fixture";
import { lengthProblem } from "./AskPage";

describe("announcement", () => {
  it("says the answer's status and its words once it is in", () => {
    expect(announcement({ phase: "answered", response: APPLE, error: null })).toBe("Answer, verified: Apple's revenue for fiscal 2024 was $391,035 million (AAPL 10-K, p. 29).");
  });

  it("says that the question is being asked, or why it failed, and nothing before the first", () => {
    expect(announcement({ phase: "streaming", response: null, error: null })).toBe("Asking…");
    expect(announcement({ phase: "failed", response: null, error: "Cancelled." })).toBe("No answer: Cancelled.");
    expect(announcement({ phase: "idle", response: null, error: null })).toBe("");
  });
});

describe("lengthProblem", () => {
  it("refuses a question over the API's limit, saying the limit and the length", () => {
    expect(lengthProblem("x".repeat(QUESTION_MAX_LENGTH))).toBeNull();
    expect(lengthProblem(`  ${"x".repeat(QUESTION_MAX_LENGTH)}  `)).toBeNull();
    expect(lengthProblem("x".repeat(QUESTION_MAX_LENGTH + 345))).toBe("Questions are limited to 2,000 characters; this one has 2,345. Shorten it to ask.");
  });
});
