"""PDF fidelity, without hand labels, and the PDF parse time.

1. Each corpus iXBRL filing is printed to PDF by Chromium (each in-table fact in a colour of its own), the
   PDF parsed like any other, and the cell parsed where each fact is drawn compared with the fact: value
   and period, per filing (`filingproof.ingest.pdf.fidelity`). The cover read from the PDF is checked
   against the filing's `dei:` tags.
2. On the FinanceBench PDFs, each information-extraction answer (a line item "directly extracted") must
   be a cell on its evidence page, at the precision the gold answer is written in; the line items the
   justifications name must be rows there. Each PDF's parse and render (page images) times are printed:
   with the store, that is the PDF ingest without embeddings. Each PDF's metadata is settled as the ingest
   does (cover page, then EDGAR's company lists through the cached client: EDGAR_WWW_BASE may name a
   mirror) and printed, or the error the ingest would give.

A corpus folder holds `<TICKER>/<file>` documents, plain (`.htm`) or gzip-compressed (`.htm.gz`, as
`../shared/corpus-large`). Each PDF miss says whether the HTML parse misses that fact too ("html too"): those
are the HTML side's to fix, the others the PDF path's.

.venv/bin/python backend/bench/pdf_fidelity.py [--corpus DIR] [--only TICKER] [--match TEXT ...]
    [--sample N | --set dev | --set held-out] [--misses N] [--save DIR] [--skip-corpus] [--skip-financebench]
    e.g. `backend/bench/pdf_fidelity.py --corpus ../shared/corpus-large --set dev --save /tmp/ha/large
    --skip-financebench`

The corpus-large sets (`--set`): DEV, the filings whose misses the PDF rules were fixed against, and
HELD_OUT, other companies' filings (a `--sample` drawn once, before any rule was fixed), measured only to
check that the figures hold on filings the rules were not written against. Neither holds a company of the
17-filing corpus.
"""

import argparse
import asyncio
import hashlib
import json
import re
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from filingproof.config import get_settings
from filingproof.ingest.errors import IngestError
from filingproof.ingest.fidelity import Fidelity, Miss, measure
from filingproof.ingest.parse.document import ParsedDocument, parse_filing
from filingproof.ingest.pdf.document import PdfDocument, parse_pdf
from filingproof.ingest.pdf.fidelity import colour_facts, drawn_facts, measure_printed, print_pdf
from filingproof.ingest.pdf.metadata import pdf_metadata
from filingproof.ingest.pdf.render import render_pages
from filingproof.ingest.registrants import no_registrants
from filingproof.ingest.render import chromium
from filingproof.ingest.service import filing_files, read_filing

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DEFAULT_CORPUS = SHARED / "corpus" / "filings"
FINANCEBENCH = SHARED / "financebench"
# corpus-large filings (`TICKER/FORM_ACCESSION`), one per company. DEV: the three the README measured the
# untuned PDF path on (CAT, JNJ, HD), with an insurer's, a chip maker's and a food maker's.
DEV = (
    "CAT/10-Q_0000018230-23-000047",
    "JNJ/10-K_0000200406-24-000013",
    "HD/10-K_0000354950-24-000062",
    "TRV/10-Q_0000086312-23-000063",
    "INTC/10-Q_0000050863-23-000069",
    "PEP/10-K_0000077476-24-000008",
)
# `--sample 6` over corpus-large without DEV's and the 17-filing corpus's companies, fixed when DEV was.
HELD_OUT = (
    "AMC/10-Q_0001411579-23-000057",  # AMC files no 10-K in corpus-large
    "AMD/10-Q_0000002488-23-000139",
    "AI/10-K_0001628280-24-028786",
    "MDT/10-Q_0001613103-23-000128",
    "CSCO/10-K_0000858877-24-000017",
    "TMO/10-Q_0000097745-23-000059",
)
# Companies of the 17-filing corpus (corpus-large writes Alphabet GOOG): their layouts the rules have seen.
CORPUS_COMPANIES = frozenset(
    {"AAPL", "AMZN", "GOOG", "GOOGL", "KO", "META", "MMM", "NVDA", "PFE", "TSLA", "WMT"}
)


def filing_name(path: Path) -> str:
    """`TICKER/FORM_…` without the file's suffixes (`.htm`, `.htm.gz`)."""
    return f"{path.parent.name}/{path.name.split('.')[0]}"


def corpus_documents(corpus: Path, only: str | None, match: Sequence[str]) -> list[Path]:
    """The corpus's HTML filings (plain or `.gz`), those of `only`'s ticker and matching any of `match`."""
    return [
        path
        for path in filing_files(corpus)
        if not path.name.lower().removesuffix(".gz").endswith(".pdf")
        and (only is None or path.parent.name.upper() == only.upper())
        and (not match or any(text in filing_name(path) for text in match))
    ]


def sample(files: Sequence[Path], count: int, without: Collection[str]) -> list[Path]:
    """`count` filings of distinct companies (none of `without`), drawn by a hash of their names: the same
    draw on every run and machine. Companies alternate between a 10-K and a 10-Q where they file both."""
    by_company: dict[str, list[Path]] = {}
    for path in files:
        if path.parent.name not in without:
            by_company.setdefault(path.parent.name, []).append(path)
    companies = sorted(by_company, key=_draw)[:count]
    drawn = []
    for index, company in enumerate(companies):
        form = ("10-K", "10-Q")[index % 2]
        filings = sorted(by_company[company], key=lambda p: (not p.name.startswith(form), _draw(p.name)))
        drawn.append(filings[0])
    return drawn


def _draw(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def corpus_fidelity(files: list[Path], misses: int, save: Path | None) -> None:
    total, html_total = Fidelity(), Fidelity()
    html_misses: set[tuple[str, str, str, str, str]] = set()
    async with chromium(get_settings().chromium_path) as browser:
        for path in files:
            name = filing_name(path)
            html = parse_filing(read_filing(path))
            html_side = measure([(name, html)])
            _add(html_total, html_side)
            html_misses.update(_keys(html_side.misses))
            coloured = colour_facts(html)
            saved = save / f"{name.replace('/', '_')}.pdf" if save is not None else None
            if saved is not None and saved.exists():
                pdf_bytes = saved.read_bytes()  # printed by an earlier run (--save): the same colours
            else:
                pdf_bytes = await print_pdf(browser, coloured.body, html.is_xhtml)
                if saved is not None:
                    saved.parent.mkdir(parents=True, exist_ok=True)
                    saved.write_bytes(pdf_bytes)
            started = time.perf_counter()
            pdf = parse_pdf(pdf_bytes)
            seconds = time.perf_counter() - started
            drawn = drawn_facts(pdf_bytes, coloured.nested)
            one = measure_printed(name, html, pdf, drawn)
            measure_printed(name, html, pdf, drawn, total)
            rates = f"values {one.value_rate:.4f}  periods {one.period_rate:.4f}"
            pdf_only = Counter(m.kind for m in one.misses if _miss_key(m) not in html_misses)
            rates += f" (HTML {html_side.value_rate:.4f}/{html_side.period_rate:.4f}; PDF-only misses "
            rates += f"{pdf_only['value']}/{pdf_only['period']})"
            print(
                f"{name:34s} pages {len(pdf.layout.pages):4d}  parse {seconds:5.2f} s  facts {one.facts:5d}  "
                f"{rates}  cover {_cover_check(html, pdf)}",
                flush=True,
            )
    print(
        f"\nALL  facts in tables {total.facts}  values agree {total.value_rate:.4f}  "
        f"periods agree {total.period_rate:.4f}  (the HTML parse of the same filings: values "
        f"{html_total.value_rate:.4f}, periods {html_total.period_rate:.4f})"
    )
    for kind in ("value", "period"):
        listed = [m for m in total.misses if m.kind == kind]
        own = [m for m in listed if _miss_key(m) not in html_misses]
        print(
            f"\n{kind} misses: {len(listed)}, of which the HTML parse has {len(listed) - len(own)}; PDF-only "
            f"by filing: {Counter(m.source for m in own).most_common()}"
        )
        for miss in (own + [m for m in listed if _miss_key(m) in html_misses])[:misses]:
            too = "  [html too]" if _miss_key(miss) in html_misses else ""
            print(
                f"  {miss.source} {miss.concept} {miss.fact_text!r} fact={miss.fact} parsed={miss.parsed}",
                too,
            )


def _add(total: Fidelity, one: Fidelity) -> None:
    total.facts += one.facts
    total.values_agree += one.values_agree
    total.periods_agree += one.periods_agree


def _keys(misses: Iterable[Miss]) -> set[tuple[str, str, str, str, str]]:
    return {_miss_key(miss) for miss in misses}


def _miss_key(miss: Miss) -> tuple[str, str, str, str, str]:
    """A miss by its filing, kind and fact (the HTML and the PDF measure name a fact alike)."""
    return (miss.source, miss.kind, miss.concept, miss.fact_text, miss.fact)


def _cover_check(html: ParsedDocument, pdf: PdfDocument) -> str:
    """What the PDF's cover gave, against the HTML filing's dei: tags ("ok" when all agree)."""
    assert pdf.pdf_cover is not None
    cover = pdf.pdf_cover
    expected = {
        "form": html.cover.get("DocumentType"),
        "period": html.cover.document_period_end,
        "ticker": (html.cover.get("TradingSymbol") or "").split(" ")[0] or None,
    }
    found = {"form": cover.form, "period": cover.period_end, "ticker": cover.ticker}
    wrong = [f"{key}={found[key]} (dei {value})" for key, value in expected.items() if found[key] != value]
    name = cover.company_name or "no company name"
    return ("ok" if not wrong else "; ".join(wrong)) + f" [{name}]"


@dataclass(frozen=True, slots=True)
class Question:
    doc: str
    pages: list[int]
    answer: str
    unit_power: int  # the answer's unit: 6 for "USD millions", 9 for "USD billions"
    extraction: bool  # the answer is a line item as printed ("directly extracted"), not a computed ratio
    line_items: list[str]  # the line items the justification names


_LINE_ITEM_RE = re.compile(
    r"(?:line item name, as seen in the 10K, was|single line item named):\s*(.+?)\.?(?:\n|$)"
)


def financebench_questions() -> list[Question]:
    questions = []
    for line in (FINANCEBENCH / "questions_dev.jsonl").read_text().splitlines():
        record = json.loads(line)
        question = record["question"].lower()
        justification = record["justification"].encode("latin-1", "replace").decode("utf-8", "replace")
        questions.append(
            Question(
                doc=record["doc_name"],
                pages=record["evidence_pages"],
                answer=record["answer"],
                unit_power=9 if "billion" in question else 6 if "million" in question else 0,
                extraction="directly extracted" in justification and record["answer"].startswith("$"),
                line_items=[item.strip() for item in _LINE_ITEM_RE.findall(justification)],
            )
        )
    return questions


def matches(value: Decimal, answer: str, power: int) -> bool:
    """Does a cell's value (base units) equal the gold answer at the precision the answer is written in?
    Trailing zeros are not precision: "$8.70" is 8.7."""
    gold = Decimal(answer.replace("$", "").replace(",", "").strip()).normalize()
    places = max(-int(gold.as_tuple().exponent), 0)
    return round(abs(value).scaleb(-power), places) == gold


def _key(label: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", label.lower()))


def financebench() -> None:
    parsed: dict[str, PdfDocument] = {}
    resolved: list[bool] = []
    answers = answers_found = items = items_found = 0
    for question in financebench_questions():
        if question.doc not in parsed:
            raw = (FINANCEBENCH / "pdfs" / f"{question.doc}.pdf").read_bytes()
            started = time.perf_counter()
            document = parsed[question.doc] = parse_pdf(raw)
            parse_s = time.perf_counter() - started
            render_s = _render_seconds(document)
            count = sum(len(t.cells) for t in document.tables if t)
            metadata = _metadata_text(document)
            resolved.append(metadata.startswith("resolved"))
            print(
                f"{question.doc:30s} pages {len(document.layout.pages):4d}  parse {parse_s:5.2f} s  "
                f"render {render_s:5.2f} s  tables {sum(1 for t in document.tables if t)}  cells {count}  "
                f"cover {_cover_text(document)}\n  metadata: {metadata}",
                flush=True,
            )
        document = parsed[question.doc]
        cells = [
            cell
            for t, table in enumerate(document.tables)
            if table is not None and document.layout.tables[t].page in question.pages
            for cell in table.cells
        ]
        labels = {_key(cell.row_label) for cell in cells}
        found_items = [item for item in question.line_items if _key(item) in labels]
        items += len(question.line_items)
        items_found += len(found_items)
        line = f"  p{question.pages} {question.answer:>10s}  line items on the page {len(found_items)}/"
        line += f"{len(question.line_items)}"
        if question.extraction:
            hits = [
                c for c in cells if c.unit == "USD" and matches(c.value, question.answer, question.unit_power)
            ]
            answers += 1
            answers_found += bool(hits)
            shown = f"{hits[0].row_label!r} {hits[0].column_label!r} {hits[0].text}" if hits else "NOT FOUND"
            line += f"  answer: {shown}"
        print(line)
    print(
        f"\nFinanceBench PDFs whose metadata resolves: {sum(resolved)}/{len(resolved)}"
        f"\nFinanceBench extraction answers found as a cell on their evidence page: {answers_found}/{answers}"
        f"\nLine items the justifications name, found as a row on the evidence pages: {items_found}/{items}"
    )


def _render_seconds(document: PdfDocument) -> float:
    """The page images at the HTML pages' width (the ingest's render stage), into a folder then removed."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        render_pages(document, Path(folder), get_settings().page_viewport_width)
        return time.perf_counter() - started


def _cover_text(document: PdfDocument) -> str:
    cover = document.pdf_cover
    assert cover is not None
    return f"{cover.company_name} | {cover.form} | {cover.period_end} | {cover.ticker}"


def _metadata_text(document: PdfDocument) -> str:
    """What the ingest would store as the filing's company, or the error it would give."""
    try:
        found = asyncio.run(pdf_metadata(document, None, get_settings(), no_registrants))
    except IngestError as error:
        return f"NOT RESOLVED: {error}"
    return f"resolved: CIK {found.cik} {found.ticker} {found.company_name!r} {found.form} {found.period_end}"


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--only", help="only the filings of this ticker (folder)")
    parser.add_argument(
        "--match", action="append", default=[], help="only filings whose TICKER/FORM_… name contains this"
    )
    parser.add_argument("--sample", type=int, help="a fixed draw of N filings of distinct companies")
    parser.add_argument(
        "--set", choices=("dev", "held-out"), help="corpus-large's DEV or HELD_OUT filings (see above)"
    )
    parser.add_argument("--misses", type=int, default=20, help="how many misses of each kind to list")
    parser.add_argument(
        "--save", type=Path, help="keep the printed PDFs in this folder (and reuse those already there)"
    )
    parser.add_argument("--skip-corpus", action="store_true")
    parser.add_argument("--skip-financebench", action="store_true")
    args = parser.parse_args()
    if not args.skip_corpus:
        match = list(args.match)
        if args.set is not None:
            match += DEV if args.set == "dev" else HELD_OUT
        files = corpus_documents(args.corpus, args.only, match)
        if args.sample is not None:
            without = CORPUS_COMPANIES | {name.split("/")[0] for name in DEV}
            files = sample(files, args.sample, without)
        asyncio.run(corpus_fidelity(files, args.misses, args.save))
    if not args.skip_financebench:
        print()
        financebench()


if __name__ == "__main__":
    main()
