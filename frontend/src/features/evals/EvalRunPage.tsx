import { useId, useState } from "react";
import { Link, useParams } from "react-router";
import { ScrollRegion } from "../../components/ScrollRegion";
import { Empty, ErrorState, Loading, LoadFailed } from "../../components/States";
import { formatDateTime, formatMs } from "../../lib/format";
import { paths } from "../../lib/routes";
import { NotFoundError, useResource } from "../../lib/useResource";
import { useTitle } from "../../lib/useTitle";
import { getRun } from "./api";
import { distinct, filterItems, NO_FILTER, type ItemFilter, type Verdict } from "./items";
import { formatScore, METRICS } from "./metrics";
import { RunStatus } from "./RunStatus";
import { ScoreCards } from "./ScoreCards";
import type { EvalItem, EvalRunDetail } from "./types";
import { usePolling } from "./usePolling";

const KIND_COLUMNS = METRICS.filter((metric) => ["n", "accuracy", "wrong_verified", "page_hit_at_3", "filing_hit_at_1", "latency_p50_ms"].includes(metric.key));

function formatExpected(item: EvalItem): string {
  if (item.expected === null) return "—";
  return `${item.expected.toLocaleString("en-US", { maximumFractionDigits: 4 })}${item.unit ? ` ${item.unit}` : ""}`;
}

function PerKind({ perKind }: { perKind: EvalRunDetail["per_kind"] }) {
  const kinds = Object.keys(perKind).sort();
  if (kinds.length === 0) return null;
  return (
    <section aria-labelledby="kinds-heading" className="card p-0">
      <h2 id="kinds-heading" className="card-title px-3 pt-3">
        By kind of question
      </h2>
      <ScrollRegion label="By kind of question">
      <table className="w-full text-sm" data-testid="per-kind">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Kind</th>
            {KIND_COLUMNS.map((metric) => (
              <th key={metric.key} scope="col" className="px-3 py-2 text-right">
                {metric.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {kinds.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="px-3 py-2 text-left font-medium">{kind}</th>
              {KIND_COLUMNS.map((metric) => (
                <td key={metric.key} className="px-3 py-2 text-right tabular-nums">
                  {formatScore(metric, perKind[kind]?.[metric.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </ScrollRegion>
    </section>
  );
}

function ItemFilters({ items, filter, onChange }: { items: EvalItem[]; filter: ItemFilter; onChange: (filter: ItemFilter) => void }) {
  const ids = { text: useId(), kind: useId(), verdict: useId(), status: useId() };
  const field = "grid gap-1 text-xs font-medium text-slate-600";
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter items">
      <div className={field}>
        <label htmlFor={ids.text}>Question or ticker</label>
        <input id={ids.text} type="search" value={filter.text} onChange={(e) => onChange({ ...filter, text: e.target.value })} className="input" />
      </div>
      <div className={field}>
        <label htmlFor={ids.kind}>Kind</label>
        <select id={ids.kind} value={filter.kind} onChange={(e) => onChange({ ...filter, kind: e.target.value })} className="input">
          <option value="">All kinds</option>
          {distinct(items, "kind").map((kind) => (
            <option key={kind}>{kind}</option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor={ids.verdict}>Result</label>
        <select id={ids.verdict} value={filter.verdict} onChange={(e) => onChange({ ...filter, verdict: e.target.value as Verdict })} className="input">
          <option value="all">All</option>
          <option value="right">Right</option>
          <option value="wrong">Wrong</option>
          <option value="wrong_verified">Wrong but verified</option>
        </select>
      </div>
      <div className={field}>
        <label htmlFor={ids.status}>Answer status</label>
        <select id={ids.status} value={filter.status} onChange={(e) => onChange({ ...filter, status: e.target.value })} className="input">
          <option value="">All statuses</option>
          {distinct(items, "status").map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </div>
    </div>
  );
}

function ItemRow({ item }: { item: EvalItem }) {
  return (
    <tr data-testid="item-row" className={item.wrong_verified ? "bg-red-50" : undefined}>
      <td className="px-3 py-2 align-top">
        <span aria-label={item.right ? "right" : "wrong"} className={item.right ? "text-emerald-700" : "text-red-700"}>
          {item.right ? "✓" : "✗"}
        </span>
      </td>
      <td className="px-3 py-2 align-top">
        <details>
          <summary className="cursor-pointer">
            {item.question} <span className="text-xs text-slate-600">({item.item_id}, {item.kind})</span>
          </summary>
          <p className="mt-2 whitespace-pre-line text-xs text-slate-700">{item.answer}</p>
          {item.figures.length > 0 && <p className="mt-1 text-xs text-slate-600">Figures: {item.figures.map((figure) => figure.text).join("; ")}</p>}
        </details>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right align-top tabular-nums max-md:hidden">{formatExpected(item)}</td>
      <td className="px-3 py-2 align-top text-xs">{item.status}{item.wrong_verified && <span className="ml-1 font-semibold text-red-700">wrong+verified</span>}</td>
      <td className="px-3 py-2 text-right align-top tabular-nums max-sm:hidden">{item.filing_rank ?? "—"}</td>
      <td className="px-3 py-2 text-right align-top tabular-nums max-sm:hidden">{item.page_rank ?? "—"}</td>
      <td className="whitespace-nowrap px-3 py-2 text-right align-top tabular-nums max-sm:hidden">{formatMs(item.latency_ms)}</td>
    </tr>
  );
}

function Items({ items }: { items: EvalItem[] }) {
  const [filter, setFilter] = useState(NO_FILTER);
  const shown = filterItems(items, filter);
  return (
    <section aria-labelledby="items-heading" className="grid gap-2">
      <h2 id="items-heading" className="text-sm font-semibold text-slate-700">
        Items <span className="font-normal text-slate-600">({shown.length} of {items.length})</span>
      </h2>
      <ItemFilters items={items} filter={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <Empty title={items.length === 0 ? "This run has no item results yet" : "No item matches these filters"} />
      ) : (
        <ScrollRegion label="Items" className="card p-0">
          <table className="w-full text-sm" data-testid="items-table">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Result</span></th>
                <th scope="col" className="px-3 py-2">Question</th>
                <th scope="col" className="px-3 py-2 text-right max-md:hidden">Expected</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">Filing rank</th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">Page rank</th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">Latency</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((item) => (
                <ItemRow key={item.item_id} item={item} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function EvalRunPage() {
  const runId = Number(useParams().runId);
  const valid = Number.isInteger(runId) && runId > 0;
  const run = useResource(`eval-run/${runId}`, (signal) => (valid ? getRun(runId, signal) : Promise.reject(new NotFoundError("No such run."))));
  const reload = run.state === "ready" ? run.reload : null;
  usePolling(run.state === "ready" && run.data.status === "running", reload ?? (() => undefined));

  useTitle(run.state === "error" && run.notFound ? "Run not found" : valid ? `Run #${runId}` : "Run not found");

  if (run.state === "loading") {
    return (
      <>
        <h1 className="text-lg font-semibold text-slate-900">Run #{valid ? runId : "?"}</h1>
        <Loading label="Loading the run…" />
      </>
    );
  }
  if (run.state === "error") return <LoadFailed title="The run could not be loaded" notFoundTitle="Run not found" resource={run} />;
  const data = run.data;
  return (
    <div className="grid gap-4">
      <header className="grid gap-1">
        <p className="text-xs text-slate-600">
          <Link to={paths.evals} className="link">
            Evaluations
          </Link>{" "}
          ›
        </p>
        <h1 className="flex flex-wrap items-center gap-3 text-lg font-semibold text-slate-900">
          Run #{data.id} <RunStatus run={data} />
        </h1>
        <p className="text-xs text-slate-600">
          Gold {data.gold_version} · {data.provider} · commit <span className="font-mono">{data.git_commit?.slice(0, 12) ?? "—"}</span> · started{" "}
          {formatDateTime(data.started_at)}
          {data.finished_at && <> · finished {formatDateTime(data.finished_at)}</>}
          {data.previous_run_id !== null && (
            <>
              {" "}
              · previous{" "}
              <Link to={paths.evalRun(data.previous_run_id)} className="link">
                #{data.previous_run_id}
              </Link>
            </>
          )}
        </p>
      </header>
      {data.error && <ErrorState title="The run failed" message={data.error} />}
      {data.scores ? (
        <ScoreCards scores={data.scores} deltas={data.deltas} previousRunId={data.previous_run_id} />
      ) : (
        data.status === "running" && <Loading label={`Running: ${data.progress.done} of ${data.progress.total} items…`} />
      )}
      <PerKind perKind={data.per_kind} />
      <Items items={data.items} />
    </div>
  );
}
