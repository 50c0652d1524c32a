import { useId, useState } from "react";
import { Link } from "react-router";
import type { Filing } from "../../api/types";
import { ScrollRegion } from "../../components/ScrollRegion";
import { Empty, ErrorState, Loading } from "../../components/States";
import { edgarUrl, useFilings } from "../../lib/filings";
import { formatDate } from "../../lib/format";
import { paths } from "../../lib/routes";
import { useTitle } from "../../lib/useTitle";
import { AddFiling } from "./AddFiling";

function fiscal(filing: Filing): string {
  if (!filing.fiscal_year) return "—";
  return filing.fiscal_period && filing.fiscal_period !== "FY" ? `${filing.fiscal_period} FY${filing.fiscal_year}` : `FY${filing.fiscal_year}`;
}

/** The accession number, linked to the filing's own index page on EDGAR; unknown, a link to the filer's
 * filings there, and why it is unknown and how to fill it in. */
function Accession({ filing }: { filing: Filing }) {
  const text = filing.accession ?? `${filing.form} filings`;
  return (
    <>
      <a href={edgarUrl(filing)} target="_blank" rel="noreferrer" className="link tap text-xs" data-testid="edgar-link" aria-label={`${filing.accession ?? `${filing.ticker ?? filing.company_name} ${filing.form} filings`} on SEC EDGAR (opens a new tab)`}>
        <span className={filing.accession ? "font-mono" : undefined}>{text}</span>
        <span aria-hidden> ↗</span>
      </a>
      {!filing.accession && (
        <span className="block max-w-56 whitespace-normal text-xs text-slate-600" data-testid="accession-unknown">
          Accession and filing date unknown: ingested from a file{filing.source_url ? "" : ", with EDGAR not reachable"}. Add it again from EDGAR to fill them in.
        </span>
      )}
    </>
  );
}

/** What a degraded filing lacks, in the ingest's own words ("no inline XBRL: …"). */
function Degraded({ filing }: { filing: Filing }) {
  if (filing.degraded.length === 0) return null;
  return (
    <p className="mt-0.5 text-xs text-amber-900" data-testid="degraded">
      <span className="rounded bg-amber-100 px-1.5 font-medium">degraded</span> {filing.degraded.join("; ")}
    </p>
  );
}

function filed(filing: Filing): string {
  return filing.filed_at ? formatDate(filing.filed_at) : "—";
}

function FilingRow({ filing }: { filing: Filing }) {
  return (
    <tr className="hover:bg-slate-50" data-testid="filing-row" data-filing-id={filing.id}>
      <td className="px-3 py-2">
        <Link to={paths.view(filing.id, 1)} className="link tap font-medium">
          {filing.company_name}
        </Link>{" "}
        <span className="text-xs text-slate-600">{filing.ticker}</span>
        <Degraded filing={filing} />
        {/* A phone has no room for their columns: the filing date and the accession go under the name. */}
        <p className="text-xs text-slate-600 sm:hidden">
          Filed <span data-testid="filed-at">{filed(filing)}</span>
          <span className="block" data-testid="accession">
            <Accession filing={filing} />
          </span>
        </p>
      </td>
      <td className="px-3 py-2">{filing.form}</td>
      <td className="whitespace-nowrap px-3 py-2">{formatDate(filing.period_end)}</td>
      <td className="px-3 py-2 max-sm:hidden">{fiscal(filing)}</td>
      <td className="whitespace-nowrap px-3 py-2 max-sm:hidden" data-testid="filed-at">
        {filed(filing)}
      </td>
      <td className="whitespace-nowrap px-3 py-2 max-sm:hidden" data-testid="accession">
        <Accession filing={filing} />
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{filing.page_count}</td>
      <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">{filing.table_count}</td>
    </tr>
  );
}

export function FilingsPage() {
  const filings = useFilings();
  const [query, setQuery] = useState("");
  const [form, setForm] = useState("");
  const [adding, setAdding] = useState(false);
  const ids = { query: useId(), form: useId(), add: useId() };
  useTitle("Filings");

  const all = filings.state === "ready" ? filings.data : [];
  const forms = [...new Set(all.map((filing) => filing.form))].sort();
  const needle = query.trim().toLowerCase();
  const shown = all.filter(
    (filing) =>
      (!form || filing.form === form) &&
      (!needle || filing.company_name.toLowerCase().includes(needle) || (filing.ticker ?? "").toLowerCase().includes(needle)),
  );

  return (
    <section aria-labelledby="filings-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="filings-heading" className="text-lg font-semibold text-slate-900">
          Ingested filings {filings.state === "ready" && <span className="text-sm font-normal text-slate-600">({all.length})</span>}
        </h1>
        <div className="flex flex-wrap gap-2">
          <label htmlFor={ids.query} className="sr-only">
            Company or ticker
          </label>
          <input id={ids.query} type="search" placeholder="Company or ticker" value={query} onChange={(event) => setQuery(event.target.value)} className="input" />
          <label htmlFor={ids.form} className="sr-only">
            Form
          </label>
          <select id={ids.form} value={form} onChange={(event) => setForm(event.target.value)} className="input">
            <option value="">All forms</option>
            {forms.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" aria-expanded={adding} aria-controls={ids.add} onClick={() => setAdding((open) => !open)}>
            Add filing
          </button>
        </div>
      </div>
      <div id={ids.add} hidden={!adding}>
        {/* Kept mounted while hidden: closing the panel does not stop a job being followed. */}
        <AddFiling onAdded={() => filings.state === "ready" && filings.reload()} onClose={() => setAdding(false)} />
      </div>
      {filings.state === "loading" ? (
        <Loading label="Loading the filings…" />
      ) : filings.state === "error" ? (
        <ErrorState title="The filings could not be loaded" message={filings.message} retry={filings.retry} />
      ) : all.length === 0 ? (
        <Empty title="No filings are ingested yet">
          Run <code>filingproof ingest --dir DIR</code> (or <code>make run</code>) and reload.
        </Empty>
      ) : shown.length === 0 ? (
        <Empty title="No filing matches these filters" />
      ) : (
        <ScrollRegion label="Ingested filings" className="card p-0">
          <table className="w-full text-sm" data-testid="filings-table">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">Company</th>
                <th scope="col" className="px-3 py-2">Form</th>
                <th scope="col" className="px-3 py-2">Period ended</th>
                <th scope="col" className="px-3 py-2 max-sm:hidden">Fiscal</th>
                <th scope="col" className="px-3 py-2 max-sm:hidden">Filed</th>
                <th scope="col" className="px-3 py-2 max-sm:hidden">Accession (EDGAR)</th>
                <th scope="col" className="px-3 py-2 text-right">Pages</th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">Tables</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((filing) => (
                <FilingRow key={filing.id} filing={filing} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
