import { describe, expect, it } from "vitest";
import type { Filing } from "../api/types";
import { describeFiling, edgarUrl, possessive, shortName } from "./filings";

function filing(overrides: Partial<Filing>): Filing {
  return {
    id: 1,
    cik: 320193,
    accession: "0000320193-24-000123",
    company_name: "Apple Inc.",
    ticker: "AAPL",
    form: "10-K",
    period_end: "2024-09-28",
    fiscal_year: 2024,
    fiscal_period: "FY",
    filed_at: "2024-11-01",
    ingested_at: "2025-01-01T00:00:00Z",
    source_url: null,
    status: "ready",
    page_count: 121,
    table_count: 80,
    cell_count: 9000,
    fact_count: 1000,
    degraded: [],
    warnings: [],
    ...overrides,
  };
}

describe("how a filing is named", () => {
  it.each([
    ["Apple Inc.", "Apple"],
    ["AMAZON.COM, INC.", "Amazon"],
    ["COCA COLA CO", "Coca Cola"],
    ["The Walt Disney Company", "Walt Disney"],
    ["NVIDIA CORP", "Nvidia"],
  ])("%s is called %s in a question", (companyName, expected) => {
    expect(shortName({ company_name: companyName, ticker: "X" })).toBe(expected);
  });

  it("puts an apostrophe after a final s", () => {
    expect(possessive("Apple")).toBe("Apple's");
    expect(possessive("Walt Disney Studios")).toBe("Walt Disney Studios'");
  });

  it("describes a filing by ticker, form and fiscal period", () => {
    expect(describeFiling(filing({}))).toBe("AAPL 10-K FY2024");
    expect(describeFiling(filing({ form: "10-Q", fiscal_period: "Q2", fiscal_year: 2025 }))).toBe("AAPL 10-Q Q2 FY2025");
    expect(describeFiling(filing({ ticker: null, fiscal_year: null }))).toBe("Apple Inc. 10-K 2024-09-28");
  });
});

describe("edgarUrl", () => {
  it("opens the filing's index on EDGAR, from its CIK and accession number", () => {
    expect(edgarUrl(filing({}))).toBe("https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm");
  });

  it("falls back on the EDGAR address the filing came from, then on the filer's filings of its form", () => {
    const fetched = "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm";
    expect(edgarUrl(filing({ accession: null, source_url: fetched }))).toBe(fetched);
    const listing = "https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0000320193&type=10-Q&dateb=&owner=include&count=40";
    expect(edgarUrl(filing({ accession: "not-an-accession", source_url: "file:///corpus/aapl.htm", form: "10-Q" }))).toBe(listing);
    expect(edgarUrl(filing({ accession: null, source_url: "https://example.com/aapl.htm", form: "10-Q" }))).toBe(listing);
  });
});
