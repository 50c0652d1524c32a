import { useId, useState } from "react";
import { Link } from "react-router";
import type { Filing } from "../../api/types";
import { Empty, ErrorState, Loading } from "../../components/States";
import { formatDate } from "../../lib/format";
import { paths } from "../../lib/routes";
import { useFilings } from "./api";

function fiscal(filing: Filing): string {
  if (!filing.fiscal_year) return "—";
  return filing.fiscal_period && filing.fiscal_period !== "FY" ? `${filing.fiscal_period} FY${filing.fiscal_year}` : `FY${filing.fiscal_year}`;
}

export function FilingsPage() {
  const filings = useFilings();
  const [query, setQuery] = useState("");
  const [form, setForm] = useState("");
  const ids = { query: useId(), form: useId() };

  if (filings.state === "loading") return <Loading label="Loading the filings…" />;
  if (filings.state === "error") return <ErrorState title="The filings could not be loaded" message={filings.message} retry={filings.retry} />;

  const forms = [...new Set(filings.data.map((filing) => filing.form))].sort();
  const needle = query.trim().toLowerCase();
  const shown = filings.data.filter(
    (filing) =>
      (!form || filing.form === form) &&
      (!needle || filing.company_name.toLowerCase().includes(needle) || (filing.ticker ?? "").toLowerCase().includes(needle)),
  );

  return (
    <section aria-labelledby="filings-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="filings-heading" className="text-lg font-semibold text-slate-900">
          Ingested filings <span className="text-sm font-normal text-slate-500">({filings.data.length})</span>
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
        </div>
      </div>
      {filings.data.length === 0 ? (
        <Empty title="No filings are ingested yet">
          Run <code>filingproof ingest --dir DIR</code> (or <code>make run</code>) and reload.
        </Empty>
      ) : shown.length === 0 ? (
        <Empty title="No filing matches these filters" />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="w-full text-sm" data-testid="filings-table">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">Company</th>
                <th scope="col" className="px-3 py-2">Form</th>
                <th scope="col" className="px-3 py-2">Period ended</th>
                <th scope="col" className="px-3 py-2 max-sm:hidden">Fiscal</th>
                <th scope="col" className="px-3 py-2 text-right">Pages</th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">Tables</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((filing) => (
                <tr key={filing.id} className="hover:bg-slate-50" data-testid="filing-row" data-filing-id={filing.id}>
                  <td className="px-3 py-2">
                    <Link to={paths.view(filing.id, 1)} className="link font-medium">
                      {filing.company_name}
                    </Link>{" "}
                    <span className="text-xs text-slate-500">{filing.ticker}</span>
                    {filing.degraded.length > 0 && (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900" title={filing.degraded.join(", ")}>
                        degraded
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">{filing.form}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDate(filing.period_end)}</td>
                  <td className="px-3 py-2 max-sm:hidden">{fiscal(filing)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{filing.page_count}</td>
                  <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">{filing.table_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
