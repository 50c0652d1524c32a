import { describe, expect, it } from "vitest";
import type { Cell } from "../../api/types";
import { centeredScroll, displayedRect, initialZoom, outlineRect, outlinesFor, quoteOutlines, type PercentRect } from "./overlay";

const page = { width: 1000, height: 951 };

function cell(id: number, box: Cell["box"]): Cell {
  return {
    id,
    row: 5,
    col: 1,
    text: "391,035",
    value: 391035e6,
    unit: "USD",
    scale: 6,
    row_label: "Total net sales",
    row_path: ["Net sales", "Total net sales"],
    column_label: "2024",
    period_kind: "duration",
    period_start: null,
    period_end: null,
    concept: null,
    box,
  };
}

function expectRect(actual: PercentRect | null | undefined, expected: PercentRect): void {
  expect(actual).not.toBeNull();
  for (const key of ["left", "top", "width", "height"] as const) expect(actual?.[key], key).toBeCloseTo(expected[key], 9);
}

describe("outlineRect", () => {
  it("places the box in percentages of the image", () => {
    const rect = outlineRect({ x0: 597.38, y0: 281, x1: 720.78, y1: 303.5 }, page);
    expect(rect?.left).toBeCloseTo(59.738, 6);
    expect(rect?.top).toBeCloseTo((281 / 951) * 100, 6);
    expect(rect?.width).toBeCloseTo(12.34, 6);
    expect(rect?.height).toBeCloseTo((22.5 / 951) * 100, 6);
  });

  it("lands on the box's pixels at any displayed size", () => {
    const box = { x0: 597.38, y0: 281, x1: 720.78, y1: 303.5 };
    const rect = outlineRect(box, page);
    if (!rect) throw new Error("no rect");
    for (const scale of [0.3904, 0.6604, 1, 1.5]) {
      const shown = displayedRect(rect, { width: page.width * scale, height: page.height * scale });
      expect(shown.left).toBeCloseTo(box.x0 * scale, 6);
      expect(shown.top).toBeCloseTo(box.y0 * scale, 6);
      expect(shown.width).toBeCloseTo((box.x1 - box.x0) * scale, 6);
      expect(shown.height).toBeCloseTo((box.y1 - box.y0) * scale, 6);
    }
  });

  it("clips a box that runs off the image and normalises reversed corners", () => {
    expectRect(outlineRect({ x0: 950, y0: 900, x1: 1100, y1: 1000 }, page), { left: 95, top: (900 / 951) * 100, width: 5, height: (51 / 951) * 100 });
    expect(outlineRect({ x0: 200, y0: 100, x1: 100, y1: 50 }, page)).toEqual(outlineRect({ x0: 100, y0: 50, x1: 200, y1: 100 }, page));
  });

  it("draws nothing for an empty box, a box off the image, or an image of unknown size", () => {
    expect(outlineRect({ x0: 10, y0: 10, x1: 10, y1: 30 }, page)).toBeNull();
    expect(outlineRect({ x0: 1200, y0: 10, x1: 1300, y1: 30 }, page)).toBeNull();
    expect(outlineRect({ x0: 10, y0: 10, x1: 20, y1: 30 }, { width: 0, height: 0 })).toBeNull();
  });
});

describe("outlinesFor", () => {
  it("outlines the cited cells in citation order and reports those it cannot place", () => {
    const cells = [cell(1, { x0: 0, y0: 0, x1: 100, y1: 10 }), cell(2, null), cell(3, { x0: 500, y0: 95.1, x1: 600, y1: 190.2 })];
    const { outlines, missing } = outlinesFor([3, 1, 2, 9], cells, page);
    expect(outlines.map((outline) => outline.cellId)).toEqual([3, 1]);
    expectRect(outlines[0]?.rect, { left: 50, top: 10, width: 10, height: 10 });
    expect(missing).toEqual([2, 9]);
  });
});

describe("initialZoom", () => {
  const image = { width: 1000, height: 1294 };
  const apple = { cellId: 198, rect: outlineRect({ x0: 597.38, y0: 281, x1: 720.78, y1: 303.5 }, image) as PercentRect };

  it("opens a phone at the page's own size, where the fitted cell would be 8 px tall", () => {
    expect(initialZoom([apple], image, 358)).toBe("actual"); // 22.5 px * 0.358 = 8 px
  });

  it("fits the page where the cited cell is readable fitted, or where nothing is cited", () => {
    expect(initialZoom([apple], image, 660)).toBe("fit"); // 14.9 px: a desktop's viewer
    expect(initialZoom([], image, 358)).toBe("fit");
    expect(initialZoom([apple], image, 1200)).toBe("fit");
    expect(initialZoom([apple], { width: 0, height: 0 }, 358)).toBe("fit");
  });

  it("goes by the smallest cited cell", () => {
    const tall = { cellId: 1, rect: { left: 0, top: 0, width: 10, height: 10 } };
    expect(initialZoom([tall, apple], image, 500)).toBe("actual"); // 11.25 px
  });
});

describe("centeredScroll", () => {
  it("puts the target in the middle of the viewport", () => {
    expect(centeredScroll({ left: 597, top: 681, width: 123, height: 22 }, { width: 358, height: 590 }, { width: 1000, height: 1294 })).toEqual({
      left: 597 + 61.5 - 179,
      top: 681 + 11 - 295,
    });
  });

  it("never scrolls past either end of the content", () => {
    expect(centeredScroll({ left: 10, top: 5, width: 20, height: 10 }, { width: 358, height: 590 }, { width: 1000, height: 1294 })).toEqual({ left: 0, top: 0 });
    expect(centeredScroll({ left: 980, top: 1290, width: 20, height: 4 }, { width: 358, height: 590 }, { width: 1000, height: 1294 })).toEqual({ left: 642, top: 704 });
    expect(centeredScroll({ left: 100, top: 100, width: 20, height: 4 }, { width: 800, height: 900 }, { width: 500, height: 600 })).toEqual({ left: 0, top: 0 });
  });

  it("shows the start of a target wider than the viewport", () => {
    expect(centeredScroll({ left: 8, top: 400, width: 984, height: 14 }, { width: 358, height: 590 }, { width: 1000, height: 1294 })).toEqual({
      left: 8,
      top: 400 + 7 - 295,
    });
  });
});

describe("quoteOutlines", () => {
  it("places each line of a quoted sentence on the image, dropping one that lies off it", () => {
    const lines = [
      { x0: 8, y0: 95.1, x1: 992, y1: 109.365 },
      { x0: 8, y0: 2000, x1: 992, y1: 2014 },
    ];
    const [only, ...rest] = quoteOutlines(lines, page);
    expect(rest).toEqual([]);
    expect(only?.rect.left).toBeCloseTo(0.8);
    expect(only?.rect.top).toBeCloseTo(10);
    expect(only?.rect.width).toBeCloseTo(98.4);
    expect(only?.rect.height).toBeCloseTo(1.5);
  });
});
