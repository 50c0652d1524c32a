import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import type { Cell, Filing, Page } from "../../api/types";
import { Empty } from "../../components/States";
import { citesAnything, paths, type Cited } from "../../lib/routes";
import { centeredScroll, initialZoom, quoteOutlines, type Zoom } from "./overlay";
import { cellPlace, PageImage, pageOutlines } from "./PageImage";
import { PageNav } from "./PageNav";
import { TableView } from "./TableView";

export const PAGE_VIEW_ID = "page-view";

function CitedCells({ cells }: { cells: Cell[] }) {
  return (
    <ul className="grid gap-1 text-sm" data-testid="cited-cells">
      {cells.map((cell) => (
        <li key={cell.id} className="rounded border border-amber-300 bg-amber-50 px-3 py-2">
          <span className="font-semibold tabular-nums">{cell.text}</span>
          <span className="text-slate-700"> · {cellPlace(cell)}</span>
          {cell.concept && <span className="block break-all font-mono text-xs text-slate-600">{cell.concept}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Elsewhere in the filing than the cited cells: where they are, and the way back to them. */
function CitedElsewhere({ filingId, cited }: { filingId: number; cited: Cited }) {
  if (cited.page === null || !citesAnything(cited)) return null;
  const what = cited.cellIds.length === 0 ? "quoted sentence is" : cited.cellIds.length === 1 ? "cited cell is" : "cited cells are";
  return (
    <p className="rounded border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700" data-testid="cited-elsewhere">
      The {what} on page {cited.page}.{" "}
      <Link to={paths.view(filingId, cited.page, cited)} className="link tap">
        Back to the cited page
      </Link>
    </p>
  );
}

/** Scrolls the page's own box (not the window, so the controls above stay in view) until the first outline
 * is in its middle; then the window, only if the outline is still off-screen (a very short screen). */
function useCenterOnOutline(scroller: RefObject<HTMLDivElement | null>, zoom: Zoom | null) {
  useLayoutEffect(() => {
    const box = scroller.current;
    const outline = box?.querySelector<HTMLElement>('[data-testid="cell-outline"], [data-testid="quote-outline"]');
    if (!box || !outline || zoom === null) return;
    const target = { left: outline.offsetLeft, top: outline.offsetTop, width: outline.offsetWidth, height: outline.offsetHeight };
    box.scrollTo(centeredScroll(target, { width: box.clientWidth, height: box.clientHeight }, { width: box.scrollWidth, height: box.scrollHeight }));
    outline.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [scroller, zoom]);
}

/** One page: its controls, its image (cited cells outlined, scrolled to, at a zoom where they can be read)
 * and its tables as HTML. Mounted afresh for each page (keyed by the viewer). */
export function PageView({ filing, page, cited }: { filing: Filing; page: Page; cited: Cited }) {
  const onThisPage = cited.page === page.page_no;
  const { outlines, missing } = pageOutlines(page, onThisPage ? cited.cellIds : []);
  const quoted = quoteOutlines(onThisPage ? (cited.quoted ?? []) : [], { width: page.width ?? 0, height: page.height ?? 0 });
  const scroller = useRef<HTMLDivElement>(null);
  // null until the viewer's width is measured: the first paint already has the zoom that fits the cell.
  const [zoom, setZoom] = useState<Zoom | null>(null);
  const citedSet = new Set(onThisPage ? cited.cellIds : []);
  const citedCells = page.tables.flatMap((table) => table.cells).filter((cell) => citedSet.has(cell.id));

  useLayoutEffect(() => {
    const width = scroller.current?.clientWidth ?? 0;
    setZoom(initialZoom([...outlines, ...quoted], { width: page.width ?? 0, height: page.height ?? 0 }, width));
    // Once per page: a later zoom is the reader's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useCenterOnOutline(scroller, zoom);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <PageNav filing={filing} page={page} cited={cited} />
          {page.image_url && (
            <button type="button" className="btn" aria-pressed={zoom === "actual"} onClick={() => setZoom((now) => (now === "actual" ? "fit" : "actual"))} data-testid="zoom-toggle">
              {zoom === "actual" ? "Fit to width" : "Actual size"}
            </button>
          )}
        </div>
        {onThisPage && missing.length > 0 && (
          <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {missing.length === 1 ? "Cell" : "Cells"} {missing.join(", ")} {missing.length === 1 ? "is" : "are"} not outlined on this page.
          </p>
        )}
        {!onThisPage && <CitedElsewhere filingId={filing.id} cited={cited} />}
        <div
          ref={scroller}
          id={PAGE_VIEW_ID}
          tabIndex={0}
          role="region"
          aria-label={`Page ${page.label ?? page.page_no} as filed`}
          className="relative max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white shadow-sm"
          data-testid="page-scroller"
        >
          <PageImage page={page} outlines={outlines} quoted={quoted} zoom={zoom ?? "fit"} />
        </div>
      </div>
      <div className="grid min-w-0 content-start gap-3">
        {citedCells.length > 0 && (
          <section aria-labelledby="cited-heading">
            <h2 id="cited-heading" className="mb-1 text-sm font-semibold text-slate-700">
              Cited {citedCells.length === 1 ? "cell" : "cells"}
            </h2>
            <CitedCells cells={citedCells} />
          </section>
        )}
        <h2 className="text-sm font-semibold text-slate-700">Tables on this page</h2>
        {page.tables.length === 0 ? <Empty title="No tables on this page" /> : page.tables.map((table) => <TableView key={table.id} table={table} citedIds={citedSet} />)}
      </div>
    </div>
  );
}
