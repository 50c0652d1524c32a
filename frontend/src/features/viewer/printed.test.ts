import { describe, expect, it } from "vitest";
import { printedLabel } from "./printed";

describe("printedLabel", () => {
  it("reads the number a reader types as pages print it", () => {
    expect(printedLabel("29")).toBe("29");
    expect(printedLabel(" 29 ")).toBe("29");
    expect(printedLabel("p. 29")).toBe("29");
    expect(printedLabel("Page 29")).toBe("29");
    expect(printedLabel("48.")).toBe("48"); // as Alphabet's footers print it
    expect(printedLabel("F-3")).toBe("F-3");
    expect(printedLabel("ii")).toBe("ii");
    expect(printedLabel("P-1")).toBe("P-1"); // a letter prefix, not "page"
  });

  it("refuses what cannot be a page number, before asking the server", () => {
    expect(printedLabel("")).toBeNull();
    expect(printedLabel("p.")).toBeNull();
    expect(printedLabel("-3")).toBeNull();
    expect(printedLabel("29 30")).toBeNull();
    expect(printedLabel("../1")).toBeNull();
    expect(printedLabel("9".repeat(33))).toBeNull();
  });
});
