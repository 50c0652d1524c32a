/** Ratio scores across finished runs, oldest to newest: a small SVG line chart (no chart library). */

import { formatRatio } from "../../lib/format";
import { METRICS } from "./metrics";
import type { EvalRunSummary, ScoreKey } from "./types";

const SERIES: { key: ScoreKey; color: string }[] = [
  { key: "accuracy", color: "#0369a1" },
  { key: "page_hit_at_3", color: "#059669" },
  { key: "filing_hit_at_1", color: "#9333ea" },
  { key: "refusal_recall", color: "#d97706" },
];
const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

export interface ChartPoint {
  x: number;
  y: number;
  runId: number;
  value: number;
}

/** Where the index-th of `count` runs sits on the x axis. */
function xAt(index: number, count: number): number {
  const innerWidth = WIDTH - PAD.left - PAD.right;
  return PAD.left + (count > 1 ? (index * innerWidth) / (count - 1) : innerWidth / 2);
}

/** Chart coordinates of one score over the runs (a run without the score is a gap, not a point). */
export function seriesPoints(runs: readonly EvalRunSummary[], key: ScoreKey): ChartPoint[] {
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  return runs.flatMap((run, index) => {
    const value = run.scores?.[key];
    if (value === null || value === undefined) return [];
    const x = xAt(index, runs.length);
    const y = PAD.top + (1 - Math.max(0, Math.min(1, value))) * innerHeight;
    return [{ x, y, runId: run.id, value }];
  });
}

export function ScoreChart({ runs }: { runs: readonly EvalRunSummary[] }) {
  const finished = runs.filter((run) => run.status === "done" && run.scores).sort((a, b) => a.id - b.id);
  if (finished.length === 0) return null;
  const labelOf = (key: ScoreKey) => METRICS.find((metric) => metric.key === key)?.label ?? key;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  return (
    <figure className="card" data-testid="score-chart">
      <figcaption className="card-title">Scores across runs</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl" role="img" aria-label={`${SERIES.map((s) => labelOf(s.key)).join(", ")} over ${finished.length} runs`}>
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => {
          const y = PAD.top + (1 - tick) * innerHeight;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="10" fill="#64748b">
                {tick * 100}%
              </text>
            </g>
          );
        })}
        {finished.map((run, index) => (
          <text key={run.id} x={xAt(index, finished.length)} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill="#64748b">
            #{run.id}
          </text>
        ))}
        {SERIES.map((series) => {
          const points = seriesPoints(finished, series.key);
          return (
            <g key={series.key}>
              <polyline points={points.map((p) => `${p.x},${p.y}`).join(" ")} fill="none" stroke={series.color} strokeWidth="2" />
              {points.map((point) => (
                <circle key={point.runId} cx={point.x} cy={point.y} r="3.5" fill={series.color}>
                  <title>{`${labelOf(series.key)}, run #${point.runId}: ${formatRatio(point.value)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4" style={{ background: series.color }} aria-hidden />
            {labelOf(series.key)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
