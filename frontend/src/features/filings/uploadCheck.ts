/** The browser's own check of a document before it is sent to `POST /filings`, as the API checks it
 * (`jobs/checks.py`): its type, its size, and whether it looks like a filing. The reason is shown at once;
 * nothing is sent, no job is queued. */

/** The API's default upload limit (MAX_UPLOAD_BYTES); a server set lower still answers 413. */
export const UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

const DOCUMENT = /\.(x?html?|pdf)$/i;
const KINDS = "the filing's HTML document (.htm, .html, .xhtml) or its PDF (.pdf)";
// Every EDGAR filing document carries one of these: inline XBRL's hidden header, or the cover's own words.
const FILING_MARKS = /ix:header|securities\s+and\s+exchange\s+commission|form\s+10-?[kq]\b|annual\s+report|quarterly\s+report/i;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
}

/** What is wrong with the document by its name and size alone (after a `.gz` is taken off), or null. */
export function namedProblem(name: string, size: number, limit = UPLOAD_MAX_BYTES): string | null {
  if (!DOCUMENT.test(name)) return `${name} is not a filing document: upload ${KINDS}.`;
  if (size === 0) return `${name} is empty.`;
  if (size > limit) return `${name} is ${megabytes(size)}, over the ${megabytes(limit)} this server takes.`;
  return null;
}

/** What is wrong with the document's content, or null: `text` is the document read as text. */
export function contentProblem(name: string, text: string): string | null {
  const pdf = /\.pdf$/i.test(name);
  const isPdf = text.slice(0, 1024).includes("%PDF-");
  if (pdf || isPdf) return isPdf ? null : `${name} is not a PDF: it does not start with %PDF-.`;
  const head = text.slice(0, 4096).toLowerCase();
  if (!head.includes("<html") && !head.includes("<?xml") && !head.includes("<!doctype html")) {
    return `${name} is not an HTML document: no <html> element at its start.`;
  }
  if (!FILING_MARKS.test(text.replace(/&nbsp;|&#160;|&#xa0;|\u00a0/gi, " "))) {
    return `${name} does not look like an SEC filing: it has no inline XBRL header and its text never names the Securities and Exchange Commission or a 10-K or 10-Q form.`;
  }
  return null;
}
