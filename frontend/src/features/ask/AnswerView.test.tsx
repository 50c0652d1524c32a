import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { QueryResponse } from "../../api/types";
import { AMAZON_JUDGMENT, APPLE, NVIDIA } from "./answers.fixture";
import { AnswerView } from "./AnswerView";

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

  it("marks the cited page as p. 29, and names the source once", () => {
    show(APPLE);
    const text = screen.getByTestId("answer-text");
    expect(text).toHaveTextContent("Apple's revenue for fiscal 2024 was $391,035 million (AAPL 10-K, p. 29).");
    expect(text.textContent).not.toMatch(/\[\d+\]|page 29|\[c198\]/);
    expect(within(text).getByTestId("cite-link")).toHaveAttribute("href", "/view/1/31?cells=198");
  });

  it("shows a derivation as its formula over linked cells, each on its own page", () => {
    show(NVIDIA);
    const derivation = screen.getByTestId("derivation");
    expect(derivation).toHaveTextContent(
      "growth(Data Center (Jan 26, 2025) - Data Center (Jan 28, 2024)) / |Data Center (Jan 28, 2024)| * 100",
    );
    expect(derivation.textContent).not.toMatch(/\[\d+\]/);
    const cells = within(derivation).getAllByTestId("formula-cell");
    expect(cells.map((cell) => cell.getAttribute("href"))).toEqual(["/view/12/80?cells=18761", "/view/11/79?cells=17353", "/view/11/79?cells=17353"]);
    // The growth figure itself opens the first of its pages; its sources list both pages.
    expect(within(screen.getByTestId("answer-text")).getByRole("link", { name: "142.4%" })).toHaveAttribute("href", "/view/11/79?cells=17353");
  });

  it("shows a judgment's verdict first, its threshold as the rule's figure in words, and its ratio over linked cells", () => {
    show(AMAZON_JUDGMENT);
    expect(screen.getByTestId("answer-text").textContent).toMatch(/^Yes: by a common screen: capital expenditure above 10% of revenue/);
    expect(screen.getByTestId("rule-figure")).toHaveTextContent("threshold of capital expenditure as a share of revenue");
    expect(screen.getByTestId("answer").textContent).not.toContain("pct(10 / 100)");
    const derivation = screen.getByTestId("derivation");
    expect(within(derivation).getByTestId("derivation-label")).toHaveTextContent("capital expenditure as a share of revenue:");
    const cells = within(derivation).getAllByTestId("formula-cell");
    expect(cells.map((cell) => cell.getAttribute("href"))).toEqual(["/view/4/36?cells=3925", "/view/4/37?cells=3982"]);
  });

  it.each(["cannot_verify", "refused"] as const)("shows no figure and no source for a %s answer, whatever the response carries", (status) => {
    show({ ...APPLE, status, answer: "The answer could not be verified against the cited cells of the filings, so no figure is given." });
    expect(screen.getByTestId("status-badge")).toHaveAttribute("data-status", status);
    expect(screen.queryByText(/391,035/)).toBeNull();
    expect(screen.queryByTestId("figure")).toBeNull();
    expect(screen.queryByTestId("figure-link")).toBeNull();
    expect(within(screen.getByTestId("answer")).queryAllByRole("link")).toHaveLength(0);
  });

  it.each(["quoted", "ambiguous"] as const)("links the sources of a %s answer but marks no figure as verified", (status) => {
    show({ ...APPLE, status });
    expect(screen.getByTestId("status-badge")).toHaveAttribute("data-status", status);
    expect(screen.getByTestId("status-badge")).not.toHaveTextContent("Verified");
    expect(screen.queryByTestId("figure-link")).toBeNull();
    expect(within(screen.getByTestId("answer-text")).queryByRole("link", { name: "$391,035 million" })).toBeNull();
    expect(within(screen.getByTestId("answer-text")).getByTestId("cite-link")).toHaveAttribute("href", "/view/1/31?cells=198");
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
    for (const [status, label] of [["quoted", "Quoted"], ["ambiguous", "Ambiguous"]] as const) {
      rerender(
        <MemoryRouter>
          <AnswerView response={{ ...APPLE, status, figures: [], citations: [] }} />
        </MemoryRouter>,
      );
      expect(screen.getByTestId("status-badge")).toHaveTextContent(label);
    }
  });
});
