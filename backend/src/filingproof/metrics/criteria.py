"""The judgments an analyst asks for by name ("Is 3M capital-intensive?", "a high growth company?"), each a
stated criterion over metrics: the metrics computed for the year asked, each compared with its threshold,
the verdict yes when any (or all) of them pass. Criteria are data, kept here in one place, each quality
with the convention its thresholds come from; the answer states the rule beside the figures it is
computed from, so the reader can disagree with the threshold and still use the figures.
"""

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal


@dataclass(frozen=True)
class Criterion:
    name: str  # the metric as the answer writes it
    formula: str  # over line items and metrics at years relative to t (`metrics.library`)
    threshold: Decimal  # in the formula's unit: percent where it is a `pct(…)`, else a ratio
    above: bool = True  # the quality shows when the metric is above the threshold (else below)


@dataclass(frozen=True)
class Quality:
    key: str
    phrase: str  # "capital-intensive", as the verdict says it
    names: re.Pattern[str]  # how a question names it
    criteria: tuple[Criterion, ...]
    holds_when: Literal["any", "all"]
    convention: str  # whose thresholds: named in the answer


def _names(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


_REVENUE_GROWTH = "pct((revenue@t - revenue@t-1) / abs(revenue@t-1))"

QUALITIES: tuple[Quality, ...] = (
    Quality(
        "capital_intensive",
        "capital-intensive",
        _names(r"capital[- ]intensive|capital\s+intensity"),
        (
            Criterion("capital expenditure as a share of revenue", "pct(capex@t / revenue@t)", Decimal(10)),
            Criterion(
                "net property, plant and equipment as a share of total assets",
                "pct(ppe_net@t / total_assets@t)",
                Decimal(40),
            ),
        ),
        "any",
        "a common screen: capital expenditure above 10% of revenue, or net PP&E above 40% of total assets",
    ),
    Quality(
        "high_growth",
        "a high-growth company",
        _names(r"high[- ]growth|fast[- ]growing|rapid(?:ly)?[- ]growing|hyper[- ]?growth"),
        (Criterion("revenue growth over the year before", _REVENUE_GROWTH, Decimal(10)),),
        "all",
        "a common screen: revenue growth above 10% a year",
    ),
    Quality(
        "liquid",
        "liquid enough to meet its short-term obligations",
        _names(
            r"liquid|liquidity\s+(?:is\s+)?(?:healthy|sound|strong|adequate)|(?:healthy|sound|strong)\s+liquidity"
        ),
        (Criterion("current ratio", "current_assets@t / current_liabilities@t", Decimal(1)),),
        "all",
        "the textbook test: current assets above current liabilities (a current ratio above 1.0x)",
    ),
    Quality(
        "dividend_payer",
        "a payer of dividends",
        _names(
            r"(?:paid|pays?|paying|distribut\w+)\s+(?:any\s+|a\s+|cash\s+)?(?:common\s+)?dividends?"
            r"|dividend\s+payer"
        ),
        (Criterion("dividends paid", "dividends_paid@t", Decimal(0)),),
        "all",
        "the cash-flow statement: dividends paid in the year (a payment above zero)",
    ),
)


def quality_asked(question: str) -> Quality | None:
    """The quality a yes/no question asks about ("Is X a capital-intensive business …?"), or None."""
    if not _YES_NO.search(question.strip()):
        return None
    return next((quality for quality in QUALITIES if quality.names.search(question)), None)


# A question answered yes or no: "Is …", "Does …", "Are …", "Would you say …", also after a greeting or a
# dash ("quick one - is 3M capital intensive?").
_YES_NO = re.compile(
    r"(?:^|[.?!:;,\u2013\u2014-]\s*)(?:is|are|was|were|does|do|did|has|have|would|could|can)\b", re.IGNORECASE
)
