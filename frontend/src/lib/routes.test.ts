import { describe, expect, it } from "vitest";
import { askedPath, parseAsked, parseCellIds, parseCited, paths } from "./routes";

describe("viewer addresses", () => {
  it("carry the cited cells, and the page they are cited on once paged away from it", () => {
    const cited = { cellIds: [198, 199], page: 31 };
    expect(paths.view(1, 31, cited)).toBe("/view/1/31?cells=198,199");
    expect(paths.view(1, 32, cited)).toBe("/view/1/32?cells=198,199&at=31");
    expect(paths.view(1, 32)).toBe("/view/1/32");
  });

  it("read back into the same cited cells on any page", () => {
    expect(parseCited(new URLSearchParams("cells=198,199"), 31)).toEqual({ cellIds: [198, 199], page: 31 });
    expect(parseCited(new URLSearchParams("cells=198&at=31"), 32)).toEqual({ cellIds: [198], page: 31 });
    expect(parseCited(new URLSearchParams("at=31"), 32)).toEqual({ cellIds: [], page: null });
    expect(parseCited(new URLSearchParams("cells=198&at=x"), 32)).toEqual({ cellIds: [198], page: 32 });
  });

  it("drop cell ids that are not positive whole numbers", () => {
    expect(parseCellIds("3, 1,x,-2,0,1.5,3,")).toEqual([3, 1]);
  });
});

describe("ask addresses", () => {
  it("round-trip a question with its filters", () => {
    const asked = { question: "What was Apple's revenue in fiscal 2024? (in $ & %)", ticker: "AAPL", filingId: 3 };
    const path = askedPath(asked);
    expect(path.startsWith("/?q=")).toBe(true);
    expect(parseAsked(new URL(path, "http://app").searchParams)).toEqual(asked);
    expect(askedPath({ ...asked, ticker: null, filingId: null })).not.toMatch(/ticker|filing/);
  });

  it("carry no question when q is missing or blank", () => {
    expect(parseAsked(new URLSearchParams(""))).toBeNull();
    expect(parseAsked(new URLSearchParams("q=%20%20&ticker=AAPL"))).toBeNull();
    expect(parseAsked(new URLSearchParams("q=x&filing=abc"))).toEqual({ question: "x", ticker: null, filingId: null });
  });
});
