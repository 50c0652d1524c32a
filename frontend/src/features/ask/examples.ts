/** Example questions built from what is ingested: the companies and fiscal years that have annual reports. */

import type { Filing } from "../../api/types";
import { possessive, shortName } from "../../lib/filings";

const ITEMS = ["revenue", "net income", "operating income"] as const;

export function exampleQuestions(filings: readonly Filing[], count = 4): string[] {
  const annual = filings
    .filter((filing) => filing.form === "10-K" && filing.fiscal_year !== null)
    .sort((a, b) => (b.fiscal_year ?? 0) - (a.fiscal_year ?? 0) || a.company_name.localeCompare(b.company_name));
  const years = new Map<string, Set<number>>();
  for (const filing of annual) {
    const set = years.get(filing.company_name) ?? new Set<number>();
    set.add(filing.fiscal_year ?? 0);
    years.set(filing.company_name, set);
  }
  const questions: string[] = [];
  const seen = new Set<string>();
  for (const filing of annual) {
    if (seen.has(filing.company_name)) continue;
    seen.add(filing.company_name);
    const name = possessive(shortName(filing));
    const year = filing.fiscal_year ?? 0;
    const item = ITEMS[questions.length % ITEMS.length] ?? "revenue";
    questions.push(
      years.get(filing.company_name)?.has(year - 1)
        ? `What was ${name} ${item} in fiscal ${year}, and how much did it grow?`
        : `What was ${name} ${item} in fiscal ${year}?`,
    );
    if (questions.length === count) break;
  }
  return questions;
}
