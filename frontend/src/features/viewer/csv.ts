/** A table's grid as CSV (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled). */

function field(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(grid: readonly (readonly string[])[]): string {
  return grid.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
