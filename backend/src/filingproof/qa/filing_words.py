"""What the named companies' filings name, for the reading of a question (`reading.FilingWords`): the
terms of their cells and the printed names of their segment, product and geography members."""

from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.qa.pick import member_name, name_words
from filingproof.qa.vocabulary import reported_members, vocabulary
from filingproof.reading.reading import FilingWords
from filingproof.understanding import Catalog
from filingproof.verify.items import terms

# Members that name no product of anyone's: the taxonomy's generic categories (`us-gaap:ProductMember`).
_GENERIC_NAMESPACE = "us-gaap:"


async def filing_words(session: AsyncSession, catalog: Catalog, tickers: Iterable[str]) -> FilingWords:
    """The words of these companies' filings (those the catalog holds)."""
    found: set[str] = set()
    members: set[tuple[str, str]] = set()
    for ticker in sorted(set(tickers)):
        filings = [filing.filing_id for filing in catalog.filings_of([ticker])]
        if not filings:
            continue
        vocab = await vocabulary(session, ticker, filings, name_words(catalog, ticker))
        found.update(vocab.by_term)
        members.update(
            (ticker, member_name(member))
            for member in reported_members(vocab)
            if not member.startswith(_GENERIC_NAMESPACE)
        )
    return FilingWords(frozenset(found), tuple(sorted(members)), fold=terms)
