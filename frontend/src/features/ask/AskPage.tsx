import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { QUESTION_MAX_LENGTH } from "../../api/limits";
import type { Filing } from "../../api/types";
import { ErrorState } from "../../components/States";
import { describeFiling, useFilings } from "../../lib/filings";
import { askedPath, parseAsked, type Asked } from "../../lib/routes";
import { useTitle } from "../../lib/useTitle";
import { AnswerView } from "./AnswerView";
import { useAsk } from "./AskContext";
import { exampleQuestions } from "./examples";
import { findAnswer } from "./history";
import { RecentQuestions } from "./RecentQuestions";
import { announcement } from "./announce";
import { TraceList } from "./TraceList";

function companies(filings: readonly Filing[]): { ticker: string; name: string }[] {
  const byTicker = new Map<string, string>();
  for (const filing of filings) if (filing.ticker) byTicker.set(filing.ticker, filing.company_name);
  return [...byTicker].map(([ticker, name]) => ({ ticker, name })).sort((a, b) => a.ticker.localeCompare(b.ticker));
}

/** The message for a question over the API's limit (it is refused, never cut), or null. */
export function lengthProblem(question: string, limit = QUESTION_MAX_LENGTH): string | null {
  const length = question.trim().length;
  if (length <= limit) return null;
  return `Questions are limited to ${limit.toLocaleString("en-US")} characters; this one has ${length.toLocaleString("en-US")}. Shorten it to ask.`;
}

/** The address is the source of truth for what is shown: on opening (a reload, a shared link, a recent
 * question, back and forward) the question it carries is shown with its answer, kept or asked afresh. */
function useAddressedQuestion(onAddressed: (asked: Asked) => void) {
  const [search] = useSearchParams();
  const { state, ask, restore } = useAsk();
  const addressed = parseAsked(search);
  const key = addressed ? askedPath(addressed) : null;
  const shownKey = state.asked ? askedPath(state.asked) : null;
  useEffect(() => {
    if (!addressed || key === shownKey) return;
    onAddressed(addressed);
    const kept = findAnswer(addressed);
    if (kept) restore(addressed, kept.response);
    else ask(addressed);
    // Only when the address changes: what the screen shows follows it, never the other way round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** Once the answer (or the error) of a question arrives, it is scrolled to the top of the window and
 * focused (a screen reader reads it from there): on a phone it would otherwise sit below the trace. */
function useResultInView() {
  const result = useRef<HTMLDivElement>(null);
  const { state } = useAsk();
  const arrived = state.phase === "answered" || state.phase === "failed";
  useEffect(() => {
    if (!arrived || !result.current) return;
    result.current.scrollIntoView({ block: "start" });
    result.current.focus({ preventScroll: true });
  }, [arrived, state.run]);
  return result;
}

export function AskPage() {
  const { state, askOnce, ask, cancel } = useAsk();
  const navigate = useNavigate();
  const filings = useFilings();
  const [question, setQuestion] = useState(state.asked?.question ?? "");
  const [ticker, setTicker] = useState(state.asked?.ticker ?? "");
  const [filingId, setFilingId] = useState(state.asked?.filingId ? String(state.asked.filingId) : "");
  const ids = { question: useId(), ticker: useId(), filing: useId() };
  const running = state.phase === "streaming";
  const all = filings.state === "ready" ? filings.data : [];
  const ofCompany = ticker ? all.filter((filing) => filing.ticker === ticker) : all;
  const tooLong = lengthProblem(question);
  const asked = state.asked;
  const result = useResultInView();
  useTitle(state.asked ? state.asked.question : "Ask");
  useAddressedQuestion((asked) => {
    setQuestion(asked.question);
    setTicker(asked.ticker ?? "");
    setFilingId(asked.filingId ? String(asked.filingId) : "");
  });

  const submit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || lengthProblem(trimmed)) return;
    const asked: Asked = { question: trimmed, ticker: ticker || null, filingId: filingId ? Number(filingId) : null };
    if (!askOnce(asked)) return;
    void navigate(askedPath(asked), { replace: state.asked !== null && askedPath(state.asked) === askedPath(asked) });
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
      <h1 className="text-lg font-semibold text-slate-900">Ask the filings</h1>
      <form onSubmit={onSubmit} className="card grid gap-3" aria-label="Ask a question">
        <label htmlFor={ids.question} className="text-sm font-semibold text-slate-700">
          Ask about the ingested filings
        </label>
        <textarea
          id={ids.question}
          name="question"
          rows={2}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="What was Apple's revenue in fiscal 2024?"
          className="input resize-y"
          aria-invalid={tooLong !== null}
          aria-describedby={`${ids.question}-hint${tooLong ? ` ${ids.question}-error` : ""}`}
        />
        <p id={`${ids.question}-hint`} className="text-xs text-slate-600">
          Enter to ask, Shift+Enter for a new line. Every figure in the answer links to its cell on the filer's page.
        </p>
        {tooLong && (
          <p id={`${ids.question}-error`} role="alert" className="text-sm text-red-800" data-testid="question-too-long">
            {tooLong}
          </p>
        )}
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
            <select id={ids.filing} value={filingId} onChange={(event) => setFilingId(event.target.value)} className="input" disabled={filings.state !== "ready"}>
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
            <button type="submit" className="btn btn-primary" disabled={running || !question.trim() || tooLong !== null}>
              {running ? "Asking…" : "Ask"}
            </button>
          </div>
        </div>
        {filings.state === "error" && (
          <p className="text-xs text-red-800" role="alert">
            The filing list could not be loaded ({filings.message}); you can still ask.
          </p>
        )}
        {all.length > 0 && (
          <div className="flex flex-wrap gap-2" aria-label="Example questions" role="group">
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

      {/* Said once the answer is in: screen readers hear its status and its words, not every hop. */}
      <p role="status" className="sr-only" data-testid="answer-announcement">
        {announcement(state)}
      </p>
      {state.phase !== "idle" && <TraceList rows={state.rows} running={running} />}
      {(state.response || state.phase === "failed") && (
        <div ref={result} tabIndex={-1} className="scroll-mt-2 focus:outline-none" data-testid="result">
          {state.phase === "failed" && asked && <ErrorState title="No answer" message={state.error ?? "The question failed."} retry={() => ask(asked)} />}
          {state.response && <AnswerView response={state.response} />}
        </div>
      )}
      {state.phase === "idle" && <p className="text-center text-sm text-slate-600">Ask a question, or pick an example. You will see each hop of the pipeline as it runs.</p>}
      <RecentQuestions current={asked} version={`${state.run}:${state.phase}`} />
    </div>
  );
}
