import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Filing, Page } from "../../api/types";
import { describeError } from "../../api/client";
import { paths, positiveInt, type Cited } from "../../lib/routes";
import { getPage } from "./api";
import { findPrintedPage } from "./printed";

type JumpState = { phase: "idle" | "finding" } | { phase: "failed"; message: string };

/** Previous / next, where the page is, and a jump to a page by the number printed on it (by position when
 * the filing prints none). Cited cells travel along, so their outline is back on returning to their page. */
export function PageNav({ filing, page, cited }: { filing: Filing; page: Page; cited: Cited }) {
  const navigate = useNavigate();
  const jumpId = useId();
  const [jump, setJump] = useState("");
  const [state, setState] = useState<JumpState>({ phase: "idle" });
  const printed = page.label !== null;
  const go = (pageNo: number | null) => {
    if (pageNo !== null && pageNo >= 1 && pageNo <= filing.page_count) void navigate(paths.view(filing.id, pageNo, cited));
  };
  const labelOf = (pageNo: number) => getPage(filing.id, pageNo, AbortSignal.timeout(15_000)).then((other) => other.label);

  const onJump = (event: FormEvent) => {
    event.preventDefault();
    const wanted = jump.trim();
    if (!wanted) return;
    if (!printed) {
      const pageNo = positiveInt(wanted);
      if (pageNo !== null && pageNo <= filing.page_count) go(pageNo);
      else setState({ phase: "failed", message: `There is no page ${wanted}: pages run from 1 to ${filing.page_count}.` });
      return;
    }
    setState({ phase: "finding" });
    findPrintedPage(wanted, page, filing.page_count, labelOf).then(
      (pageNo) => {
        if (pageNo === null) {
          setState({ phase: "failed", message: `No page of this filing is printed "${wanted}".` });
          return;
        }
        setState({ phase: "idle" });
        setJump("");
        go(pageNo);
      },
      (error: unknown) => setState({ phase: "failed", message: describeError(error) }),
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
            {printed ? "Printed page" : "Page"}
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
        <p id={`${jumpId}-error`} role="alert" className="text-sm text-red-800">
          {state.message}
        </p>
      )}
    </div>
  );
}
