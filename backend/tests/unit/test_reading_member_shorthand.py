"""A member typed as analysts type it (probe 34's held-out misses, read after its measurement): a word of
its printed name with one slip ("combat systms" for General Dynamics' "Combat Systems"), and a region by the
beginnings of its words run together in capitals ("APAC" for Coca-Cola's "Asia Pacific", "LATAM")."""

from datetime import date

from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions
from filingproof.verify.items import terms

CATALOG = Catalog(
    (CompanyRef("GD", "General Dynamics Corporation"), CompanyRef("KO", "Coca-Cola Company")),
    (
        FilingRef(1, "GD", "10-K", date(2023, 12, 31), 2023, "FY"),
        FilingRef(2, "KO", "10-K", date(2024, 12, 31), 2024, "FY"),
    ),
)
WORDS = FilingWords(
    terms=terms("revenue operating income combat systems marine asia pacific latin america"),
    members=(
        ("GD", "Combat Systems"),
        ("GD", "Marine Systems"),
        ("KO", "Asia Pacific"),
        ("KO", "Latin America"),
        ("KO", "Global Ventures"),
    ),
    fold=terms,
)


def qualifiers(question: str) -> list[str]:
    reading = read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)
    return [span.bound for span in reading.of("qualifier")]


def test_a_word_of_a_members_name_typed_with_a_slip_is_that_word() -> None:
    assert qualifiers("GD combat systms segment rev FY23") == ["GD:Combat Systems"]
    assert qualifiers("GD marine sytems segment rev FY23") == ["GD:Marine Systems"]


def test_a_region_by_the_beginnings_of_its_words_in_capitals() -> None:
    assert qualifiers("KO APAC op inc FY24") == ["KO:Asia Pacific"]
    assert qualifiers("KO LATAM op inc FY24") == ["KO:Latin America"]
    assert qualifiers("KO LatAm op inc FY24") == ["KO:Latin America"]


def test_capitals_that_begin_no_members_words_name_none() -> None:
    assert qualifiers("KO GAAP op inc FY24") == []
    assert qualifiers("GD EBITDA FY23") == []
