/**
 * How many columns a header cell spans: the grid repeats a header over every column it heads ("Years
 * ended" over three years), shown once across them; 0 for a column a cell to its left already spans.
 */
export function headerSpan(row: readonly string[], col: number): number {
  const text = row[col];
  if (col === 0 || !text) return 1;
  if (row[col - 1] === text && col - 1 > 0) return 0;
  let span = 1;
  while (row[col + span] === text) span += 1;
  return span;
}
