"""The web app end to end: the real service over the ingested corpus serves the built app, and the
browser tests (`npm run test:e2e`: playwright-core driving Debian's Chromium) run against it.

Needs `npm ci && npm run build` in frontend/ first; without the build this test fails, it does not skip.
Screenshots of each step land in frontend/test-artifacts (or E2E_ARTIFACTS).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from filingproof.api.server import child_server

pytestmark = pytest.mark.corpus

FRONTEND = Path(__file__).resolve().parents[3] / "frontend"
ADMIN_TOKEN = "e2e-admin-token-0123456789"
E2E_TIMEOUT_S = 600


def test_web_app_end_to_end(ingested_corpus: Any) -> None:
    dist = FRONTEND / "dist"
    if not (dist / "index.html").is_file():
        pytest.fail(f"{dist} has no build: run `npm ci && npm run build` in {FRONTEND} first")
    if not (FRONTEND / "node_modules" / "playwright-core").is_dir():
        pytest.fail(f"the browser tests' packages are not installed: run `npm ci` in {FRONTEND}")
    npm = shutil.which("npm")
    assert npm, "npm is not on PATH"
    env = {"ADMIN_TOKEN": ADMIN_TOKEN, "WEB_DIST": str(dist)}
    with child_server(env) as server:
        result = subprocess.run(
            [npm, "run", "test:e2e"],
            cwd=FRONTEND,
            env={
                **os.environ,
                "FILINGPROOF_URL": server.base_url,
                "ADMIN_TOKEN": ADMIN_TOKEN,
                "E2E_ARTIFACTS": os.environ.get("E2E_ARTIFACTS", str(FRONTEND / "test-artifacts")),
                "NO_COLOR": "1",
            },
            capture_output=True,
            text=True,
            timeout=E2E_TIMEOUT_S,
        )
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    assert result.returncode == 0, f"npm run test:e2e exited {result.returncode}: its output is above"
