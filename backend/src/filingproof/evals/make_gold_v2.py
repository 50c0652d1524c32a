"""Gold v2: questions about figures the filings print outside the curated line items, built apart from the
answering code (nothing here imports qa/, retrieval/, agent/ or verify/).

Every item is one XBRL fact linked to a table cell in the ingested database: its value is the fact's, its
sources are the cells that print it, and its question is phrased from the filer's own row label (the
member's printed label for a segment, product or geography), the company and the period. Items are drawn
with a fixed seed, as evenly as the filings allow over kinds and filings; the companies in `HELDOUT` form
the held-out split, kept out of all tuning and scored apart. A question that could name two different
values (two cells of the company with one wording and period but different values) is never asked.

    filingproof gold --version v2 [--check]
"""

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import long_date
from filingproof.evals.gold import GoldItem, GoldSource, GoldUnit, ItemKind, Split
from filingproof.evals.make_gold import MAX_SOURCES, NAMES, FilingRow

SEED = 15  # the issue that asked for this set
HELDOUT: frozenset[str] = frozenset({"NVDA", "PFE", "WMT"})  # none of them is in the issue's examples
# Items per kind, before paraphrases and the issue's examples; a kind with fewer facts gives what it has.
QUOTAS: dict[ItemKind, int] = {
    "cash_flow": 48, "balance_sheet": 44, "income_statement": 40, "tax_rate": 30, "dividends_per_share": 20,
    "share_count": 36, "segment": 44, "product": 34, "geography": 34,
}  # fmt: skip

# The 20 curated line items of the answering code (qa/items.py), written out rather than imported: their
# undimensioned facts are gold v1's ground, not v2's. A test checks this list still covers qa/items.py.
CURATED: frozenset[str] = frozenset(
    f"us-gaap:{name}"
    for name in (
        "CostOfGoodsAndServicesSold",
        "CostOfRevenue",
        "CostOfGoodsSold",
        "EarningsPerShareBasic",
        "EarningsPerShareDiluted",
        "ResearchAndDevelopmentExpense",
        "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost",
        "SellingGeneralAndAdministrativeExpense",
        "NetCashProvidedByUsedInOperatingActivities",
        "PaymentsToAcquirePropertyPlantAndEquipment",
        "PaymentsToAcquireProductiveAssets",
        "CashAndCashEquivalentsAtCarryingValue",
        "AssetsCurrent",
        "LiabilitiesCurrent",
        "Liabilities",
        "Assets",
        "StockholdersEquity",
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
        "InventoryNet",
        "LongTermDebtNoncurrent",
        "LongTermDebt",
        "GrossProfit",
        "OperatingIncomeLoss",
        "IncomeTaxExpenseBenefit",
        "NetIncomeLoss",
        "ProfitLoss",
        "NetIncomeLossAvailableToCommonStockholdersBasic",
        "Revenues",
        "RevenuesNetOfInterestExpense",
        "RevenueFromContractWithCustomerExcludingAssessedTax",
        "SalesRevenueNet",
        "RevenueFromContractWithCustomerIncludingAssessedTax",
    )
)

MEMBER_AXES: dict[str, ItemKind] = {
    "us-gaap:StatementBusinessSegmentsAxis": "segment",
    "srt:ProductOrServiceAxis": "product",
    "srt:StatementGeographicalAxis": "geography",
}
# A second dimension that only says "the segment's own figure" (not eliminations): no qualifier of its own.
SILENT_DIMENSIONS: frozenset[tuple[str, str]] = frozenset(
    {("srt:ConsolidationItemsAxis", "us-gaap:OperatingSegmentsMember")}
)
PPE_AND_FINANCE_LEASES = (
    "PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization"
)
PRETAX_INCOME_BEFORE_EQUITY = "".join(
    (
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxes",
        "MinorityInterestAndIncomeLossFromEquityMethodInvestments",
    )
)
# What a member's figure measures, by concept, when its row label is the member itself ("Mac", "AWS"):
# only these concepts are asked of a member, so every such question names a plain measure.
MEMBER_MEASURES: dict[str, str] = {
    "Revenues": "revenue",
    "RevenueFromContractWithCustomerExcludingAssessedTax": "revenue",
    "RevenueFromContractWithCustomerIncludingAssessedTax": "revenue",
    "OperatingIncomeLoss": "operating income",
    "CostsAndExpenses": "operating expenses",
    "CostOfGoodsAndServicesSold": "cost of sales",
    "CostOfRevenue": "cost of revenue",
    "GrossProfit": "gross profit",
    "NoncurrentAssets": "long-lived assets",
    "LongLivedAssets": "long-lived assets",
    "PropertyPlantAndEquipmentNet": "property and equipment, net",
    "Goodwill": "goodwill",
    "Assets": "total assets",
    "Depreciation": "depreciation expense",
    "DepreciationDepletionAndAmortization": "depreciation and amortization",
    "DepreciationAndAmortization": "depreciation and amortization",
    "SegmentExpenditureAdditionToLongLivedAssets": "capital expenditures",
    "PaymentsToAcquirePropertyPlantAndEquipment": "capital expenditures",
    "SellingGeneralAndAdministrativeExpense": "selling, general and administrative expenses",
    "ResearchAndDevelopmentExpense": "research and development expense",
    PPE_AND_FINANCE_LEASES: "property and equipment, net",
}
NOT_A_MEMBER = re.compile(r"Elimination|Intersegment|Reconciling", re.IGNORECASE)  # adjustments, not parts
SALES_WORDS = re.compile(r"\b(?:sales|revenues?)\b", re.IGNORECASE)
REVENUE_MEASURE = re.compile(r"(?:total\s+)?(?:net\s+)?(?:sales|revenues?)", re.IGNORECASE)
SHARE_CONCEPTS = re.compile(
    r"WeightedAverageNumber|SharesOutstanding$|StockRepurchased\w*Shares$|TreasuryStock\w*Shares$"
    r"|IncrementalCommonShares|SharesIssued$|AntidilutiveSecurities"
)
DIVIDEND_PER_SHARE = re.compile(r"DividendsPerShare")
TAX_RATE = re.compile(r"^EffectiveIncomeTaxRate")
STATUTORY_RATE = "EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate"  # 21% everywhere
EFFECTIVE_RATE = "EffectiveIncomeTaxRateContinuingOperations"

# Paraphrases: how a user names a line the filing labels otherwise. {company} and {period} are filled in.
PARAPHRASES: dict[str, tuple[str, ...]] = {
    "PaymentsForRepurchaseOfCommonStock": (
        "How much did {company} spend on share buybacks {period}?",
        "What were {company}'s stock repurchases {period}?",
    ),
    "PaymentsOfDividends": ("How much did {company} pay in dividends {period}?",),
    "PaymentsOfDividendsCommonStock": ("What were {company}'s dividends paid {period}?",),
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest": (
        "What was {company}'s pre-tax income {period}?",
    ),
    PRETAX_INCOME_BEFORE_EQUITY: ("What was {company}'s income before taxes {period}?",),
    EFFECTIVE_RATE: ("What was {company}'s effective tax rate {period}?",),
    "ShareBasedCompensation": ("How much stock-based compensation did {company} record {period}?",),
    "DepreciationDepletionAndAmortization": ("What was {company}'s D&A {period}?",),
    "DepreciationAmortizationAndAccretionNet": (
        "What was {company}'s depreciation and amortization {period}?",
    ),
    "NetCashProvidedByUsedInInvestingActivities": ("What was {company}'s investing cash flow {period}?",),
    "NetCashProvidedByUsedInFinancingActivities": ("What was {company}'s financing cash flow {period}?",),
    "WeightedAverageNumberOfDilutedSharesOutstanding": (
        "What was {company}'s diluted share count {period}?",
    ),
    "WeightedAverageNumberOfSharesOutstandingBasic": (
        "How many weighted-average basic shares did {company} have {period}?",
    ),
    "CommonStockDividendsPerShareDeclared": ("What dividend per share did {company} declare {period}?",),
    "CommonStockDividendsPerShareCashPaid": ("What dividend per share did {company} pay {period}?",),
    "AccountsReceivableNetCurrent": ("How much did customers owe {company} {period}?",),
    "AccountsPayableCurrent": ("What were {company}'s trade payables {period}?",),
    "RetainedEarningsAccumulatedDeficit": ("What were {company}'s retained earnings {period}?",),
    "PaymentsToAcquireBusinessesNetOfCashAcquired": (
        "How much cash did {company} spend on acquisitions {period}?",
    ),
    "RepaymentsOfLongTermDebt": ("How much long-term debt did {company} repay {period}?",),
    "ProceedsFromIssuanceOfLongTermDebt": (
        "How much did {company} raise from issuing long-term debt {period}?",
    ),
    "IncomeTaxesPaidNet": ("How much cash did {company} pay in income taxes {period}?",),
    "InterestExpense": ("What were {company}'s interest costs {period}?",),
    "InterestExpenseNonoperating": ("What were {company}'s interest costs {period}?",),
    "Goodwill": ("How much goodwill did {company} carry {period}?",),
    "LiabilitiesAndStockholdersEquity": ("What were {company}'s total liabilities and equity {period}?",),
}


@dataclass(frozen=True)
class IssueExample:
    """A question of issue #15, as worded there; its value is read from the facts like any other item's."""

    ticker: str
    concept: str  # local name
    member: str | None
    period_end: date
    question: str


ISSUE_EXAMPLES: tuple[IssueExample, ...] = (
    IssueExample(
        "META",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        None,
        date(2024, 12, 31),
        "What was Meta's income before provision for income taxes in 2024?",
    ),
    IssueExample(
        "KO",
        "PaymentsOfDividends",
        None,
        date(2024, 12, 31),
        "How much did Coca-Cola pay in dividends in 2024?",
    ),
    IssueExample(
        "META",
        "PaymentsForRepurchaseOfCommonStock",
        None,
        date(2024, 12, 31),
        "How much did Meta spend on share repurchases in 2024?",
    ),
    IssueExample(
        "GOOGL", EFFECTIVE_RATE, None, date(2024, 12, 31), "What was Alphabet's effective tax rate in 2024?"
    ),
    IssueExample(
        "AAPL",
        "RevenueFromContractWithCustomerExcludingAssessedTax",
        "aapl:MacMember",
        date(2024, 9, 28),
        "How much revenue did the Mac generate in fiscal 2024?",
    ),
)

UNITS: dict[str, GoldUnit] = {"USD": "USD", "shares": "shares", "USD/shares": "USD/share", "pure": "percent"}
Statement = Literal["cash_flow", "balance_sheet", "income_statement"]
# A table is a statement when it holds these undimensioned concepts (the filer's own tags, not its words).
STATEMENT_MARKERS: dict[Statement, tuple[frozenset[str], ...]] = {
    "cash_flow": (
        frozenset(
            {
                "NetCashProvidedByUsedInInvestingActivities",
                "NetCashProvidedByUsedInFinancingActivities",
                "NetCashProvidedByUsedInOperatingActivities",
            }
        ),
    ),
    "balance_sheet": (
        frozenset({"LiabilitiesAndStockholdersEquity", "AssetsCurrent", "LiabilitiesCurrent"}),
    ),
    "income_statement": (
        frozenset({"EarningsPerShareBasic", "EarningsPerShareDiluted"}),
        frozenset({"IncomeTaxExpenseBenefit"}),
        frozenset(
            {
                "Revenues",
                "RevenueFromContractWithCustomerExcludingAssessedTax",
                "CostsAndExpenses",
                "OperatingIncomeLoss",
                "CostOfRevenue",
                "CostOfGoodsAndServicesSold",
            }
        ),
    ),
}
# Row labels that name nothing on their own ("Other", "Total", a date): such a row is never asked about.
GENERIC_LABEL = re.compile(
    r"^(?:other|others|other,? net|other\s*[—–-]\s*net|total|totals?,? net|net|subtotal|thereafter"
    r"|adjustments?|balance.*|beginning.*|ending.*|(?:as of |at )?\w+ \d{1,2}, \d{4}|\d{4}|year ended.*"
    r"|.*\bpercent(?:age)?)$",
    re.IGNORECASE,
)
SHARE_CLASS = re.compile(r"^(?:basic|diluted)$", re.IGNORECASE)
FOOTNOTE = re.compile(r"\s*\((?:\d{1,2}|[a-z])\)|(?<=[a-z)])\d{1,2}(?:,\d{1,2})*(?=$|\s)|\*+$")
SCALE_NOTE = re.compile(r"\s*\((?:in|dollars in) (?:millions|thousands|billions)[^)]*\)", re.IGNORECASE)
OPERATOR = re.compile(r"^\s*(?:less|plus|add|deduct)\s*:\s*", re.IGNORECASE)
SIGN_NOTE = re.compile(r"\s*/?\s*\((?:loss|income|gain|benefit|deficit|expense)\)", re.IGNORECASE)
NUMERALS = re.compile(r"\d[\d,.]*\d|\$\s*\d")  # a label that prints figures ("$0.01 par value; 500 shares")
MAX_LABEL = 90


@dataclass(frozen=True)
class Printed:
    """One fact and the cell that prints it."""

    filing: FilingRow
    concept: str
    value: Decimal
    unit: str | None
    start: date | None
    end: date
    instant: bool
    dimensions: dict[str, str]
    table_id: int
    page_no: int
    table_index: int
    row: int
    col: int
    text: str
    cell_value: Decimal
    cell_unit: str
    scale: int
    row_label: str
    row_path: tuple[str, ...]
    column_label: str

    @property
    def local(self) -> str:
        return self.concept.split(":", 1)[-1]

    @property
    def fact_key(self) -> tuple[str, str, str, date | None, date]:
        dims = json.dumps(self.dimensions, sort_keys=True)
        return (self.filing.ticker, self.concept, dims, self.start, self.end)

    def source(self) -> GoldSource:
        return GoldSource(
            ticker=self.filing.ticker, form=self.filing.form, period_end=self.filing.period_end,
            page_no=self.page_no, table_index=self.table_index, row=self.row, col=self.col, text=self.text,
            concept=self.concept, scale=self.scale, row_label=self.row_label,
        )  # fmt: skip


@dataclass(frozen=True)
class Period:
    phrase: str  # "in 2024", "in fiscal 2025", "as of December 31, 2024", "for the six months ended …"
    tag: str  # for item ids


@dataclass(frozen=True)
class Candidate:
    item_id: str
    kind: ItemKind
    question: str
    expected: Decimal
    unit: GoldUnit
    printed: Decimal | None
    primary: Printed
    sources: tuple[GoldSource, ...]
    period: Period
    members: dict[str, str] | None


async def read_printed(session: AsyncSession) -> list[Printed]:
    """Every fact with a value that is linked to a table cell, with its cell and filing."""
    rows = await session.execute(
        text(
            "SELECT f.ticker, f.form, f.period_end, f.fiscal_year, f.fiscal_period, x.concept, x.value, "
            "x.unit, x.period_start, x.period_end, x.instant, x.dimensions::text, c.table_id, c.page_no, "
            "t.table_index, c.row, c.col, c.text, c.value, c.unit, c.scale, c.row_label, c.row_path, "
            "c.column_label "
            "FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id JOIN cells c ON c.id = x.cell_id "
            "JOIN tables t ON t.id = c.table_id WHERE x.value IS NOT NULL AND f.ticker IS NOT NULL "
            "ORDER BY f.ticker, f.period_end DESC, c.page_no, t.table_index, c.row, c.col, x.concept"
        )
    )
    return [
        Printed(FilingRow(*r[0:5]), r[5], Decimal(r[6]), r[7], r[8], r[9], r[10], json.loads(r[11]), r[12],
                r[13], r[14], r[15], r[16], r[17], Decimal(r[18]), r[19], r[20], r[21], tuple(r[22]), r[23])
        for r in rows
    ]  # fmt: skip


def statements(printed: Iterable[Printed]) -> dict[int, Statement]:
    """The tables that are a primary statement, told by the undimensioned concepts they hold."""
    held: dict[int, set[str]] = defaultdict(set)
    for p in printed:
        if not p.dimensions:
            held[p.table_id].add(p.local)
    found: dict[int, Statement] = {}
    for table_id, concepts in held.items():
        for statement, markers in STATEMENT_MARKERS.items():
            if all(concepts & marker for marker in markers):
                found[table_id] = statement
                break
    return found


def member_of(p: Printed) -> tuple[str, str] | None:
    """(axis, member) of a fact qualified by exactly one segment, product or geography member."""
    named = {axis: member for axis, member in p.dimensions.items() if (axis, member) not in SILENT_DIMENSIONS}
    if len(named) != 1:
        return None
    axis, member = next(iter(named.items()))
    if axis not in MEMBER_AXES or NOT_A_MEMBER.search(member):
        return None
    return axis, member


def classify(p: Printed, statement: Statement | None) -> ItemKind | None:
    """The kind of question the fact makes, or None when it makes none for this set."""
    if p.dimensions:
        member = member_of(p)
        if member is None or p.local not in MEMBER_MEASURES or p.unit != "USD":
            return None
        return MEMBER_AXES[member[0]]
    if p.concept in CURATED:
        return None
    if p.unit == "pure":
        return "tax_rate" if TAX_RATE.match(p.local) and p.local != STATUTORY_RATE else None
    if p.unit == "USD/shares":
        return "dividends_per_share" if DIVIDEND_PER_SHARE.search(p.local) else None
    if p.unit == "shares":
        return "share_count" if SHARE_CONCEPTS.search(p.local) else None
    if p.unit == "USD" and statement is not None and (statement == "balance_sheet") == p.instant:
        return statement
    return None


def period_of(p: Printed) -> Period | None:
    """How a question names the fact's period: a fiscal year, a quarter or year-to-date span, or a date."""
    if p.instant:
        return Period(f"as of {long_date(p.end)}", p.end.isoformat())
    if p.start is None:
        return None
    days = (p.end - p.start).days + 1
    if 350 <= days <= 380 and p.filing.form == "10-K":
        years_back = round((p.filing.period_end - p.end).days / 365.25)
        year = p.filing.fiscal_year - years_back
        calendar = p.end.month == 12 and p.end.day >= 24
        return Period(f"in {year}" if calendar else f"in fiscal {year}", f"fy{year}")
    months = {3: "three", 6: "six", 9: "nine"}.get(round(days / 30.44))
    if months is None:
        return None
    tag = f"{round(days / 30.44)}m-{p.end.isoformat()}"
    return Period(f"for the {months} months ended {long_date(p.end)}", tag)


def clean_label(label: str, lower_first: bool = True) -> str:
    """A row label as a question can say it: footnote marks, a scale note ("(In millions)"), a sign note
    ("(loss)") and a trailing colon dropped, spaces folded, and the first word lowered (unless
    `lower_first` is off, or it is an acronym or a name written with inner capitals)."""
    cleaned = FOOTNOTE.sub("", SCALE_NOTE.sub("", SIGN_NOTE.sub("", OPERATOR.sub("", label))))
    cleaned = re.sub(r"\s+", " ", cleaned.replace("®", "").replace("™", "")).strip(" :;,")
    cleaned = re.sub(r"(?<=[a-z)])\.$", "", cleaned)  # a closing stop, not that of "U.S."
    first, _, rest = cleaned.partition(" ")
    chunks = re.findall(r"[A-Za-z]+", first)  # "Increase/(Decrease)": two capitalised words, lowered
    capitalised = bool(chunks) and re.fullmatch(r"[A-Z][a-z]+", chunks[0]) is not None
    if lower_first and capitalised and all(re.fullmatch(r"[A-Z]?[a-z]+", chunk) for chunk in chunks):
        first = first.lower()
    return f"{first} {rest}".strip()


def _plain(phrase: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", phrase.lower()).strip()


def label_wording(p: Printed) -> str | None:
    """The filer's row label as the item's name; "Basic" and "Diluted" take the row they sit under, and a
    dividend per share printed inside a label of figures ("Dividends (per share — $1.94, …)") is named by
    its concept."""
    label = clean_label(p.row_label)
    if SHARE_CLASS.match(label) and len(p.row_path) >= 2:
        label = f"{clean_label(p.row_path[-2])}, {label.lower()}"
    if DIVIDEND_PER_SHARE.search(p.local) and (NUMERALS.search(label) or "per share" not in label.lower()):
        label = "dividends paid per share" if "CashPaid" in p.local else "dividends declared per share"
    if not label or GENERIC_LABEL.match(label) or NUMERALS.search(label) or len(label) > MAX_LABEL:
        return None
    return label


def _words(member: str) -> set[str]:
    """The words of a member's name: `meta:FamilyOfAppsMember` → {family, of, apps}."""
    local = member.split(":", 1)[-1].removesuffix("Member").removesuffix("Segment")
    return {w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", local)}


def member_wording(p: Printed, member: str) -> tuple[str, str] | None:
    """(measure, member label) as printed: the member's label is the row or column header sharing most of
    the member's words; the measure is the row label, or the concept's plain name when the row is the
    member itself."""
    wanted = _words(member)
    headers = [clean_label(h, lower_first=False) for h in (*p.row_path, p.column_label) if h]
    scored = [(len(wanted & set(_plain(h).split())), h) for h in headers]
    best = max(scored, default=(0, ""), key=lambda pair: pair[0])
    if best[0] == 0:
        return None  # the member's name is printed nowhere near the cell: the question could not say it
    member_label = re.sub(r"^total\s+", "", best[1], flags=re.IGNORECASE)
    if GENERIC_LABEL.match(member_label):
        return None  # "Other": names no one member
    label = clean_label(p.row_label)
    same = _plain(label) == _plain(best[1])
    measure = MEMBER_MEASURES[p.local] if same or GENERIC_LABEL.match(label) else label
    if NUMERALS.search(measure) or len(measure) > MAX_LABEL:
        return None
    return measure, member_label


def _member_question(kind: ItemKind, company: str, measure: str, member: str, period: Period) -> str:
    if _plain(member) in _plain(measure):  # "total Google Services costs and expenses" names it already
        return f"What was {company}'s {measure} {period.phrase}?"
    # "Net service sales": the member names its own measure, when that is revenue (Tesla's cost of revenue
    # for its "Automotive sales" member is not its automotive sales)
    if SALES_WORDS.search(member) and REVENUE_MEASURE.fullmatch(measure):
        return f"What was {company}'s {clean_label(member)} {period.phrase}?"
    if kind == "segment":
        segment = "" if _plain(member).endswith("segment") else " segment"
        return f"What was {company}'s {measure} for the {member}{segment} {period.phrase}?"
    if kind == "geography":
        return f"What was {company}'s {measure} in {member} {period.phrase}?"
    return f"What was {company}'s {measure} from {member} {period.phrase}?"


def _label_question(kind: ItemKind, p: Printed, company: str, wording: str, period: Period) -> str:
    if kind == "tax_rate" and p.local != EFFECTIVE_RATE:
        return (
            f"In {company}'s effective tax rate reconciliation, what was the {wording} line {period.phrase}?"
        )
    if kind == "cash_flow" and p.local.startswith(
        "IncreaseDecrease"
    ):  # a change of a balance, not the balance
        return f"In {company}'s cash flow statement, what was the change in {wording} {period.phrase}?"
    if p.unit == "USD" and len(wording) % 2:  # two templates, chosen by the label: a rerun words items alike
        return f"How much did {company} report for {wording} {period.phrase}?"
    return f"What was {company}'s {wording} {period.phrase}?"


def _slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def _expected(p: Printed) -> tuple[Decimal, GoldUnit, Decimal | None] | None:
    """(expected value in the gold's base units, unit, the printed value when the print flips the sign);
    None when the cell does not print the fact's value."""
    unit = UNITS.get(p.unit or "")
    if unit is None or p.cell_unit != unit:
        return None
    expected = p.value * 100 if unit == "percent" else p.value
    if p.cell_value == expected:
        return expected.normalize(), unit, None
    if p.cell_value == -expected:
        return expected.normalize(), unit, p.cell_value.normalize()
    return None


class Wordings:
    """Which wordings name more than one value: a question worded like that is never asked."""

    def __init__(self) -> None:
        self.values: dict[tuple[str, str, date | None, date], set[Decimal]] = defaultdict(set)

    def add(self, p: Printed, wording: str) -> None:
        self.values[(p.filing.ticker, _plain(wording), p.start, p.end)].add(p.value)

    def ambiguous(self, p: Printed, wording: str) -> bool:
        return len(self.values[(p.filing.ticker, _plain(wording), p.start, p.end)]) > 1


def _wording(p: Printed) -> str | None:
    """The item as a question names it: the row label, or for a member "<measure> | <member label>"."""
    member = member_of(p) if p.dimensions else None
    if member is not None and p.local in MEMBER_MEASURES:
        found = member_wording(p, member[1])
        return f"{found[0]} | {found[1]}" if found else None
    if p.dimensions:
        return None
    return label_wording(p)


class CandidateBuilder:
    def __init__(self, printed: Sequence[Printed]) -> None:
        self.statements = statements(printed)
        self.facts: dict[tuple[str, str, str, date | None, date], list[Printed]] = defaultdict(list)
        self.wordings = Wordings()
        for p in printed:
            self.facts[p.fact_key].append(p)
            wording = _wording(p)
            if wording is not None:
                self.wordings.add(p, wording)

    def _primary(self, cells: Sequence[Printed]) -> tuple[Printed, ItemKind] | None:
        for p in cells:  # latest filing first, then page order
            kind = classify(p, self.statements.get(p.table_id))
            if kind is not None:
                return p, kind
        return None

    def candidate(self, cells: Sequence[Printed]) -> Candidate | None:
        if len({p.value for p in cells}) != 1:
            return None  # two filings print two values for one fact (a restatement): not this set's business
        found = self._primary(cells)
        if found is None:
            return None
        primary, kind = found
        period, expected, wording = period_of(primary), _expected(primary), _wording(primary)
        if period is None or expected is None or wording is None or expected[0] == 0:
            return None
        if self.wordings.ambiguous(primary, wording):
            return None
        company = NAMES.get(primary.filing.ticker, primary.filing.ticker)
        member = member_of(primary)
        if member is not None:
            measure, member_label = wording.split(" | ")
            question = _member_question(kind, company, measure, member_label, period)
            tail = f"-{_slug(member[1].split(':', 1)[-1].removesuffix('Member'))}"
        else:
            question = _label_question(kind, primary, company, wording, period)
            tail = ""
        item_id = f"{primary.filing.ticker}-{period.tag}-{_slug(primary.local)[:60]}{tail}".lower()
        sources = [primary, *(p for p in cells if p is not primary)][:MAX_SOURCES]
        members = {member[0]: member[1]} if member else None
        return Candidate(item_id, kind, question, expected[0], expected[1], expected[2], primary,
                         tuple(p.source() for p in sources), period, members)  # fmt: skip

    def candidates(self) -> list[Candidate]:
        built = (self.candidate(cells) for cells in self.facts.values())
        return sorted((c for c in built if c is not None), key=lambda c: c.item_id)


def _split(ticker: str) -> Split:
    return "heldout" if ticker in HELDOUT else "dev"


def _item(candidate: Candidate, item_id: str, question: str, phrasing: str) -> GoldItem:
    p = candidate.primary
    return GoldItem.model_validate(
        {
            "id": item_id, "kind": candidate.kind, "question": question, "expected": candidate.expected,
            "unit": candidate.unit, "sources": list(candidate.sources),
            "split": _split(p.filing.ticker), "members": candidate.members, "period_start": p.start,
            "period_end": p.end, "printed": candidate.printed, "phrasing": phrasing,
        }
    )  # fmt: skip


def sample(candidates: Sequence[Candidate], seed: int = SEED) -> list[Candidate]:
    """Up to each kind's quota, drawn in turn from every filing that has one (seeded shuffle within a
    filing), so no filing or company fills a kind on its own."""
    rng = random.Random(seed)
    chosen: list[Candidate] = []
    for kind, quota in QUOTAS.items():
        by_filing: dict[tuple[str, date], list[Candidate]] = defaultdict(list)
        for c in candidates:
            if c.kind == kind:
                by_filing[(c.primary.filing.ticker, c.primary.filing.period_end)].append(c)
        queues = [by_filing[key] for key in sorted(by_filing)]
        for queue in queues:
            rng.shuffle(queue)
        chosen += list(_round_robin(queues))[:quota]
    return chosen


def _round_robin(queues: Sequence[list[Candidate]]) -> Iterator[Candidate]:
    for turn in range(max((len(q) for q in queues), default=0)):
        yield from (queue[turn] for queue in queues if turn < len(queue))


def paraphrased(candidate: Candidate) -> list[GoldItem]:
    company = NAMES.get(candidate.primary.filing.ticker, candidate.primary.filing.ticker)
    templates = PARAPHRASES.get(candidate.primary.local, ()) if candidate.members is None else ()
    return [
        _item(candidate, f"{candidate.item_id}-p{number}",
              template.format(company=company, period=candidate.period.phrase), "paraphrase")
        for number, template in enumerate(templates, start=1)
    ]  # fmt: skip


def issue_items(candidates: Sequence[Candidate]) -> list[GoldItem]:
    """The issue's own questions, each over the fact it asks for: an example no longer in the facts fails."""
    items: list[GoldItem] = []
    for example in ISSUE_EXAMPLES:
        found = [
            c for c in candidates
            if c.primary.filing.ticker == example.ticker and c.primary.local == example.concept
            and c.primary.end == example.period_end and not c.primary.instant
            and next(iter((c.members or {}).values()), None) == example.member
        ]  # fmt: skip
        if len(found) != 1:
            raise ValueError(f"issue example {example.question!r}: {len(found)} facts match, not one")
        items.append(_item(found[0], f"{found[0].item_id}-issue", example.question, "issue"))
    return items


async def build_gold_v2(session: AsyncSession) -> list[GoldItem]:
    printed = await read_printed(session)
    candidates = CandidateBuilder(printed).candidates()
    sampled = sample(candidates)
    items = [_item(c, c.item_id, c.question, "label") for c in sampled]
    items += [item for c in sampled for item in paraphrased(c)]
    items += issue_items(candidates)
    order: dict[str, int] = {kind: index for index, kind in enumerate(QUOTAS)}
    return sorted(items, key=lambda item: (item.split or "", order.get(item.kind, 99), item.id))
