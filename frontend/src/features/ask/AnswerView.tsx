/** The answer: its status, its text with every figure linked to its cells, the figures with their sources
 * (a derivation as its formula over linked cells), and the cited pages. Fail-closed: only a verified
 * answer shows figures; a refusal or an unverifiable answer shows its words and nothing else. */

import { Fragment } from "react";
import { Link } from "react-router";
import type { Figure, QueryResponse } from "../../api/types";
import { formatCost, formatMs } from "../../lib/format";
import { paths } from "../../lib/routes";
import { answerParts, cellLink, citeText, figureLinks, formulaParts, lineItem, pageLabel, quotedBoxes, shownSources, type CellLocation } from "./sources";
import { coveredList, reasonOf, understood } from "./reasons";
import { StatusBadge, statusMeaning } from "./StatusBadge";

const UNIT_LABEL: Record<Figure["unit"], string> = {
  USD: "USD",
  "USD/share": "USD per share",
  EUR: "EUR",
  "EUR/share": "EUR per share",
  GBP: "GBP",
  "GBP/share": "GBP per share",
  percent: "percent",
  ratio: "ratio",
  shares: "shares",
  number: "number",
};

function CellChip({ cellId, location }: { cellId: number; location: CellLocation | undefined }) {
  if (!location) return <span className="text-slate-600">cell {cellId}</span>;
  const link = cellLink(location);
  return (
    <Link to={link.href} className="link tap" title={`${link.label} · cell ${cellId}`} data-testid="formula-cell">
      {lineItem(location)}
    </Link>
  );
}

/** After a derived figure, each of its inputs linked to its own cell (they may lie on other pages, even in
 * other filings, than the first): "(from Data center (Jan 28, 2024), Data center (Jan 26, 2025))". */
function DerivedInputs({ figure, located }: { figure: Figure; located: Map<number, CellLocation> }) {
  const inputs = (figure.source.derivation?.inputs ?? []).flatMap((cellId) => located.get(cellId) ?? []);
  if (inputs.length === 0) return null;
  return (
    <span className="text-sm text-slate-700">
      {" (from "}
      {inputs.map((location, index) => {
        const link = cellLink(location);
        return (
          <Fragment key={location.cellId}>
            {index > 0 && ", "}
            <Link to={link.href} className="link" title={`Open ${link.label}`} data-testid="figure-input-link">
              {lineItem(location)}
            </Link>
          </Fragment>
        );
      })}
      {")"}
    </span>
  );
}

function AnswerText({ answer, figures, located }: { answer: string; figures: Figure[]; located: Map<number, CellLocation> }) {
  return (
    <p data-testid="answer-text" className="whitespace-pre-line text-base leading-relaxed text-slate-900">
      {answerParts(answer, figures).map((part, index) => {
        if (part.kind === "text") return <Fragment key={index}>{part.text}</Fragment>;
        if (part.kind === "cite") {
          const location = located.get(part.cellId);
          const text = citeText(part, location);
          if (!location) return text && <Fragment key={index}>{text}</Fragment>;
          const link = cellLink(location);
          return (
            <Link key={index} to={link.href} className="link text-slate-700" title={`Cell ${part.cellId} on ${link.label}`} data-testid="cite-link">
              {text}
            </Link>
          );
        }
        const [first] = figureLinks(part.figure, located);
        return first ? (
          <Fragment key={index}>
            <Link to={first.href} data-testid="figure-link" className="figure-link" title={`Open ${first.label}`}>
              {part.text}
            </Link>
            {/* the inputs are named after the answer's own figure, never inside the filer's quoted words */}
            {!part.quoted && <DerivedInputs figure={part.figure} located={located} />}
          </Fragment>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        );
      })}
    </p>
  );
}

function FigureRow({ figure, located }: { figure: Figure; located: Map<number, CellLocation> }) {
  const derivation = figure.source.derivation;
  return (
    <li className="py-2 text-sm" data-testid="figure">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-semibold text-slate-900">{figure.text}</span>
        <span className="font-mono text-xs text-slate-600">
          = {figure.value.toLocaleString("en-US", { maximumFractionDigits: 4 })} {UNIT_LABEL[figure.unit]}
        </span>
      </div>
      {derivation && derivation.inputs.length === 0 && derivation.label ? (
        // a formula over no cell is the rule's own figure (a judgment's threshold): said in words, not as a formula
        <p className="mt-1 text-slate-600" data-testid="rule-figure">
          <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs uppercase tracking-wide">rule</span>
          {derivation.label}
        </p>
      ) : derivation ? (
        <p className="mt-1 text-slate-600" data-testid="derivation">
          <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs uppercase tracking-wide">{derivation.kind}</span>
          {derivation.label && <span data-testid="derivation-label">{derivation.label}: </span>}
          {formulaParts(derivation.formula).map((part, index) =>
            part.kind === "text" ? (
              <span key={index} className="font-mono">
                {part.text}
              </span>
            ) : (
              <CellChip key={index} cellId={part.cellId} location={located.get(part.cellId)} />
            ),
          )}
        </p>
      ) : null}
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs">
        {figureLinks(figure, located).map((link) => (
          <Link key={link.href} to={link.href} className="link tap">
            {link.label} · cell {link.cellIds.join(", ")}
          </Link>
        ))}
      </p>
    </li>
  );
}

/** For an answer without figures: why (the kind of refusal), what was understood, what to do next, and
 * the filings that are covered, folded away. */
function WhyNoFigure({ response, covered }: { response: QueryResponse; covered: string[] }) {
  const reason = reasonOf(response);
  const read = understood(response);
  if (!reason && covered.length === 0) return null;
  return (
    <div className="mt-3 grid gap-1 rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="why-no-figure" data-reason={response.reason ?? undefined}>
      {reason && (
        <p>
          <span className="font-semibold">Why: </span>
          <span data-testid="reason">{reason.why}</span>
        </p>
      )}
      {read && (
        <p>
          <span className="font-semibold">Understood: </span>
          <span data-testid="understood">{read}</span>
        </p>
      )}
      {reason && (
        <p>
          <span className="font-semibold">Next: </span>
          {reason.next}
        </p>
      )}
      {covered.length > 0 && (
        <details className="mt-1">
          <summary className="tap cursor-pointer text-sky-800">What the ingested filings cover ({covered.length})</summary>
          <ul className="mt-1 list-disc pl-5 text-xs text-slate-700" data-testid="covered">
            {covered.map((filing) => (
              <li key={filing}>{filing}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

export function AnswerView({ response }: { response: QueryResponse }) {
  const { figures, citations, located } = shownSources(response);
  const { said, covered } = response.status === "refused" ? coveredList(response.answer) : { said: response.answer, covered: [] };
  return (
    <section aria-labelledby="answer-heading" className="card" data-testid="answer">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="answer-heading" className="card-title mb-0 flex items-center gap-2">
          Answer <StatusBadge status={response.status} reason={response.reason} />
        </h2>
        <span className="font-mono text-xs text-slate-600">
          {formatMs(response.latency_ms)} · {formatCost(response.cost)}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600">{statusMeaning(response.status)}</p>
      <div className="mt-3">
        <AnswerText answer={said} figures={figures} located={located} />
      </div>
      <WhyNoFigure response={response} covered={covered} />
      {figures.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">Figures</h3>
          <ul className="divide-y divide-slate-100">
            {figures.map((figure, index) => (
              <FigureRow key={index} figure={figure} located={located} />
            ))}
          </ul>
        </>
      )}
      {citations.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">Pages cited</h3>
          <ul className="mt-1 flex flex-wrap gap-2 text-xs">
            {citations.map((citation) => (
              <li key={`${citation.filing_id}/${citation.page_no}`}>
                <Link
                  to={paths.view(citation.filing_id, citation.page_no, {
                    cellIds: (citation.cells ?? []).map((cell) => cell.cell_id),
                    page: citation.page_no,
                    quoted: quotedBoxes(citation),
                  })}
                  className="chip"
                  data-testid="cited-page"
                >
                  {pageLabel(citation)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
