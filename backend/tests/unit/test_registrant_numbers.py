"""The numbers a registrant keeps through a rename, as covers print them and `dei:` tags carry them.

Each text is a real cover's (corpus-large, FinanceBench), whitespace as extracted."""

import pytest

from filingproof.ingest.parse.cover import RegistrantNumbers, printed_registrant_numbers, registrant_numbers

FACEBOOK_2019 = (
    "For the transition period from to Commission File Number: 001-35551 ______________________ FACEBOOK, "
    "INC. (Exact name of registrant as specified in its charter) ______________________ Delaware 20-1665019 "
    "(State or other jurisdiction of incorporation or organization) (I.R.S. Employer Identification Number) "
    "1601 Willow Road, Menlo Park, California 94025 (Address of principal executive offices and Zip Code) "
    "(650) 543-4800"
)
BOEING_2018 = (
    "For the transition period from to \r\nCommission file number 1-442\r\nTHE BOEING COMPANY\r\n(Exact name "
    "of registrant as specified in its charter)\r\nDelaware 91-0425694\r\nState or other jurisdiction of\r\n"
    "incorporation or organization\r\n(I.R.S. Employer Identification No.)\r\n100 N. Riverside Plaza, "
    "Chicago, IL 60606-1596"
)
IBM_2023 = (
    "FOR THE QUARTER ENDED JUNE 30, 2023 1-2360 (Commission file number) INTERNATIONAL BUSINESS MACHINES "
    "CORPORATION (Exact name of registrant as specified in its charter) New York (State of incorporation) "
    "13-0871985 (IRS employer identification number) One New Orchard Road Armonk , New York (Address of "
    "principal executive offices) 10504 (Zip Code) 914 - 499-1900 (Registrant’s telephone number)"
)


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        (FACEBOOK_2019, RegistrantNumbers("1-35551", "201665019")),
        (BOEING_2018, RegistrantNumbers("1-442", "910425694")),
        (IBM_2023, RegistrantNumbers("1-2360", "130871985")),  # the number above its caption
    ],
)
def test_a_cover_prints_its_file_and_employer_numbers(text: str, numbers: RegistrantNumbers) -> None:
    assert printed_registrant_numbers(text) == numbers


def test_numbers_without_their_captions_are_not_read() -> None:
    """A phone number, a ZIP+4 or a date range is never a registrant number; an "NN-NNNNNNN" without an
    employer identification caption on the cover is not taken either."""
    assert printed_registrant_numbers("Chicago, IL 60606-1596 (312) 544-2000") is None
    no_caption = "Commission file number 1-442 THE BOEING COMPANY Delaware 91-0425694"
    assert printed_registrant_numbers(no_caption) is None
    assert printed_registrant_numbers(BOEING_2018.replace("Commission file number", "Docket")) is None


def test_one_registrant_written_two_ways_is_one() -> None:
    """Meta's `dei:` tags write "001-35551"; older covers "1-35551". EINs with or without the dash."""
    tagged = registrant_numbers("001-35551", "20-1665019")
    assert tagged == registrant_numbers(" 1-35551 ", "201665019") == RegistrantNumbers("1-35551", "201665019")
    assert registrant_numbers("000-22513", "91-1646860") == RegistrantNumbers("0-22513", "911646860")
    assert registrant_numbers("001-35551", None) is None
    assert registrant_numbers("N/A", "20-1665019") is None
