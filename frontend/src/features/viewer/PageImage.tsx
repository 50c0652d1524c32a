import type { Page } from "../../api/types";
import { apiUrl } from "../../api/client";
import { outlinesFor, type Outline } from "./overlay";

function imageSize(page: Page) {
  return { width: page.width ?? 0, height: page.height ?? 0 };
}

export function pageOutlines(page: Page, cellIds: readonly number[]): { outlines: Outline[]; missing: number[] } {
  const cells = page.tables.flatMap((table) => table.cells);
  return outlinesFor(cellIds, cells, imageSize(page));
}

/** The filer's page as captured, with each cited cell outlined at its box. */
export function PageImage({ page, outlines }: { page: Page; outlines: Outline[] }) {
  if (!page.image_url) {
    return <p className="p-6 text-sm text-slate-500">This page has no image; its text and tables are below.</p>;
  }
  return (
    <div className="relative w-full" data-testid="page-image-frame">
      <img
        src={apiUrl(page.image_url)}
        alt={`Page ${page.label ?? page.page_no} of the filing`}
        width={page.width ?? undefined}
        height={page.height ?? undefined}
        className="block h-auto w-full select-none"
        data-testid="page-image"
        draggable={false}
      />
      {outlines.map(({ cellId, rect }) => (
        <div
          key={cellId}
          data-testid="cell-outline"
          data-cell-id={cellId}
          aria-label={`Cited cell ${cellId}`}
          className="outline-box pointer-events-none absolute"
          style={{ left: `${rect.left}%`, top: `${rect.top}%`, width: `${rect.width}%`, height: `${rect.height}%` }}
        />
      ))}
    </div>
  );
}
