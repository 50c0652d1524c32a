import { describe, expect, it } from "vitest";
import { coveredList, reasonOf, understood } from "./reasons";

describe("reasonOf", () => {
  it("says why and what to do next for each kind of refusal, nothing for an answer", () => {
    expect(reasonOf({ reason: "item_not_matched" })?.why).toBe("The row found in the filing's tables is not the item asked, so no figure is given.");
    expect(reasonOf({ reason: "company_not_ingested" })?.next).toMatch(/Add filing/);
    expect(reasonOf({ reason: null })).toBeNull();
  });
});

describe("understood", () => {
  it("reads the router's summary into words", () => {
    const trace = [{ name: "router", latency_ms: 1, tokens: 0, cost: 0, summary: "route=refuse companies=- years=2024 items=net_income,revenue derivation=-" }];
    expect(understood({ trace })).toBe("year 2024 · item net income, revenue");
    expect(understood({ trace: [] })).toBeNull();
  });
});

describe("coveredList", () => {
  it("cuts the list of covered filings off the refusal", () => {
    expect(coveredList("The question names no ingested company, so there is no answer to give. Covered: AAPL 10-K FY2024 (period ended 2024-09-28); KO 10-K FY2024 (period ended 2024-12-31).")).toEqual({
      said: "The question names no ingested company, so there is no answer to give.",
      covered: ["AAPL 10-K FY2024 (period ended 2024-09-28)", "KO 10-K FY2024 (period ended 2024-12-31)"],
    });
    expect(coveredList("No passage answers it.")).toEqual({ said: "No passage answers it.", covered: [] });
  });
});
