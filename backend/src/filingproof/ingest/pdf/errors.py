"""Why a PDF cannot be ingested: one error per kind of bad document, each saying what to do."""

from filingproof.ingest.errors import IngestError, NotAFilingError, TruncatedDocumentError


class NotAPdfError(NotAFilingError):
    """The bytes are not a PDF (no `%PDF-` header), or PDFium cannot read them as one."""


class EncryptedPdfError(IngestError):
    """The PDF needs a password to be opened."""


class TruncatedPdfError(TruncatedDocumentError):
    """The PDF ends before its end-of-file marker: a partial download or copy."""


class ScannedPdfError(IngestError):
    """The PDF has no text layer: scanned or image-only pages, which would need OCR."""


class MissingMetadataError(IngestError):
    """The cover page does not say what the filing is, and the caller did not either."""


class UnknownCompanyError(MissingMetadataError):
    """The cover names a company (or a ticker) that no EDGAR list and no stored registrant knows."""
