"""Claims (`verify.claims`): the words around a figure must state its cell's company, period, sign and
line item, not only its value.

Every cell is a real one of the corpus, written out as the database holds it (value, period, row-label
path, column label, caption, XBRL concept), with its filing and page. Each draft goes through the real
verifier first (`verify_draft`), as the verify node does, so each figure is matched to its cell by value;
the test then reads what the claims add. The companies are the names the question matcher knows the
tickers by (`understanding._BUILTIN`), in the form the verify node passes them.
"""

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

import pytest

from filingproof.verify.cells import CitedValue, PeriodRef, Unit
from filingproof.verify.claims import ClaimCell, _clauses, _mentions, claim_failures
from filingproof.verify.derive import Derivation, change, formula, growth
from filingproof.verify.items import CellFacts
from filingproof.verify.verifier import Failure, Verdict, verify_draft

MILLION = Decimal(1_000_000)
COMPANIES = {
    "AAPL": ("Apple", "apple", "apple inc"),
    "AMZN": ("Amazon", "amazon", "amazon.com", "aws"),
    "GOOGL": ("Alphabet", "alphabet", "google", "goog"),
    "META": ("Meta Platforms", "meta", "meta platforms", "facebook", "fb"),
    "MMM": ("3M", "3m", "3m company"),
    "MSFT": ("Microsoft", "microsoft"),
    "TGT": ("Target", "target"),
}


@dataclass(frozen=True)
class When:
    """A cell's period and its column's label."""

    start: date
    end: date
    column_label: str


@dataclass(frozen=True)
class Cell:
    """A stored cell, as its table shows it: its value in millions of USD, or in points of a percentage."""

    cell_id: int
    ticker: str
    shown: int | Decimal
    when: When
    row_path: tuple[str, ...]
    concept: str
    caption: str = "(In millions)"
    unit: Unit = "USD"
    members: tuple[str, ...] = ()

    @property
    def start(self) -> date:
        return self.when.start

    @property
    def end(self) -> date:
        return self.when.end

    @property
    def period(self) -> PeriodRef:
        return PeriodRef("duration", self.start, self.end)

    @property
    def value(self) -> Decimal:
        return self.shown * MILLION if self.unit == "USD" else Decimal(self.shown)

    def cited(self) -> CitedValue:
        scale = 6 if self.unit == "USD" else 0
        return CitedValue(self.cell_id, self.value, self.unit, scale, "duration", self.start, self.end)

    def claimed(self) -> ClaimCell:
        facts = CellFacts(
            self.row_path,
            self.caption,
            self.when.column_label,
            self.concept,
            unit=self.unit,
            period_start=self.start,
            period_end=self.end,
            company=self.ticker,
            company_names=COMPANIES[self.ticker][:1],
            members=self.members,
        )
        return ClaimCell(self.cell_id, self.ticker, self.value, self.period, self.row_path[-1], (facts,))


# Apple 10-K FY2024 (period ended September 28, 2024), page 31: consolidated statements of operations.
AAPL_FY2024 = When(date(2023, 9, 29), date(2024, 9, 28), "Years ended September 28, 2024")
AAPL_FY2023 = When(date(2022, 10, 1), date(2023, 9, 30), "Years ended September 30, 2023")
REVENUE = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
APPLE_SALES = Cell(199, "AAPL", 391_035, AAPL_FY2024, ("Net sales", "Total net sales"), REVENUE)
APPLE_SALES_2023 = Cell(200, "AAPL", 383_285, AAPL_FY2023, ("Net sales", "Total net sales"), REVENUE)
APPLE_COST = Cell(
    208,
    "AAPL",
    210_352,
    AAPL_FY2024,
    ("Cost of sales", "Total cost of sales"),
    "us-gaap:CostOfGoodsAndServicesSold",
)
NET_INCOME_PATH = ("Cost of sales", "Operating expenses", "Net income")
APPLE_PROFIT = Cell(235, "AAPL", 93_736, AAPL_FY2024, NET_INCOME_PATH, "us-gaap:NetIncomeLoss")
APPLE_PROFIT_2023 = Cell(236, "AAPL", 96_995, AAPL_FY2023, NET_INCOME_PATH, "us-gaap:NetIncomeLoss")
CALENDAR_2022 = When(date(2022, 1, 1), date(2022, 12, 31), "Year Ended December 31, 2022")
# Amazon 10-K FY2023 (period ended December 31, 2023), page 38: its 2022 net loss.
AMAZON_LOSS = Cell(
    2545,
    "AMZN",
    -2_722,
    CALENDAR_2022,
    ("Operating expenses", "Net income (loss)"),
    "us-gaap:NetIncomeLoss",
    "(in millions, except per share data)",
)
AMAZON_FILING_END = date(2023, 12, 31)


def mmm_second_quarter(cell_id: int, millions: int, year: int) -> Cell:
    """3M's net income (loss) for the three months ended June 30 of `year`: its 10-Q for the quarter
    ended June 30, 2023, page 3 (the statement of income, "(Unaudited)")."""
    when = When(date(year, 4, 1), date(year, 6, 30), f"Three months ended June 30, {year}")
    path = ("Net income (loss) attributable to 3M",)
    return Cell(cell_id, "MMM", millions, when, path, "us-gaap:NetIncomeLoss", "(Unaudited)")


MMM_Q2_2023 = mmm_second_quarter(14042, -6_841, 2023)
MMM_Q2_2022 = mmm_second_quarter(14043, 78, 2022)
# Alphabet 10-K FY2023, page 57 (cash flows): a line that is a loss when positive.
ALPHABET_SECURITIES_LOSS = Cell(
    7178,
    "GOOGL",
    5_519,
    CALENDAR_2022,
    ("Adjustments", "Loss (gain) on debt and equity securities, net"),
    "us-gaap:DebtAndEquitySecuritiesGainLoss",
)

# Alphabet 10-K FY2024, page 86: the reconciliation of the statutory to the effective tax rate, in percent.
CALENDAR_2024 = When(date(2024, 1, 1), date(2024, 12, 31), "Year Ended December 31, 2024")
RATE_RECONCILIATION = (
    "The reconciliation of federal statutory income tax rate to our effective income tax rate was as follows:"
)


def alphabet_rate(cell_id: int, points: str, label: str, concept: str) -> Cell:
    return Cell(
        cell_id, "GOOGL", Decimal(points), CALENDAR_2024, (label,), concept, RATE_RECONCILIATION, "percent"
    )


ALPHABET_EFFECTIVE_RATE = alphabet_rate(
    8198, "16.4", "Effective tax rate", "us-gaap:EffectiveIncomeTaxRateContinuingOperations"
)
ALPHABET_STATUTORY_RATE = alphabet_rate(
    8171,
    "21.0",
    "U.S. federal statutory tax rate",
    "us-gaap:EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate",
)
# Meta 10-K FY2024, page 87: the consolidated statements of income.
META_STATEMENT = "(In millions, except per share amounts)"
META_PRETAX = Cell(
    12948,
    "META",
    70_663,
    CALENDAR_2024,
    ("Costs and expenses", "Income before provision for income taxes"),
    "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    META_STATEMENT,
)
META_TAX = Cell(
    12951,
    "META",
    8_303,
    CALENDAR_2024,
    ("Costs and expenses", "Provision for income taxes"),
    "us-gaap:IncomeTaxExpenseBenefit",
    META_STATEMENT,
)


def verdict(draft: str, cells: tuple[Cell, ...], derivations: tuple[Derivation, ...] = ()) -> Verdict:
    return verify_draft(
        draft, [cell.cited() for cell in cells], derivations, filing_ends=(AMAZON_FILING_END,)
    )


def failures(
    draft: str,
    *cells: Cell,
    derivations: tuple[Derivation, ...] = (),
    quotes: tuple[tuple[int, int], ...] = (),
) -> list[Failure]:
    """The claim failures of `draft`, whose every figure must match a cell: the test is about its words."""
    checks = verdict(draft, cells, derivations).figures
    assert checks and all(check.ok for check in checks), [check.reason for check in checks]
    claimed = {cell.cell_id: cell.claimed() for cell in cells}
    return claim_failures(draft, checks, claimed, derivations, COMPANIES, quotes)


def kinds(draft: str, *cells: Cell, derivations: tuple[Derivation, ...] = ()) -> list[str]:
    return [failure.kind for failure in failures(draft, *cells, derivations=derivations)]


# --- company ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # the subject before the figure
        ("Apple's total net sales in fiscal 2024 were $391,035 million [c199].", []),
        ("Microsoft's total net sales in fiscal 2024 were $391,035 million [c199].", ["company"]),
        ("MSFT reported total net sales of $391,035 million [c199] for fiscal 2024.", ["company"]),
        # after the figure, none before it in the clause
        ("Total net sales were $391,035 million [c199] at Apple in fiscal 2024.", []),
        ("Total net sales were $391,035 million [c199] at Amazon in fiscal 2024.", ["company"]),
        # earlier in the draft, none in the clause
        ("Apple had a strong year. Total net sales were $391,035 million [c199].", []),
        ("Amazon had a strong year. Total net sales were $391,035 million [c199].", ["company"]),
        # the nearest before the figure wins over one earlier in the draft
        ("Amazon trailed. Apple's total net sales were $391,035 million [c199].", []),
    ],
)
def test_the_subject_of_a_claim_is_the_cells_filer(draft: str, expected: list[str]) -> None:
    assert kinds(draft, APPLE_SALES) == expected


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("target", []),  # a common word is no company
        ("Target", ["company"]),  # a capitalised name is
        ("msft", []),  # a ticker is one in capitals only
        ("MSFT", ["company"]),
    ],
)
def test_a_company_is_a_capitalised_name_or_a_ticker_in_capitals(word: str, expected: list[str]) -> None:
    draft = f"Apple had a strong year. Total net sales were $391,035 million [c199], ahead of {word}."
    assert kinds(draft, APPLE_SALES) == expected


def test_a_ticker_ending_a_segments_name_is_no_mention_of_its_company() -> None:
    # Intel's "Data Center and AI" segment, in a store holding C3.ai (ticker AI)
    companies = {"INTC": ("Intel",), "AI": ("C3.ai, Inc.", "C3.ai")}
    draft = "Intel's Data Center and AI revenue was $15,521 million; AI reported less, and so did C3.ai."
    found = [(m.ticker, draft[m.start : m.end]) for m in _mentions(draft, companies)]
    assert found == [("INTC", "Intel's"), ("AI", "AI"), ("AI", "C3.ai")]
    # nor one typed after "&", which prose never writes between two companies
    typed = "Intel's data center & AI revenue was $4,004 million."
    assert [(m.ticker, typed[m.start : m.end]) for m in _mentions(typed, companies)] == [("INTC", "Intel's")]


def test_a_store_of_many_companies_finds_the_same_mentions() -> None:
    """The names a draft holds are found among a thousand other companies as among a few (the substring
    test before each company's pattern drops none), whatever the case a name is written in."""
    draft = "APPLE's sales rose; Microsoft's and MSFT's fell, Target's held, and Meta Platforms' grew."
    few = {
        "AAPL": ("Apple Inc.", "Apple"),
        "MSFT": ("Microsoft",),
        "TGT": ("Target",),
        "META": ("Meta Platforms",),
    }
    many = {**{f"R{n}X": (f"Zorvex Replica Industries {n}",) for n in range(1000)}, **few}
    found = [(m.ticker, draft[m.start : m.end]) for m in _mentions(draft, many)]
    assert found == [(m.ticker, draft[m.start : m.end]) for m in _mentions(draft, few)]
    assert found == [
        ("AAPL", "APPLE's"),
        ("MSFT", "Microsoft's"),
        ("MSFT", "MSFT's"),
        ("TGT", "Target's"),
        ("META", "Meta Platforms"),
    ]


# --- period -------------------------------------------------------------------------------------------


def test_a_period_naming_another_year_fails_though_every_period_is_cited() -> None:
    # Both years are cited, so the verifier backs both periods: only the claims see them swapped.
    draft = (
        "Apple's total net sales were $391,035 million [c199] in fiscal 2023 and $383,285 million [c200] "
        "in fiscal 2024."
    )
    assert verdict(draft, (APPLE_SALES, APPLE_SALES_2023)).ok
    found = failures(draft, APPLE_SALES, APPLE_SALES_2023)
    assert [(f.kind, f.text) for f in found] == [
        ("period", "$391,035 million"),
        ("period", "$383,285 million"),
    ]
    right = draft.replace("2023 and", "2024 and").replace("in fiscal 2024.", "in fiscal 2023.")
    assert failures(right, APPLE_SALES, APPLE_SALES_2023) == []


@pytest.mark.parametrize(
    "draft",
    [
        "Apple's total net sales were $391,035 million [c199] in 2022.",  # after the figure
        "In Q4 fiscal 2024 Apple's total net sales were $391,035 million [c199].",
        "Apple's total net sales in the fourth quarter of fiscal 2024 were $391,035 million [c199].",
        "In the first half of fiscal 2024 Apple's total net sales were $391,035 million [c199].",
        "Apple's year-to-date total net sales were $391,035 million [c199].",
    ],
)
def test_another_period_or_a_part_of_the_year_fails_for_an_annual_cell(draft: str) -> None:
    assert kinds(draft, APPLE_SALES) == ["period"]


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("3M reported a net loss of $6,841 million [c14042] for the second quarter of 2023.", []),
        ("3M reported a net loss of $6,841 million [c14042] in Q2 2023.", []),
        ("For the three months ended June 30, 2023, 3M reported a net loss of $6,841 million [c14042].", []),
        # the quarter's figure stated as the year's
        ("3M reported a net loss of $6,841 million [c14042] for fiscal 2023.", ["period"]),
        ("3M reported a net loss of $6,841 million [c14042] in 2023.", ["period"]),
        ("For the year 2023, 3M reported a net loss of $6,841 million [c14042].", ["period"]),
        ("3M reported a full-year net loss of $6,841 million [c14042] in 2023.", ["period"]),
        (
            "For the six months ended June 30, 2023, 3M reported a net loss of $6,841 million [c14042].",
            ["period"],
        ),
    ],
)
def test_a_quarters_figure_is_not_a_years(draft: str, expected: list[str]) -> None:
    assert kinds(draft, MMM_Q2_2023) == expected


def test_a_filing_end_backs_a_date_or_year_but_never_a_claims_period_nor_a_quarter() -> None:
    # The 10-K's own end date describes the filing: the verifier backs it, and no claim takes it.
    sourced = (
        "Amazon reported a net loss of $2,722 million [c2545] in 2022 (AMZN 10-K for the "
        "period ended December 31, 2023)."
    )
    assert verdict(sourced, (AMAZON_LOSS,)).ok
    assert failures(sourced, AMAZON_LOSS) == []
    # The same date as the figure's period: the verifier backs it by the filing end, the claim fails.
    dated = "As of December 31, 2023, Amazon's net income was $(2,722) million [c2545]."
    checked = verdict(dated, (AMAZON_LOSS,))
    assert checked.ok and [p.reason for p in checked.periods] == ["the end of a cited filing's period"]
    assert [(f.kind, f.text) for f in failures(dated, AMAZON_LOSS)] == [("period", "$(2,722) million")]
    # A quarter ending on the filing's end date is not backed by it, nor by the annual cell.
    quarter = "In Q4 2023, Amazon's net income was $(2,722) million [c2545]."
    assert [(f.kind, f.text) for f in verdict(quarter, (AMAZON_LOSS,)).failed] == [("period", "Q4 2023")]
    assert kinds(quarter, AMAZON_LOSS) == ["period"]


# --- sign and direction -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draft", "cell", "expected"),
    [
        ("Apple's net income in fiscal 2024 was $93,736 million [c235].", APPLE_PROFIT, []),
        ("Apple's net loss in fiscal 2024 was $93,736 million [c235].", APPLE_PROFIT, ["sign"]),
        ("Apple lost $93,736 million [c235] in fiscal 2024.", APPLE_PROFIT, ["sign"]),
        ("Apple ran a deficit of $93,736 million [c235] in fiscal 2024.", APPLE_PROFIT, ["sign"]),
        # a loss word with a negative value, or a line that is a loss
        ("Amazon's net loss for 2022 was $(2,722) million [c2545].", AMAZON_LOSS, []),
        ("Amazon reported a net loss of $2,722 million [c2545] in 2022.", AMAZON_LOSS, []),
        (
            "Alphabet's loss on debt and equity securities in 2022 was $5,519 million [c7178].",
            ALPHABET_SECURITIES_LOSS,
            [],
        ),
        # "Net income (loss)" is a loss only where it is negative: 3M earned $78 million that quarter
        (
            "3M's net income for the three months ended June 30, 2022 was $78 million [c14043].",
            MMM_Q2_2022,
            [],
        ),
        (
            "3M's net loss for the three months ended June 30, 2022 was $78 million [c14043].",
            MMM_Q2_2022,
            ["sign"],
        ),
    ],
)
def test_a_loss_word_needs_a_negative_value_or_a_loss_line(
    draft: str, cell: Cell, expected: list[str]
) -> None:
    assert kinds(draft, cell) == expected


@pytest.mark.parametrize(
    ("draft", "cells", "expected"),
    [
        (
            "Apple's total net sales rose from $383,285 million [c200] in fiscal 2023 to "
            "$391,035 million [c199] in fiscal 2024.",
            (APPLE_SALES, APPLE_SALES_2023),
            [],
        ),
        (
            "Apple's total net sales fell from $383,285 million [c200] in fiscal 2023 to "
            "$391,035 million [c199] in fiscal 2024.",
            (APPLE_SALES, APPLE_SALES_2023),
            [("sign", "fell")],
        ),
        (
            "3M's net income fell from $78 million [c14043] in the second quarter of 2022 to "
            "$(6,841) million [c14042] in the second quarter of 2023.",
            (MMM_Q2_2022, MMM_Q2_2023),
            [],
        ),
        (
            "3M's net income grew from $78 million [c14043] in the second quarter of 2022 to "
            "$(6,841) million [c14042] in the second quarter of 2023.",
            (MMM_Q2_2022, MMM_Q2_2023),
            [("sign", "grew")],
        ),
        # one level compares with nothing: a direction no cited change backs
        (
            "Apple's total net sales decreased to $391,035 million [c199] in fiscal 2024.",
            (APPLE_SALES,),
            [("sign", "decreased")],
        ),
    ],
)
def test_a_direction_verb_agrees_with_the_levels_its_clause_compares(
    draft: str, cells: tuple[Cell, ...], expected: list[tuple[str, str]]
) -> None:
    assert [(f.kind, f.text) for f in failures(draft, *cells)] == expected


@pytest.mark.parametrize(
    ("verb", "expected"),
    [("fell", []), ("declined", []), ("rose", [("sign", "rose")]), ("increased", [("sign", "increased")])],
)
def test_a_direction_verb_agrees_with_the_sign_of_a_cited_change(
    verb: str, expected: list[tuple[str, str]]
) -> None:
    decline = change(APPLE_PROFIT_2023.cited(), APPLE_PROFIT.cited())  # 93,736 − 96,995 = −3,259
    assert decline.value == -3_259 * MILLION
    draft = f"Apple's net income {verb} in fiscal 2024, a change of -$3,259 million [d0]."
    found = failures(draft, APPLE_PROFIT, APPLE_PROFIT_2023, derivations=(decline,))
    assert [(f.kind, f.text) for f in found] == expected


# --- item ---------------------------------------------------------------------------------------------

PERIOD_WORDS = "for fiscal 2024 (the year ended December 31, 2024)"
PRETAX_WORDS = f"Meta Platforms' income before provision for income taxes {PERIOD_WORDS}"
TAX_WORDS = f"Meta Platforms' provision for income taxes {PERIOD_WORDS}"
EFFECTIVE_RATE_WORDS = f"Alphabet's effective tax rate {PERIOD_WORDS}"
STATUTORY_RATE_WORDS = f"Alphabet's U.S. federal statutory tax rate {PERIOD_WORDS}"


@pytest.mark.parametrize(
    ("draft", "cell", "expected"),
    [
        ("Apple's total net sales in fiscal 2024 were $391,035 million [c199].", APPLE_SALES, []),
        ("Apple's revenue for fiscal 2024 was $391,035 million [c199].", APPLE_SALES, []),
        ("Apple's total cost of sales in fiscal 2024 was $210,352 million [c208].", APPLE_COST, []),
        # the neighbouring lines of the same statement
        ("Apple's total cost of sales in fiscal 2024 was $391,035 million [c199].", APPLE_SALES, ["item"]),
        ("Apple's total net sales in fiscal 2024 were $210,352 million [c208].", APPLE_COST, ["item"]),
        ("Apple's gross margin in fiscal 2024 was $210,352 million [c208].", APPLE_COST, ["item"]),
        ("Apple's net income for fiscal 2024 was $210,352 million [c208].", APPLE_COST, ["item"]),
        ("Apple's total net sales for fiscal 2024 were $93,736 million [c235].", APPLE_PROFIT, ["item"]),
        # a line named by words that also name other lines ("income", "taxes"), as the writer words it
        (f"{PRETAX_WORDS} were $70,663 million [c12948].", META_PRETAX, []),
        (f"{PRETAX_WORDS} were $8,303 million [c12951].", META_TAX, ["item"]),
        (f"{TAX_WORDS} was $8,303 million [c12951].", META_TAX, []),
        (f"{TAX_WORDS} was $70,663 million [c12948].", META_PRETAX, ["item"]),
        # a rate whose line is named by its rate ("Effective tax rate"), and the rate line next to it
        (f"{EFFECTIVE_RATE_WORDS} was 16.4% [c8198].", ALPHABET_EFFECTIVE_RATE, []),
        (f"{EFFECTIVE_RATE_WORDS} was 21.0% [c8171].", ALPHABET_STATUTORY_RATE, ["item"]),
        (f"{STATUTORY_RATE_WORDS} was 21.0% [c8171].", ALPHABET_STATUTORY_RATE, []),
        (
            f"Alphabet's statutory tax rate {PERIOD_WORDS} was 16.4% [c8198].",
            ALPHABET_EFFECTIVE_RATE,
            ["item"],
        ),
    ],
)
def test_the_item_words_name_the_cells_line(draft: str, cell: Cell, expected: list[str]) -> None:
    assert kinds(draft, cell) == expected


def test_a_figure_in_a_verbatim_quote_is_the_filers_words() -> None:
    quoted = "Apple lost $93,736 million [c235]."
    draft = f"The filing says: {quoted}"
    start = draft.index(quoted)
    assert failures(draft, APPLE_PROFIT, quotes=((start, start + len(quoted)),)) == []
    assert [f.kind for f in failures(draft, APPLE_PROFIT)] == ["sign"]


# --- "respectively" -----------------------------------------------------------------------------------

SALES_BOTH = (APPLE_SALES, APPLE_SALES_2023)
SALES_2023 = "$383,285 million [c200]"
SALES_2024 = "$391,035 million [c199]"


@pytest.mark.parametrize(
    "template",
    [
        "In fiscal 2023 and fiscal 2024, Apple's total net sales were {} and {}, respectively.",
        "Apple's total net sales were {} and {} in fiscal 2023 and fiscal 2024, respectively.",
        "Apple's total net sales were {} and {}, respectively, in fiscal 2023 and fiscal 2024.",
    ],
)
def test_respectively_pairs_the_listed_periods_with_the_figures_in_order(template: str) -> None:
    assert failures(template.format(SALES_2023, SALES_2024), *SALES_BOTH) == []
    swapped = failures(template.format(SALES_2024, SALES_2023), *SALES_BOTH)
    assert [(f.kind, f.text) for f in swapped] == [
        ("period", "$391,035 million"),
        ("period", "$383,285 million"),
    ]


def test_respectively_with_periods_that_cannot_pair_fails_closed() -> None:
    draft = (
        "In fiscal 2022, fiscal 2023 and fiscal 2024, Apple's total net sales were $383,285 million [c200] "
        "and $391,035 million [c199], respectively."
    )
    found = failures(draft, *SALES_BOTH)
    assert [f.kind for f in found] == ["period", "period"]
    assert all("3 periods for 2 figures" in f.reason for f in found)


ITEMS_LISTED = (
    "In fiscal 2024, Apple's total net sales and net income were $391,035 million [c199] and "
    "$93,736 million [c235], respectively."
)
COMPANIES_LISTED = (
    "In 2022 and fiscal 2024, Amazon and Apple reported net income of $(2,722) million [c2545] and "
    "$93,736 million [c235], respectively."
)


@pytest.mark.parametrize(
    ("draft", "cells", "wrong", "expected"),
    [
        # items pair with the figures in order
        (
            ITEMS_LISTED,
            (APPLE_SALES, APPLE_PROFIT),
            ("total net sales and net income", "net income and total net sales"),
            ["item", "item"],
        ),
        # one period listed is every figure's: a fiscal 2023 figure fails it
        (
            ITEMS_LISTED,
            (APPLE_SALES, APPLE_PROFIT, APPLE_PROFIT_2023),
            ("$93,736 million [c235]", "$96,995 million [c236]"),
            ["period"],
        ),
        # companies pair with the figures in order
        (
            COMPANIES_LISTED,
            (AMAZON_LOSS, APPLE_PROFIT),
            ("Amazon and Apple", "Apple and Amazon"),
            ["company"] * 2,
        ),
    ],
)
def test_respectively_pairs_items_and_companies_and_shares_one_period(
    draft: str, cells: tuple[Cell, ...], wrong: tuple[str, str], expected: list[str]
) -> None:
    assert failures(draft, *cells) == []
    assert kinds(draft.replace(*wrong), *cells) == expected


# Alphabet 10-K FY2023, page 87: segment revenue, tagged with the segment's member.
GOOGLE_CLOUD_2021 = Cell(
    58823,
    "GOOGL",
    19_206,
    When(date(2021, 1, 1), date(2021, 12, 31), "Year Ended December 31, 2021"),
    ("Revenues", "Google Cloud"),
    REVENUE,
    members=("goog:GoogleCloudMember",),
)


@pytest.mark.parametrize(
    "draft",
    [
        "Alphabet's Google Cloud revenue for fiscal 2021 was $19,206 million.",
        "Alphabet's total Google Cloud revenue for fiscal 2021 was $19,206 million.",
    ],
)
def test_the_companys_name_inside_a_segments_name_is_the_segment(draft: str) -> None:
    # "Google" names Alphabet, but after "Alphabet's" and before "Cloud" it is a word of the segment
    assert failures(draft, GOOGLE_CLOUD_2021) == []


def test_a_segments_figure_is_not_the_companys() -> None:
    found = failures("Alphabet's revenue for fiscal 2021 was $19,206 million.", GOOGLE_CLOUD_2021)
    assert [failure.kind for failure in found] == ["item"]


# --- a company named again ----------------------------------------------------------------------------


def _gross_profit() -> Derivation:
    cited = {cell.cell_id: cell.cited() for cell in (APPLE_SALES, APPLE_COST)}
    return replace(formula("[199] - [208]", cited), label="gross profit")


@pytest.mark.parametrize("name", ["Gross profit", "gross profit"])
def test_the_company_named_again_in_a_new_sentence_is_its_subject(name: str) -> None:
    # "Alphabet's Google Cloud" is a segment's name only within one sentence: after a full stop, "Apple's"
    # before a capitalised word is the company again, not a word the derivation's inputs must carry
    draft = (
        "Apple's total net sales in fiscal 2024 were $391,035 million [c199] (AAPL 10-K, page 31). Apple's "
        f"total cost of sales in fiscal 2024 was $210,352 million [c208]. Apple's {name} for fiscal 2024 is "
        "$180,683 million [d0]."
    )
    assert failures(draft, APPLE_SALES, APPLE_COST, derivations=(_gross_profit(),)) == []


def test_a_sentence_may_begin_with_a_name_that_begins_with_a_digit() -> None:
    # "… page 3). 3M's …" is two sentences, and 3M is its second one's subject: the derivation's item words
    # are "Net income", not "page" and the name before them
    fall = change(MMM_Q2_2022.cited(), MMM_Q2_2023.cited())  # −6,841 − 78
    draft = (
        "3M's net income (loss) attributable to 3M for the three months ended June 30, 2023 was $(6,841) "
        "million [c14042] (MMM 10-Q, page 3). 3M's Net income fell by $6,919 "
        "million [d0] from the three months ended June 30, 2022."
    )
    assert failures(draft, MMM_Q2_2023, MMM_Q2_2022, derivations=(fall,)) == []


def test_a_figure_two_derivations_state_alike_stands_for_the_one_its_words_name() -> None:
    # Walmart's 10-K FY2025, page 78: Sam's Club U.S. net sales 86,179 → 90,238 (+4.71%) and Walmart U.S.
    # 441,817 → 462,415 (+4.66%): both written "4.7%"; each sentence names its own segment.
    fy2025 = When(date(2024, 2, 1), date(2025, 1, 31), "Fiscal Years Ended January 31, 2025")
    fy2024 = When(date(2023, 2, 1), date(2024, 1, 31), "Fiscal Years Ended January 31, 2024")
    net_sales = ("Net sales",)

    def segment(cell_id: int, millions: int, when: When, member: str) -> Cell:
        return Cell(cell_id, "AAPL", millions, when, net_sales, REVENUE, members=(member,))

    sams = [
        segment(1, 86_179, fy2024, "wmt:SamsClubUSMember"),
        segment(2, 90_238, fy2025, "wmt:SamsClubUSMember"),
    ]
    us = [
        segment(3, 441_817, fy2024, "wmt:WalmartUSMember"),
        segment(4, 462_415, fy2025, "wmt:WalmartUSMember"),
    ]
    grew = (growth(sams[0].cited(), sams[1].cited()), growth(us[0].cited(), us[1].cited()))
    draft = (
        "From fiscal 2024 to fiscal 2025, Apple's Sams Club US net sales grew 4.7% [d0]. "
        "From fiscal 2024 to fiscal 2025, Apple's Walmart US net sales grew 4.7% [d1]."
    )
    assert failures(draft, *sams, *us, derivations=grew) == []
    neither = draft.replace("Walmart US net sales", "Walmart Canada net sales")
    assert failures(neither, *sams, *us, derivations=grew)  # a segment neither derivation is of


def test_the_dots_of_initials_end_no_sentence() -> None:
    text = "American Express' U.S. Consumer Services revenue was $7,208 million [c2658]. It grew."
    assert [text[start:end] for start, end in _clauses(text)] == [
        "American Express' U.S. Consumer Services revenue was $7,208 million [c2658].",
        "It grew.",
    ]
