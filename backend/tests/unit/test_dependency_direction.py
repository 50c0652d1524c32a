"""One direction of dependency between the parts of `filingproof` (ARCHITECTURE.md §1), read from the source.

A part is a top-level module or package of `filingproof`, with one exception: every module named `cli` (the
root `cli.py` and the small per-package command modules, `agent/cli.py` …) belongs to the part `cli`, the
command line, which is an edge like the HTTP API and the MCP server. Every import counts: at module level,
inside a function, under `TYPE_CHECKING`. `ALLOWED` says what each part may import; the test fails on a part
missing from it, on an import it does not allow, on any cycle, and on a dynamic import it cannot read.

The edges (`EDGES`) own the process: they alone read the process's settings (`get_settings()`) and reach for
its default engine (`session_scope()`, `get_sessionmaker()`, `get_engine()`); everything below receives a
sessionmaker (or session) and the settings from its caller.
"""

import ast
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import filingproof

PACKAGE_DIR = Path(filingproof.__file__).parent
ROOT = "filingproof"  # the package's own `__init__` (PARSER_VERSION), as a part

EDGES = frozenset({"__main__", "cli", "api", "mcp", "demo"})

# What each part may import (besides itself). Read it bottom up:
#   config, the root, calendar, lru           import nothing of the project (calendar: month names, dates
#                                              written out, period tolerances; pure, read by all above;
#                                              lru: the bounded cache of per-process reads)
#   verify, understanding, reading            the calendar only (understanding: query understanding, pure;
#                                              retrieval and table QA both read it; reading: the typed
#                                              reading of a question, pure, the only reader of its text;
#                                              understanding also reads reading's lexicon: which words are
#                                              English, so that a ticker that is one needs capitals)
#   db, llm, edgar                            the floor: the database (every table), providers, EDGAR
#   index, catalog                            the search index; the read model (filings … cells) the API,
#                                              MCP and the command line all serve
#   retrieval, qa, ingest                     hybrid search; table QA (cells by concept and period);
#                                              ingestion, which reaches indexing only through its hook
#   metrics                                   analyst metrics: formulas over line items, picked by table QA
#   agent                                     the pipeline
#   evals                                     runs the pipeline over gold sets (above it, below the edges)
#   jobs                                      ingestion as jobs on the queue (above ingest, below the edges)
#   api, mcp, cli, demo, progress_bars        the edges (progress_bars: the command line's progress bars)
ALLOWED: Mapping[str, frozenset[str]] = {
    "config": frozenset(),
    ROOT: frozenset(),
    "calendar": frozenset(),
    "lru": frozenset(),
    "slips": frozenset(),
    "verify": frozenset({"calendar"}),
    "understanding": frozenset({"calendar", "reading", "slips"}),
    "reading": frozenset({"calendar", "slips"}),
    "db": frozenset({"config"}),
    "llm": frozenset({"config"}),
    "edgar": frozenset({"config"}),
    "index": frozenset({"db", "config", "lru"}),
    "catalog": frozenset({"db"}),
    "retrieval": frozenset({"understanding", "index", "db", "config"}),
    "qa": frozenset({"understanding", "reading", "verify", "calendar", "lru", "index", "db"}),
    "metrics": frozenset({"qa", "understanding", "verify", "calendar", "db"}),
    "ingest": frozenset({"edgar", "index", "db", "config", "calendar", ROOT}),
    "agent": frozenset(
        {
            "retrieval",
            "qa",
            "metrics",
            "understanding",
            "reading",
            "index",
            "verify",
            "calendar",
            "llm",
            "db",
            "config",
            "lru",
        }
    ),
    "evals": frozenset({"agent", "metrics", "retrieval", "verify", "calendar", "llm", "db", "config", ROOT}),
    "jobs": frozenset({"ingest", "index", "edgar", "db", "config"}),
    "progress_bars": frozenset({"ingest", "jobs"}),
    "demo": frozenset({"ingest", "index", "db", "config", "progress_bars"}),
    "api": frozenset({"agent", "evals", "jobs", "catalog", "retrieval", "index", "llm", "db", "config"}),
    "mcp": frozenset({"agent", "catalog", "retrieval", "llm", "db", "config"}),
    "cli": frozenset(
        {
            "api",
            "mcp",
            "demo",
            "progress_bars",
            "evals",
            "jobs",
            "agent",
            "retrieval",
            "qa",
            "ingest",
            "catalog",
        }
        | {"index", "edgar", "llm", "db", "config", ROOT}
    ),
    "__main__": frozenset({"cli"}),
}

# The process's own settings and engine: read at the edges only.
PROCESS_DEFAULTS = frozenset({"get_settings", "session_scope", "get_sessionmaker", "get_engine"})
# Where they may appear besides the edges: where they are defined, and Alembic's own entry point
# (`alembic -c alembic.ini …` runs env.py with no caller to pass a URL).
PROCESS_DEFAULTS_HOME = frozenset(
    {"filingproof.config", "filingproof.db.session", "filingproof.db.migrations.env"}
)


@dataclass(frozen=True)
class Use:
    module: str  # the importing module
    line: int
    target: str  # the part imported, or the process default used

    def __str__(self) -> str:
        return f"{self.module}:{self.line} → {self.target}"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def part_of(module: str) -> str:
    names = module.split(".")
    if names[-1] == "cli":
        return "cli"
    return names[1] if len(names) > 1 else ROOT


def _is_part(name: str) -> bool:
    return (PACKAGE_DIR / name).is_dir() or (PACKAGE_DIR / f"{name}.py").is_file()


def _absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The module an ImportFrom names, relative imports resolved against `module`."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def package_of(module: str) -> str:
    """The package a module sits in, its command module included (`agent/cli.py` is in `agent`)."""
    names = module.split(".")
    return names[1] if len(names) > 1 else ROOT


def imported_parts(
    module: str, tree: ast.AST, is_package: bool, part: Callable[[str], str] = part_of
) -> Iterator[Use]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == ROOT:
                    yield Use(module, node.lineno, part(alias.name))
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, node, is_package)
            if source == ROOT:  # `from filingproof import x`: x is a part, or a name of the root
                for alias in node.names:
                    yield Use(module, node.lineno, alias.name if _is_part(alias.name) else ROOT)
            elif source.split(".")[0] == ROOT:
                yield Use(module, node.lineno, part(source))


def process_defaults(module: str, tree: ast.AST) -> Iterator[Use]:
    """Every import of a process default and every attribute access to one (`config.get_settings()`)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name in PROCESS_DEFAULTS:
                    yield Use(module, node.lineno, alias.name)
        elif isinstance(node, ast.Attribute) and node.attr in PROCESS_DEFAULTS:
            yield Use(module, node.lineno, node.attr)


def dynamic_imports(module: str, tree: ast.AST) -> Iterator[Use]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__"):
                yield Use(module, node.lineno, name)


@dataclass(frozen=True)
class Source:
    module: str
    tree: ast.AST
    is_package: bool


def sources() -> list[Source]:
    found = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found.append(Source(module_name(path), tree, path.name == "__init__.py"))
    return found


def dependency_graph(part: Callable[[str], str] = part_of) -> dict[str, dict[str, list[Use]]]:
    """part → part it imports → the imports that make the edge."""
    graph: dict[str, dict[str, list[Use]]] = defaultdict(lambda: defaultdict(list))
    for source in sources():
        importer = part(source.module)
        graph[importer]  # a part that imports nothing of the project is a node all the same
        for use in imported_parts(source.module, source.tree, source.is_package, part):
            if use.target != importer:
                graph[importer][use.target].append(use)
    return graph


def find_cycle(edges: Mapping[str, Iterable[str]]) -> list[str] | None:
    """One cycle of the graph (`edges[a]` iterates the nodes `a` points to), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in edges.get(node, ()):
            cycle = visit(target)
            if cycle:
                return cycle
        path.pop()
        done.add(node)
        return None

    for node in sorted(edges):
        cycle = visit(node)
        if cycle:
            return cycle
    return None


def test_the_source_is_read_whole() -> None:
    modules = {source.module for source in sources()}
    # a few modules each part is known by: a wrong root or a parse that skipped files would miss them
    assert {"filingproof.cli", "filingproof.api.app", "filingproof.db.migrations.env"} <= modules
    assert {part_of(module) for module in modules} >= {"agent", "ingest", "index", "verify", "cli", ROOT}


def test_every_part_is_in_the_table() -> None:
    graph = dependency_graph()
    parts = set(graph) | {target for targets in graph.values() for target in targets}
    assert parts - ALLOWED.keys() == set(), "a part the table does not place: add it to ALLOWED"


def test_each_part_imports_only_what_the_table_allows() -> None:
    graph = dependency_graph()
    wrong = [
        str(use)
        for importer, targets in sorted(graph.items())
        for target, uses in sorted(targets.items())
        if target not in ALLOWED.get(importer, frozenset())
        for use in uses
    ]
    assert wrong == []


def test_the_table_and_the_source_have_no_cycle() -> None:
    assert find_cycle(ALLOWED) is None
    assert find_cycle(dependency_graph()) is None


def test_no_package_imports_itself_through_its_command_module() -> None:
    """A command module is an edge, yet it sits in its package: one that imported a part above its package
    (the progress bars, which know ingest and jobs) would make the package import itself through them, as
    `index/cli.py` did (index → progress_bars → ingest → index) before it moved into the root `cli.py`."""
    assert find_cycle(dependency_graph(package_of)) is None


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["b"], "b": [], "c": ["b"]}) is None


def test_only_the_edges_read_the_process_settings_and_engine() -> None:
    below = [
        str(use)
        for source in sources()
        if part_of(source.module) not in EDGES and source.module not in PROCESS_DEFAULTS_HOME
        for use in process_defaults(source.module, source.tree)
    ]
    assert below == []


def test_no_import_is_hidden_from_the_graph() -> None:
    hidden = [str(use) for source in sources() for use in dynamic_imports(source.module, source.tree)]
    assert hidden == []


def test_imports_are_resolved_to_parts() -> None:
    tree = ast.parse(
        "import filingproof.db.models\n"
        "from filingproof import PARSER_VERSION, catalog\n"
        "from filingproof.agent.cli import ask\n"
        "from ..db import session\n"
        "from . import fusion\n"
    )
    uses = [use.target for use in imported_parts("filingproof.retrieval.search", tree, is_package=False)]
    assert uses == ["db", ROOT, "catalog", "cli", "db", "retrieval"]


def test_below_the_router_nothing_reads_the_question_as_typed() -> None:
    """The router reads the question once (`reading`); every node below it reads the reading's text. Only
    the router and the answer (which echoes the question back) take `state["question"]`."""
    readers = set()
    for path in sorted((PACKAGE_DIR / "agent").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.slice, ast.Constant)
                and node.slice.value == "question"
                and isinstance(node.value, ast.Name)
                and node.value.id == "state"
            ):
                readers.add(path.relative_to(PACKAGE_DIR).as_posix())
    assert readers == {"agent/nodes/router.py", "agent/nodes/answer.py"}
