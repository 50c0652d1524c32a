import type { Cell, Table } from "../../api/types";

/** A table's grid as CSV (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled). */

function field(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(grid: readonly (readonly string[])[]): string {
  return grid.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

const SCALE_WORDS: Record<number, string> = { 3: "thousands", 6: "millions", 9: "billions" };

/** What a cell's figure is stated in, as printed: "USD millions", "shares thousands", "USD/share", "%". */
export function unitOf(cell: Pick<Cell, "unit" | "scale">): string {
  if (cell.unit === "percent") return "%";
  const scale = SCALE_WORDS[cell.scale];
  return scale ? `${cell.unit} ${scale}` : cell.unit;
}

/** A printed figure as a plain number in the same scale: "$(1,353)" → "-1353", "21.0 %" → "21.0", "—" → "0". */
export function plainNumber(text: string): string {
  const digits = text.replace(/[^\d.]/g, "");
  if (!/\d/.test(digits)) return "0";
  return /^\s*[$€£]?\s*[(\-−]/.test(text) ? `-${digits}` : digits;
}

type Figures = Map<string, Cell>;

/** The one figure at each place of the grid (a label that writes several keeps its text), by "row/col". */
function figuresOf(table: Pick<Table, "header_rows" | "cells">): Figures {
  const counts = new Map<string, number>();
  for (const cell of table.cells) counts.set(`${cell.row}/${cell.col}`, (counts.get(`${cell.row}/${cell.col}`) ?? 0) + 1);
  return new Map(table.cells.filter((cell) => cell.col > 0 && cell.row >= table.header_rows && counts.get(`${cell.row}/${cell.col}`) === 1).map((cell) => [`${cell.row}/${cell.col}`, cell]));
}

/** The units met along each row (by = "row") or each column (by = "col"). */
function unitsBy(figures: Figures, by: "row" | "col"): Map<number, Set<string>> {
  const units = new Map<number, Set<string>>();
  for (const cell of figures.values()) {
    const at = by === "row" ? cell.row : cell.col;
    units.set(at, (units.get(at) ?? new Set<string>()).add(unitOf(cell)));
  }
  return units;
}

const uniform = (units: Map<number, Set<string>>) => [...units.values()].every((set) => set.size === 1);

/**
 * The table as the page shows it, for a spreadsheet: the header rows over the same columns, each figure
 * as a plain number in the table's printed scale, and its unit: a last column giving each row's unit, or,
 * where a row mixes units that each column keeps (dollars beside percentages), a last header row giving
 * each column's.
 */
export function tableCsv(table: Pick<Table, "grid" | "header_rows" | "cells">): string {
  const figures = figuresOf(table);
  const byRow = unitsBy(figures, "row");
  const byCol = unitsBy(figures, "col");
  const perColumn = !uniform(byRow) && uniform(byCol);
  const values = table.grid.map((row, r) => row.map((text, c) => (figures.has(`${r}/${c}`) ? plainNumber(text) : text)));
  if (perColumn) {
    const width = Math.max(...table.grid.map((row) => row.length));
    const unitRow = Array.from({ length: width }, (_, c) => (c === 0 ? "Unit" : [...(byCol.get(c) ?? [])].join("")));
    return toCsv([...values.slice(0, table.header_rows), unitRow, ...values.slice(table.header_rows)]);
  }
  const rows = values.map((row, r) => {
    if (r < table.header_rows) return [...row, r === table.header_rows - 1 ? "Unit" : ""];
    return [...row, [...(byRow.get(r) ?? [])].join("; ")];
  });
  return toCsv(rows);
}
