import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Filing, Page } from "../../api/types";
import { describeError } from "../../api/client";
import { paths, positiveInt, type Cited } from "../../lib/routes";
import { findPrintedPage, printedLabel } from "./printed";

/** A failed jump says why; when the number is a page's position (a filing that prints no numbers, or a
 * reader counting pages), it offers that page instead of guessing that it was meant. */
type JumpState = { phase: "idle" | "finding" } | { phase: "failed"; message: string; position: number | null };

/** Previous / next, where the page is, and a jump to a page by the number printed on it, the one the
 * filing's own index uses. Cited cells travel along, so their outline is back on returning to their page. */
export function PageNav({ filing, page, cited }: { filing: Filing; page: Page; cited: Cited }) {
  const navigate = useNavigate();
  const jumpId = useId();
  const [jump, setJump] = useState("");
  const [state, setState] = useState<JumpState>({ phase: "idle" });
  const go = (pageNo: number | null) => {
    if (pageNo !== null && pageNo >= 1 && pageNo <= filing.page_count) void navigate(paths.view(filing.id, pageNo, cited));
  };
  const landed = (pageNo: number) => {
    setState({ phase: "idle" });
    setJump("");
    go(pageNo);
  };

  const onJump = (event: FormEvent) => {
    event.preventDefault();
    if (!jump.trim()) return;
    const label = printedLabel(jump);
    if (label === null) {
      setState({ phase: "failed", message: "Type a page number as the filing prints it, e.g. 29 or F-3.", position: null });
      return;
    }
    setState({ phase: "finding" });
    findPrintedPage(filing.id, label, AbortSignal.timeout(15_000)).then(
      (pageNo) => {
        if (pageNo !== null) return landed(pageNo);
        const position = positiveInt(label);
        setState({ phase: "failed", message: `No page of this filing is printed "${label}".`, position: position !== null && position <= filing.page_count ? position : null });
      },
      (error: unknown) => setState({ phase: "failed", message: describeError(error), position: null }),
    );
  };

  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button type="button" className="btn" disabled={page.previous_page === null} onClick={() => go(page.previous_page)} aria-keyshortcuts="ArrowLeft">
          ← Previous
        </button>
        <span data-testid="page-position" className="tabular-nums text-slate-700">
          Page {page.page_no} of {filing.page_count}
          {page.label && page.label !== String(page.page_no) && <span className="text-slate-600"> (printed {page.label})</span>}
        </span>
        <button type="button" className="btn" disabled={page.next_page === null} onClick={() => go(page.next_page)} aria-keyshortcuts="ArrowRight">
          Next →
        </button>
        <form onSubmit={onJump} className="flex items-center gap-1">
          <label htmlFor={jumpId} className="text-xs text-slate-600">
            Printed page
          </label>
          <input
            id={jumpId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={jump}
            onChange={(event) => {
              setJump(event.target.value);
              if (state.phase === "failed") setState({ phase: "idle" });
            }}
            className="input w-20 py-1"
            aria-describedby={state.phase === "failed" ? `${jumpId}-error` : undefined}
            data-testid="jump-input"
          />
          <button type="submit" className="btn" disabled={state.phase === "finding"}>
            {state.phase === "finding" ? "Finding…" : "Go"}
          </button>
        </form>
      </div>
      {state.phase === "failed" && (
        <p id={`${jumpId}-error`} role="alert" className="text-sm text-red-800" data-testid="jump-error">
          {state.message}
          {state.position !== null && <ByPosition pageNo={state.position} pageCount={filing.page_count} onGo={landed} />}
        </p>
      )}
    </div>
  );
}

function ByPosition({ pageNo, pageCount, onGo }: { pageNo: number; pageCount: number; onGo: (pageNo: number) => void }) {
  return (
    <>
      {" "}
      <button type="button" className="link tap" onClick={() => onGo(pageNo)} data-testid="jump-by-position">
        Go to page {pageNo} of {pageCount}, counting from the cover
      </button>
    </>
  );
}
