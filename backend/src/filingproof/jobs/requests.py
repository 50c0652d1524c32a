"""What an ingest job ingests: a document whose bytes travel with the job, or a filing fetched from EDGAR."""

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from filingproof.ingest.metadata import FilingMetadata


class DocumentRequest(BaseModel):
    """A filing document (HTML or PDF), its bytes stored with the job; what the caller says of it."""

    kind: Literal["document"] = "document"
    name: str = Field(description="The document's file name.")
    ticker: str | None = None
    cik: int | None = None
    form: str | None = None
    period_end: date | None = None

    def metadata(self) -> FilingMetadata | None:
        """What the caller says, over what the cover says (none: the cover alone)."""
        if self.ticker is None and self.cik is None and self.form is None and self.period_end is None:
            return None
        return FilingMetadata(
            cik=self.cik,
            ticker=self.ticker.upper() if self.ticker else None,
            form=self.form,
            period_end=self.period_end,
        )


class EdgarRequest(BaseModel):
    """A filing fetched from EDGAR by ticker, form and fiscal year or period end (neither: the latest)."""

    kind: Literal["edgar"] = "edgar"
    ticker: str
    form: str = "10-K"
    fiscal_year: int | None = None
    period_end: date | None = None


IngestRequest = Annotated[DocumentRequest | EdgarRequest, Field(discriminator="kind")]
_requests: TypeAdapter[IngestRequest] = TypeAdapter(IngestRequest)


def request_from_json(stored: dict[str, Any]) -> DocumentRequest | EdgarRequest:
    return _requests.validate_python(stored)
