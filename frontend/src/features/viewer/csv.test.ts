import { describe, expect, it } from "vitest";
import { plainNumber, tableCsv, toCsv, unitOf } from "./csv";
import { headerSpan } from "./headers";

describe("toCsv", () => {
  it("quotes fields with commas, quotes, line breaks or edge spaces", () => {
    expect(toCsv([["Years ended", "September 28, 2024"], ['Say "hi"', "391,035"], ["a\nb", " x", "($565)"]])).toBe(
      'Years ended,"September 28, 2024"\r\n"Say ""hi""","391,035"\r\n"a\nb"," x",($565)\r\n',
    );
  });
});

// Apple's 10-K income statement (fiscal 2024, page 31) as the page route serves it: a stub header row
// ("Years ended" over the three years), the dates under it, then figures in millions and per share.
const cell = (row: number, col: number, text: string, unit: string, scale: number) => ({
  id: row * 10 + col,
  row,
  col,
  text,
  value: 0,
  unit,
  scale,
  row_label: "",
  row_path: [],
  column_label: "",
  period_kind: null,
  period_start: null,
  period_end: null,
  concept: null,
  box: null,
});
const appleIncome = {
  header_rows: 2,
  grid: [
    ["", "Years ended", "Years ended", "Years ended"],
    ["", "September 28, 2024", "September 30, 2023", "September 24, 2022"],
    ["Net income", "$93,736", "$96,995", "$99,803"],
    ["Other income/(expense), net", "269", "(565)", "(334)"],
    ["Basic", "$6.11", "$6.16", "$6.15"],
  ],
  cells: [
    cell(2, 1, "$93,736", "USD", 6),
    cell(2, 2, "$96,995", "USD", 6),
    cell(2, 3, "$99,803", "USD", 6),
    cell(3, 1, "269", "USD", 6),
    cell(3, 2, "(565)", "USD", 6),
    cell(3, 3, "(334)", "USD", 6),
    cell(4, 1, "$6.11", "USD/share", 0),
    cell(4, 2, "$6.16", "USD/share", 0),
    cell(4, 3, "$6.15", "USD/share", 0),
  ],
};

describe("tableCsv", () => {
  const lines = tableCsv(appleIncome).trimEnd().split("\r\n");

  it("keeps each period header over its value column, the stub header first", () => {
    expect(lines[0]).toBe(",Years ended,Years ended,Years ended,");
    expect(lines[1]).toBe(',"September 28, 2024","September 30, 2023","September 24, 2022",Unit');
  });

  it("writes plain numbers in the printed scale with the row's unit", () => {
    expect(lines[2]).toBe("Net income,93736,96995,99803,USD millions");
    expect(lines[3]).toBe('"Other income/(expense), net",269,-565,-334,USD millions');
    expect(lines[4]).toBe("Basic,6.11,6.16,6.15,USD/share");
  });
});

// Meta's segment results: each row mixes dollars and a margin, each column keeps one unit.
const segments = {
  header_rows: 1,
  grid: [
    ["", "Revenue", "Operating income", "Operating margin"],
    ["Family of Apps", "$162,355", "$87,109", "54 %"],
    ["Reality Labs", "2,146", "(17,729)", "(826)%"],
  ],
  cells: [
    cell(1, 1, "$162,355", "USD", 6),
    cell(1, 2, "$87,109", "USD", 6),
    cell(1, 3, "54 %", "percent", 0),
    cell(2, 1, "2,146", "USD", 6),
    cell(2, 2, "(17,729)", "USD", 6),
    cell(2, 3, "(826)%", "percent", 0),
  ],
};

describe("tableCsv of a table whose rows mix units", () => {
  it("gives each column its unit, in a header row under the others, and no unit column", () => {
    expect(tableCsv(segments).trimEnd().split("\r\n")).toEqual([
      ",Revenue,Operating income,Operating margin",
      "Unit,USD millions,USD millions,%",
      "Family of Apps,162355,87109,54",
      "Reality Labs,2146,-17729,-826",
    ]);
  });
});

describe("plainNumber and unitOf", () => {
  it("reads what the page prints", () => {
    expect(plainNumber("$(1,353)")).toBe("-1353");
    expect(plainNumber("21.0 %")).toBe("21.0");
    expect(plainNumber("—")).toBe("0");
    expect(unitOf({ unit: "shares", scale: 3 })).toBe("shares thousands");
    expect(unitOf({ unit: "percent", scale: 0 })).toBe("%");
  });
});

describe("headerSpan", () => {
  it("shows a header repeated over its columns once, across them", () => {
    const [stub = [], dates = []] = appleIncome.grid;
    expect([0, 1, 2, 3].map((col) => headerSpan(stub, col))).toEqual([1, 3, 0, 0]);
    expect([0, 1, 2, 3].map((col) => headerSpan(dates, col))).toEqual([1, 1, 1, 1]);
  });
});
