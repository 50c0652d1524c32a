"""How a question writes a member's printed name (`qa.pick`): "&" for "and", initials with their dots, a name
that begins with the company's own without it."""

from filingproof.qa.pick import mention_of, without_company, written_member

FORD = frozenset({"ford", "motor", "co"})


def test_and_is_written_as_an_ampersand_and_initials_with_dots() -> None:
    assert (
        mention_of("NVIDIA's Compute & Networking segment", "Compute And Networking")
        == "Compute & Networking"
    )
    assert mention_of("net sales of the Walmart U.S. segment", "Walmart US") == "Walmart U.S."
    assert mention_of("net sales of Walmart", "Walmart US") is None
    # a tag drops a possessive's apostrophe: `wmt:SamsClubUSMember`
    assert mention_of("Walmart's Sam's Club U.S. segment", "Sams Club US") == "Sam's Club U.S."
    # a tag runs together words the filer joins with "&": Dow's "Packaging & Specialty Plastics"
    assert (
        mention_of("Dow's Packaging & Specialty Plastics segment", "Packaging Specialty Plastics")
        == "Packaging & Specialty Plastics"
    )
    assert mention_of("Boeing's Defense, Space & Security segment", "Defense Space Security") == (
        "Defense, Space & Security"
    )


def test_a_member_named_after_the_company_is_written_without_it() -> None:
    assert without_company("Ford Model E", FORD) == "Model E"
    # one word left ("Pro") is too common a word to name the segment alone
    assert without_company("Ford Pro", FORD) is None
    assert without_company("Model E", FORD) is None
    assert written_member("EBIT for Ford's Model e segment", "f:FordModelEMember", FORD) == "Model e"
    assert written_member("EBIT for Ford's Model e segment", "f:FordModelEMember") is None


def test_a_short_name_is_written_in_capitals_as_initials() -> None:
    # McDonald's `mcd:USMarketMember`: its "Market" is the member's kind, and the name "US" is written "U.S."
    # or "US", never the word "us"
    assert written_member("total revenues from McDonald's U.S. segment", "mcd:USMarketMember") == "U.S."
    assert written_member("MCD US seg total revs 2Q23", "mcd:USMarketMember") == "US"
    assert written_member("tell us McDonald's total revenues", "mcd:USMarketMember") is None


def test_a_member_whose_rows_leave_out_its_part_word_is_written_without_it() -> None:
    """Intel prints `intc:ClientComputingGroupMember` as "Client Computing"; the reading writes it so."""
    question = "What was Intel's Client Computing revenue FY2023"
    assert written_member(question, "intc:ClientComputingGroupMember") == "Client Computing"
    assert written_member("What was Intel's revenue FY2023", "intc:ClientComputingGroupMember") is None
