import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { QueryResponse } from "../../api/types";
import { AnswerView } from "./AnswerView";

const APPLE: QueryResponse = {
  question: "What was Apple's revenue in fiscal 2024?",
  answer: "Apple's revenue for fiscal 2024 was $391,035 million [c198] (AAPL 10-K, page 29).",
  status: "verified",
  figures: [{ text: "$391,035 million", value: 391035e6, unit: "USD", source: { cells: [198], derivation: null } }],
  citations: [
    {
      filing_id: 1,
      accession: null,
      ticker: "AAPL",
      form: "10-K",
      period_end: "2024-09-28",
      page_no: 31,
      page_label: "29",
      cells: [{ cell_id: 198, box: [597.38, 281, 720.78, 303.5] }],
    },
  ],
  trace: [],
  cost: 0,
  latency_ms: 120,
};

const NVIDIA: QueryResponse = {
  question: "What were NVIDIA's data center revenues in fiscal 2025, and how much did they grow?",
  answer: "It was $47,525 million [c17353] then $115,186 million [c18761], an increase of 142.4%.",
  status: "verified",
  figures: [
    { text: "$47,525 million", value: 47525e6, unit: "USD", source: { cells: [17353], derivation: null } },
    { text: "$115,186 million", value: 115186e6, unit: "USD", source: { cells: [18761], derivation: null } },
    {
      text: "142.4%",
      value: 142.369,
      unit: "percent",
      source: { cells: [17353, 18761], derivation: { kind: "growth", formula: "([18761] - [17353]) / |[17353]| * 100", inputs: [17353, 18761] } },
    },
  ],
  citations: [
    { filing_id: 11, accession: null, ticker: "NVDA", form: "10-K", period_end: "2024-01-28", page_no: 79, page_label: "79", cells: [{ cell_id: 17353, box: null }] },
    { filing_id: 12, accession: null, ticker: "NVDA", form: "10-K", period_end: "2025-01-26", page_no: 80, page_label: "80", cells: [{ cell_id: 18761, box: null }] },
  ],
  trace: [],
  cost: 0,
  latency_ms: 160,
};

function show(response: QueryResponse) {
  return render(
    <MemoryRouter>
      <AnswerView response={response} />
    </MemoryRouter>,
  );
}

describe("AnswerView", () => {
  it("links every figure of a verified answer to its cell on the cited page", () => {
    show(APPLE);
    expect(screen.getByTestId("status-badge")).toHaveTextContent("Verified");
    const link = within(screen.getByTestId("answer-text")).getByRole("link", { name: "$391,035 million" });
    expect(link).toHaveAttribute("href", "/view/1/31?cells=198");
    expect(screen.getByText(/AAPL 10-K 2024-09-28, p\. 29 · cell 198/)).toHaveAttribute("href", "/view/1/31?cells=198");
  });

  it("shows a derivation as its formula over linked cells, each on its own page", () => {
    show(NVIDIA);
    const derivation = screen.getByTestId("derivation");
    expect(derivation).toHaveTextContent("growth([18761] - [17353]) / |[17353]| * 100");
    const cells = within(derivation).getAllByTestId("formula-cell");
    expect(cells.map((cell) => cell.getAttribute("href"))).toEqual(["/view/12/80?cells=18761", "/view/11/79?cells=17353", "/view/11/79?cells=17353"]);
    // The growth figure itself opens the first of its pages; its sources list both pages.
    expect(within(screen.getByTestId("answer-text")).getByRole("link", { name: "142.4%" })).toHaveAttribute("href", "/view/11/79?cells=17353");
  });

  it.each(["cannot_verify", "refused"] as const)("shows no figure and no source for a %s answer, whatever the response carries", (status) => {
    show({ ...APPLE, status, answer: "The answer could not be verified against the cited cells of the filings, so no figure is given." });
    expect(screen.getByTestId("status-badge")).toHaveAttribute("data-status", status);
    expect(screen.queryByText(/391,035/)).toBeNull();
    expect(screen.queryByTestId("figure")).toBeNull();
    expect(screen.queryByTestId("figure-link")).toBeNull();
    expect(within(screen.getByTestId("answer")).queryAllByRole("link")).toHaveLength(0);
  });

  it("badges each status in words", () => {
    const { rerender } = show({ ...APPLE, status: "cannot_verify", figures: [], citations: [] });
    expect(screen.getByTestId("status-badge")).toHaveTextContent("Cannot verify");
    rerender(
      <MemoryRouter>
        <AnswerView response={{ ...APPLE, status: "refused", figures: [], citations: [] }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("status-badge")).toHaveTextContent("Refused");
  });
});
