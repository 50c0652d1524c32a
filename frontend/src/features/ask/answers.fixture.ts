/** Answers as the API gives them for the corpus (Apple's fiscal 2024 revenue; NVIDIA's data center revenue
 * growth; a judgment of Amazon's capital intensity, cut to one of its two criteria), for the tests of the
 * answer's rendering. */

import type { QueryResponse } from "../../api/types";

export const APPLE: QueryResponse = {
  question: "What was Apple's revenue in fiscal 2024?",
  answer: "Apple's revenue for fiscal 2024 was $391,035 million [c198] (AAPL 10-K, page 29).",
  status: "verified",
  figures: [{ text: "$391,035 million", value: 391035e6, unit: "USD", source: { cells: [198], derivation: null } }],
  citations: [
    {
      filing_id: 1,
      accession: null,
      ticker: "AAPL",
      form: "10-K",
      period_end: "2024-09-28",
      page_no: 31,
      page_label: "29",
      cells: [{ cell_id: 198, box: [597.38, 281, 720.78, 303.5], label: "Total net sales", column: "September 28, 2024" }],
    },
  ],
  trace: [],
  cost: 0,
  latency_ms: 120,
};

export const NVIDIA: QueryResponse = {
  question: "What were NVIDIA's data center revenues in fiscal 2025, and how much did they grow?",
  answer: "It was $47,525 million [c17353] then $115,186 million [c18761], an increase of 142.4%.",
  status: "verified",
  figures: [
    { text: "$47,525 million", value: 47525e6, unit: "USD", source: { cells: [17353], derivation: null } },
    { text: "$115,186 million", value: 115186e6, unit: "USD", source: { cells: [18761], derivation: null } },
    {
      text: "142.4%",
      value: 142.369,
      unit: "percent",
      source: { cells: [17353, 18761], derivation: { kind: "growth", formula: "([18761] - [17353]) / |[17353]| * 100", inputs: [17353, 18761], label: "" } },
    },
  ],
  citations: [
    { filing_id: 11, accession: null, ticker: "NVDA", form: "10-K", period_end: "2024-01-28", page_no: 79, page_label: "79", cells: [{ cell_id: 17353, box: null, label: "Data Center", column: "Jan 28, 2024" }] },
    { filing_id: 12, accession: null, ticker: "NVDA", form: "10-K", period_end: "2025-01-26", page_no: 80, page_label: "80", cells: [{ cell_id: 18761, box: null, label: "Data Center", column: "Jan 26, 2025" }] },
  ],
  trace: [],
  cost: 0,
  latency_ms: 160,
};

export const AMAZON_JUDGMENT: QueryResponse = {
  question: "Is Amazon a capital-intensive business based on FY2024 data?",
  answer:
    "Yes: by a common screen: capital expenditure above 10% of revenue, or net PP&E above 40% of total assets, Amazon is capital-intensive on its fiscal 2024 figures. " +
    "Amazon's purchases of property and equipment for fiscal 2024 (the year ended December 31, 2024) was -$82,999 million [c3925] (AMZN 10-K for the period ended December 31, 2024, page 36). " +
    "Amazon's total net sales for fiscal 2024 (the year ended December 31, 2024) were $637,959 million [c3982] (AMZN 10-K for the period ended December 31, 2024, page 37). " +
    "Amazon's capital expenditure as a share of revenue for fiscal 2024 is 13.01% (computed by its standard definition from the cited figures).",
  status: "verified",
  figures: [
    {
      text: "10%",
      value: 10,
      unit: "percent",
      source: { cells: [], derivation: { kind: "formula", formula: "pct(10 / 100)", inputs: [], label: "threshold of capital expenditure as a share of revenue" } },
    },
    { text: "-$82,999 million", value: -82999e6, unit: "USD", source: { cells: [3925], derivation: null } },
    { text: "$637,959 million", value: 637959e6, unit: "USD", source: { cells: [3982], derivation: null } },
    {
      text: "13.01%",
      value: 13.010083720113675,
      unit: "percent",
      source: {
        cells: [3925, 3982],
        derivation: { kind: "formula", formula: "pct(abs([3925]) / [3982])", inputs: [3925, 3982], label: "capital expenditure as a share of revenue" },
      },
    },
  ],
  citations: [
    {
      filing_id: 4,
      accession: null,
      ticker: "AMZN",
      form: "10-K",
      period_end: "2024-12-31",
      page_no: 36,
      page_label: "36",
      cells: [{ cell_id: 3925, box: [875.17, 542.0, 988.48, 564.0], label: "Purchases of property and equipment", column: "Year Ended December 31, 2024" }],
      quotes: [],
    },
    {
      filing_id: 4,
      accession: null,
      ticker: "AMZN",
      form: "10-K",
      period_end: "2024-12-31",
      page_no: 37,
      page_label: "37",
      cells: [{ cell_id: 3982, box: [866.52, 211.5, 987.0, 234.0], label: "Total net sales", column: "Year Ended December 31, 2024" }],
      quotes: [],
    },
  ],
  trace: [],
  cost: 0,
  latency_ms: 140,
};
