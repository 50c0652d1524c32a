import type { EvalRunSummary } from "./types";

const LOOK = {
  running: "bg-sky-100 text-sky-900 ring-sky-300",
  done: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
};

export function RunStatus({ run }: { run: Pick<EvalRunSummary, "status" | "progress"> }) {
  const { done, total } = run.progress;
  return (
    <span className="inline-flex items-center gap-2">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${LOOK[run.status]}`} data-testid="run-status">
        {run.status}
      </span>
      {run.status === "running" && (
        <progress className="h-1.5 w-20" value={done} max={Math.max(total, 1)} aria-label={`${done} of ${total} items`} />
      )}
      {run.status === "running" && <span className="text-xs tabular-nums text-slate-600">{done}/{total}</span>}
    </span>
  );
}
