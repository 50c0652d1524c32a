import { useState } from "react";
import type { Table } from "../../api/types";
import { ScrollRegion } from "../../components/ScrollRegion";
import { tableCsv } from "./csv";
import { headerSpan } from "./headers";
import { cellPlace } from "./PageImage";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // The fallback selects a hidden text area: focus goes back where it was (the button), not to the body.
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  focused?.focus();
  if (!copied) throw new Error("copy refused");
}

/** One table of the page as a real HTML table, the cited cells highlighted, with copy-as-CSV. */
export function TableView({ table, citedIds }: { table: Table; citedIds: ReadonlySet<number> }) {
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const cellAt = new Map(table.cells.map((cell) => [`${cell.row}/${cell.col}`, cell]));
  const header = table.grid.slice(0, table.header_rows);
  const body = table.grid.slice(table.header_rows);
  const copy = () =>
    copyText(tableCsv(table)).then(
      () => setCopyState("copied"),
      () => setCopyState("failed"),
    );

  const renderRow = (row: string[], rowIndex: number, isHeader: boolean) => (
    <tr key={rowIndex} className={isHeader ? "bg-slate-50" : "even:bg-slate-50/40"}>
      {row.map((text, colIndex) => {
        const span = isHeader ? headerSpan(row, colIndex) : 1;
        if (span === 0) return null;
        const cell = cellAt.get(`${rowIndex}/${colIndex}`);
        const cited = cell !== undefined && citedIds.has(cell.id);
        // An empty corner or stub is no header of anything: a plain cell (axe's empty-table-header).
        const Tag = (isHeader || colIndex === 0) && text.trim() !== "" ? "th" : "td";
        return (
          <Tag
            key={colIndex}
            colSpan={span > 1 ? span : undefined}
            scope={Tag === "td" ? undefined : isHeader ? (span > 1 ? "colgroup" : "col") : "row"}
            data-cell-id={cell?.id}
            data-cited={cited || undefined}
            title={cell ? cellPlace(cell) : undefined}
            className={`border-b border-slate-100 px-2 py-1 align-top ${colIndex === 0 ? "text-left font-normal" : "text-right tabular-nums"} ${isHeader ? "font-semibold text-slate-700" : ""} ${cited ? "cited-cell" : ""}`}
          >
            {text}
          </Tag>
        );
      })}
    </tr>
  );

  return (
    <figure className="card overflow-hidden p-0" data-testid="page-table">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-2 text-sm">
        <span className="font-medium text-slate-800">
          {table.title ?? `Table ${table.table_index + 1}`}
          {table.scale_text && !table.title?.toLowerCase().includes(table.scale_text.toLowerCase()) && (
            <span className="ml-2 text-xs font-normal text-slate-600">({table.scale_text})</span>
          )}
        </span>
        <span className="flex items-center gap-2">
          <span role="status" className="text-xs text-slate-600">
            {copyState === "copied" ? "Copied" : copyState === "failed" ? "Copy failed" : ""}
          </span>
          <button type="button" className="btn btn-sm" onClick={() => void copy()}>
            Copy as CSV
          </button>
        </span>
      </figcaption>
      <ScrollRegion label={table.title ?? `Table ${table.table_index + 1}`}>
        <table className="w-full text-xs">
          <thead>{header.map((row, index) => renderRow(row, index, true))}</thead>
          <tbody>{body.map((row, index) => renderRow(row, index + table.header_rows, false))}</tbody>
        </table>
      </ScrollRegion>
    </figure>
  );
}
