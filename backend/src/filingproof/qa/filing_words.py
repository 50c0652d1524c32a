"""What the named companies' filings name, for the reading of a question (`reading.FilingWords`): the
terms of their cells and the printed names of their segment, product and geography members."""

import re
from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.lru import LruCache
from filingproof.qa.pick import member_name, name_words, without_company
from filingproof.qa.vocabulary import (
    VOCABULARIES_KEPT,
    database_of,
    printed_names,
    reported_members,
    vocabulary,
)
from filingproof.reading.reading import FilingWords
from filingproof.understanding import Catalog
from filingproof.verify.items import terms

# Members that name no product of anyone's: the taxonomy's generic categories (`us-gaap:ProductMember`).
_GENERIC_NAMESPACE = "us-gaap:"

# A line of two words joined by "and" ("Food and beverage"), which analysts write by initials ("F&B")
_TWO_WORDS = re.compile(r"^\s*([A-Za-z]+)\s+(?:and|&)\s+([A-Za-z]+)\s*$")

# The words of the sets of companies read last, kept while their filings stay the same: questions name the
# same companies again and again (and one naming none is read with every company's words), and merging
# their vocabularies costs more than reading the question.
WORD_SETS_KEPT = 16
_Key = tuple[str, tuple[tuple[str, tuple[int, ...]], ...]]
_KEPT: LruCache[_Key, FilingWords] = LruCache(WORD_SETS_KEPT)
# Sets of more companies than this (a question naming none reads every company's words) are kept apart,
# so that questions about single companies do not push them out; a set of more companies than half the
# vocabularies kept reads theirs without keeping them (hundreds would push out every vocabulary kept).
WIDE = 8
WIDE_SETS_KEPT = 4
_WIDE: LruCache[_Key, FilingWords] = LruCache(WIDE_SETS_KEPT)


async def filing_words(session: AsyncSession, catalog: Catalog, tickers: Iterable[str]) -> FilingWords:
    """The words of these companies' filings (those the catalog holds)."""
    filings: dict[str, list[int]] = defaultdict(list)
    for filing in catalog.filings_of(tickers):
        filings[filing.ticker].append(filing.filing_id)
    companies = tuple((ticker, tuple(sorted(ids))) for ticker, ids in sorted(filings.items()))
    key = (database_of(session), companies)
    sets = _WIDE if len(companies) > WIDE else _KEPT
    kept = sets.get(key)
    if kept is not None:
        return kept
    found: set[str] = set()
    members: set[tuple[str, str]] = set()
    initials: dict[str, set[str]] = defaultdict(set)
    same: set[tuple[str, str]] = set()
    keep = len(companies) <= VOCABULARIES_KEPT // 2
    for ticker, ids in companies:
        company_words = name_words(catalog, ticker)
        vocab = await vocabulary(session, ticker, ids, company_words, keep=keep)
        found.update(vocab.by_term)
        for entry in vocab.entries:
            if (two := _TWO_WORDS.match(entry.cell.row_label)) is not None:
                initials[f"{two[1][0]}&{two[2][0]}".lower()].add(f"{two[1]} and {two[2]}".lower())
        printed = printed_names(vocab)
        for member in reported_members(vocab):
            if not member.startswith(_GENERIC_NAMESPACE):
                # as its tag names it, and as the filer prints it ("Cardiac Rhythm & Heart Failure" for
                # `mdt:CardiacRhythmandHeartFailureDivisionMember`)
                name_of_tag = member_name(member)
                if (printed_name := printed.get(member, name_of_tag)) != name_of_tag:
                    same.add((printed_name, name_of_tag))
                for name in {name_of_tag, printed_name}:
                    members.add((ticker, name))
                    if short_name := without_company(name, company_words):
                        members.add((ticker, short_name))  # "Model E" of "Ford Model E"
    named = tuple(sorted((short, next(iter(lines))) for short, lines in initials.items() if len(lines) == 1))
    words = FilingWords(
        frozenset(found), tuple(sorted(members)), fold=terms, initials=named, printed=tuple(sorted(same))
    )
    sets.put(key, words)
    return words
