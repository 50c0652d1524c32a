"""The line items analyst metrics are computed from: where each is printed and how its row is labelled.

Each input names the statement it is read from (D&A and capital expenditures from the cash-flow statement,
balances from the balance sheet), whether it is a balance at a date or a flow over the year, and row-label
patterns in order of preference ("Total net sales" before "Net product sales"). A PDF carries no XBRL
concepts, so rows are matched by label; the same patterns decide, when an answer is verified, whether a
cited cell is the input it stands for. Outflows printed in parentheses (capital expenditures, dividends
paid) enter formulas through `abs`, so "(1,577)" counts as a spending of 1,577.
"""

import re
from dataclasses import dataclass
from typing import Literal

Statement = Literal["income_statement", "balance_sheet", "cash_flow"]
Nature = Literal["duration", "instant"]


# "(Note 4)", "(Notes 1 and 3)", "(see Note 12)": where a line is explained
_NOTES = re.compile(r"\s*\((?:see\s+)?notes?\s+\d+[\w\s,&-]*\)", re.IGNORECASE)


@dataclass(frozen=True)
class InputItem:
    key: str
    name: str  # how an answer names it
    statement: Statement
    nature: Nature
    rows: tuple[re.Pattern[str], ...]  # row labels, most preferred first
    words: re.Pattern[str]  # how a question or a stated definition names it
    outflow: bool = False  # printed as a negative (a payment): used as its magnitude

    def row_rank(self, label: str) -> int | None:
        """The preference of the first row pattern that `label` matches, or None if none does; a reference
        to the notes names no other line ("Inventories (Notes 1 and 3)", J&J)."""
        cleaned = " ".join(_NOTES.sub("", label).replace("\u2014", "-").replace("\u2013", "-").split())
        return next((rank for rank, row in enumerate(self.rows) if row.fullmatch(cleaned)), None)


# a footnote's marker after a line's name is no part of it: Smucker's "Cost of products sold (A)"
_FOOTNOTES = r"(?:\s*\((?:[a-z]|\d{1,2})\))*"


def _input(
    key: str,
    name: str,
    statement: Statement,
    nature: Nature,
    rows: tuple[str, ...],
    words: str,
    outflow: bool = False,
) -> InputItem:
    return InputItem(
        key,
        name,
        statement,
        nature,
        tuple(re.compile(rf"\s*{row}{_FOOTNOTES}\s*[:.]?\s*", re.IGNORECASE) for row in rows),
        re.compile(rf"\b(?:{words})(?![\w&])", re.IGNORECASE),
        outflow,
    )


_ATTRIBUTABLE = r"attributable\s+to\s+(?!non-?controlling).*"
# a line that may be a loss, as filings write it: "Net income (loss)", "Operating income/(loss)"
_OR_LOSS = r"(?:\s*/\s*\(?loss\)?|\s+\(loss\))?"
# the owners of a company's shares, as filings name them ("shareholders", "stockholders", "shareowners")
_OWNERS = r"(?:the\s+)?(?:common\s+)?(?:share|stock)(?:holders|owners)"
_PPE = (
    r"(?:property,?\s+(?:plant,?\s+)?(?:and\s+|&\s*)?equipment|pp\s*&\s*e|ppe)"  # "PP&E" as analysts write it
)

INPUTS: tuple[InputItem, ...] = (
    _input("revenue", "revenue", "income_statement", "duration",
           (r"total\s+net\s+revenues?", r"total\s+net\s+sales", r"total\s+revenues?", r"net\s+revenues?",
            r"revenues?", r"net\s+sales", r"total\s+net\s+sales\s+and\s+revenues?",
            r"sales",  # Merck's income statement: "Sales", "Cost of sales"
            r"(?:total\s+)?(?:net\s+)?operating\s+revenues?", r"(?:total\s+)?sales\s+to\s+customers"),
           r"(?:total\s+)?(?:net\s+)?(?:operating\s+)?(?:revenues?|sales)|top[- ]line"),
    _input("cost_of_sales", "cost of sales", "income_statement", "duration",
           (r"(?:total\s+)?cost\s+of\s+(?:net\s+)?(?:sales|revenues?|goods\s+sold|products\s+sold)",
            r"cost\s+of\s+sales,?\s+(?:buying\s+and\s+occupancy|including.*)", r"merchandise\s+costs"),
           r"cogs|costs?\s+of\s+(?:goods\s+sold|sales|revenues?|products\s+sold)|merchandise\s+costs?",
           outflow=True),  # Boeing prints its costs in parentheses: "(53,969)" is a cost of 53,969
    # cost of sales as Boeing prints it, in two lines and no total: read in parts (`IN_PARTS`)
    _input("cost_of_products", "cost of products", "income_statement", "duration",
           (r"cost\s+of\s+products",), r"cost\s+of\s+products", outflow=True),
    _input("cost_of_services", "cost of services", "income_statement", "duration",
           (r"cost\s+of\s+services",), r"cost\s+of\s+services", outflow=True),
    _input("gross_profit", "gross profit", "income_statement", "duration",
           (r"gross\s+(?:profit|margin)",), r"gross\s+(?:profit|margin)"),
    _input("operating_income", "operating income", "income_statement", "duration",
           (rf"operating\s+(?:income|profit){_OR_LOSS}", r"(?:income|earnings)\s+from\s+operations",
            r"total\s+operating\s+income", r"operating\s+earnings"),
           r"(?:unadjusted\s+)?(?:operating\s+(?:income|profit|earnings)|(?:income|earnings)\s+from\s+operations"
           r"|ebit)"),
    _input("interest_expense", "interest expense", "income_statement", "duration",
           (r"interest\s+expense(?:,\s+net)?", r"interest\s+expense,\s+net\s+of.*",
            r"interest\s+and\s+debt\s+expense"),
           r"interest(?:\s+and\s+debt)?\s+expense",
           outflow=True),
    _input("net_income", "net income", "income_statement", "duration",
           (rf"net\s+(?:income|earnings){_OR_LOSS}\s+{_ATTRIBUTABLE}",
            rf"net\s+(?:income|earnings){_OR_LOSS}"),
           rf"net\s+(?:income|earnings|profit)(?:\s+attributable\s+to\s+{_OWNERS})?"),
    _input("d_and_a", "depreciation and amortization", "cash_flow", "duration",
           (r"depreciation,?\s+(?:and|&)\s+amortization(?:\s+(?:of|expense).*)?",
            r"depreciation,?\s+amortization\s+and\s+.*", r"depreciation",
            r"depreciation\s+of\s+.*\s+and\s+other\s+amortization.*"),
           r"d\s*&\s*a|depreciation\s+(?:and|&)\s+amortization"),
    _input("capex", "capital expenditures", "cash_flow", "duration",
           # "… excluding finance leases, net of sales" (Tesla) is the payment; "… included in liabilities"
           # (Tesla's supplemental non-cash disclosure, on the same statement) is no payment at all
           (r"capital\s+(?:expenditures|spending)(?:,.*)?",
            # (Visa's "Purchases of property, equipment and technology": its only capital spending line)
            rf"purchases?\s+of\s+{_PPE}(?:\s+\(pp&e\)|,.*|\s+excluding\s+.*|\s+and\s+technology)?",
            # "Payments to acquire property, plant and equipment": the tag's standard label (Boeing)
            rf"(?:payments\s+for(?:\s+(?:the\s+)?(?:acquisitions?|purchases?)\s+of)?|payments\s+to\s+acquire"
            rf"|additions\s+to|acquisitions?\s+of)"
            rf"\s+{_PPE}(?!.*\b(?:included|accrued)\s+in\b).*", rf"{_PPE}\s+additions",
            # NVIDIA's, which its own free cash flow subtracts
            rf"purchases?\s+related\s+to\s+{_PPE}(?:\s+and\s+intangible\s+assets)?",
            # Mullen's "Purchase of equipment" (tagged PaymentsToAcquirePropertyPlantAndEquipment)
            r"purchases?\s+of\s+equipment"),
           rf"(?:{_PPE}\s+)?capex|capital\s+(?:expenditures?|spending)|(?:purchases?|additions)\s+(?:of|to)\s+{_PPE}"
           rf"|{_PPE}\s+additions"
           r"|purchases?\s+of\s+equipment|equipment\s+(?:purchases|capex)",
           outflow=True),
    _input("operating_cash_flow", "cash from operations", "cash_flow", "duration",
           # "Net cash flows from operating activities" (Johnson & Johnson)
           (r"(?:net|total)\s+cash\s+(?:flows?\s+)?(?:\(?(?:provided|used|generated|by|in|for|from)\)?(?:\s+|/))+"
            r"operating\s+activities",
            # Nike's "Cash provided (used) by operations"
            r"cash\s+provided(?:\s+\(used\))?\s+by\s+operations",
            # without "net": Johnson Controls' continuing operations (its discontinued ones print the same
            # words without it, under their own heading), then Apple's
            # "Net cash flows provided by …" (RTX)
            r"(?:net\s+)?cash\s+(?:flows?\s+)?(?:provided|generated)\s+(?:by|from)\s+operating\s+activities\s+"
            r"(?:from|of)\s+continuing\s+operations",
            r"cash\s+(?:provided|generated)\s+(?:by|from)\s+operating\s+activities",
            # AbbVie's total repeats its section's heading (a heading alone holds no figure)
            r"cash\s+flows?\s+from\s+operating\s+activities",
            # Procter & Gamble's 10-Q: the section's total by the section's name
            r"total\s+operating\s+activities"),
           r"(?:net\s+)?cash\s+(?:provided\s+by|from)\s+(?:operati(?:ng|ons)(?:\s+activities)?|ops)"
           r"|operating\s+cash(?:\s+flows?)?|ocf|cfo"),
    _input("dividends_paid", "dividends paid", "cash_flow", "duration",
           (r"(?:cash\s+)?dividends(?:\s+and\s+dividend\s+equivalents)?\s+paid(?:\s+to\s+(?!non-?controlling).*)?",
            r"(?:cash\s+)?dividends(?:\s+to\s+shareholders)?", r"payments?\s+(?:of|for)\s+dividends.*"),
           rf"(?:cash\s+)?dividends?(?:\s+paid)?(?:\s+to\s+{_OWNERS})?", outflow=True),
    _input("cash", "cash and cash equivalents", "balance_sheet", "instant",
           (r"cash\s+and\s+cash\s+equivalents", r"cash\s+and\s+equivalents"),
           r"cash\s+and\s+(?:cash\s+)?equivalents"),
    _input("short_term_investments", "short-term investments", "balance_sheet", "instant",
           (r"marketable\s+securities", r"short-term\s+investments"),
           r"marketable\s+securities|short[- ]term\s+investments"),
    _input("accounts_receivable", "accounts receivable", "balance_sheet", "instant",
           (r"(?:trade\s+)?accounts(?:\s+and\s+notes)?\s+receivable.*", r"receivables,\s+net",
            r"(?:trade\s+)?receivables.*"),
           r"accounts\s+receivable|receivables"),
    _input("inventories", "inventories", "balance_sheet", "instant",
           (r"(?:merchandise\s+)?inventor(?:y|ies)(?:,\s+net)?", r"total\s+inventor(?:y|ies)"),
           r"(?:merchandise\s+)?inventor(?:y|ies)"),
    _input("current_assets", "total current assets", "balance_sheet", "instant",
           (r"total\s+current\s+assets",), r"(?:total\s+)?current\s+assets"),
    _input("ppe_net", "net property, plant and equipment", "balance_sheet", "instant",
           (rf"{_PPE}(?:,|\s*[-\u2014]|\s+)\s*net", rf"net\s+{_PPE}", rf"{_PPE},?\s+net\s+of.*"),
           rf"(?:net\s+)?(?:pp\s*&\s*e|ppne|{_PPE})(?:,?\s+net)?|fixed\s+assets"),
    _input("total_assets", "total assets", "balance_sheet", "instant",
           (r"total\s+assets",), r"(?:total\s+)?assets"),
    _input("accounts_payable", "accounts payable", "balance_sheet", "instant",
           (r"(?:trade\s+)?accounts\s+payable(?:,?\s+trade)?", r"trade\s+payables?"),
           r"(?:trade\s+)?accounts\s+payable|(?:trade\s+)?payables"),
    _input("current_liabilities", "total current liabilities", "balance_sheet", "instant",
           (r"total\s+current\s+liabilities",), r"(?:total\s+)?current\s+liabilities"),
    _input("total_liabilities", "total liabilities", "balance_sheet", "instant",
           (r"total\s+liabilities",), r"total\s+liabilities"),
    _input("short_term_debt", "short-term borrowings", "balance_sheet", "instant",
           (r"short-term\s+(?:debt|borrowings)(?:\s+and\s+.*)?", r"loans\s+and\s+notes\s+payable",
            r"commercial\s+paper", r"notes\s+payable"),
           r"short[- ]term\s+(?:debt|borrowings)|loans\s+and\s+notes\s+payable"),
    _input("current_long_term_debt", "current portion of long-term debt", "balance_sheet", "instant",
           (r"current\s+(?:portion|maturities)\s+of\s+long-term\s+debt.*",
            r"long-term\s+debt,?\s+current\s+(?:portion|maturities)"),
           r"current\s+(?:portion|maturities)\s+of\s+long[- ]term\s+debt"),
    _input("long_term_debt", "long-term debt", "balance_sheet", "instant",
           (r"long-term\s+debt(?:,\s+(?:net|excluding\s+current\s+(?:portion|maturities)).*)?",
            r"long-term\s+debt,?\s+non-?current"),
           r"long[- ]term\s+debt"),
    _input("equity", "total shareholders' equity", "balance_sheet", "instant",
           (r"total\s+(?:share|stock)holders['\u2019]?\s+equity.*",
            rf"total\s+(?!liabilities\b)(?:\S+\s+){{1,4}}?{_OWNERS}['\u2019]?\s+equity",
            rf"(?:total\s+)?equity\s+attributable\s+to\s+{_OWNERS}.*",
            r"total\s+equity"),
           rf"(?:total\s+)?{_OWNERS}['\u2019]?\s+equity|equity(?:\s+attributable\s+to\s+{_OWNERS})?"),
)  # fmt: skip

INPUTS_BY_KEY: dict[str, InputItem] = {item.key: item for item in INPUTS}

# An input some filers print only in parts, with no line for the whole: Boeing's "Cost of products" and "Cost
# of services" are its cost of sales. The parts are read only where no line prints the whole.
IN_PARTS: dict[str, tuple[str, ...]] = {"cost_of_sales": ("cost_of_products", "cost_of_services")}
