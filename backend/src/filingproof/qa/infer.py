"""The company a question means when it names none: the one ingested company that reports the product,
segment or geography the question names ("How much revenue did the Mac generate?" → Apple, whose facts
carry `aapl:MacMember`).

Members are read from each company's own vocabulary (`qa.vocabulary.reported_members`): those on a segment,
product or geography axis, less the taxonomy's generic categories (`us-gaap:ProductMember`,
`us-gaap:ServiceMember`), which name no product of anyone's. The longest name the question holds decides
("Greater China" over a company's "China"); when several companies report it, the question is not answered
for any of them, and the refusal names them.
"""

import re
from collections.abc import Mapping

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.qa.pick import member_name, mention_of, name_words
from filingproof.qa.vocabulary import reported_members, vocabulary
from filingproof.understanding import Catalog

_GENERIC_NAMESPACE = "us-gaap:"
# Shorter names ("Mac") are taken only as the filer capitalises them, as a word of their own.
_SHORT = 4


def named_in(question: str, name: str) -> str | None:
    """How the question writes the member's name, if it does."""
    if len(name.replace(" ", "")) >= _SHORT:
        return mention_of(question, name)
    found = re.search(rf"\b{re.escape(name)}\b", question) if name[:1].isupper() else None
    return found.group() if found else None


async def members_named(session: AsyncSession, question: str, catalog: Catalog) -> dict[str, str]:
    """ticker → the longest name of a member of its own that the question names, for each company that
    reports one."""
    named: dict[str, str] = {}
    for ticker in sorted({filing.ticker for filing in catalog.filings}):
        filings = [filing.filing_id for filing in catalog.filings_of([ticker])]
        vocab = await vocabulary(session, ticker, filings, name_words(catalog, ticker))
        names = {
            member_name(member)
            for member in reported_members(vocab)
            if not member.startswith(_GENERIC_NAMESPACE)
        }
        written = [found for name in names if (found := named_in(question, name))]
        if written:
            named[ticker] = max(written, key=len)
    return named


def inferred(named: Mapping[str, str]) -> list[str]:
    """The companies the question may mean: those reporting the longest member name it holds."""
    longest = max((len(name) for name in named.values()), default=0)
    return sorted(ticker for ticker, name in named.items() if len(name) == longest)
