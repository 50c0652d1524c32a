"""Print the service's OpenAPI document, as committed in `backend/openapi.json`.

.venv/bin/python -m filingproof.api.openapi > backend/openapi.json
"""

import json
import sys

from filingproof.api.app import create_app
from filingproof.config import Settings


def openapi_document() -> str:
    """Stable text: sorted keys, fixed indentation, a final newline. Settings do not change the schema."""
    return json.dumps(create_app(Settings()).openapi(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.stdout.write(openapi_document())
