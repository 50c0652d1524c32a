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

/**
 * The table as the page shows it, for a spreadsheet: the header rows over the same columns, each figure
 * as a plain number in the table's printed scale, and a last column saying each row's unit. A place with
 * more than one figure (a label that writes several) keeps its text.
 */
export function tableCsv(table: Pick<Table, "grid" | "header_rows" | "cells">): string {
  const figures = new Map<string, Cell[]>();
  for (const cell of table.cells) {
    const key = `${cell.row}/${cell.col}`;
    figures.set(key, [...(figures.get(key) ?? []), cell]);
  }
  const rows = table.grid.map((row, r) => {
    if (r < table.header_rows) return [...row, r === table.header_rows - 1 ? "Unit" : ""];
    const units = new Set<string>();
    const values = row.map((text, c) => {
      const [only, ...more] = figures.get(`${r}/${c}`) ?? [];
      if (only === undefined || more.length > 0 || c === 0) return text;
      units.add(unitOf(only));
      return plainNumber(text);
    });
    return [...values, [...units].join("; ")];
  });
  return toCsv(rows);
}
