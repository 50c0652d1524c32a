import type { Cell, Page } from "../../api/types";
import { apiUrl } from "../../api/client";
import { outlinesFor, type Outline, type PercentRect, type Zoom } from "./overlay";

function imageSize(page: Page) {
  return { width: page.width ?? 0, height: page.height ?? 0 };
}

type CellWords = Pick<Cell, "text" | "row_path" | "row_label" | "column_label">;

/** Where a cell sits in its table, in words: its row (with the rows above it) and its column. */
export function cellPlace(cell: CellWords): string {
  return `${cell.row_path.join(" › ") || cell.row_label} · ${cell.column_label}`;
}

/** A cell in words: its figure, then where it sits. */
export function describeCell(cell: CellWords): string {
  return `${cell.text} · ${cellPlace(cell)}`;
}

export function pageOutlines(page: Page, cellIds: readonly number[]): { outlines: Outline[]; missing: number[] } {
  const cells = page.tables.flatMap((table) => table.cells);
  return outlinesFor(cellIds, cells, imageSize(page));
}

function percentStyle(rect: PercentRect) {
  return { left: `${rect.left}%`, top: `${rect.top}%`, width: `${rect.width}%`, height: `${rect.height}%` };
}

/** The filer's page as captured, with each cited cell outlined at its box and each line of a quoted sentence
 * marked, at the zoom asked for. */
export function PageImage({ page, outlines, quoted = [], zoom }: { page: Page; outlines: Outline[]; quoted?: { rect: PercentRect }[]; zoom: Zoom }) {
  if (!page.image_url) {
    return <p className="p-6 text-sm text-slate-600">This page has no image; its text and tables are below.</p>;
  }
  const cells = new Map(page.tables.flatMap((table) => table.cells).map((cell) => [cell.id, cell]));
  return (
    <div className="relative" style={zoom === "actual" && page.width ? { width: page.width } : undefined} data-testid="page-image-frame" data-zoom={zoom}>
      <img
        src={apiUrl(page.image_url)}
        alt={`Page ${page.label ?? page.page_no} of the filing`}
        width={page.width ?? undefined}
        height={page.height ?? undefined}
        className="block h-auto w-full max-w-none select-none"
        data-testid="page-image"
        draggable={false}
      />
      {outlines.map(({ cellId, rect }) => {
        const cell = cells.get(cellId);
        return (
          <div
            key={cellId}
            role="img"
            tabIndex={0}
            data-testid="cell-outline"
            data-cell-id={cellId}
            aria-label={`Cited cell: ${cell ? describeCell(cell) : cellId}`}
            title={cell ? describeCell(cell) : undefined}
            className="outline-box absolute"
            style={percentStyle(rect)}
          />
        );
      })}
      {quoted.map(({ rect }, index) => (
        <div
          key={`quote-${index}`}
          role="img"
          tabIndex={index === 0 ? 0 : -1}
          data-testid="quote-outline"
          aria-label={`Quoted sentence, line ${index + 1} of ${quoted.length}`}
          className="quote-box absolute"
          style={percentStyle(rect)}
        />
      ))}
    </div>
  );
}
