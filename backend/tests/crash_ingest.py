"""The child process of the ingest crash tests: `crash_ingest.py FILE [ACCESSION]` ingests one file into
`$FILINGPROOF_HOME` as the command line does (BM25 index, no embedding model: quicker, and beside the
point), with the accession an EDGAR ingest would give, and prints the outcomes as JSON.

`FILINGPROOF_TEST_KILL_AT=<point>` kills it at that point of the ingest (`ingest/pipeline.py`).
"""

import asyncio
import json
import sys
from pathlib import Path

from filingproof.config import get_settings
from filingproof.db.session import get_sessionmaker
from filingproof.index.hook import default_index_hook
from filingproof.ingest.metadata import FilingMetadata
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import file_source, ingest_sources


async def main(path: Path, accession: str | None) -> None:
    settings = get_settings()
    results, failures = await ingest_sources(
        [file_source(path, FilingMetadata(accession=accession) if accession else None)],
        settings,
        get_sessionmaker(),
        lambda _name: SilentProgress(),
        default_index_hook(settings, embed=False),
    )
    outcomes = [result.outcome for result in results]
    print(json.dumps({"outcomes": outcomes, "failures": [failure.error for failure in failures]}))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else None))
