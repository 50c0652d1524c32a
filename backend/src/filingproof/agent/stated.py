"""Figures the filer states in prose, and what a question asks computed from them: a change, a total.

8-Ks and earnings releases state amounts in sentences, not tables: PepsiCo "terminated the $3,800,000,000
five year unsecured revolving credit agreement" and "entered into a new $4,200,000,000 five year unsecured
revolving credit agreement"; "we now expect … core constant currency EPS to increase 9 percent (previously 8
percent)". A question no table answers that asks by how much such a thing moved, or the total of such things
("the total amount PepsiCo may borrow under its unsecured revolving credit agreements"), is answered from
those sentences, quoted: the figure is computed from the figures as written, each a `StatedFigure` that the
verifier recomputes it from. Figures are paired only by the filer's words ("previously"; an agreement
"terminated" and a "new" one printed under the same name; the new ones for a total), and those words must
name the question's item. What the figures are is the filer's saying, not a cell's: the answer is `quoted`,
never `verified`.
"""

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import StoreKey
from filingproof.agent.passages import page_sentences, quote
from filingproof.agent.state import Passage, StatedFigure
from filingproof.qa.asked import item_phrases
from filingproof.qa.pick import Derived, TableAnswer, possessive
from filingproof.retrieval.search import Retriever
from filingproof.understanding import Catalog, QueryUnderstanding
from filingproof.verify import (
    Derivation,
    DerivationError,
    Unit,
    WrittenFigure,
    derive,
    extract,
    format_figure,
)
from filingproof.verify.items import terms

PAGES = 8

_ASKS_MOVE = re.compile(r"\bby\s+how\s+(?:much|many)\b", re.IGNORECASE)

# "9 percent (previously 8 percent)": between the figure now and the one before it
_PREVIOUSLY = re.compile(r"\s*\(\s*(?:previously|prior|was)\s+", re.IGNORECASE)
# before the figure of what ended ("terminated the $3,800,000,000 …") and of what took its place ("a new …")
_ENDED = re.compile(
    r"\b(?:terminated|replaced|replacing|previous|prior|existing|former)\s+(?:the\s+|its\s+|our\s+|an?\s+)?$",
    re.IGNORECASE,
)
_NEW = re.compile(r"\bnew\s+$", re.IGNORECASE)
_LOOK_BACK = 40  # characters before a figure in which "terminated the" or "new" is read
# what a figure is of, printed after it: to a parenthesis or a comma, or to its parties and its date
_NAMED_AFTER = re.compile(
    r"^\s*([^(,;.“\"]+?)(?=\s+(?:dated|among|between|with|under|which|that)\b|\s*[(,;.“\"]|$)", re.IGNORECASE
)
# what a figure is of, printed before it: from the last clause's start ("…) and core constant currency EPS
# to increase 9 percent"), without the verb that leads to the figure
_CLAUSE_START = re.compile(r".*(?:[),;:]|\band\b)", re.IGNORECASE | re.DOTALL)
_LEADS_TO_FIGURE = re.compile(
    r"\s+(?:to\s+)?(?:increase|grow|rise|decline|decrease|be|reach)(?:s|d|ed)?(?:\s+by)?\s*$", re.IGNORECASE
)
_MOVE_VERB = re.compile(r"increase|grow|rise|decline|decrease", re.IGNORECASE)
_LEADING = re.compile(r"^\s*(?:we\s+now\s+expect\s+|we\s+expect\s+)?(?:our\s+|the\s+)?", re.IGNORECASE)
# a year or "full-year" in what a figure is of: the filer's period, which the answer does not claim
_YEARS = re.compile(r"\b(?:full[- ]year|fiscal)\s+|\b(?:19|20)\d\d\b\s*", re.IGNORECASE)


StatedKind = Literal["change", "sum"]
_ASKS_TOTAL = re.compile(r"\btotal\s+(?:amount|sum|value)\b", re.IGNORECASE)


def asks_stated(question: str) -> StatedKind | None:
    """What the question asks that stated figures may give: by how much something moved ("by how much did
    …", "by how many …"), or a total ("the total amount … may borrow")."""
    if _ASKS_MOVE.search(question) is not None:
        return "change"
    return "sum" if _ASKS_TOTAL.search(question) is not None else None


@dataclass(frozen=True)
class _Amount:
    """A figure of a sentence and the filer's words for what it is of."""

    figure: WrittenFigure
    about: str
    sentence: int  # its sentence's index


@dataclass(frozen=True)
class StatedAnswer:
    """The stated figures a derivation is computed from, in its order (a change: before, after)."""

    figures: tuple[StatedFigure, ...]
    derivation: Derivation

    @property
    def passages(self) -> tuple[Passage, ...]:
        return tuple(dict.fromkeys(figure.passage for figure in self.figures))


def _about_after(sentence: str, figure: WrittenFigure) -> str:
    found = _NAMED_AFTER.match(sentence[figure.end :])
    return found.group(1).strip() if found else ""


def _about_before(sentence: str, figure: WrittenFigure) -> str:
    """What the figure is of, from the words before it; a percent that a thing is to increase by is its
    growth ("core constant currency EPS to increase 9 percent")."""
    before = sentence[: figure.start]
    clause = _CLAUSE_START.match(before)
    words = before[clause.end() :] if clause else before
    verb = _LEADS_TO_FIGURE.search(words)
    words = words[: verb.start()] if verb else words
    about = _YEARS.sub("", _LEADING.sub("", words)).strip()
    moves = verb is not None and _MOVE_VERB.search(verb.group()) is not None
    return f"{about} growth" if about and moves and figure.unit == "percent" else about


def _previously(sentences: Sequence[str]) -> list[tuple[_Amount, _Amount]]:
    """(before, after) of each "X (previously Y)" in the sentences."""
    pairs = []
    for index, sentence in enumerate(sentences):
        figures = extract(sentence).figures
        for now, then in itertools.pairwise(figures):
            if _PREVIOUSLY.fullmatch(sentence[now.end : then.start]):
                about = _about_before(sentence, now)
                pairs.append((_Amount(then, about, index), _Amount(now, about, index)))
    return pairs


def _ended_and_new(sentences: Sequence[str]) -> tuple[list[_Amount], list[_Amount]]:
    """The amounts of things that ended ("terminated the $3,800,000,000 …") and of new ones ("a new …")."""
    ended: list[_Amount] = []
    new: list[_Amount] = []
    for index, sentence in enumerate(sentences):
        for figure in extract(sentence).figures:
            lead = sentence[max(0, figure.start - _LOOK_BACK) : figure.start]
            found = ended if _ENDED.search(lead) else new if _NEW.search(lead) else None
            about = _about_after(sentence, figure)
            if found is not None and about:
                found.append(_Amount(figure, about, index))
    return ended, new


def _replaced(sentences: Sequence[str]) -> list[tuple[_Amount, _Amount]]:
    """(before, after) of each thing that ended and the new one printed under the same name."""
    ended, new = _ended_and_new(sentences)
    return [(old, now) for old in ended for now in new if terms(old.about) == terms(now.about)]


def _names(about: str, wanted: frozenset[str]) -> int:
    """How many of the item's words the filer's words for a figure name; 0 when under half of them."""
    named = len(terms(about) & wanted)
    return named if 2 * named >= len(wanted) else 0


def stated_pair(item: str, sentences: Sequence[str]) -> tuple[_Amount, _Amount] | None:
    """The two figures, before and after, of the thing the question's `item` names; None when no pair's
    words name at least half of the item's words, or two pairs name as many."""
    wanted = terms(item)
    scored = [
        (named, before, after)
        for before, after in [*_previously(sentences), *_replaced(sentences)]
        if before.figure.unit == after.figure.unit and (named := _names(after.about, wanted))
    ]
    scored.sort(key=lambda found: found[0], reverse=True)
    if not wanted or not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    _, before, after = scored[0]
    return before, after


def stated_parts(item: str, sentences: Sequence[str]) -> list[_Amount] | None:
    """The new things the question's `item` names ("unsecured revolving credit agreements"), one amount
    each, to total: the agreements in force after the filer replaced the old ones. Each must be named as
    fully as the best named (the "364 day … agreement" is no part of the five year agreements); None
    unless two or more of one unit."""
    wanted = terms(item)
    _, new = _ended_and_new(sentences)
    named = {terms(found.about): (_names(found.about, wanted), found) for found in new}
    most = max((count for count, _ in named.values()), default=0)
    parts = [found for count, found in named.values() if most and count == most]
    if len(parts) < 2 or len({found.figure.unit for found in parts}) != 1:
        return None
    return parts


def _moved_by(value: Decimal, unit: Unit) -> str:
    if unit == "percent":
        points = format_figure(abs(value), "percent", "short").removesuffix("%")
        points = points.removesuffix(".0")
        return f"{points} percentage point{'' if abs(value) == 1 else 's'}"
    return format_figure(abs(value), unit, "full")


def _common_name(abouts: Sequence[str]) -> str:
    """The words the things' names end in alike: "unsecured revolving credit agreement" of the "364 day …"
    and the "five year …" one."""
    words = [about.split() for about in abouts]
    shared: list[str] = []
    while (
        all(len(named) > len(shared) for named in words)
        and len({named[-1 - len(shared)] for named in words}) == 1
    ):
        shared.insert(0, words[0][-1 - len(shared)])
    return " ".join(shared)


def stated_sentence(company: str, stated: StatedAnswer) -> str:
    """The computed figure in words, after the stated figures it is computed from."""
    value, unit = stated.derivation.value, stated.derivation.unit
    computed = "(computed from the figures the filer states, quoted below)"
    if stated.derivation.kind == "sum":
        listed = " and ".join(figure.text for figure in stated.figures)
        things = _common_name([figure.about for figure in stated.figures])
        return f"{possessive(company)} {things}s: {listed}, {_moved_by(value, unit)} in total {computed}."
    before, after = stated.figures
    movement = "an increase" if value >= 0 else "a decrease"
    return (
        f"{possessive(company)} {after.about}: from {before.text} to {after.text}, {movement} of "
        f"{_moved_by(value, unit)} {computed}."
    )


async def answer_stated(
    session: AsyncSession,
    retriever: Retriever,
    u: QueryUnderstanding,
    catalog: Catalog,
    kind: StatedKind,
    store: StoreKey | None = None,
) -> tuple[TableAnswer, StatedAnswer] | None:
    """What the question asks (`kind`) computed from figures the filer states of the thing it names, in the
    pages a search finds for it; None when the filer's words pair no figures that answer it."""
    item = " ".join(item_phrases(u.query, u.company_mentions, None))
    result = await retriever.search_understood(session, u, catalog, limit=PAGES)
    pages = await page_sentences(session, result.hits, store)
    where = [(hit, sentence) for hit, sentences in pages for sentence in sentences]
    texts = [sentence for _, sentence in where]
    found = stated_pair(item, texts) if kind == "change" else stated_parts(item, texts)
    if found is None:
        return None
    figures = []
    for ref, amount in enumerate(found, start=1):
        hit, sentence = where[amount.sentence]
        passage = await quote(session, sentence, hit, store)
        if passage is None:
            return None
        figure = amount.figure
        figures.append(StatedFigure(-ref, figure.text, figure.value, figure.unit, amount.about, passage))
    try:
        derivation = derive(kind, [figure.cited() for figure in figures])
    except DerivationError:
        return None
    stated = StatedAnswer(tuple(figures), derivation)
    company = catalog.company_name(figures[-1].passage.ticker or "")
    derived = Derived(derivation, (), sentence=stated_sentence(company, stated))
    return TableAnswer(derived=[derived]), stated
