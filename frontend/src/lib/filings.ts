/** The ingested filings, shared by every screen: the listing, one filing, and how a filing is named. */

import { api, unwrap } from "../api/client";
import type { Filing } from "../api/types";
import { useResource } from "./useResource";

const PAGE = 100; // the API's largest page

/** Every ingested filing, following the pages of the listing. */
export async function listAllFilings(signal: AbortSignal): Promise<Filing[]> {
  const filings: Filing[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = unwrap(await api.GET("/filings", { params: { query: { limit: PAGE, offset } }, signal }));
    filings.push(...page.items);
    if (page.items.length === 0 || filings.length >= page.total) return filings;
  }
}

export function useFilings() {
  return useResource("filings", listAllFilings);
}

export function getFiling(filingId: number, signal: AbortSignal): Promise<Filing> {
  return api.GET("/filings/{filing_id}", { params: { path: { filing_id: filingId } }, signal }).then(unwrap);
}

const LEGAL_SUFFIX = /[,.]?\s+(inc|incorporated|corp|corporation|company|co|ltd|limited|plc|holdings?)\.?$/i;

function titleCase(word: string): string {
  return /\d/.test(word) || word.length <= 3 ? word : word.charAt(0) + word.slice(1).toLowerCase();
}

/** "Apple Inc." → "Apple", "AMAZON.COM, INC." → "Amazon", "COCA COLA CO" → "Coca Cola": how people name a
 * company in a question. */
export function shortName(filing: Pick<Filing, "company_name" | "ticker">): string {
  let name = filing.company_name.trim();
  while (LEGAL_SUFFIX.test(name)) name = name.replace(LEGAL_SUFFIX, "");
  name = name.replace(/\.com$/i, "").replace(/^the\s+/i, "").trim();
  if (name === name.toUpperCase()) name = name.split(/\s+/).map(titleCase).join(" ");
  return name || filing.ticker || filing.company_name;
}

export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

export function describeFiling(filing: Filing): string {
  const period = filing.fiscal_period && filing.fiscal_period !== "FY" ? `${filing.fiscal_period} ` : "";
  const year = filing.fiscal_year ? `FY${filing.fiscal_year}` : filing.period_end;
  return `${filing.ticker ?? filing.company_name} ${filing.form} ${period}${year}`;
}

const ACCESSION = /^(\d{10})-(\d{2})-(\d{6})$/;

/** Where a filing is on SEC EDGAR: its index page (every document of the filing, as filed) when its
 * accession number is known; else the address it was fetched from; else the filer's filings of that form. */
export function edgarUrl(filing: Pick<Filing, "cik" | "accession" | "source_url" | "form">): string {
  if (filing.accession && ACCESSION.test(filing.accession)) {
    return `https://www.sec.gov/Archives/edgar/data/${filing.cik}/${filing.accession.replaceAll("-", "")}/${filing.accession}-index.htm`;
  }
  if (filing.source_url?.startsWith("https://www.sec.gov/")) return filing.source_url;
  const query = new URLSearchParams({ action: "getcompany", CIK: String(filing.cik).padStart(10, "0"), type: filing.form, dateb: "", owner: "include", count: "40" });
  return `https://www.sec.gov/cgi-bin/browse-edgar?${query.toString()}`;
}
