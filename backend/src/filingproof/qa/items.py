"""Line items a question can ask for, the XBRL concepts that tag them, and the arithmetic it asks for.

Concepts are in order of preference: the first one a company tags for the period wins. Row-label patterns
are the fallback for tables without tags.
"""

import itertools
import re
from dataclasses import dataclass
from typing import Literal

from filingproof.verify.derive import DerivationKind

PeriodNature = Literal["duration", "instant"]


@dataclass(frozen=True)
class LineItem:
    key: str
    name: str  # how the answer names it
    pattern: re.Pattern[str]
    concepts: tuple[str, ...]
    row_labels: re.Pattern[str]
    nature: PeriodNature = "duration"


def _item(
    key: str, name: str, pattern: str, concepts: tuple[str, ...], rows: str, nature: PeriodNature = "duration"
) -> LineItem:
    return LineItem(
        key,
        name,
        re.compile(pattern, re.IGNORECASE),
        tuple(c if ":" in c else f"us-gaap:{c}" for c in concepts),
        re.compile(rf"^\s*(?:{rows})\s*$", re.IGNORECASE),
        nature,
    )


# Most specific first: a matched phrase is masked before the next item is looked for.
# "EPS", "earnings per share", "net income per common share": the per-share wordings of both EPS items.
_PER_SHARE = r"(?:eps|(?:net\s+)?(?:income|earnings)\s+per\s+(?:common\s+)?share)"

# A cash-flow statement's section total as printed: "Total cash used in investing activities", "Net cash
# provided by (used in) financing activities".
_CASH_OF = (
    r"(?:total\s+|net\s+)?cash\s+(?:provided\s+by|generated\s+by|used\s+in|from|\(used\s+in\))[\s()a-z/]*?"
    r"{}\s+activities"
)
# The same total as a question names it: "cash used in investing activities", "financing cash flow"
_CASH_ASKED = (
    r"\b(?:net\s+)?cash\s+(?:provided\s+by|used\s+(?:in|for)|generated\s+by|from|flows?\s+from)\s+(?:\w+\s+)?{0}"
    r"(?:\s+activities)?\b|\b{0}\s+(?:cash\s+flows?|activities)\b"
)

LINE_ITEMS: tuple[LineItem, ...] = (
    _item("cost_of_sales", "cost of sales", r"\bcosts?\s+of\s+(?:net\s+)?(?:sales|revenues?|goods\s+sold)\b",
          ("CostOfGoodsAndServicesSold", "CostOfRevenue", "CostOfGoodsSold"),
          r"(?:total\s+)?cost\s+of\s+(?:net\s+)?(?:sales|revenues?)"),
    # Basic first: it masks "basic EPS" so the generic EPS wording below can mean diluted.
    _item("basic_eps", "basic earnings per share",
          rf"\bbasic\s+{_PER_SHARE}\b|\b{_PER_SHARE}\s*[-,–]?\s*\(?basic\b",
          ("EarningsPerShareBasic",), r"basic(?:\s+earnings\s+per\s+share)?"),
    _item("diluted_eps", "diluted earnings per share",
          rf"\bdiluted\s+{_PER_SHARE}\b|\b{_PER_SHARE}(?:\s*[-,–]?\s*\(?diluted\)?)?(?!\w)",
          ("EarningsPerShareDiluted",), r"diluted(?:\s+earnings\s+per\s+share)?"),
    _item("rnd", "research and development expense", r"\bresearch\s+and\s+development\b|\br\s*&\s*d\b",
          ("ResearchAndDevelopmentExpense", "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost"),
          r"research\s+and\s+development"),
    _item("sga", "selling, general and administrative expense",
          r"\bselling,?\s+general\s+and\s+administrative\b|\bsg\s*&\s*a\b",
          ("SellingGeneralAndAdministrativeExpense",), r"selling,?\s+general\s+and\s+administrative"),
    _item("operating_cash_flow", "cash provided by operating activities",
          r"\b(?:net\s+)?cash\s+(?:provided\s+by|generated\s+by|from)\s+(?:\w+\s+)?operati(?:ng|ons)"
          r"(?:\s+activities)?\b|\boperating\s+cash\s+flows?\b",
          ("NetCashProvidedByUsedInOperatingActivities",),
          r"(?:net\s+)?cash\s+(?:generated|provided)\s+by(?:\s*\(used\s+in\))?\s+operating\s+activities"),
    _item("investing_cash_flow", "cash from investing activities", _CASH_ASKED.format("investing"),
          ("NetCashProvidedByUsedInInvestingActivities",), _CASH_OF.format("investing")),
    _item("financing_cash_flow", "cash from financing activities", _CASH_ASKED.format("financing"),
          ("NetCashProvidedByUsedInFinancingActivities",), _CASH_OF.format("financing")),
    _item("capex", "capital expenditures",
          r"\bcapital\s+expenditures?\b|\bcapex\b|\bpurchases\s+of\s+property(?:\s+and|,)\s+(?:plant\s+and\s+)?"
          r"equipment\b",
          ("PaymentsToAcquirePropertyPlantAndEquipment", "PaymentsToAcquireProductiveAssets"),
          r"(?:payments\s+for\s+acquisition\s+of|purchases\s+of)\s+property,?\s+(?:plant\s+)?and\s+equipment"),
    _item("cash", "cash and cash equivalents", r"\bcash\s+and\s+cash\s+equivalents\b",
          ("CashAndCashEquivalentsAtCarryingValue",), r"(?:total\s+)?cash\s+and\s+cash\s+equivalents",
          "instant"),
    _item("current_assets", "total current assets", r"\b(?:total\s+)?current\s+assets\b",
          ("AssetsCurrent",), r"total\s+current\s+assets", "instant"),
    _item("current_liabilities", "total current liabilities", r"\b(?:total\s+)?current\s+liabilities\b",
          ("LiabilitiesCurrent",), r"total\s+current\s+liabilities", "instant"),
    _item("total_liabilities", "total liabilities", r"\btotal\s+liabilities\b", ("Liabilities",),
          r"total\s+liabilities", "instant"),
    _item("total_assets", "total assets", r"\b(?:total\s+)?assets\b", ("Assets",), r"total\s+assets",
          "instant"),
    _item("equity", "total shareholders' equity",
          # (and "equity" alone as the denominator a slash sets it as: "KO LT debt / equity 12/31/24")
          r"\b(?:total\s+)?(?:share|stock)holders['’]?\s+equity\b|\bshareowners['’]?\s+equity\b|(?<=\s/\s)equity\b",
          ("StockholdersEquity", "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"),
          r"total\s+(?:share|stock)holders['’]?\s+equity", "instant"),
    _item("inventories", "inventories", r"\binventor(?:y|ies)\b", ("InventoryNet",), r"inventor(?:y|ies)",
          "instant"),
    _item("long_term_debt", "long-term debt", r"\blong[- ]term\s+debt\b",
          ("LongTermDebtNoncurrent", "LongTermDebt", "LongTermDebtAndCapitalLeaseObligations"),
          r"(?:term\s+debt|long-term\s+debt)(?:,\s+non-?current)?",
          "instant"),
    _item("gross_profit", "gross margin", r"\bgross\s+(?:margin|profit)\b", ("GrossProfit",),
          r"(?:total\s+)?gross\s+(?:margin|profit)"),
    _item("operating_income", "operating income",
          r"\boperating\s+(?:income|profit|loss)\b|\bincome\s+from\s+operations\b",
          ("OperatingIncomeLoss",),
          r"(?:total\s+)?operating\s+income(?:\s+\(loss\))?|income\s+from\s+operations"),
    _item("income_tax", "provision for income taxes",
          r"\b(?:provision\s+for\s+)?income\s+tax(?:es)?(?:\s+expense)?\b",
          ("IncomeTaxExpenseBenefit",), r"provision\s+for\s+income\s+taxes|income\s+tax\s+expense"),
    # "profit" alone is the bottom line; a segment's is the filer's own measure of it (Honeywell's "Segment
    # profit", tagged OperatingIncomeLoss), read from the filing's words
    _item("net_income", "net income",
          r"\bnet\s+(?:income|earnings|loss|profit)\b|(?<!\bsegment\s)(?<!\bseg\s)(?<!\bsegments\s)\bprofit\b",
          ("NetIncomeLoss", "ProfitLoss", "NetIncomeLossAvailableToCommonStockholdersBasic"),
          r"net\s+income(?:\s+\(loss\))?(?:\s+attributable\s+to\s+.+)?"),
    _item("revenue", "revenue",
          r"\b(?:total\s+)?(?:net\s+)?(?:revenues?|sales|turnover|top[- ]line)\b",
          # a lender's total revenue is net of its interest expense (American Express); its revenue from
          # contracts with customers is a part of it
          ("Revenues", "RevenuesNetOfInterestExpense", "RevenueFromContractWithCustomerExcludingAssessedTax",
           "SalesRevenueNet", "RevenueFromContractWithCustomerIncludingAssessedTax"),
          r"(?:total\s+)?(?:net\s+)?(?:revenues?|sales)"),
)  # fmt: skip

ITEMS_BY_KEY = {item.key: item for item in LINE_ITEMS}


@dataclass(frozen=True)
class Ask:
    """What a numeric question asks for: line items, and the derivation to compute from them, if any."""

    items: tuple[LineItem, ...]
    derivation: DerivationKind | None = None
    # a share's part named as the filings print it, outside `LINE_ITEMS` ("food & beverage" as a percentage
    # of revenue): the margin's numerator, resolved against the company's own lines (`qa.asked.with_part`)
    part: str | None = None
    # the lines an operator the question writes joins, as it words them ("medical costs / premium revenues",
    # "share repurchases + dividends paid"): each resolved against the company's own lines
    # (`qa.asked.with_operands`)
    operands: tuple[str, ...] = ()
    # how `operands` combine where the question states a formula of more than one operator ("(revenue -
    # total costs and expenses) / revenue"): an expression over `[i]`, the i-th operand (`verify.expression`)
    formula: str = ""


# Ratios named by one phrase: (pattern, derivation, numerator item, denominator item)
_NAMED_RATIOS: tuple[tuple[re.Pattern[str], DerivationKind, str, str], ...] = (
    (re.compile(r"\bgross\s+(?:profit\s+)?margin\s+(?:percentage|%|ratio|rate)|\bgross\s+margin\s+as\s+a\s+"
                r"percent|\bgross\s+(?:profit\s+)?margin\s+percent", re.I),
     "margin", "gross_profit", "revenue"),
    (re.compile(r"\boperating\s+(?:profit\s+)?margin\b", re.I), "margin", "operating_income", "revenue"),
    (re.compile(r"\bnet\s+(?:profit\s+|income\s+)?margin\b|\bprofit\s+margin\b", re.I),
     "margin", "net_income", "revenue"),
    (re.compile(r"\bcurrent\s+ratio\b", re.I), "ratio", "current_assets", "current_liabilities"),
    (re.compile(r"\bdebt[- ]to[- ]equity\b", re.I), "ratio", "total_liabilities", "equity"),
)  # fmt: skip

_GROWTH = re.compile(
    r"\bgrowth\b|\bgr[eo]w\b|\bgrowing\b|\bpercent(?:age)?\s+(?:change|increase|decrease)\b|%\s*change\b"
    # ("what's the % jump in total opex …"; not a move the question states: "KO's 12% drop in operating
    # income")
    r"|(?<![\d.])%\s*(?:increase|decrease|rise|decline|drop|jump)\b"
    r"|\b(?:increase|decrease|change|rise|decline)\s+(?:in\s+percent|by\s+what\s+percent)"
    # "decrease in H1 …, in percent", "increase … vs the same quarter a year earlier, in %"
    r"|\b(?:increase|decrease|change|rise|decline)\b.*\bin\s+(?:percent\b|%)"
    r"|\bby\s+how\s+much\s+percent|\bwhat\s+(?:percent(?:age)?\b|%).*\b(?:increase|decrease|change|grow|rise|fall)"
    r"|\byear[- ]over[- ]year\b|\byoy\b",
    re.IGNORECASE,
)
_CHANGE = re.compile(
    r"\bchange\b|\bincreas(?:e|ed)\b|\bdecreas(?:e|ed)\b"
    r"|\bhow\s+much\s+(?:did|has)\b.*\b(?:rise|fall|drop|improve|worsen|narrow|widen)",
    re.IGNORECASE,
)
_DIFFERENCE = re.compile(
    r"\bdifference\b|\bby\s+how\s+(?:much|many\s+dollars)\b|\bgap\b|\bhow\s+much\s+(?:more|less|higher|lower|bigger|larger|smaller)\b|\bmore\s+than\b"
    r"|\bexceed", re.IGNORECASE,
)  # fmt: skip
# ("in total" as said of a figure, at a clause's end or before its period; not a line's "in total assets")
_SUM = re.compile(
    r"\bcombined\b|\btogether\b|\bsum\b|\baggregate\b"
    r"|\bin\s+total\b(?=\s*(?:[,.?!;:)]|$|\s(?:for|in|across|over|during|at|as|of|from|through)\b))",
    re.IGNORECASE,
)
# one line over another: "ratio of A to B", "A as a share of B", "A divided by B", "A / B"
_RATIO = re.compile(
    r"\bratio\s+of\b|\bas\s+a\s+(?:share|percent(?:age)?|fraction)\s+of\b|\bdivided\s+by\b|\s/\s",
    re.IGNORECASE,
)
SHARE_OF = re.compile(r"\bas\s+a\s+(?:share|%|percent(?:age)?|fraction)\s+of\b", re.IGNORECASE)


def named_ratio_span(question: str) -> tuple[int, int] | None:
    """Where the question names a ratio by one phrase ("operating margin"), if it does."""
    for pattern, *_ in _NAMED_RATIOS:
        found = pattern.search(question)
        if found:
            return found.span()
    return None


_ONE_LINE = re.compile(
    r"\bliabilities\s+and\s+(?:(?:stock|share)(?:holders?|owners?)['’]?\s+)?(?:equity|deficit)\b"
    # an expense: Oracle's "Sales and marketing" is no revenue
    r"|\bsales\s*(?:and|&|/)\s*marketing\b"
    # a liability: revenue billed before it is earned (Adobe's "Deferred revenue") is no revenue
    r"|\b(?:deferred|unearned)\s+(?:rev(?:enues?)?|sales)\b"
    # what a payment is net of names no line: "acquisitions, net of cash and cash equivalents acquired"
    r"|\bnet\s+of\s+cash(?:\s+and\s+cash\s+equivalents)?(?:\s+and\s+restricted\s+cash)?\s+acquired\b",
    re.IGNORECASE,
)


def _matches(question: str) -> list[tuple[int, int, LineItem]]:
    """(start, end, item) of each line item the question names, in question order; a matched phrase is
    masked before the next item is looked for."""
    # "total liabilities and stockholders' equity" is one line (the balance sheet's total), not two items
    masked = _ONE_LINE.sub(lambda m: " " * len(m.group()), question)
    found: list[tuple[int, int, LineItem]] = []
    for item in LINE_ITEMS:
        for match in item.pattern.finditer(masked):
            found.append((match.start(), match.end(), item))
            masked = masked[: match.start()] + " " * (match.end() - match.start()) + masked[match.end() :]
    ordered = sorted(found, key=lambda found_item: found_item[0])
    # "cost of revenue from Automotive sales": an item's word at the end of a capitalised name qualifies
    # the item named before it (a product or segment), when that is not the only item named; the first
    # item has none before it to qualify ("Apple revenue and net income": the company's name), nor does one
    # joined to the item before it ("net earnings growth and US sales growth")
    own = [
        each
        for before, each in zip([None, *ordered], ordered, strict=False)
        if before is None
        or not _NAME_BEFORE.search(question, 0, each[0])
        or _COORDINATOR.search(question, before[1], each[0])
    ]
    return own if own and len(own) < len(ordered) else ordered


# what joins two lines named side by side: "US sales and international sales", "iPhone revenue vs Mac
# revenue", "US sales growth compared to international sales growth"
_COORDINATOR = re.compile(
    r"\b(?:and|or|vs\.?|versus|compared\s+(?:to|with)|as\s+well\s+as)\b|&", re.IGNORECASE
)


# not a possessive ("Apple's revenue"), nor a period ("FY2023 research and development")
_NAME_BEFORE = re.compile(r"(?<![\w'’])(?!FY\d|Q[1-4]\b|H[12]\b)[A-Z][\w&.-]*\s+$")


def item_spans(question: str) -> list[tuple[int, int]]:
    """Where the question names line items, in question order (as `find_items` reads them)."""
    return [(start, end) for start, end, _ in _matches(question)]


def coordinated(question: str) -> bool:
    """Whether the question names one item's word in lines side by side, each joined to the one before it
    ("What were JnJ's US sales and international sales": two printed lines, each a sales line; not
    Caterpillar's one line "Total sales and revenues")."""
    spans = item_spans(question)
    if len({question[start:end].lower().rstrip("s") for start, end in spans}) > 1:
        return False
    return len(spans) >= 2 and all(
        _COORDINATOR.search(question, end, start) for (_, end), (start, _) in itertools.pairwise(spans)
    )


def find_items(question: str) -> list[LineItem]:
    """The line items a question names, in the order it names them."""
    ordered: list[LineItem] = []
    for _, _, item in _matches(question):
        if item not in ordered:
            ordered.append(item)
    return ordered


def parse_ask(question: str, company_count: int, year_count: int) -> Ask | None:
    """The items and derivation a question asks for; None when it names no line item."""
    for pattern, kind, numerator, denominator in _NAMED_RATIOS:
        if pattern.search(question):
            return Ask((ITEMS_BY_KEY[numerator], ITEMS_BY_KEY[denominator]), kind)
    items = find_items(question)
    if not items:
        return None
    if len(items) == 2 and _RATIO.search(question):
        # (a share of it, not the "shareowners' equity" it is over)
        share = re.search(r"percent|\bshare\b", question, re.I) is not None
        return Ask(tuple(items), "margin" if share else "ratio")
    if company_count >= 2:
        return Ask(tuple(items[:1]), _across_companies(question))
    over_time = _over_time(question, year_count)
    if over_time is not None:
        return Ask(tuple(items[:1]), over_time)
    if len(items) >= 2 and _SUM.search(question):
        return Ask(tuple(items), "sum")
    return Ask(tuple(items))


def _across_companies(question: str) -> DerivationKind | None:
    if _SUM.search(question):
        return "sum"
    return "difference" if _DIFFERENCE.search(question) else None


def _over_time(question: str, year_count: int) -> DerivationKind | None:
    if _GROWTH.search(question):
        return "growth"
    if _CHANGE.search(question) or (year_count >= 2 and _DIFFERENCE.search(question)):
        return "change"
    return None


# A question after a figure: "how much", "how many", "what was/were/is/are …", "what did X come to", "… report
# for …", "how does … compare", or one that names a figure's unit ("what dividend per share did …", "share
# count")
_FIGURE_CUE = re.compile(
    r"\bhow\s+(?:much|many)\b|\bhow\s+(?:big|large)\s+(?:was|were|is|are)\b|\bwhat\s+(?:was|were|is|are)\b|\bwhat['’]s\b"
    r"|\breport(?:ed)?\s+for\b|\bamount\s+of\b"
    # "TSLA vs GOOGL A/P 12/31/24 - which bigger + diff": which of two figures is the larger
    r"|\bwhich\s+(?:(?:one|company|is|was|had)\s+)?(?:the\s+)?(?:bigger|larger|higher|greater|smaller|lower)\b"
    # "By what percentage did Meta's G&A expenses change": how far a figure moved
    r"|\bby\s+what\s+(?:percent(?:age)?|%)"
    # "did Tesla or Google owe more to suppliers": which of the two
    r"|\b(?:did|does|do)\s+[\w&'’.-]+(?:\s+[\w&'’.-]+)?\s+or\s+"
    r"|\bwhat\s+did\b(?!.*\b(?:say|said|mention|note|announce)\w*\b)"
    r"|\bper\s+(?:common\s+)?share\b|\bshare\s+count\b|\bnumber\s+of\s+shares\b"
    # asked the way one asks of it: "(do you know) what GD spent buying back its own shares"
    r"|\bwhat\s+(?:[\w&'’.-]+\s+){1,3}?(?:spent|paid|earned|made|booked|generated|posted|returned)\b"
    # ("can you back into what interest expense was for …"; not "what the reason was")
    r"|\bwhat\s+(?!(?:the\s+)?(?:reasons?|drivers?|causes?|explanation|story)\b)(?:[\w&'’.-]+\s+){1,3}?(?:was|were)"
    r"\s+(?:for|in|during|over|as\s+of|at)\b"
    # a figure by its initials before the verb: "what EBIT did the North America segment put up"
    r"|\bwhat\s+(?-i:[A-Z]{2,6})s?\s+(?:did|does|do)\b"
    # "what depreciation, depletion and amortization expense did Chevron record for …": a line, then who
    # recorded it
    # (or its verb left out as the reading leaves it: "what segment profit did Honeywell … in the first six
    # months"), never what it says
    r"|\bwhat\s+(?:[\w&'’.,-]+\s+){1,6}?(?:did|does|do)\s+(?!.*\b(?:say|said|mention|note|describe|discuss"
    r"|explain|face)\w*\b)(?:[\w&'’.-]+\s+){1,4}?"
    r"(?:record|report|recognize|book|post|incur|carry|show|disclose|make|earn|generate|produce|deliver|have"
    r"|spend|log|in|for|during|over)\b"
    # "who's higher", "who bought back more stock": which of the companies, by its figure
    r"|\bwho(?:['’]s)?\b(?=.*\b(?:higher|lower|bigger|larger|more|greater|smaller|less)\b)"
    # "how does Boeing's effective tax rate in FY2022 compare to FY2021": the figures, side by side
    r"|\bhow\s+(?:does|did|do)\b(?=.*\b(?:compare|versus)\b)"
    # "how did dow's coatings business do on op ebit in q2": the figure it did, for a period
    r"|\bhow\s+(?:does|did|do)\s+[^?]{1,80}?\b(?:ebit(?:da)?|income|revenues?|sales|margins?|profit|earnings|eps)"
    r"(?=\s+(?:in|for|during|over|q[1-4]|[1-4]q|fy|\d))",
    re.IGNORECASE,
)


def open_ask(question: str, company_count: int, year_count: int) -> Ask | None:
    """A figure asked for by a line item outside `LINE_ITEMS` ("income before provision for income
    taxes", "Mac revenue"): no curated item, resolved against the filing's own vocabulary
    (`qa.vocabulary`). None when the question does not ask for a figure."""
    if _FIGURE_CUE.search(question) is None:
        return None
    if company_count >= 2:
        return Ask((), _across_companies(question))
    return Ask((), _over_time(question, year_count))
