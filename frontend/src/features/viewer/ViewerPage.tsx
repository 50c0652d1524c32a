import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { Cell, Filing, Page } from "../../api/types";
import { Empty, ErrorState, Loading } from "../../components/States";
import { formatDate } from "../../lib/format";
import { parseCellIds, paths } from "../../lib/routes";
import { useResource } from "../../lib/useResource";
import { getFiling } from "../filings/api";
import { getPage } from "./api";
import { PageImage, pageOutlines } from "./PageImage";
import { TableView } from "./TableView";
import { Thumbnails } from "./Thumbnails";

function positiveInt(raw: string | undefined): number | null {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

function CitedCells({ cells }: { cells: Cell[] }) {
  return (
    <ul className="grid gap-1 text-sm" data-testid="cited-cells">
      {cells.map((cell) => (
        <li key={cell.id} className="rounded border border-amber-300 bg-amber-50 px-3 py-2">
          <span className="font-semibold tabular-nums">{cell.text}</span>
          <span className="text-slate-600"> · {cell.row_path.join(" › ") || cell.row_label} · {cell.column_label}</span>
          {cell.concept && <span className="block break-all font-mono text-xs text-slate-500">{cell.concept}</span>}
        </li>
      ))}
    </ul>
  );
}

function PageNav({ filing, page }: { filing: Filing; page: Page }) {
  const navigate = useNavigate();
  const jumpId = useId();
  const [jump, setJump] = useState("");
  const go = (pageNo: number | null) => {
    if (pageNo !== null && pageNo >= 1 && pageNo <= filing.page_count) void navigate(paths.view(filing.id, pageNo));
  };
  const onJump = (event: FormEvent) => {
    event.preventDefault();
    go(positiveInt(jump));
    setJump("");
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <button type="button" className="btn" disabled={page.previous_page === null} onClick={() => go(page.previous_page)} aria-keyshortcuts="ArrowLeft">
        ← Previous
      </button>
      <span data-testid="page-position" className="tabular-nums text-slate-700">
        Page {page.page_no} of {filing.page_count}
        {page.label && page.label !== String(page.page_no) && <span className="text-slate-500"> (printed {page.label})</span>}
      </span>
      <button type="button" className="btn" disabled={page.next_page === null} onClick={() => go(page.next_page)} aria-keyshortcuts="ArrowRight">
        Next →
      </button>
      <form onSubmit={onJump} className="flex items-center gap-1">
        <label htmlFor={jumpId} className="sr-only">
          Jump to page
        </label>
        <input
          id={jumpId}
          type="number"
          inputMode="numeric"
          min={1}
          max={filing.page_count}
          placeholder="Page"
          value={jump}
          onChange={(event) => setJump(event.target.value)}
          className="input w-20 py-1"
        />
        <button type="submit" className="btn">
          Go
        </button>
      </form>
    </div>
  );
}

function PageBody({ filing, page, citedIds }: { filing: Filing; page: Page; citedIds: number[] }) {
  const [actualSize, setActualSize] = useState(false);
  const { outlines, missing } = pageOutlines(page, citedIds);
  const cited = new Set(citedIds);
  const citedCells = page.tables.flatMap((table) => table.cells).filter((cell) => cited.has(cell.id));

  useEffect(() => {
    document.querySelector('[data-testid="cell-outline"]')?.scrollIntoView({ block: "center", behavior: "instant" });
  }, [page.filing_id, page.page_no]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <PageNav filing={filing} page={page} />
          {page.image_url && (
            <button type="button" className="btn" aria-pressed={actualSize} onClick={() => setActualSize((on) => !on)}>
              {actualSize ? "Fit to width" : "Actual size"}
            </button>
          )}
        </div>
        {missing.length > 0 && (
          <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {missing.length === 1 ? "Cell" : "Cells"} {missing.join(", ")} {missing.length === 1 ? "is" : "are"} not outlined on this page.
          </p>
        )}
        <div className={`rounded-lg border border-slate-200 bg-white shadow-sm ${actualSize ? "max-h-[80vh] overflow-auto" : "overflow-hidden"}`}>
          <div style={actualSize && page.width ? { width: page.width } : undefined}>
            <PageImage page={page} outlines={outlines} />
          </div>
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
        {page.tables.length === 0 ? (
          <Empty title="No tables on this page" />
        ) : (
          page.tables.map((table) => <TableView key={table.id} table={table} citedIds={cited} />)
        )}
      </div>
    </div>
  );
}

export function ViewerPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filingId = positiveInt(params.filingId);
  const pageNo = positiveInt(params.pageNo);
  const citedIds = parseCellIds(search.get("cells"));
  const filing = useResource(`filing/${filingId}`, (signal) => (filingId ? getFiling(filingId, signal) : Promise.reject(new Error("No such filing."))));
  const page = useResource(`page/${filingId}/${pageNo}`, (signal) =>
    filingId && pageNo ? getPage(filingId, pageNo, signal) : Promise.reject(new Error("No such page.")),
  );

  useEffect(() => {
    if (page.state !== "ready" || filingId === null) return;
    const { previous_page: previous, next_page: next } = page.data;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const target = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
      if (target !== null) {
        event.preventDefault();
        void navigate(paths.view(filingId, target));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [page, filingId, navigate]);

  if (filingId === null || pageNo === null) return <ErrorState title="Not a page" message="The address names no filing page." />;
  if (filing.state === "error") return <ErrorState title="Filing not found" message={filing.message} retry={filing.retry} />;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[7rem_minmax(0,1fr)]">
      <header className="lg:col-span-2">
        <p className="text-xs text-slate-500">
          <Link to={paths.browse} className="link">
            Filings
          </Link>{" "}
          ›
        </p>
        {filing.state === "ready" ? (
          <h1 className="text-lg font-semibold text-slate-900" data-testid="viewer-title">
            {filing.data.company_name} <span className="text-slate-500">({filing.data.ticker})</span> · {filing.data.form} for the period ended{" "}
            {formatDate(filing.data.period_end)}
          </h1>
        ) : (
          <h1 className="text-lg font-semibold text-slate-400">Loading filing…</h1>
        )}
      </header>
      <aside className="order-last min-w-0 max-lg:overflow-x-auto lg:order-none lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto">
        {filing.state === "ready" && <Thumbnails filingId={filingId} pageCount={filing.data.page_count} current={pageNo} />}
      </aside>
      <div>
        {page.state === "loading" || filing.state === "loading" ? (
          <Loading label="Loading the page…" />
        ) : page.state === "error" ? (
          <ErrorState title="Page not found" message={page.message} retry={page.retry} />
        ) : (
          <PageBody filing={filing.data} page={page.data} citedIds={citedIds} />
        )}
      </div>
    </div>
  );
}
