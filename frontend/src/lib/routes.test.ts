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

  it("carry a quoted sentence's line boxes, in whole pixels rounded outwards, and read them back", () => {
    const quoted = [{ x0: 8.4, y0: 84.5, x1: 992, y1: 98.2 }, { x0: 8, y0: 102, x1: 611.2, y1: 116 }];
    const path = paths.view(2, 5, { cellIds: [], page: 5, quoted });
    expect(path).toBe("/view/2/5?quote=8,84,992,99;8,102,612,116");
    expect(parseCited(new URL(path, "http://app").searchParams, 5)).toEqual({
      cellIds: [],
      page: 5,
      quoted: [{ x0: 8, y0: 84, x1: 992, y1: 99 }, { x0: 8, y0: 102, x1: 612, y1: 116 }],
    });
    expect(paths.view(2, 6, { cellIds: [7], page: 5, quoted })).toBe("/view/2/6?cells=7&quote=8,84,992,99;8,102,612,116&at=5");
  });

  it("drop quote boxes that are not four numbers enclosing something", () => {
    expect(parseCited(new URLSearchParams("quote=1,2,3;5,5,4,9;-1,0,3,3;a,b,c,d;0,0,10,10"), 3)).toEqual({
      cellIds: [],
      page: 3,
      quoted: [{ x0: 0, y0: 0, x1: 10, y1: 10 }],
    });
    expect(parseCited(new URLSearchParams("quote=1,2,3"), 3)).toEqual({ cellIds: [], page: null });
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
