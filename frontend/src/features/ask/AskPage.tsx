import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { Filing, QueryFilterParams } from "../../api/types";
import { ErrorState } from "../../components/States";
import { describeFiling, useFilings } from "../filings/api";
import { AnswerView } from "./AnswerView";
import { useAsk } from "./AskContext";
import { exampleQuestions } from "./examples";
import { TraceList } from "./TraceList";

function companies(filings: readonly Filing[]): { ticker: string; name: string }[] {
  const byTicker = new Map<string, string>();
  for (const filing of filings) if (filing.ticker) byTicker.set(filing.ticker, filing.company_name);
  return [...byTicker].map(([ticker, name]) => ({ ticker, name })).sort((a, b) => a.ticker.localeCompare(b.ticker));
}

export function AskPage() {
  const { state, ask, cancel } = useAsk();
  const filings = useFilings();
  const [question, setQuestion] = useState(state.question);
  const [ticker, setTicker] = useState("");
  const [filingId, setFilingId] = useState("");
  const ids = { question: useId(), ticker: useId(), filing: useId() };
  const running = state.phase === "streaming";
  const all = filings.state === "ready" ? filings.data : [];
  const ofCompany = ticker ? all.filter((filing) => filing.ticker === ticker) : all;

  const submit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    const filters: QueryFilterParams = {};
    if (ticker) filters.tickers = [ticker];
    if (filingId) filters.filing_id = Number(filingId);
    ask(trimmed, filters);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(question);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(question);
    }
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} className="card grid gap-3" aria-label="Ask a question">
        <label htmlFor={ids.question} className="text-sm font-semibold text-slate-700">
          Ask about the ingested filings
        </label>
        <textarea
          id={ids.question}
          name="question"
          rows={2}
          maxLength={2000}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="What was Apple's revenue in fiscal 2024?"
          className="input resize-y"
          aria-describedby={`${ids.question}-hint`}
        />
        <p id={`${ids.question}-hint`} className="text-xs text-slate-500">
          Enter to ask, Shift+Enter for a new line. Every figure in the answer links to its cell on the filer's page.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={ids.ticker} className="text-xs font-medium text-slate-600">
              Company
            </label>
            <select
              id={ids.ticker}
              value={ticker}
              onChange={(event) => {
                setTicker(event.target.value);
                setFilingId("");
              }}
              className="input"
              disabled={filings.state !== "ready"}
            >
              <option value="">Any company</option>
              {companies(all).map((company) => (
                <option key={company.ticker} value={company.ticker}>
                  {company.ticker} — {company.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.filing} className="text-xs font-medium text-slate-600">
              Filing
            </label>
            <select
              id={ids.filing}
              value={filingId}
              onChange={(event) => setFilingId(event.target.value)}
              className="input"
              disabled={filings.state !== "ready"}
            >
              <option value="">Any filing</option>
              {ofCompany.map((filing) => (
                <option key={filing.id} value={filing.id}>
                  {describeFiling(filing)}
                </option>
              ))}
            </select>
          </div>
          <div className="ml-auto flex gap-2">
            {running && (
              <button type="button" onClick={cancel} className="btn">
                Cancel
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={running || !question.trim()}>
              {running ? "Asking…" : "Ask"}
            </button>
          </div>
        </div>
        {filings.state === "error" && (
          <p className="text-xs text-red-700" role="alert">
            The filing list could not be loaded ({filings.message}); you can still ask.
          </p>
        )}
        {all.length > 0 && (
          <div className="flex flex-wrap gap-2" aria-label="Example questions">
            {exampleQuestions(all).map((example) => (
              <button
                key={example}
                type="button"
                className="chip text-left"
                disabled={running}
                onClick={() => {
                  setQuestion(example);
                  submit(example);
                }}
              >
                {example}
              </button>
            ))}
          </div>
        )}
      </form>

      {state.phase !== "idle" && <TraceList rows={state.rows} running={running} />}
      {state.phase === "failed" && <ErrorState title="No answer" message={state.error ?? "The question failed."} retry={() => submit(state.question)} />}
      {state.response && <AnswerView response={state.response} />}
      {state.phase === "idle" && (
        <p className="text-center text-sm text-slate-500">
          Ask a question, or pick an example. You will see each hop of the pipeline as it runs.
        </p>
      )}
    </div>
  );
}
