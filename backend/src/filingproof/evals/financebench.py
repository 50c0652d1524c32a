"""FinanceBench questions through the answer pipeline, graded at the gold's precision, beside GPT-4-Turbo.

`filingproof eval --gold ../shared/financebench/questions_dev.jsonl --format financebench` reads the
FinanceBench records (question, gold answer as written, `doc_name`, GPT-4-Turbo's labels), ingests the
PDFs they name that are not ingested yet (`pdfs/<doc_name>.pdf` beside the file; a filing is known by
its bytes' SHA-256), and asks each question twice: in shared-store mode (the question alone, over every
ingested filing) and in per-filing mode (its document as the filing filter). Each mode is stored as an
evaluation run like any other (gold version `<file stem>-shared` / `-per-filing`). A document that is
not ingested (no PDF, or its ingest failed: e.g. a CIK that EDGAR's lists lack) does not stop the run: its
questions are refused per filing with why, and still asked in shared-store mode.

Grading: the answer's figure is its computed one (a derivation) if it has one, else its first figure;
it is right when, in the gold's unit and scale ("$1577.00" in the question's USD millions, "1.9%",
"24.26"), it rounds to the gold at the number of decimals the gold is written with. A gold answer of
"Refusal" (our held-back records: an input year no filing prints, a line the filing lacks) is right when
the answer gives no figure: refused, cannot-verify or no figures, never a verified or quoted one. A verified
answer that is not right is wrong-and-verified.

The PDFs are looked up as `<pdfs>/<doc_name>.pdf`, `pdfs/` beside the file unless told otherwise (`--pdfs`),
so that a gold file kept in the repository can name the shared FinanceBench PDFs: `evals/gold/
financebench_heldout.jsonl` holds 48 held-back metric questions on the same 16 PDFs (other years, metrics
and wordings than the dev 20; 5 to be refused), each answer computed by hand from the cells its
justification names, and a `split` (A: tuning, B: measuring; shuffled with seed 17):
`filingproof eval --gold backend/src/filingproof/evals/gold/financebench_heldout.jsonl --format financebench
--pdfs ../shared/financebench/pdfs`.
"""

import gzip
import hashlib
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, field_validator
from sqlalchemy import text

from filingproof.agent.response import Figure, QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.db.session import transaction
from filingproof.evals.runner import ItemResult, answered
from filingproof.evals.service import git_commit, run_settings
from filingproof.evals.store import LEASE_BEATS, create_run, finish_run
from filingproof.metrics.definition import presentation
from filingproof.verify.figures import extract

Mode = Literal["shared", "per-filing"]
MODES: tuple[Mode, ...] = ("shared", "per-filing")
Label = Literal["Correct Answer", "Incorrect Answer", "Refusal", "Ungraded"]
KIND = "financebench"
_GOLD = re.compile(r"^\s*(?P<dollar>\$)?\s*(?P<number>-?[\d,]*\.?\d+)\s*(?P<percent>%)?\s*$")
_SCALE_POWER = {"thousands": 3, "millions": 6, "billions": 9}
REFUSAL = "refusal"  # a gold answer that says no figure is to be given


class FinanceBenchItem(BaseModel):
    financebench_id: str
    company: str
    doc_name: str
    question: str
    answer: str
    evidence_pages: list[int] = []
    gpt4_turbo: dict[str, str] = {}  # null in records GPT-4-Turbo was never run on

    @field_validator("gpt4_turbo", mode="before")
    @classmethod
    def _no_labels(cls, value: object) -> object:
        return {} if value is None else value

    @property
    def expects_refusal(self) -> bool:
        """Whether the gold is a refusal: the question cannot be answered from the filings."""
        return self.answer.strip().lower() == REFUSAL


class Gold(BaseModel):
    """A gold answer as written: its number, decimals, and unit (USD at the question's scale, percent, or a
    plain number)."""

    value: Decimal
    decimals: int
    unit: Literal["USD", "percent", "number"]
    power: int  # the power of ten a USD gold is written in (6: millions)


class Graded(BaseModel):
    mode: Mode
    label: Label
    figure: str | None
    result: ItemResult


class Judgment(BaseModel):
    """A reader's label for one answer to a record whose gold is prose (a judgment, drivers, a list), which
    no rule can compare: given by someone who did not write the answering code, as the paper's graders did.
    It holds the answer it judged; once the pipeline answers otherwise, it no longer applies."""

    financebench_id: str
    mode: Mode
    answer: str
    label: Label
    reason: str = ""


Judgments = dict[tuple[str, Mode], Judgment]


def load_judgments(path: Path | None) -> Judgments:
    if path is None or not path.exists():
        return {}
    judged = [Judgment.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]
    return {(one.financebench_id, one.mode): one for one in judged}


def judgments_path(gold_file: Path) -> Path:
    """Where a gold file's judgments are kept: in the repository's gold folder, by the gold file's name."""
    return Path(__file__).parent / "gold" / f"{gold_file.stem}.judged.jsonl"


def load_items(path: Path) -> list[FinanceBenchItem]:
    items = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if line.strip():
            try:
                items.append(FinanceBenchItem.model_validate_json(line))
            except ValueError as error:
                raise ValueError(f"{path}:{number}: not a FinanceBench record: {error}") from error
    return items


def is_financebench(path: Path) -> bool:
    """Whether a JSONL file holds FinanceBench records (rather than gold items)."""
    first = next((line for line in path.read_text().splitlines() if line.strip()), "")
    return '"financebench_id"' in first


def gold_of(item: FinanceBenchItem) -> Gold | None:
    """The gold answer read as a number, or None when it is not one figure."""
    found = _GOLD.match(item.answer)
    if found is None:
        return None
    number = found["number"].replace(",", "")
    decimals = len(number.split(".")[1]) if "." in number else 0
    if found["percent"]:
        return Gold(value=Decimal(number), decimals=decimals, unit="percent", power=0)
    if found["dollar"]:
        scale = presentation(item.question).scale or "millions"
        return Gold(value=Decimal(number), decimals=decimals, unit="USD", power=_SCALE_POWER[scale])
    return Gold(value=Decimal(number), decimals=decimals, unit="number", power=0)


def headline(response: QueryResponse) -> Figure | None:
    """The figure an answer gives for the question: its computed one, else its first."""
    computed = [f for f in response.figures if f.source.derivation is not None]
    figures = computed or response.figures
    return figures[0] if figures else None


def written_value(figure: Figure) -> Decimal:
    """The figure's value as written ("$8.7 billion" is 8.7e9 even where the cell holds 8,738 million),
    in base units; the exact value where the text does not say its scale."""
    found = extract(figure.text).figures
    if len(found) == 1 and (found[0].scale_known or figure.unit in ("percent", "ratio", "number")):
        return found[0].value
    return Decimal(str(figure.value))


def right(gold: Gold, figure: Figure) -> bool:
    """Whether the figure as written, in the gold's unit and scale, rounds to the gold at the gold's
    decimals."""
    if gold.unit == "percent" and figure.unit != "percent":
        return False
    if gold.unit == "USD" and figure.unit != "USD":
        return False
    if gold.unit == "number" and figure.unit not in ("ratio", "number"):
        return False
    step = Decimal(1).scaleb(-gold.decimals)
    try:
        value = written_value(figure).scaleb(-gold.power)
        return value.quantize(step, rounding=ROUND_HALF_UP) == gold.value.quantize(step)
    except InvalidOperation:
        return False


def label_of(response: QueryResponse, correct: bool) -> Label:
    if correct:
        return "Correct Answer"
    if response.status in ("refused", "cannot_verify", "no_figures") or not response.figures:
        return "Refusal"
    return "Incorrect Answer"


# A cited cell's marker ("[c4150]") numbers a cell of one store: a store that ingested its filings in
# another order numbers the same cell otherwise, and the answer is the same answer.
_CELL_MARKER = re.compile(r"\[c\d+\]")


def same_answer(judged: str, given: str) -> bool:
    """Whether a judged answer is the answer given: equal but for the stores' numbers of its cells."""
    return _CELL_MARKER.sub("[c]", judged) == _CELL_MARKER.sub("[c]", given)


def judged_label(item: FinanceBenchItem, mode: Mode, response: QueryResponse, judgments: Judgments) -> Label:
    """A prose gold's label: the reader's judgment of this very answer; an answer not judged yet is a
    refusal when it gives nothing, else ungraded."""
    judgment = judgments.get((item.financebench_id, mode))
    if judgment is not None and same_answer(judgment.answer, response.answer):
        return judgment.label
    gives_nothing = response.status in ("refused", "cannot_verify", "no_figures") and not response.figures
    return "Refusal" if gives_nothing else "Ungraded"


def grade(
    item: FinanceBenchItem,
    mode: Mode,
    response: QueryResponse,
    latency_ms: float,
    judgments: Judgments | None = None,
) -> Graded:
    gold = gold_of(item)
    figure = headline(response)
    given = response.status in ("verified", "quoted") and figure is not None
    if item.expects_refusal:
        correct = not given
        label: Label = "Correct Answer" if correct else "Incorrect Answer"
    elif gold is None:
        label = judged_label(item, mode, response, judgments or {})
        correct = label == "Correct Answer"
    else:
        correct = bool(gold is not None and figure is not None and given and right(gold, figure))
        label = label_of(response, correct)
    result = ItemResult(
        item_id=item.financebench_id,
        kind=KIND,
        question=item.question,
        ticker=None,
        expected=float(gold.value.scaleb(gold.power)) if gold else None,
        unit=gold.unit if gold else None,
        right=correct,
        wrong_verified=response.status == "verified" and label == "Incorrect Answer",
        refused=label == "Refusal" or (item.expects_refusal and correct),
        filing_rank=None,
        page_rank=None,
        **answered(response, latency_ms),
    )
    return Graded(mode=mode, label=label, figure=figure.text if figure else None, result=result)


# --------------------------------------------------------------------------------------------- ingesting


def pdf_of(pdfs: Path, item: FinanceBenchItem) -> Path:
    """The record's document: `<doc_name>.pdf` (FinanceBench's), or the file its name is when it has its
    own extension ("corpus-large/HD/10-K_0000354950-24-000062.htm.gz", a set written over other filings)."""
    named = pdfs / item.doc_name
    return named if named.suffix in _DOCUMENT_SUFFIXES and named.is_file() else pdfs / f"{item.doc_name}.pdf"


_DOCUMENT_SUFFIXES = frozenset({".pdf", ".htm", ".html", ".xhtml", ".gz"})


def sha256_of(path: Path) -> str:
    """The digest a filing is stored by: of its bytes, decompressed when the file is gzip-compressed."""
    raw = path.read_bytes()
    return hashlib.sha256(gzip.decompress(raw) if path.suffix == ".gz" else raw).hexdigest()


async def filing_ids(pipeline: Pipeline, paths: Sequence[Path]) -> dict[Path, int]:
    """The ingested filing of each document, by its bytes; documents not ingested are left out."""
    digests = {sha256_of(path): path for path in paths}
    async with transaction(pipeline.sessions) as session:
        rows = await session.execute(
            text("SELECT id, sha256 FROM filings WHERE sha256 = ANY(CAST(:digests AS text[]))"),
            {"digests": list(digests)},
        )
        return {digests[row.sha256]: row.id for row in rows}


# Ingests the documents; returns why each one that did not ingest failed (its job's error).
Ingest = Callable[[list[Path]], Awaitable[dict[Path, str]]]


async def ensure_ingested(
    pipeline: Pipeline, paths: Sequence[Path], ingest: Ingest
) -> tuple[dict[Path, int], dict[Path, str]]:
    """Each document's filing id, ingesting those that are missing first; and why each document that has
    none is missing (no PDF, or its ingest's error), so that its questions say why they went unanswered."""
    present = [path for path in dict.fromkeys(paths) if path.exists()]
    why: dict[Path, str] = {path: f"no PDF at {path}" for path in dict.fromkeys(paths) if not path.exists()}
    known = await filing_ids(pipeline, present)
    missing = [path for path in present if path not in known]
    if missing:
        failures = await ingest(missing)
        known = await filing_ids(pipeline, present)
        for path in missing:
            if path not in known:
                why[path] = failures.get(path, "its ingest stored no filing")
    return known, why


# --------------------------------------------------------------------------------------------- answering


async def ask_all(
    pipeline: Pipeline,
    items: Sequence[FinanceBenchItem],
    filings: dict[str, int],
    not_ingested: dict[str, str],
    progress: Callable[[int, int], None] | None = None,
    judgments: Judgments | None = None,
) -> dict[Mode, list[Graded]]:
    """Every item in both modes: alone, and filtered to its document's filing. A document that is not
    ingested is asked alone still (the shared store may hold it); per filing, it is refused with why."""
    graded: dict[Mode, list[Graded]] = {mode: [] for mode in MODES}
    total = len(items) * len(MODES)
    for item in items:
        for mode in MODES:
            filing = filings.get(item.doc_name)
            filters = QueryFilters(filing_id=filing) if mode == "per-filing" and filing is not None else None
            started = time.perf_counter()
            if mode == "per-filing" and filing is None:
                why = not_ingested.get(item.doc_name, "unknown")
                response = QueryResponse(
                    question=item.question, answer=f"{item.doc_name} is not ingested: {why}", status="refused"
                )
            else:
                response = await pipeline.run(item.question, filters)
            latency_ms = (time.perf_counter() - started) * 1000
            graded[mode].append(grade(item, mode, response, latency_ms, judgments))
            if progress is not None:
                progress(sum(len(done) for done in graded.values()), total)
    return graded


# ----------------------------------------------------------------------------------------------- table

GPT4_COLUMNS = (
    ("sharedStore", "GPT-4T shared"),
    ("singleStore", "GPT-4T per-filing"),
    ("oracle", "GPT-4T oracle"),
)
_SHORT = {
    "Correct Answer": "correct",
    "Incorrect Answer": "WRONG",
    "Refusal": "refused",
    "Ungraded": "ungraded",
}


def short(label: str) -> str:
    return _SHORT.get(label, label.lower() or "–")


def side_by_side(items: Sequence[FinanceBenchItem], graded: dict[Mode, list[Graded]]) -> list[list[str]]:
    """Rows: id, document, gold, our figure and label per mode, GPT-4-Turbo's labels; then the totals."""
    rows = []
    for index, item in enumerate(items):
        row = [item.financebench_id.removeprefix("financebench_id_"), item.doc_name, item.answer]
        for mode in MODES:
            one = graded[mode][index]
            row.append(f"{one.figure or '–'} {short(one.label)}")
        row += [short(item.gpt4_turbo.get(key, "")) for key, _ in GPT4_COLUMNS]
        rows.append(row)
    totals = ["total", "", ""]
    for mode in MODES:
        totals.append(
            _count([g.label for g in graded[mode]], [g.result.wrong_verified for g in graded[mode]])
        )
    totals += [_count([item.gpt4_turbo.get(key, "") for item in items]) for key, _ in GPT4_COLUMNS]
    rows.append(totals)
    return rows


def _count(labels: Sequence[str], wrong_verified: Sequence[bool] = ()) -> str:
    correct = sum(label == "Correct Answer" for label in labels)
    wrong = sum(label == "Incorrect Answer" for label in labels)
    ungraded = sum(label == "Ungraded" for label in labels)
    text = f"{correct} correct, {wrong} wrong"
    text += f" ({sum(wrong_verified)} verified)" if wrong_verified else ""
    return text + (f", {ungraded} ungraded" if ungraded else "")


def headers() -> list[str]:
    return [
        "id",
        "document",
        "gold",
        "filingproof shared",
        "filingproof per-filing",
        *(n for _, n in GPT4_COLUMNS),
    ]


def markdown(rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers()) + " |", "|" + " --- |" * len(headers())]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------------ a run


class FinanceBenchRun(BaseModel):
    items: list[FinanceBenchItem]
    graded: dict[Mode, list[Graded]]
    run_ids: dict[Mode, int]
    not_ingested: dict[str, str]  # document: why it is not ingested

    def rows(self) -> list[list[str]]:
        return side_by_side(self.items, self.graded)


async def run_financebench(
    gold_file: Path,
    pipeline: Pipeline,
    ingest: Ingest,
    progress: Callable[[int, int], None] | None = None,
    pdfs: Path | None = None,
    judgments: Path | None = None,
) -> FinanceBenchRun:
    """Ingest what is missing, answer every item in both modes, and store one evaluation run per mode. The
    PDFs are in `pdfs`, by default `pdfs/` beside the gold file; the judgments of prose golds' answers in
    `judgments`, by default the gold folder's `<gold file>.judged.jsonl`."""
    items = load_items(gold_file)
    if not items:
        raise ValueError(f"{gold_file}: no FinanceBench records")
    folder = pdfs if pdfs is not None else gold_file.parent / "pdfs"
    paths = {item.doc_name: pdf_of(folder, item) for item in items}
    known, why = await ensure_ingested(pipeline, list(paths.values()), ingest)
    filings = {doc: known[path] for doc, path in paths.items() if path in known}
    missing = {doc: why[path] for doc, path in sorted(paths.items()) if path in why}
    judged = load_judgments(judgments or judgments_path(gold_file))
    graded = await ask_all(pipeline, items, filings, missing, progress, judged)
    run_ids = {mode: await _store(pipeline, f"{gold_file.stem}-{mode}", graded[mode]) for mode in MODES}
    return FinanceBenchRun(items=items, graded=graded, run_ids=run_ids, not_ingested=missing)


async def _store(pipeline: Pipeline, version: str, graded: Sequence[Graded]) -> int:
    """The mode's answers as a finished evaluation run, listed and shown like any other."""
    provider = pipeline.provider.name if pipeline.provider else "deterministic"
    settings = run_settings(pipeline.settings)
    lease_s = LEASE_BEATS * pipeline.settings.eval_heartbeat_s
    run_id = await create_run(
        pipeline.sessions, version, len(graded), provider, git_commit(), settings, lease_s
    )
    await finish_run(pipeline.sessions, run_id, [one.result for one in graded])
    return run_id
