import type { HopName } from "../../api/hops";
import { formatCost, formatMs } from "../../lib/format";
import type { TraceRow } from "./traceReducer";

// Checked against the schema's hops: a hop the API adds or drops fails the type check until labelled here.
const HOP_LABEL: Record<string, string> = {
  router: "Router",
  retrieval: "Retrieval",
  table_qa: "Table QA",
  synthesis: "Synthesis",
  verify: "Verify",
  repair: "Repair",
  answer: "Answer",
} satisfies Record<HopName | "answer", string>;

export function TraceList({ rows, running }: { rows: TraceRow[]; running: boolean }) {
  return (
    <section aria-labelledby="trace-heading" className="card">
      <h2 id="trace-heading" className="card-title">
        Pipeline
      </h2>
      <ol data-testid="trace" className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li
            key={row.seq}
            data-testid="trace-row"
            data-hop={row.name}
            data-attempt={row.attempt}
            className={`grid grid-cols-[6.5rem_1fr_auto] items-baseline gap-x-3 gap-y-0.5 py-2 text-sm ${row.isRepair ? "bg-amber-50" : ""}`}
          >
            <span className="font-medium text-slate-800">
              {HOP_LABEL[row.name] ?? row.name}
              {row.attempt > 1 && !row.isRepair && <span className="ml-1 text-xs text-slate-600">#{row.attempt}</span>}
            </span>
            <span className="min-w-0 break-words text-slate-600 max-sm:col-span-3 max-sm:row-start-2">{row.summary}</span>
            <span className="whitespace-nowrap text-right font-mono text-xs text-slate-600">
              {formatMs(row.latencyMs)}
              {row.tokens > 0 && ` · ${row.tokens} tok · ${formatCost(row.cost)}`}
            </span>
          </li>
        ))}
        {running && (
          <li className="flex items-center gap-2 py-2 text-sm text-slate-600" data-testid="trace-pending">
            <span className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600" aria-hidden />
            {rows.length === 0 ? "Starting…" : "Working…"}
          </li>
        )}
      </ol>
    </section>
  );
}
