"""Questions as people typed them (probe 18's dev sets), read (`reading`): whose rival a name is, what is
already in the deck, a name the company is measured against, a greeting before a dash, a yes/no question of a
part, a brand before its segment's name, a tag's run-together initials printed apart and a kind of company an
aside names."""

import pytest

from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
        CompanyRef("AMC", "AMC ENTERTAINMENT HOLDINGS, INC."),
        CompanyRef("NKE", "NIKE, Inc."),
        CompanyRef("CNK", "Cinemark Holdings, Inc.", covered=False),
        CompanyRef("INTC", "INTEL CORP"),
        CompanyRef("ADBE", "ADOBE INC."),
        CompanyRef("CL", "COLGATE PALMOLIVE CO"),
        CompanyRef("JCI", "Johnson Controls International plc"),
    ),
    (),
)
WORDS = FilingWords(
    terms=terms("revenues demand creation expense marketing general administrative accounts payable EBITA"),
    members=(
        ("NKE", "NORTH AMERICA"),
        ("CL", "Pet Nutrition"),
        ("JCI", "Building Solutions Emeala"),  # `jci:BuildingSolutionsEMEALAMember`, printed "EMEA/LA"
        ("JCI", "HVAC"),
    ),
    fold=terms,
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def companies(question: str) -> list[str]:
    return [span.bound for span in reading(question).of("company")]


def test_whose_rival_a_name_is_and_what_is_in_the_deck_are_not_asked_about() -> None:
    question = (
        "thanks, the AMC and Nike numbers are in the deck!! last one - Cinemark, AMC's big rival: what were "
        "their total revenues for Q2 2023 (quarter ended June 30)?"
    )
    assert "AMC" not in reading(question).text and "Nike" not in reading(question).text


def test_a_company_that_owes_its_suppliers_is_asked_about() -> None:
    # ("suppliers" after a company is no relation of another company to it, as "AMC's big rival" is)
    question = (
        "with all the fab spending I'm curious how much Intel owed suppliers - what were accounts payable on "
        "the balance sheet at fiscal year-end 2023?"
    )
    assert companies(question) == ["INTC"]


def test_a_line_in_the_askers_model_is_no_company_done() -> None:
    question = (
        "morning - the Irish domicile makes Medtronic's tax line a thing in our model. what did they book as "
        "the income tax provision for fiscal 2024"
    )
    catalog = Catalog((CompanyRef("MDT", "Medtronic plc"),), ())
    read_ = read(question, lambda text: company_mentions(text, catalog), GRAMMAR, WORDS)
    assert [span.bound for span in read_.of("company")] == ["MDT"] and "Medtronic" in read_.text


def test_a_name_the_company_is_measured_against_is_no_company_asked_about() -> None:
    question = (
        "Nike keeps getting dinged for underspending on brand vs On and Hoka... what did they "
        "actually book as "
        "demand creation expense (their ad/marketing line) in fiscal 2024, the year that ended May 31, 2024?"
    )
    read_ = reading(question)
    assert read_.unknown_names == ()
    assert companies(question)[-1:] == ["NKE"]


@pytest.mark.parametrize(
    ("question", "unsaid"),
    [
        # a yes/no question of what the asker's aside tells, which the next question's figure answers
        (
            "so Intel kept talking up its $3B cost-cutting push all through 2023... did any of it show in "
            "overhead? what was their marketing, general & admin expense for the full 2023 fiscal year?",
            "overhead",
        ),
        (
            "is the home market still Nike's cash cow? what EBIT did the North America "
            "geographic segment put up "
            "for fiscal 2024 (year ended May 31, 2024)? thanks a ton",
            "cow",
        ),
        # a kind of company is no member of the company asked about
        (
            "morning! building a working-capital comp for the HVAC / building-tech names. how "
            "much did Johnson "
            "Controls owe its suppliers (accounts payable) at the end of fiscal 2024, sept 30 2024?",
            "HVAC",
        ),
    ],
)
def test_what_an_aside_tells_is_not_asked(question: str, unsaid: str) -> None:
    assert unsaid not in reading(question).text


def test_a_greeting_before_a_dash_opens_no_formula_and_the_question_after_it_asks() -> None:
    question = (
        "hey - with all the Firefly / generative AI hype I'm curious how much Adobe actually "
        "poured into R&D in "
        "their fiscal Q3 2023 (quarter ended Sept 1, 2023). what's the number?"
    )
    read_ = reading(question)
    assert "research and development" in read_.text and "Adobe" in read_.text
    assert read_.definition == ""


@pytest.mark.parametrize(
    ("question", "member"),
    [
        # the brand the filer's MD&A prints before the segment's name, which its tags print alone
        (
            "What operating profit did Colgate-Palmolive's Hill's Pet Nutrition segment report for the year "
            "ended December 31, 2023?",
            "CL:Pet Nutrition",
        ),
        ("JCI Building Solutions EMEA/LA seg EBITA FY24", "JCI:Building Solutions Emeala"),
    ],
)
def test_a_member_as_the_filer_prints_it(question: str, member: str) -> None:
    read_ = reading(question)
    assert [span.bound for span in read_.of("qualifier")] == [member]
    assert "Hill" not in read_.text


HELD_OUT_CATALOG = Catalog(
    (
        CompanyRef("TMO", "THERMO FISHER SCIENTIFIC INC."),
        CompanyRef("PG", "PROCTER & GAMBLE Co"),
        CompanyRef("CMCSA", "COMCAST CORP"),
        CompanyRef("CAT", "CATERPILLAR INC"),
        CompanyRef("PEP", "PEPSICO INC"),
    ),
    (),
)
HELD_OUT_WORDS = FilingWords(
    terms=terms(
        "segment income net sales operating income receivables cash provided by operating activities"
    ),
    members=(
        ("TMO", "Laboratory Products and Services"),  # `tmo:LaboratoryProductsandServicesMember`
        ("TMO", "Laboratory Products and Biopharma Services"),  # as its rows print it
        ("PG", "Baby Feminine and Family Care"),  # `pg:BabyFeminineandFamilyCareMember`
        ("CMCSA", "Sky"),
    ),
    fold=terms,
)


def held_out_reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, HELD_OUT_CATALOG), GRAMMAR, HELD_OUT_WORDS)


@pytest.mark.parametrize(
    "question",
    [
        "trying to gauge how the CRO/CDMO side is doing at Thermo - PPD and Patheon sit inside "
        "Laboratory Products and Biopharma Services, I believe. what was that segment's income for full year "
        "2023?",
        "P&G q - Pampers, Always, Bounty and Charmin all roll into Baby, Feminine & Family Care if I "
        "remember "
        "right. how much did that segment sell in fiscal 2024? (their year ends in June)",
    ],
)
def test_brands_an_aside_tells_of_are_no_companies(question: str) -> None:
    assert held_out_reading(question).unknown_names == ()


@pytest.mark.parametrize(
    ("question", "unsaid"),
    [
        (
            "morning - running a working-capital screen on cable and media names. what did Comcast carry as "
            "receivables, net at year-end 2023 (Dec 31)? consolidated, so Sky and NBCUniversal included",
            "Sky",
        ),
        (
            "Thermo's first half was messy with the COVID testing roll-off... did profits pick up in "
            "the back "
            "half? what was operating income in 2H 2023 (full year minus the six months through July 1)?",
            "pick",
        ),
        (
            "odd pairing for a class I'm teaching on cash flow: Comcast vs Caterpillar, first half "
            "of 2023. by "
            "how much did Comcast's operating cash flow beat Cat's?",
            "beat",
        ),
    ],
)
def test_words_that_ask_nothing(question: str, unsaid: str) -> None:
    assert unsaid not in held_out_reading(question).text
