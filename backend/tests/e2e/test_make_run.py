"""`make run` from a fresh clone, as a newcomer runs it: it must end in a server that gives verified answers.

The clone is of the committed HEAD (uncommitted work is not in it). What it reuses, and why:
- Python packages. Installing torch and the rest takes many minutes and is not what this test is about, so
  the clone gets its own virtual environment that sees this one's site-packages through a `.pth` file; the
  clone's own `backend/` is installed into it (editable, no dependencies), so the code that runs is the
  clone's, and the Makefile's install stamp is set so `make` skips pip. The install path itself is covered
  by CI, which runs `.ci/run` (and so `make setup`) in a fresh clone on a bare machine.
- npm's cache. `make run` runs `npm ci --prefer-offline` in the clone for real; a warm `~/.npm` cache makes it
  quick, but nothing is linked from this checkout's `node_modules`.

The demo folder holds one filing (Apple's FY2024 10-K), so the ingest takes a minute or two rather than the
whole corpus's ten. The embedded PostgreSQL that `make run` starts in the temporary home is stopped at the
end.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from edgar_mirror import CORPUS_DIR

from filingproof.api.server import free_port

REPO_ROOT = Path(__file__).resolve().parents[3]
DEMO_FILING = CORPUS_DIR / "AAPL" / "10-K_2024-09-28.htm"
READY = re.compile(r"filingproof is ready at (http://\S+)")
# Generous: `npm ci` and the web build run in the clone, then the ingest renders 59 pages on a shared CPU.
READY_TIMEOUT_S = 15 * 60
# Settings from the developer's shell that would change what `make run` does; the test sets its own.
FOREIGN_SETTINGS = (
    "DATABASE_URL",
    "EDGAR_USER_AGENT",
    "FILINGPROOF_TEST_HOME",
    "WEB_DIST",
    "LLM_BASE_URL",
    "LLM_MODEL",
    "LLM_API_KEY",
    "MAKEFLAGS",
    "MFLAGS",
    "MAKELEVEL",
)


@dataclass
class Output:
    """The lines a child prints, collected by a thread so the pipe never fills."""

    lines: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def collect(self, process: "subprocess.Popen[str]") -> None:
        assert process.stdout is not None
        for line in process.stdout:
            with self.lock:
                self.lines.append(line.rstrip("\n"))

    def ready_url(self) -> str | None:
        with self.lock:
            for line in self.lines:
                if match := READY.search(line):
                    return match.group(1)
        return None

    def tail(self, count: int = 60) -> str:
        with self.lock:
            return "\n".join(self.lines[-count:])


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    subprocess.run(command, cwd=cwd, env=env, check=True, capture_output=True, text=True, timeout=600)


def _reusing_venv(venv: Path, clone: Path) -> None:
    """A virtual environment that sees this one's packages and holds the clone's backend (see above)."""
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=clone)
    site_packages = Path(sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)}))
    (site_packages / "reuse-environment.pth").write_text(sysconfig.get_path("purelib") + "\n")
    _run(
        [
            str(venv / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--editable",
            str(clone / "backend"),
        ],
        cwd=clone,
    )
    (venv / ".filingproof-installed").touch()  # the Makefile's stamp: newer than the clone's pyproject.toml


def _stop_embedded_postgres(home: Path) -> None:
    """Fast shutdown (SIGINT) of the server pgserver left running in `home/pg`, waiting until it is gone."""
    pid_file = home / "pg" / "postmaster.pid"
    if not pid_file.is_file():
        return
    pid = int(pid_file.read_text().split("\n", 1)[0])
    try:
        os.kill(pid, signal.SIGINT)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)


def _stop_group(process: "subprocess.Popen[str]") -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@dataclass(frozen=True)
class Workspace:
    root: Path
    clone: Path
    venv: Path
    home: Path
    demo_dir: Path

    def environment(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if key not in FOREIGN_SETTINGS}
        env.update(FILINGPROOF_HOME=str(self.home), FILINGPROOF_DEMO_DIR=str(self.demo_dir))
        return env


@pytest.fixture
def workspace() -> Iterator[Workspace]:
    root = Path(tempfile.mkdtemp(prefix="filingproof-make-run-"))
    # pgserver runs PostgreSQL as an unprivileged user when the tests run as root: the home must be reachable.
    root.chmod(0o755)
    space = Workspace(root, root / "filingproof", root / "venv", root / "home", root / "demo")
    try:
        _run(["git", "clone", "--quiet", str(REPO_ROOT), str(space.clone)], cwd=root)
        _reusing_venv(space.venv, space.clone)
        space.home.mkdir(mode=0o755)
        space.demo_dir.mkdir()
        shutil.copy(DEMO_FILING, space.demo_dir / DEMO_FILING.name)
        yield space
    finally:
        _stop_embedded_postgres(space.home)
        shutil.rmtree(root, ignore_errors=True)


def test_make_run_in_a_fresh_clone_serves_verified_answers(workspace: Workspace) -> None:
    port = free_port()
    started = time.monotonic()
    process = subprocess.Popen(
        ["make", "run", f"VENV={workspace.venv}", "HOST=127.0.0.1", f"PORT={port}"],
        cwd=workspace.clone,
        env=workspace.environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group: make, filingproof, and anything they start
    )
    output = Output()
    threading.Thread(target=output.collect, args=(process,), daemon=True).start()
    try:
        url = None
        while url is None:
            url = output.ready_url()
            if url is None:
                if process.poll() is not None:
                    pytest.fail(f"make run exited with {process.returncode} before serving:\n{output.tail()}")
                if time.monotonic() - started > READY_TIMEOUT_S:
                    pytest.fail(f"no ready line within {READY_TIMEOUT_S} s:\n{output.tail()}")
                time.sleep(1)
        print(f"make run was ready at {url} after {time.monotonic() - started:.0f} s")
        assert url == f"http://127.0.0.1:{port}"

        response = httpx.post(
            f"{url}/query/sync", json={"question": "What was Apple's revenue in fiscal 2024?"}, timeout=120
        )
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["status"] == "verified", answer
        assert [figure["value"] for figure in answer["figures"]] == [391_035_000_000], answer
        assert answer["citations"] and answer["citations"][0]["ticker"] == "AAPL"

        page = httpx.get(url, headers={"Accept": "text/html"}, timeout=30)
        if (workspace.clone / "frontend" / "package.json").is_file():
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert '<div id="root">' in page.text
        else:  # a clone without the web app serves the API alone
            assert page.status_code == 404
    finally:
        _stop_group(process)

    # A second `make run` finds the database holding filings and ingests nothing.
    again = subprocess.run(
        [str(workspace.venv / "bin" / "filingproof"), "demo"],
        cwd=workspace.clone,
        env=workspace.environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert "holds 1 filing(s): no demo ingest needed" in again.stderr


def test_demo_without_a_source_says_what_to_set() -> None:
    # Not pytest's tmp_path: its parent is private to root; pgserver's PostgreSQL user must reach the home.
    root = Path(tempfile.mkdtemp(prefix="filingproof-demo-"))
    root.chmod(0o755)
    home = root / "home"
    env = {key: value for key, value in os.environ.items() if key not in FOREIGN_SETTINGS}
    env.update(FILINGPROOF_HOME=str(home), FILINGPROOF_DEMO_DIR="")
    try:
        result = subprocess.run(
            [sys.executable, "-m", "filingproof", "demo"],
            cwd=root,  # no .env here
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        _stop_embedded_postgres(home)
        shutil.rmtree(root, ignore_errors=True)
    assert result.returncode == 2, result.stderr
    message = " ".join(result.stderr.split())
    assert "set FILINGPROOF_DEMO_DIR" in message
    assert "EDGAR_USER_AGENT" in message
