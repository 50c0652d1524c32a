import { describe, expect, it } from "vitest";
import { contentProblem, namedProblem, UPLOAD_MAX_BYTES } from "./uploadCheck";

describe("namedProblem", () => {
  it("takes HTML and PDF documents within the limit", () => {
    expect(namedProblem("aapl-20240928.htm", 1_000)).toBeNull();
    expect(namedProblem("NETFLIX_2017_10K.PDF", 1_000)).toBeNull();
  });

  it("refuses another type, an empty file and one over the limit, saying which", () => {
    expect(namedProblem("notes.txt", 10)).toBe("notes.txt is not a filing document: upload the filing's HTML document (.htm, .html, .xhtml) or its PDF (.pdf).");
    expect(namedProblem("10-Q.htm", 0)).toBe("10-Q.htm is empty.");
    expect(namedProblem("big.pdf", UPLOAD_MAX_BYTES + 1)).toBe("big.pdf is 64 MB, over the 64 MB this server takes.");
  });
});

describe("contentProblem", () => {
  it("takes a filing's HTML and a PDF", () => {
    expect(contentProblem("a.htm", '<?xml version="1.0"?><html><body><ix:header></ix:header></body></html>')).toBeNull();
    expect(contentProblem("a.htm", "<html><body>SECURITIES AND EXCHANGE&nbsp;COMMISSION</body></html>")).toBeNull();
    expect(contentProblem("a.pdf", "%PDF-1.7 ...")).toBeNull();
  });

  it("refuses what is no filing", () => {
    expect(contentProblem("notes.htm", "<html><body><p>Notes from Tuesday's meeting.</p></body></html>")).toMatch(/^notes\.htm does not look like an SEC filing/);
    expect(contentProblem("a.pdf", "<html></html>")).toBe("a.pdf is not a PDF: it does not start with %PDF-.");
    expect(contentProblem("a.htm", "Net sales were up.")).toBe("a.htm is not an HTML document: no <html> element at its start.");
  });
});
