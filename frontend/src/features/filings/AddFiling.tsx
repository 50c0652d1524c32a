import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { describeError } from "../../api/client";
import type { Job, JobStage } from "../../api/types";
import { AdminTokenField } from "../../components/AdminTokenField";
import { keepAdminToken, storedAdminToken } from "../../lib/adminToken";
import { paths } from "../../lib/routes";
import { addReducer, announcement, initialAddState, stageFraction, stageLabel, stageProgress, type AddState } from "./jobProgress";
import { addFiling, documentProblem, followJob, type FilingRequest } from "./jobs";

const FORMS = ["10-K", "10-Q"];
const ACCEPT = ".htm,.html,.xhtml,.pdf,.gz";

type Source = "edgar" | "document";

/** A stage: done (a tick), under way (its progress), or, in a failed job, the one it stopped in (in red). */
function StageRow({ stage, current, failed }: { stage: JobStage; current: boolean; failed: boolean }) {
  const fraction = stageFraction(stage);
  const progress = failed ? "failed" : stageProgress(stage);
  return (
    <li className="grid gap-1" data-testid="job-stage" data-stage={stage.name} data-finished={stage.finished} data-failed={failed || undefined}>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className={failed ? "font-medium text-red-800" : current ? "font-medium text-slate-900" : "text-slate-700"}>
          <span aria-hidden>{failed ? "✗ " : stage.finished ? "✓ " : "… "}</span>
          {stageLabel(stage.name)}
        </span>
        <span className={`tabular-nums ${failed ? "font-medium text-red-800" : "text-slate-600"}`} data-testid="stage-progress">
          {progress}
        </span>
      </div>
      {/* No value: an indeterminate bar, for the stages that do not count their work; a failed stage's is
          a full red bar. */}
      <progress
        className={`h-1.5 w-full appearance-none overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200 ${failed ? "[&::-webkit-progress-value]:bg-red-600 [&::-moz-progress-bar]:bg-red-600" : "[&::-webkit-progress-value]:bg-sky-700 [&::-moz-progress-bar]:bg-sky-700"}`}
        max={1}
        value={failed ? 1 : (fraction ?? undefined)}
        aria-label={`${stageLabel(stage.name)}: ${progress}`}
      />
    </li>
  );
}

export function JobView({ state }: { state: AddState }) {
  const { job } = state;
  return (
    <div className="grid gap-2" data-testid="add-job" data-phase={state.phase}>
      {job && (
        <p className="text-sm text-slate-700">
          Job {job.id}: <span className="font-medium">{job.source}</span> · <span data-testid="job-status">{job.status}</span>
        </p>
      )}
      {job && job.stages.length > 0 && (
        <ol className="grid gap-2" aria-label="Stages">
          {job.stages.map((stage) => (
            <StageRow key={stage.name} stage={stage} current={stage.name === job.stage} failed={job.status === "failed" && !stage.finished} />
          ))}
        </ol>
      )}
      {state.phase === "succeeded" && job?.filing_id != null && (
        <p className="text-sm text-emerald-800" data-testid="job-succeeded">
          {job.outcome === "unchanged" ? "This filing was already ingested. " : "Filing added. "}
          <Link to={paths.view(job.filing_id, 1)} className="link tap font-medium" data-testid="added-filing-link">
            Open it in the viewer
          </Link>
        </p>
      )}
      {state.phase === "failed" && (
        <p role="alert" className="text-sm text-red-700" data-testid="job-error">
          {state.error}
        </p>
      )}
      {job?.status === "retrying" && job.error && <p className="text-sm text-amber-800">Attempt {job.attempts} failed ({job.error}); it will be retried.</p>}
    </div>
  );
}

function useAddJob(onAdded: () => void) {
  const [state, dispatch] = useReducer(addReducer, initialAddState);
  const controller = useRef<AbortController | null>(null);
  const attempts = useRef(0);
  useEffect(() => () => controller.current?.abort(), []);

  const submit = (token: string, request: FilingRequest) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const attempt = (attempts.current += 1);
    dispatch({ type: "submit", attempt });
    const onJob = (job: Job) => dispatch({ type: "job", attempt, job });
    void (async () => {
      try {
        const problem = request.kind === "document" ? await documentProblem(request.file) : null;
        if (problem) {
          dispatch({ type: "failed", attempt, message: problem }); // nothing sent: no job exists
          return;
        }
        const job = await addFiling(token, request, current.signal);
        keepAdminToken(token);
        onJob(job);
        const last = await followJob(job.id, onJob, current.signal);
        if (last.status === "succeeded") onAdded();
      } catch (error) {
        if (!current.signal.aborted) dispatch({ type: "failed", attempt, message: describeError(error) });
      }
    })();
  };
  return { state, submit, reset: () => dispatch({ type: "reset" }) };
}

function EdgarFields({ ids }: { ids: Record<"ticker" | "form" | "year", string> }) {
  return (
    <>
      <div className="grid gap-1">
        <label htmlFor={ids.ticker} className="text-xs font-medium text-slate-600">
          Ticker
        </label>
        <input id={ids.ticker} name="ticker" required pattern="[A-Za-z0-9.\-]{1,16}" placeholder="AAPL" autoCapitalize="characters" className="input w-28" />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.form} className="text-xs font-medium text-slate-600">
          Form
        </label>
        <select id={ids.form} name="form" className="input">
          {FORMS.map((form) => (
            <option key={form}>{form}</option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.year} className="text-xs font-medium text-slate-600">
          Fiscal year <span className="font-normal">(blank: the latest)</span>
        </label>
        <input id={ids.year} name="fiscal_year" type="number" min={1993} max={2200} inputMode="numeric" className="input w-28" />
      </div>
    </>
  );
}

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function requestOf(source: Source, data: FormData): FilingRequest | null {
  if (source === "document") {
    const file = data.get("document");
    return file instanceof File && file.size > 0 ? { kind: "document", file } : null;
  }
  const year = text(data, "fiscal_year");
  return { kind: "edgar", ticker: text(data, "ticker").toUpperCase(), form: text(data, "form") || "10-K", fiscalYear: year ? Number(year) : null };
}

/** "Add filing": from EDGAR or an uploaded document, with the admin token; then the job's live progress. */
export function AddFiling({ onAdded, onClose }: { onAdded: () => void; onClose: () => void }) {
  const [source, setSource] = useState<Source>("edgar");
  const [token, setToken] = useState(storedAdminToken);
  const { state, submit, reset } = useAddJob(onAdded);
  const ids = { heading: useId(), ticker: useId(), form: useId(), year: useId(), file: useId() };
  const busy = state.phase === "sending" || state.phase === "running";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = requestOf(source, new FormData(event.currentTarget));
    if (request) submit(token.trim(), request);
  };

  return (
    <section aria-labelledby={ids.heading} className="card grid gap-3" data-testid="add-filing">
      <div className="flex items-center justify-between gap-2">
        <h2 id={ids.heading} className="card-title">
          Add a filing
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      <form onSubmit={onSubmit} className="grid gap-3" aria-labelledby={ids.heading}>
        <fieldset className="flex flex-wrap gap-2" disabled={busy}>
          <legend className="mb-1 text-xs font-medium text-slate-600">Source</legend>
          {(["edgar", "document"] as const).map((kind) => (
            // The radio itself is hidden: the whole labelled box is the tap target, its ring the focus.
            <label key={kind} className="tap inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 has-[:checked]:font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600">
              <input type="radio" name="source" value={kind} checked={source === kind} onChange={() => setSource(kind)} className="sr-only" />
              <span aria-hidden>{source === kind ? "●" : "○"}</span>
              {kind === "edgar" ? "From EDGAR" : "Upload a document"}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap items-end gap-3" disabled={busy}>
          <legend className="sr-only">{source === "edgar" ? "The filing on EDGAR" : "The document"}</legend>
          {source === "edgar" ? (
            <EdgarFields ids={ids} />
          ) : (
            <div className="grid gap-1">
              <label htmlFor={ids.file} className="text-xs font-medium text-slate-600">
                Filing document (.htm, .html, .pdf, or .htm.gz)
              </label>
              <input id={ids.file} name="document" type="file" required accept={ACCEPT} className="input max-w-full" />
            </div>
          )}
          <AdminTokenField value={token} onChange={setToken} className="w-56" />
          <button type="submit" className="btn btn-primary" disabled={busy || !token.trim()}>
            {busy ? "Adding…" : "Add filing"}
          </button>
          {(state.phase === "succeeded" || state.phase === "failed") && (
            <button type="button" className="btn" onClick={reset}>
              Clear
            </button>
          )}
        </fieldset>
      </form>
      <p role="status" aria-live="polite" className="sr-only" data-testid="add-announcement">
        {announcement(state)}
      </p>
      {state.phase !== "editing" && <JobView state={state} />}
    </section>
  );
}
