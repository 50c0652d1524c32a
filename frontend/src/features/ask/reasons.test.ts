import { describe, expect, it } from "vitest";
import { coveredList, reasonOf, understood } from "./reasons";

describe("reasonOf", () => {
  it("says why and what to do next for each kind of refusal, nothing for an answer", () => {
    expect(reasonOf({ reason: "item_not_matched" })?.why).toBe("The row found in the filing's tables is not the item asked, so no figure is given.");
    expect(reasonOf({ reason: "company_not_ingested" })?.next).toMatch(/Add filing/);
    expect(reasonOf({ reason: "metric_not_applicable" })?.why).toMatch(/never print/);
    expect(reasonOf({ reason: null })).toBeNull();
  });
});

describe("understood", () => {
  it("says each bound span of the reading and the filler set aside", () => {
    const reading = {
      text: "What was Apple's capital expenditures FY2024",
      spans: [
        { text: "hey", role: "filler" as const, bound: "" },
        { text: "Apple", role: "company" as const, bound: "AAPL" },
        { text: "capex", role: "item" as const, bound: "capital expenditures" },
        { text: "fiscal", role: "period" as const, bound: "fiscal" },
        { text: "2024", role: "period" as const, bound: "2024" },
      ],
    };
    expect(understood({ reading })).toBe(
      "company Apple → AAPL · item capex → capital expenditures · period fiscal 2024 (set aside: “hey”)",
    );
    expect(understood({ reading: null })).toBeNull();
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
