import { api, unwrap } from "../../api/client";
import type { Filing } from "../../api/types";
import { useResource } from "../../lib/useResource";

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
