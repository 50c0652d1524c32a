"""Ingestion stays readable: no function in `ingest/` is longer than a screen (60 lines).

A longer function there is a phase that wants splitting (issue #14); an exception must be argued in review
and listed here with its reason, so none is silently grandfathered.
"""

import ast
from pathlib import Path

import filingproof

INGEST_DIR = Path(filingproof.__file__).parent / "ingest"
MAX_LINES = 60
EXCEPTIONS: dict[str, str] = {}  # "module.py:function" → why it stays long


def _long_functions(directory: Path) -> list[str]:
    found = []
    for path in sorted(directory.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                name = f"{path.relative_to(directory)}:{node.name}"
                if length > MAX_LINES and name not in EXCEPTIONS:
                    found.append(f"{name} ({length} lines)")
    return found


def test_no_function_in_ingest_is_longer_than_a_screen() -> None:
    assert _long_functions(INGEST_DIR) == []


def test_the_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    (tmp_path / "long.py").write_text(f"def long() -> None:\n{body}\n", encoding="utf-8")
    (tmp_path / "short.py").write_text("def short() -> None:\n    pass\n", encoding="utf-8")
    assert _long_functions(tmp_path) == [f"long.py:long ({MAX_LINES + 1} lines)"]
