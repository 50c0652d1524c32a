import { deltaTone, formatDelta, formatScore, METRICS } from "./metrics";
import type { Deltas, Scores } from "./types";

const TONE = { better: "text-emerald-700", worse: "text-red-700", same: "text-slate-600" };

export function ScoreCards({ scores, deltas, previousRunId }: { scores: Scores; deltas: Deltas | null; previousRunId: number | null }) {
  return (
    <div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="score-cards">
        {METRICS.map((metric) => {
          const delta = deltas?.[metric.key];
          const change = formatDelta(metric, delta);
          return (
            <li key={metric.key} className="card p-3" data-testid="score-card" data-metric={metric.key}>
              <p className="text-xs font-medium text-slate-600">{metric.label}</p>
              <p className={`mt-0.5 text-xl font-semibold tabular-nums ${metric.key === "wrong_verified" && (scores.wrong_verified ?? 0) > 0 ? "text-red-700" : "text-slate-900"}`}>
                {formatScore(metric, scores[metric.key])}
              </p>
              {change && <p className={`text-xs tabular-nums ${TONE[deltaTone(metric, delta)]}`}>{change}</p>}
            </li>
          );
        })}
      </ul>
      {previousRunId !== null && deltas && <p className="mt-1 text-xs text-slate-600">Changes against run #{previousRunId} of the same gold set.</p>}
    </div>
  );
}
