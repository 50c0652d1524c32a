import { useEffect } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Loading, LoadFailed, NotFound } from "../../components/States";
import { getFiling } from "../../lib/filings";
import { formatDate } from "../../lib/format";
import { parseCited, paths, positiveInt } from "../../lib/routes";
import { NotFoundError, useResource } from "../../lib/useResource";
import { useTitle } from "../../lib/useTitle";
import { getPage } from "./api";
import { PAGE_VIEW_ID, PageView } from "./PageView";
import { Thumbnails } from "./Thumbnails";

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** ← and → page through the filing (not while typing), the cited cells travelling along. */
function useArrowPaging(previousHref: string | null, nextHref: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const href = event.key === "ArrowLeft" ? previousHref : event.key === "ArrowRight" ? nextHref : null;
      if (href === null) return;
      event.preventDefault();
      void navigate(href);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [previousHref, nextHref, navigate]);
}

export function ViewerPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const filingId = positiveInt(params.filingId);
  const pageNo = positiveInt(params.pageNo);
  const cited = parseCited(search, pageNo ?? 0);
  const filing = useResource(`filing/${filingId}`, (signal) => (filingId ? getFiling(filingId, signal) : Promise.reject(new NotFoundError("No such filing."))));
  const page = useResource(`page/${filingId}/${pageNo}`, (signal) =>
    filingId && pageNo ? getPage(filingId, pageNo, signal) : Promise.reject(new NotFoundError("No such page.")),
  );
  const ready = page.state === "ready" ? page.data : null;
  const hrefOf = (target: number | null | undefined) => (filingId !== null && target ? paths.view(filingId, target, cited) : null);
  useArrowPaging(hrefOf(ready?.previous_page), hrefOf(ready?.next_page));
  const name = filing.state === "ready" ? `${filing.data.ticker ?? filing.data.company_name} ${filing.data.form}` : null;
  useTitle(filing.state === "error" ? "Filing not found" : name && `${name}, page ${ready?.label ?? pageNo}`);

  if (filingId === null || pageNo === null) {
    return <NotFound title="No such page">The address names no page of a filing.</NotFound>;
  }
  if (filing.state === "error") return <LoadFailed title="The filing could not be loaded" notFoundTitle="Filing not found" resource={filing} />;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[7rem_minmax(0,1fr)]">
      <header className="lg:col-span-2">
        <p className="text-xs text-slate-600">
          <Link to={paths.browse} className="link tap">
            Filings
          </Link>{" "}
          ›
        </p>
        {filing.state === "ready" ? (
          <h1 className="text-lg font-semibold text-slate-900" data-testid="viewer-title">
            {filing.data.company_name} <span className="text-slate-600">({filing.data.ticker})</span> · {filing.data.form} for the period ended{" "}
            {formatDate(filing.data.period_end)}
          </h1>
        ) : (
          <h1 className="text-lg font-semibold text-slate-600">Loading the filing…</h1>
        )}
      </header>
      <aside aria-label="Page thumbnails" className="order-last min-w-0 lg:order-none">
        {filing.state === "ready" && <Thumbnails filingId={filingId} pageCount={filing.data.page_count} current={pageNo} cited={cited} skipTo={PAGE_VIEW_ID} />}
      </aside>
      <div className="min-w-0">
        {page.state === "loading" || filing.state === "loading" ? (
          <Loading label="Loading the page…" />
        ) : page.state === "error" ? (
          <LoadFailed title="The page could not be loaded" notFoundTitle="Page not found" resource={page} level={2} />
        ) : (
          <PageView key={`${filingId}/${pageNo}`} filing={filing.data} page={page.data} cited={cited} />
        )}
      </div>
    </div>
  );
}
