import { describe, expect, it } from "vitest";
import type { Figure } from "../../api/types";
import { answerParts, formulaParts } from "./sources";

const figure = (text: string): Figure => ({ text, value: 1, unit: "USD", source: { cells: [1] } });

describe("answerParts", () => {
  it("cuts the answer into text, figures and cell markers, in order", () => {
    const parts = answerParts("Revenue was $5 million [c12], up from $4 million [c11].", [figure("$4 million"), figure("$5 million")]);
    expect(parts.map((part) => (part.kind === "text" ? part.text : part.kind === "cite" ? `#${part.cellId}` : `<${part.text}>`))).toEqual([
      "Revenue was ",
      "<$5 million>",
      " ",
      "#12",
      ", up from ",
      "<$4 million>",
      " ",
      "#11",
      ".",
    ]);
  });

  it("gives two figures written alike their own occurrences", () => {
    const parts = answerParts("$1 then $1", [figure("$1"), figure("$1")]);
    expect(parts.filter((part) => part.kind === "figure")).toHaveLength(2);
  });
});

describe("formulaParts", () => {
  it("separates cell references from operators", () => {
    expect(formulaParts("([12] - [11]) / |[11]| * 100")).toEqual([
      { kind: "text", text: "(" },
      { kind: "cell", cellId: 12 },
      { kind: "text", text: " - " },
      { kind: "cell", cellId: 11 },
      { kind: "text", text: ") / |" },
      { kind: "cell", cellId: 11 },
      { kind: "text", text: "| * 100" },
    ]);
  });
});
