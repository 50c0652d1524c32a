import { describe, expect, it } from "vitest";
import type { Figure } from "../../api/types";
import { APPLE } from "./answers.fixture";
import { answerParts, answerWords, cellLocations, citeText, formulaParts, quotedBoxes } from "./sources";

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

  it("takes the source the writer puts after a marker into the marker, with the page as p. N", () => {
    const parts = answerParts("Revenue was $391,035 million [c198] (AAPL 10-K for the period ended September 28, 2024, page 29).", [figure("$391,035 million")]);
    expect(parts.at(-2)).toEqual({ kind: "cite", cellId: 198, source: "AAPL 10-K for the period ended September 28, 2024, p. 29" });
    expect(parts.at(-1)).toEqual({ kind: "text", text: "." });
    // A bracket that is not a source (no page) stays in the text.
    expect(answerParts("It was $5 [c7] (restated).", []).map((part) => part.kind)).toEqual(["text", "cite", "text"]);
  });

  it("marks a figure inside a sentence quoted from the filing as quoted, and the answer's own figure not", () => {
    const answer = 'It shows an increase of $1,272 million.\nPFE 10-Q, page 46: "Expenses increased $1.3 billion, primarily due to: •marketing"';
    const parts = answerParts(answer, [figure("$1,272 million"), figure("$1.3 billion")]);
    const figures = parts.flatMap((part) => (part.kind === "figure" ? [[part.text, part.quoted]] : []));
    expect(figures).toEqual([
      ["$1,272 million", false],
      ["$1.3 billion", true],
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

const located = cellLocations(APPLE);
const [citation] = APPLE.citations ?? [];
if (!citation) throw new Error("the fixture cites a page");

describe("citeText", () => {
  it("writes a marker as its source, or as the printed page it points to, or not at all", () => {
    expect(citeText({ kind: "cite", cellId: 198, source: "AAPL 10-K, p. 29" }, located.get(198))).toBe("(AAPL 10-K, p. 29)");
    expect(citeText({ kind: "cite", cellId: 198, source: null }, located.get(198))).toBe("(p. 29)");
    expect(citeText({ kind: "cite", cellId: 198, source: null }, { cellId: 198, citation: { ...citation, page_label: null }, label: "Total net sales", column: "September 28, 2024" })).toBe("(p. 31)");
    expect(citeText({ kind: "cite", cellId: 5, source: null }, undefined)).toBeNull();
  });
});

describe("answerWords", () => {
  it("reads the answer as shown: markers as their source, said once", () => {
    const answer = "Apple's revenue for fiscal 2024 was $391,035 million [c198] (AAPL 10-K, page 29).";
    expect(answerWords(answer, [figure("$391,035 million")], located)).toBe("Apple's revenue for fiscal 2024 was $391,035 million (AAPL 10-K, p. 29).");
    expect(answerWords("It was $1 [c198].", [], located)).toBe("It was $1 (p. 29).");
    expect(answerWords("It was $1 [c9].", [], located)).toBe("It was $1.");
  });
});

describe("quotedBoxes", () => {
  it("gives the viewer every line of every sentence the citation quotes, as boxes", () => {
    const [citation] = APPLE.citations ?? [];
    if (!citation) throw new Error("the fixture cites a page");
    expect(quotedBoxes(citation)).toEqual([]);
    const line = (x0: number, y0: number, x1: number, y1: number): [number, number, number, number] => [x0, y0, x1, y1];
    const quotes = [
      { sentence: "First.", boxes: [line(8, 10, 900, 24), line(8, 28, 300, 42)] },
      { sentence: "Second.", boxes: [line(8, 60, 500, 74)] },
    ];
    expect(quotedBoxes({ ...citation, quotes })).toEqual([
      { x0: 8, y0: 10, x1: 900, y1: 24 },
      { x0: 8, y0: 28, x1: 300, y1: 42 },
      { x0: 8, y0: 60, x1: 500, y1: 74 },
    ]);
  });
});
