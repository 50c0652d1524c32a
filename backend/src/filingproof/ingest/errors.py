"""Why a document cannot be ingested, in words a user can act on."""


class IngestError(Exception):
    """The document cannot be ingested; the message says why and what to do."""


class NotAFilingError(IngestError):
    pass


class TruncatedDocumentError(IngestError):
    pass
