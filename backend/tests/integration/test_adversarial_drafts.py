"""Adversarial drafts through the whole service: claims, not only figures (issue #20, items 1 and 3).

A loopback OpenAI-compatible provider writes each draft from the facts the service lists in its prompt (the
cells' values as the pipeline read them from the database; nothing is typed in). Each draft goes through a
real server (`filingproof serve`) on both `/query/sync` and `/query` (SSE).

- A wrong draft (a figure of the right value called another company's, another line item, another period,
  a loss, a move the other way; the numeric leak forms) is never verified, and its distinctive wrong text
  appears nowhere in the response or in any event of the stream. The contexts are annual (Apple's fiscal
  2024 10-K), a quarter (3M's 10-Q for the quarter ended June 30, 2023: a three-month net loss) and a
  loss year (Amazon's 2022 net loss, from its 2023 10-K).
- Right drafts in other wordings stay verified; their recall is printed, and held to a floor.
"""

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from http.server import BaseHTTPRequestHandler
from typing import Any

import httpx
import pytest
from loopback_llm import serve_llm

from filingproof.api.server import child_server

pytestmark = pytest.mark.corpus

SALES = "What were Apple's total net sales in fiscal 2024?"
SALES_CHANGE = "How much did Apple's total net sales change from fiscal 2023 to fiscal 2024?"
PROFIT_CHANGE = "How much did Apple's profit change from fiscal 2023 to fiscal 2024?"
# levels of two years: a draft citing only the levels answers these (a change question wants the change)
SALES_TWO = "What were Apple's total net sales in fiscal 2023 and fiscal 2024?"
PROFIT_TWO = "What was Apple's net income in fiscal 2023 and fiscal 2024?"
# a quarter: 3M's three-month net income (loss), a loss in 2023
QUARTER = "What was 3M's net income in the second quarter of 2023?"
QUARTERS = "What was 3M's net income in the second quarter of 2022 and the second quarter of 2023?"
# a loss year: Amazon's 2022 net loss
LOSS_YEAR = "What was Amazon's net income in 2022?"
LOSS_YEARS = "What was Amazon's net income in 2022 and 2023?"
RECALL_FLOOR = 0.9

# "[c199] … for fiscal 2024 (the year ended …): $391,035 million (shown as …", or a quarter's
# "[c14042] … for the three months ended June 30, 2023: -$6,841 million (shown as …"
_CELL = re.compile(
    r"^\[c(\d+)\] .*? for (?:fiscal (\d{4}) .*?|the three months ended \w+ \d{1,2}, (\d{4})): "
    r"(-?)\$([\d,.]+) million \(shown as ",
    re.M,
)
_DERIVED = re.compile(r"^\[d(\d+)\] (\w+) computed from .*?: (.+)$", re.M)


@dataclass(frozen=True)
class Fact:
    marker: str  # "[c123]"
    year: int
    millions: Decimal

    @property
    def usd(self) -> str:
        """As the prompt lists it: "$391,035 million", "-$6,841 million"."""
        return f"{'-' if self.millions < 0 else ''}{self.size}"

    @property
    def size(self) -> str:
        """Without its sign, as a loss is written: "a net loss of $6,841 million"."""
        return f"${abs(self.millions):,} million"


@dataclass(frozen=True)
class Facts:
    """What the prompt lists: cells by fiscal year, and the first derivation (marker and figure)."""

    cells: dict[int, Fact]
    derived: tuple[str, str] | None  # ("[d0]", "$7,750 million")

    @property
    def latest(self) -> Fact:
        return self.cells[max(self.cells)]

    @property
    def earlier(self) -> Fact:
        return self.cells[min(self.cells)]

    @property
    def change(self) -> str:
        """The derivation's figure without its sign, and its marker: "$7,750 million [d0]"."""
        assert self.derived is not None
        return f"{self.derived[1].lstrip('-')} {self.derived[0]}"


def read_facts(prompt: str) -> Facts:
    cells = {
        int(year): Fact(
            f"[c{cell_id}]", int(year), Decimal(("-" + digits if minus else digits).replace(",", ""))
        )
        for cell_id, fiscal, quarter, minus, digits in _CELL.findall(prompt)
        for year in [fiscal or quarter]
    }
    derived = next(((f"[d{index}]", value.strip()) for index, _, value in _DERIVED.findall(prompt)), None)
    return Facts(cells, derived)


Write = Callable[[Facts], str]
# Wrong drafts: (question, draft, the distinctive wrong text that must reach no client).
WRONG: dict[str, tuple[str, Write, Callable[[Facts], str]]] = {
    # a period beside the figure that is not its cell's
    "annual called a quarter": (
        SALES,
        lambda f: (
            f"Apple's total net sales in the fourth quarter of fiscal 2024 were {f.latest.usd} "
            f"{f.latest.marker}."
        ),
        lambda f: "fourth quarter",
    ),
    "annual called Q4": (
        SALES,
        lambda f: f"In Q4 fiscal 2024 Apple's total net sales were {f.latest.usd} {f.latest.marker}.",
        lambda f: "Q4 fiscal 2024",
    ),
    "annual called three months": (
        SALES,
        lambda f: (
            f"For the three months ended September 28, 2024, Apple's total net sales were {f.latest.usd} "
            f"{f.latest.marker}."
        ),
        lambda f: "three months ended",
    ),
    "wrong year": (
        SALES,
        lambda f: f"Apple's total net sales in fiscal 2023 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "fiscal 2023",
    ),
    "wrong year after": (
        SALES,
        lambda f: f"Apple's total net sales were {f.latest.usd} {f.latest.marker} in 2022.",
        lambda f: "2022",
    ),
    "years swapped": (
        SALES_TWO,
        lambda f: (
            f"Apple's total net sales were {f.latest.usd} {f.latest.marker} in fiscal 2023 and "
            f"{f.earlier.usd} {f.earlier.marker} in fiscal 2024."
        ),
        lambda f: f"{f.latest.millions:,} million {f.latest.marker} in fiscal 2023",
    ),
    "years swapped before": (
        PROFIT_TWO,
        lambda f: (
            f"In fiscal 2023 Apple's net income was {f.latest.usd} {f.latest.marker}; in fiscal 2024 it was "
            f"{f.earlier.usd} {f.earlier.marker}."
        ),
        lambda f: f"In fiscal 2023 Apple's net income was {f.latest.usd}",
    ),
    # sign words the matcher does not see
    "net loss was": (
        PROFIT_TWO,
        lambda f: f"Apple's net loss for fiscal 2024 was {f.latest.usd} {f.latest.marker}.",
        lambda f: "net loss",
    ),
    "lost": (
        PROFIT_TWO,
        lambda f: f"Apple lost {f.latest.usd} {f.latest.marker} in fiscal 2024.",
        lambda f: "lost",
    ),
    "losses totaled": (
        PROFIT_TWO,
        lambda f: f"Apple's losses in fiscal 2024 totaled {f.latest.usd} {f.latest.marker}.",
        lambda f: "losses",
    ),
    "grew for a fall": (
        PROFIT_TWO,
        lambda f: (
            f"Apple's net income grew from {f.earlier.usd} {f.earlier.marker} in fiscal 2023 to "
            f"{f.latest.usd} {f.latest.marker} in fiscal 2024."
        ),
        lambda f: "grew",
    ),
    "rose for a fall": (
        PROFIT_CHANGE,
        lambda f: f"Apple's net income rose in fiscal 2024, a change of {f.change}.",
        lambda f: "rose",
    ),
    "declined for a rise": (
        SALES_TWO,
        lambda f: (
            f"Apple's total net sales declined to {f.latest.usd} {f.latest.marker} in fiscal 2024 from "
            f"{f.earlier.usd} {f.earlier.marker} in fiscal 2023."
        ),
        lambda f: "declined",
    ),
    "fell for a rise": (
        SALES_CHANGE,
        lambda f: f"From fiscal 2023 to fiscal 2024, Apple's total net sales fell, a change of {f.change}.",
        lambda f: "fell",
    ),
    "direction unbacked": (
        SALES,
        lambda f: f"Apple's total net sales decreased to {f.latest.usd} {f.latest.marker} in fiscal 2024.",
        lambda f: "decreased",
    ),
    # the wrong company
    "another company": (
        SALES,
        lambda f: f"NVIDIA's total net sales in fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "NVIDIA",
    ),
    "another ticker": (
        SALES,
        lambda f: f"MSFT reported total net sales of {f.latest.usd} {f.latest.marker} for fiscal 2024.",
        lambda f: "MSFT",
    ),
    "another company after": (
        SALES,
        lambda f: f"Total net sales were {f.latest.usd} {f.latest.marker} at Microsoft in fiscal 2024.",
        lambda f: "Microsoft",
    ),
    "another company's change": (
        PROFIT_CHANGE,
        lambda f: f"Alphabet's net income decreased by {f.change} from fiscal 2023 to fiscal 2024.",
        lambda f: "Alphabet",
    ),
    # the wrong line item
    "another item": (
        SALES,
        lambda f: f"Apple's operating income for fiscal 2024 was {f.latest.usd} {f.latest.marker}.",
        lambda f: "operating income",
    ),
    "another item, cash": (
        SALES,
        lambda f: f"Apple's cash and cash equivalents in fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "cash and cash equivalents",
    ),
    "a narrower item": (
        SALES,
        lambda f: f"Apple's iPhone net sales in fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "iPhone net sales",
    ),
    "profit called sales": (
        PROFIT_TWO,
        lambda f: f"Apple's total net sales for fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "total net sales for fiscal 2024 were",
    ),
    "sales called R&D": (
        SALES_TWO,
        lambda f: f"Apple spent {f.latest.usd} {f.latest.marker} on research and development in fiscal 2024.",
        lambda f: "research and development",
    ),
    # numbers the extractor must not let through (issue item 2), in this suite's contexts
    "glued code": (
        SALES,
        lambda f: f"Apple's total net sales were US{f.latest.millions:,}m {f.latest.marker}.",
        lambda f: f"US{f.latest.millions:,}m",
    ),
    "superscript": (
        SALES,
        lambda f: f"Apple's total net sales were {f.latest.usd} {f.latest.marker}, up ³⁹¹.",
        lambda f: "³⁹¹",
    ),
    "scale word": (
        SALES,
        lambda f: f"Apple's total net sales were three hundred ninety bn {f.latest.marker}.",
        lambda f: "ninety bn",
    ),
    "percent word": (
        SALES_TWO,
        lambda f: f"Apple's total net sales grew nine percent to {f.latest.usd} {f.latest.marker}.",
        lambda f: "nine percent",
    ),
    "note disguise": (
        SALES,
        lambda f: f"Apple's total net sales were {f.latest.usd} {f.latest.marker} (see Note 391035).",
        lambda f: "391035",
    ),
    "tripled": (
        SALES,
        lambda f: f"Apple's total net sales tripled to {f.latest.usd} {f.latest.marker}.",
        lambda f: "tripled",
    ),
    "record": (
        PROFIT_TWO,
        lambda f: f"Apple earned record net income of {f.latest.usd} {f.latest.marker} in fiscal 2024.",
        lambda f: "record",
    ),
    "fake marker": (
        SALES,
        lambda f: f"Apple's total net sales were {f.latest.usd} [c999999].",
        lambda f: "999999",
    ),
    "off by a digit": (
        SALES,
        lambda f: f"Apple's total net sales were ${f.latest.millions + 1000:,} million {f.latest.marker}.",
        lambda f: f"{f.latest.millions + 1000:,}",
    ),
    # more of each class
    "first half": (
        SALES,
        lambda f: (
            f"In the first half of fiscal 2024 Apple's total net sales were {f.latest.usd} {f.latest.marker}."
        ),
        lambda f: "first half",
    ),
    "third-quarter": (
        SALES,
        lambda f: f"Apple's third-quarter fiscal 2024 net sales were {f.latest.usd} {f.latest.marker}.",
        lambda f: "third-quarter",
    ),
    "future year": (
        SALES,
        lambda f: f"Apple's total net sales in fiscal 2025 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "fiscal 2025",
    ),
    "change of other years": (
        SALES_CHANGE,
        lambda f: f"From fiscal 2021 to fiscal 2022, Apple's total net sales increased by {f.change}.",
        lambda f: "fiscal 2021",
    ),
    "swapped in a change": (
        SALES_TWO,
        lambda f: (
            f"Apple's total net sales rose from {f.latest.usd} {f.latest.marker} in fiscal 2023 to "
            f"{f.earlier.usd} {f.earlier.marker} in fiscal 2024."
        ),
        lambda f: f"{f.latest.millions:,} million {f.latest.marker} in fiscal 2023",
    ),
    "shrank for a rise": (
        SALES_CHANGE,
        lambda f: f"Apple's total net sales shrank by {f.change} from fiscal 2023 to fiscal 2024.",
        lambda f: "shrank",
    ),
    "jumped for a fall": (
        PROFIT_TWO,
        lambda f: (
            f"Apple's net income jumped to {f.latest.usd} {f.latest.marker} in fiscal 2024 from "
            f"{f.earlier.usd} {f.earlier.marker} in fiscal 2023."
        ),
        lambda f: "jumped",
    ),
    "deficit": (
        PROFIT_TWO,
        lambda f: f"Apple ran a deficit of {f.latest.usd} {f.latest.marker} in fiscal 2024.",
        lambda f: "deficit",
    ),
    "another company, later sentence": (
        SALES,
        lambda f: f"Apple had a strong year. Amazon's total net sales were {f.latest.usd} {f.latest.marker}.",
        lambda f: "Amazon",
    ),
    "another company by alias": (
        SALES,
        lambda f: f"Google's total net sales in fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "Google",
    ),
    "another company, profit": (
        PROFIT_TWO,
        lambda f: f"Tesla's net income for fiscal 2024 was {f.latest.usd} {f.latest.marker}.",
        lambda f: "Tesla",
    ),
    "profit called gross margin": (
        PROFIT_TWO,
        lambda f: f"Apple's gross margin for fiscal 2024 was {f.latest.usd} {f.latest.marker}.",
        lambda f: "gross margin",
    ),
    "sales called total assets": (
        SALES,
        lambda f: f"Apple's total assets at the end of fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
        lambda f: "total assets",
    ),
    # "respectively": periods pair with the figures in order
    "respectively, years swapped": (
        SALES_TWO,
        lambda f: (
            f"In fiscal 2023 and fiscal 2024, Apple's total net sales were {f.latest.usd} {f.latest.marker} "
            f"and {f.earlier.usd} {f.earlier.marker}, respectively."
        ),
        lambda f: f"{f.latest.usd} {f.latest.marker} and {f.earlier.usd}",
    ),
    "respectively, one year for both": (
        SALES_TWO,
        lambda f: (
            f"In fiscal 2024, Apple's total net sales were {f.earlier.usd} {f.earlier.marker} and "
            f"{f.latest.usd} {f.latest.marker}, respectively."
        ),
        lambda f: f"In fiscal 2024, Apple's total net sales were {f.earlier.usd}",
    ),
    # a quarter's figure (3M's 10-Q) stated as a year's, a profit or another company's
    "quarter as a fiscal year": (
        QUARTER,
        lambda f: f"3M reported a net loss of {f.latest.size} {f.latest.marker} for fiscal 2023.",
        lambda f: f"{f.latest.marker} for fiscal 2023",
    ),
    "quarter as a year alone": (
        QUARTER,
        lambda f: f"3M reported a net loss of {f.latest.size} {f.latest.marker} in 2023.",
        lambda f: f"{f.latest.marker} in 2023",
    ),
    "quarter as the year": (
        QUARTER,
        lambda f: f"For the year 2023, 3M reported a net loss of {f.latest.size} {f.latest.marker}.",
        lambda f: "For the year 2023",
    ),
    "quarter as full-year": (
        QUARTER,
        lambda f: f"3M reported a full-year net loss of {f.latest.size} {f.latest.marker} for 2023.",
        lambda f: "full-year",
    ),
    "quarter as six months": (
        QUARTER,
        lambda f: (
            f"For the six months ended June 30, 2023, 3M reported a net loss of {f.latest.size} "
            f"{f.latest.marker}."
        ),
        lambda f: "six months ended",
    ),
    "quarter's loss as net income": (
        QUARTER,
        lambda f: f"3M's net income for the second quarter of 2023 was {f.latest.size} {f.latest.marker}.",
        lambda f: f"was {f.latest.size}",
    ),
    "quarter's loss as a profit": (
        QUARTER,
        lambda f: f"3M earned a profit of {f.latest.size} {f.latest.marker} in the second quarter of 2023.",
        lambda f: "earned a profit",
    ),
    "quarter, another company": (
        QUARTER,
        lambda f: (
            f"Pfizer reported a net loss of {f.latest.size} {f.latest.marker} for the second quarter of 2023."
        ),
        lambda f: "Pfizer",
    ),
    "quarters, grew for a decline": (
        QUARTERS,
        lambda f: (
            f"3M's net income grew from {f.earlier.usd} {f.earlier.marker} in the second quarter of 2022 to "
            f"{f.latest.usd} {f.latest.marker} in the second quarter of 2023."
        ),
        lambda f: "grew",
    ),
    "quarters, a profit called a loss": (
        # "Net income (loss)" is a loss line only where it is negative: 3M earned $78 million in Q2 2022
        QUARTERS,
        lambda f: f"3M's net loss for the second quarter of 2022 was {f.earlier.usd} {f.earlier.marker}.",
        lambda f: "net loss for the second quarter of 2022",
    ),
    # a loss year: Amazon's 2022 net loss
    "loss as net income": (
        LOSS_YEAR,
        lambda f: f"Amazon's net income for fiscal 2022 was {f.latest.size} {f.latest.marker}.",
        lambda f: f"was {f.latest.size}",
    ),
    "loss as earnings": (
        LOSS_YEAR,
        lambda f: f"Amazon earned {f.latest.size} {f.latest.marker} in fiscal 2022.",
        lambda f: "earned",
    ),
    "loss in another year": (
        LOSS_YEAR,
        lambda f: f"Amazon reported a net loss of {f.latest.size} {f.latest.marker} in fiscal 2023.",
        lambda f: f"{f.latest.marker} in fiscal 2023",
    ),
    "loss year, declined for a rise": (
        LOSS_YEARS,
        lambda f: (
            f"Amazon's net income declined from {f.earlier.usd} {f.earlier.marker} in fiscal 2022 to "
            f"{f.latest.usd} {f.latest.marker} in fiscal 2023."
        ),
        lambda f: "declined",
    ),
    "loss year, respectively swapped": (
        LOSS_YEARS,
        lambda f: (
            f"In fiscal 2022 and fiscal 2023, Amazon's net income was {f.latest.usd} {f.latest.marker} and "
            f"{f.earlier.usd} {f.earlier.marker}, respectively."
        ),
        lambda f: f"{f.latest.usd} {f.latest.marker} and {f.earlier.usd}",
    ),
}

RIGHT: dict[str, tuple[str, Write]] = {
    "as listed": (
        SALES,
        lambda f: f"Apple's total net sales in fiscal 2024 were {f.latest.usd} {f.latest.marker}.",
    ),
    "billions": (
        SALES,
        lambda f: (
            f"Apple's total net sales were ${f.latest.millions / 1000:.1f} billion "
            f"{f.latest.marker} in fiscal 2024."
        ),
    ),
    "whole billions": (
        SALES,
        lambda f: (
            f"In fiscal 2024, Apple reported net sales of ${f.latest.millions / 1000:.0f} billion "
            f"{f.latest.marker}."
        ),
    ),
    "dollars word": (
        SALES,
        lambda f: f"Apple's net sales came to {f.latest.millions:,} million dollars {f.latest.marker}.",
    ),
    "currency code": (
        SALES,
        lambda f: (
            f"For fiscal 2024, Apple's total net sales were USD {f.latest.millions:,} million "
            f"{f.latest.marker}."
        ),
    ),
    "ticker": (
        SALES,
        lambda f: f"AAPL's total net sales for fiscal year 2024 were {f.latest.usd} {f.latest.marker}.",
    ),
    "year ended": (
        SALES,
        lambda f: (
            f"For the year ended September 28, 2024, Apple's net sales totaled {f.latest.usd} "
            f"{f.latest.marker}."
        ),
    ),
    "revenue": (SALES, lambda f: f"Apple's revenue for fiscal 2024 was {f.latest.usd} {f.latest.marker}."),
    "subject after": (
        SALES,
        lambda f: f"Total net sales were {f.latest.usd} {f.latest.marker} at Apple in fiscal 2024.",
    ),
    "two years": (
        SALES_TWO,
        lambda f: (
            f"Apple's total net sales were {f.latest.usd} {f.latest.marker} in fiscal 2024 and "
            f"{f.earlier.usd} {f.earlier.marker} in fiscal 2023."
        ),
    ),
    "rose from to": (
        SALES_TWO,
        lambda f: (
            f"Apple's total net sales rose from {f.earlier.usd} {f.earlier.marker} in fiscal 2023 to "
            f"{f.latest.usd} {f.latest.marker} in fiscal 2024."
        ),
    ),
    "increased by": (
        SALES_CHANGE,
        lambda f: f"From fiscal 2023 to fiscal 2024, Apple's total net sales increased by {f.change}.",
    ),
    "declined from to": (
        PROFIT_TWO,
        lambda f: (
            f"Apple's net income declined from {f.earlier.usd} {f.earlier.marker} in fiscal 2023 to "
            f"{f.latest.usd} {f.latest.marker} in fiscal 2024."
        ),
    ),
    "decrease of": (
        PROFIT_CHANGE,
        lambda f: f"Apple's net income fell from fiscal 2023 to fiscal 2024, a decrease of {f.change}.",
    ),
    "net income billions": (
        PROFIT_TWO,
        lambda f: (
            f"Apple's net income was ${f.latest.millions / 1000:.1f} billion "
            f"{f.latest.marker} in fiscal 2024."
        ),
    ),
    "respectively": (
        SALES_TWO,
        lambda f: (
            f"In fiscal 2023 and fiscal 2024, Apple's total net sales were {f.earlier.usd} "
            f"{f.earlier.marker} "
            f"and {f.latest.usd} {f.latest.marker}, respectively."
        ),
    ),
    "respectively after": (
        SALES_TWO,
        lambda f: (
            f"Apple's total net sales were {f.earlier.usd} {f.earlier.marker} and {f.latest.usd} "
            f"{f.latest.marker} in fiscal 2023 and fiscal 2024, respectively."
        ),
    ),
    "quarter as listed": (
        QUARTER,
        lambda f: (
            f"3M's net income for the three months ended June 30, 2023 was {f.latest.usd} {f.latest.marker}."
        ),
    ),
    "quarter, net loss of": (
        QUARTER,
        lambda f: (
            f"3M reported a net loss of {f.latest.size} {f.latest.marker} for the second quarter of 2023."
        ),
    ),
    "quarter, Q2": (
        QUARTER,
        lambda f: f"In Q2 2023, 3M reported a net loss of {f.latest.size} {f.latest.marker}.",
    ),
    "quarters fell": (
        QUARTERS,
        lambda f: (
            f"3M's net income fell from {f.earlier.usd} {f.earlier.marker} in the second quarter of 2022 to "
            f"{f.latest.usd} {f.latest.marker} in the second quarter of 2023."
        ),
    ),
    "loss year as listed": (
        LOSS_YEAR,
        lambda f: f"Amazon's net income for fiscal 2022 was {f.latest.usd} {f.latest.marker}.",
    ),
    "loss year, net loss of": (
        LOSS_YEAR,
        lambda f: f"Amazon reported a net loss of {f.latest.size} {f.latest.marker} in fiscal 2022.",
    ),
    "loss years rose": (
        LOSS_YEARS,
        lambda f: (
            f"Amazon's net income rose from {f.earlier.usd} {f.earlier.marker} in fiscal 2022 to "
            f"{f.latest.usd} {f.latest.marker} in fiscal 2023."
        ),
    ),
    "loss years, respectively": (
        LOSS_YEARS,
        lambda f: (
            f"In fiscal 2022 and fiscal 2023, Amazon's net income was {f.earlier.usd} {f.earlier.marker} and "
            f"{f.latest.usd} {f.latest.marker}, respectively."
        ),
    ),
}


def _completion(text: str) -> bytes:
    return json.dumps(
        {"model": "scripted", "choices": [{"message": {"role": "assistant", "content": text}}],
         "usage": {"prompt_tokens": 100, "completion_tokens": 10}}
    ).encode()  # fmt: skip


class Provider(BaseHTTPRequestHandler):
    """Writes `Provider.draft` (set by the test) from the facts of the prompt it is sent."""

    draft: Write = RIGHT["as listed"][1]

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = "\n".join(message["content"] for message in body["messages"])
        reply = _completion(Provider.draft(read_facts(prompt)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def service(ingested_corpus: Any) -> Iterator[httpx.Client]:
    with serve_llm(Provider) as provider_url:
        env = {
            "LLM_BASE_URL": provider_url,
            "LLM_MODEL": "scripted",
            "QUERY_RATE_PER_MINUTE": "6000",
            "QUERY_RATE_BURST": "1000",
            # the scripted provider drafts each request differently: no answer is given to a later request
            "QUERY_DEDUP_SECONDS": "0",
        }
        with child_server(env) as server, httpx.Client(base_url=server.base_url, timeout=120) as client:
            yield client


def _events(client: httpx.Client, question: str) -> list[str]:
    with client.stream("POST", "/query", json={"question": question}) as response:
        assert response.status_code == 200
        return [
            line.removeprefix("data:").strip() for line in response.iter_lines() if line.startswith("data:")
        ]


_FACTS: dict[str, Facts] = {}


def _facts_of(client: httpx.Client, question: str) -> Facts:
    """The facts the service lists for `question`, as the provider sees them (read from a first answer)."""
    if question in _FACTS:
        return _FACTS[question]
    seen: list[Facts] = []

    def keep(facts: Facts) -> str:
        seen.append(facts)
        return RIGHT["as listed"][1](facts)

    Provider.draft = keep
    client.post("/query/sync", json={"question": question})
    _FACTS[question] = seen[0]
    return seen[0]


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_claim_is_never_verified_nor_shown(service: httpx.Client, case: str) -> None:
    question, draft, wrong = WRONG[case]
    wrong_text = wrong(_facts_of(service, question))
    Provider.draft = draft
    events = _events(service, question)
    answer = json.loads(events[-1])
    assert answer["status"] != "verified", (case, answer["answer"])
    escaped = json.dumps(wrong_text)[1:-1]
    for data in events:
        assert wrong_text not in data and escaped not in data, (case, data)
    synced = service.post("/query/sync", json={"question": question}).json()
    assert synced["status"] != "verified", (case, synced["answer"])
    assert wrong_text not in json.dumps(synced, ensure_ascii=False), (case, synced["answer"])


def test_right_drafts_in_other_words_stay_verified(service: httpx.Client) -> None:
    verified: list[str] = []
    missed: list[tuple[str, str]] = []
    for case, (question, draft) in sorted(RIGHT.items()):
        Provider.draft = draft
        sync = service.post("/query/sync", json={"question": question}).json()
        streamed = json.loads(_events(service, question)[-1])
        ok = sync["status"] == streamed["status"] == "verified" and "openai-compatible" in json.dumps(
            sync["trace"]
        )
        if ok:
            verified.append(case)
        else:
            missed.append((case, sync["answer"]))
    recall = len(verified) / len(RIGHT)
    print(f"\nright-draft recall {len(verified)}/{len(RIGHT)} = {recall:.2f}; not verified: {missed}")
    assert recall >= RECALL_FLOOR, missed
