/** Jumping to a page by the number printed on it, the one the filing's own index uses ("Item 8 … 48"): the
 * API maps the printed number to the page's position (`/filings/{id}/printed-pages/{label}`). */

import { api, ApiError, unwrap } from "../../api/client";

/** The API's pattern for a printed page number: "29", "F-3", "ii". */
const PRINTED_LABEL = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;

/** The printed number a reader typed, as pages print it: "p. 29", "page 29" and "48." (Alphabet's footers)
 * are 29 and 48; null when what was typed cannot be a page number. */
export function printedLabel(typed: string): string | null {
  const label = typed
    .trim()
    .replace(/^p(?:age)?(?:\.\s*|\s+)/i, "")
    .replace(/\.$/, "");
  return PRINTED_LABEL.test(label) ? label : null;
}

/** The position of the page printed `label`, or null when no page of the filing prints it. */
export async function findPrintedPage(filingId: number, label: string, signal: AbortSignal): Promise<number | null> {
  try {
    const found = unwrap(await api.GET("/filings/{filing_id}/printed-pages/{label}", { params: { path: { filing_id: filingId, label } }, signal }));
    return found.page_no;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
