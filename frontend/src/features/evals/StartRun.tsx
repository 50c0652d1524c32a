import { useId, useState, type FormEvent } from "react";
import { describeError } from "../../api/client";
import { AdminTokenField } from "../../components/AdminTokenField";
import { keepAdminToken, storedAdminToken } from "../../lib/adminToken";
import { startRun } from "./api";
import type { EvalRunStarted } from "./types";

/** Starts a run with the admin token (kept for this tab only, in session storage). */
export function StartRun({ onStarted }: { onStarted: (run: EvalRunStarted) => void }) {
  const [token, setToken] = useState(storedAdminToken);
  const [gold, setGold] = useState("");
  const [state, setState] = useState<{ phase: "idle" | "sending" } | { phase: "failed"; message: string }>({ phase: "idle" });
  const ids = { gold: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setState({ phase: "sending" });
    startRun(token.trim(), gold.trim() || null).then(
      (run) => {
        keepAdminToken(token.trim());
        setState({ phase: "idle" });
        onStarted(run);
      },
      (error: unknown) => setState({ phase: "failed", message: describeError(error) }),
    );
  };

  return (
    <form onSubmit={onSubmit} className="card flex flex-wrap items-end gap-3" aria-label="Start an evaluation run">
      <AdminTokenField value={token} onChange={setToken} />
      <div className="grid gap-1">
        <label htmlFor={ids.gold} className="text-xs font-medium text-slate-600">
          Gold set
        </label>
        <input id={ids.gold} placeholder="default" value={gold} onChange={(e) => setGold(e.target.value)} className="input w-28" pattern="[a-z0-9][a-z0-9_.\-]{0,63}" />
      </div>
      <button type="submit" className="btn btn-primary" disabled={state.phase === "sending" || !token.trim()}>
        {state.phase === "sending" ? "Starting…" : "Start a run"}
      </button>
      {state.phase === "failed" && (
        <p role="alert" className="w-full text-sm text-red-700">
          {state.message}
        </p>
      )}
    </form>
  );
}
