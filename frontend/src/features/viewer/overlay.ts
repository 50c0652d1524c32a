/** Where a cell's outline goes on the page image. Boxes are in the image's own pixels; the outline is
 * placed in percentages of the image, so it stays on the cell at whatever size the image is displayed. */

import type { Box, Cell } from "../../api/types";

export interface ImageSize {
  width: number;
  height: number;
}

/** Position and size of an outline, in percent of the displayed image's width and height. */
export interface PercentRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A box clipped to the image, as percentages; null for a box that is empty or lies off the image. */
export function outlineRect(box: Box, image: ImageSize): PercentRect | null {
  if (!(image.width > 0 && image.height > 0)) return null;
  const x0 = Math.max(0, Math.min(box.x0, box.x1));
  const x1 = Math.min(image.width, Math.max(box.x0, box.x1));
  const y0 = Math.max(0, Math.min(box.y0, box.y1));
  const y1 = Math.min(image.height, Math.max(box.y0, box.y1));
  if (!(x1 > x0 && y1 > y0)) return null;
  return {
    left: (x0 / image.width) * 100,
    top: (y0 / image.height) * 100,
    width: ((x1 - x0) / image.width) * 100,
    height: ((y1 - y0) / image.height) * 100,
  };
}

/** The same rectangle in CSS pixels of an image displayed at `displayed` size. */
export function displayedRect(rect: PercentRect, displayed: ImageSize): { left: number; top: number; width: number; height: number } {
  return {
    left: (rect.left / 100) * displayed.width,
    top: (rect.top / 100) * displayed.height,
    width: (rect.width / 100) * displayed.width,
    height: (rect.height / 100) * displayed.height,
  };
}

export interface Outline {
  cellId: number;
  rect: PercentRect;
}

/** The outlines of the cited cells found on this page, in the order cited; and the ids not found here. */
export function outlinesFor(cellIds: readonly number[], cells: readonly Cell[], image: ImageSize): { outlines: Outline[]; missing: number[] } {
  const byId = new Map(cells.map((cell) => [cell.id, cell]));
  const outlines: Outline[] = [];
  const missing: number[] = [];
  for (const cellId of cellIds) {
    const box = byId.get(cellId)?.box;
    const rect = box ? outlineRect(box, image) : null;
    if (rect) outlines.push({ cellId, rect });
    else missing.push(cellId);
  }
  return { outlines, missing };
}

/** The outlines of a quoted sentence's lines that lie on the image, in reading order. */
export function quoteOutlines(boxes: readonly Box[], image: ImageSize): { rect: PercentRect }[] {
  return boxes.flatMap((box) => {
    const rect = outlineRect(box, image);
    return rect ? [{ rect }] : [];
  });
}

/** A cited cell shorter than this (CSS px) on screen cannot be read: its digits are a smudge (a 10-K's
 * 22 px row is 8 px on a phone fitted to width, 15 px on a desktop, where it reads). */
export const READABLE_CELL_PX = 12;

/** "fit": the page as wide as the viewer; "actual": the image at its own pixel size. */
export type Zoom = "fit" | "actual";

/** The page opens fitted to the viewer's width, unless that shrinks a cited cell below a readable height
 * (a phone): then it opens at its own size, where the cell is scrolled to. */
export function initialZoom(outlines: readonly { rect: PercentRect }[], image: ImageSize, fitWidth: number): Zoom {
  if (outlines.length === 0 || !(image.width > 0 && image.height > 0) || !(fitWidth > 0) || fitWidth >= image.width) return "fit";
  const scale = fitWidth / image.width;
  const shortest = Math.min(...outlines.map((outline) => (outline.rect.height / 100) * image.height * scale));
  return shortest < READABLE_CELL_PX ? "actual" : "fit";
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The scroll offsets that put `target` (CSS px within the scrolled content) in the middle of a viewport
 * of `viewport` size, kept within the content: a scroll box never scrolls past its ends. A target wider or
 * taller than the viewport (a quoted line on a phone) shows its start, where it is read from. */
export function centeredScroll(target: Rect, viewport: ImageSize, content: ImageSize): { left: number; top: number } {
  const along = (start: number, size: number, view: number, total: number) =>
    Math.max(0, Math.min(total - view, size > view ? start : start + size / 2 - view / 2));
  return {
    left: along(target.left, target.width, viewport.width, content.width),
    top: along(target.top, target.height, viewport.height, content.height),
  };
}
