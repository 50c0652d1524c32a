"""PDF filings: a PDF's pages, text and tables read into the model the HTML parser produces.

- `glyphs`: PDFium's characters with their boxes; the bad documents (not a PDF, encrypted, truncated).
- `lines`: glyphs → words → lines, cut into segments at wide gaps.
- `tables`: lines → table regions → an HTML `<table>` for `parse.tables.parse_table`, with each cell's box.
- `cover`: company, form, period and trading symbol from the cover page.
- `document`: `parse_pdf`, the whole document as a `ParsedDocument` (`PdfDocument`).
- `metadata`: the cover, the caller's overrides and EDGAR's company list → complete metadata.
- `render`: page images (PDFium) and cell boxes in image pixels.
- `source`: the pipeline's dispatch between HTML and PDF.
- `fidelity`: the bench's measure (iXBRL filings printed to PDF, facts found by colour).
"""
