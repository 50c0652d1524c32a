import { useMemo, useState } from "react";
import { Link } from "react-router";
import { describeFiling, useFilings } from "../../lib/filings";
import { askedPath, type Asked } from "../../lib/routes";
import { forget, readHistory } from "./history";
import { StatusBadge } from "./StatusBadge";

/** The questions this browser asked last, newest first, each opening its kept answer. `version` changes
 * whenever an answer may have been added. */
export function RecentQuestions({ current, version }: { current: Asked | null; version: string }) {
  const [cleared, setCleared] = useState(0);
  const filings = useFilings();
  // A filing by its name, never its id: "AAPL 10-K FY2024" (one no longer ingested: "a removed filing").
  const filingName = (filingId: number) => {
    if (filings.state !== "ready") return "one filing";
    const filing = filings.data.find((candidate) => candidate.id === filingId);
    return filing ? describeFiling(filing) : "a removed filing";
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when an answer may have been kept
  const entries = useMemo(() => readHistory(), [version, cleared]);
  if (entries.length === 0) return null;
  const currentKey = current ? askedPath(current) : null;
  return (
    <section aria-labelledby="recent-heading" className="card" data-testid="recent-questions">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-heading" className="card-title mb-0">
          Recent questions
        </h2>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            forget();
            setCleared((n) => n + 1);
          }}
        >
          Clear
        </button>
      </div>
      <ol className="mt-2 divide-y divide-slate-100">
        {entries.map((entry) => {
          const href = askedPath(entry.asked);
          const filters = [entry.asked.ticker, entry.asked.filingId !== null ? filingName(entry.asked.filingId) : null].filter(Boolean).join(", ");
          return (
            <li key={href} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5 text-sm" data-testid="recent-question">
              <Link to={href} className="link" aria-current={href === currentKey ? "true" : undefined}>
                {entry.asked.question}
              </Link>
              {filters && <span className="text-xs text-slate-600">({filters})</span>}
              <StatusBadge status={entry.response.status} reason={entry.response.reason} testId="recent-status" />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
