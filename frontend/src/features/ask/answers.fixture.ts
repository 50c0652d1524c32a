/** Two answers as the API gives them for the corpus (Apple's fiscal 2024 revenue; NVIDIA's data center
 * revenue growth), for the tests of the answer's rendering. */

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
      source: { cells: [17353, 18761], derivation: { kind: "growth", formula: "([18761] - [17353]) / |[17353]| * 100", inputs: [17353, 18761] } },
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
