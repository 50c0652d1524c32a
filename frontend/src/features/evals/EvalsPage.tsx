import { Link, useNavigate } from "react-router";
import { ScrollRegion } from "../../components/ScrollRegion";
import { Empty, ErrorState, Loading } from "../../components/States";
import { formatDateTime } from "../../lib/format";
import { paths } from "../../lib/routes";
import { useResource } from "../../lib/useResource";
import { useTitle } from "../../lib/useTitle";
import { listRuns } from "./api";
import { formatScore, METRICS } from "./metrics";
import { RunStatus } from "./RunStatus";
import { ScoreCards } from "./ScoreCards";
import { ScoreChart } from "./ScoreChart";
import { StartRun } from "./StartRun";
import type { EvalRunSummary } from "./types";
import { usePolling } from "./usePolling";

const COLUMNS = ["accuracy", "wrong_verified", "page_hit_at_3", "latency_p50_ms"] as const;
const metricOf = (key: (typeof COLUMNS)[number]) => METRICS.find((metric) => metric.key === key) ?? METRICS[0]!;

function RunsTable({ runs }: { runs: EvalRunSummary[] }) {
  return (
    <ScrollRegion label="Evaluation runs" className="card p-0">
      <table className="w-full text-sm" data-testid="runs-table">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Run</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2 max-sm:hidden">Started</th>
            <th scope="col" className="px-3 py-2 max-md:hidden">Gold · provider · commit</th>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 text-right">
                {metricOf(key).label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr key={run.id} data-testid="run-row">
              <td className="px-3 py-2">
                <Link to={paths.evalRun(run.id)} className="link font-medium">
                  #{run.id}
                </Link>
              </td>
              <td className="px-3 py-2">
                <RunStatus run={run} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 max-sm:hidden">{formatDateTime(run.started_at)}</td>
              <td className="px-3 py-2 text-xs text-slate-600 max-md:hidden">
                {run.gold_version} · {run.provider} · <span className="font-mono">{run.git_commit?.slice(0, 8) ?? "—"}</span>
              </td>
              {COLUMNS.map((key) => (
                <td key={key} className="px-3 py-2 text-right tabular-nums">
                  {formatScore(metricOf(key), run.scores?.[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function EvalsPage() {
  const navigate = useNavigate();
  const runs = useResource("eval-runs", listRuns);
  useTitle("Evaluations");
  const reload = runs.state === "ready" ? runs.reload : null;
  usePolling(runs.state === "ready" && runs.data.some((run) => run.status === "running"), reload ?? (() => undefined));

  const latest = runs.state === "ready" ? runs.data.find((run) => run.status === "done" && run.scores) : undefined;
  return (
    <div className="grid gap-4">
      <h1 className="text-lg font-semibold text-slate-900">Evaluations</h1>
      <StartRun onStarted={(run) => void navigate(paths.evalRun(run.id))} />
      {runs.state === "loading" && <Loading label="Loading the runs…" />}
      {runs.state === "error" && <ErrorState title="The runs could not be loaded" message={runs.message} retry={runs.retry} />}
      {runs.state === "ready" && runs.data.length === 0 && (
        <Empty title="No evaluation runs yet">Start one above with the admin token, or run <code>filingproof eval</code>.</Empty>
      )}
      {latest?.scores && (
        <section aria-labelledby="latest-heading" className="grid gap-2">
          <h2 id="latest-heading" className="text-sm font-semibold text-slate-700">
            Latest finished run{" "}
            <Link to={paths.evalRun(latest.id)} className="link">
              #{latest.id}
            </Link>{" "}
            <span className="font-normal text-slate-600">({latest.gold_version}, {formatDateTime(latest.finished_at ?? latest.started_at)})</span>
          </h2>
          <ScoreCards scores={latest.scores} deltas={latest.deltas} previousRunId={latest.previous_run_id} />
        </section>
      )}
      {runs.state === "ready" && <ScoreChart runs={runs.data} />}
      {runs.state === "ready" && runs.data.length > 0 && <RunsTable runs={runs.data} />}
    </div>
  );
}
