"""The classes a cover's 12(b) table lists (issue 28), read from grids the parser stores for real covers."""

from filingproof.agent.registered import asks_registered, registered_classes

# Johnson Controls' fiscal 2024 10-K cover: two column groups side by side
JCI_10K = [
    [
        "Title of Each Class", "Trading Symbol", "Name of Each Exchange on Which Registered",
        "Title of Each Class", "Trading Symbol", "Name of Each Exchange on Which Registered",
    ],
    [
        "Ordinary Shares, Par Value $0.01", "JCI", "New York Stock Exchange",
        "4.250% Senior Notes due 2035", "JCI35", "New York Stock Exchange",
    ],
    [
        "1.375% Notes due 2025", "JCI25A", "New York Stock Exchange",
        "6.000% Notes due 2036", "JCI36A", "New York Stock Exchange",
    ],
]  # fmt: skip

# Comcast's 2023 10-K cover: a row spanning the table closes it
CMCSA_10K = [
    ["Title of Each Class", "Trading Symbol(s)", "Name of Each Exchange on Which Registered"],
    ["Class A Common Stock, $0.01 par value", "CMCSA", "The Nasdaq Stock Market LLC"],
    ["2.0% Exchangeable Subordinated Debentures due 2029", "CCZ", "New York Stock Exchange"],
    [
        "SECURITIES REGISTERED PURSUANT TO SECTION 12(g) OF THE ACT: NONE",
        "SECURITIES REGISTERED PURSUANT TO SECTION 12(g) OF THE ACT: NONE",
        "SECURITIES REGISTERED PURSUANT TO SECTION 12(g) OF THE ACT: NONE",
    ],
]

# Apple's fiscal 2024 10-K cover prints its exchange once, beside the rows: the grid keeps two columns
AAPL_10K = [
    ["Title of each class", "Trading symbol(s)"],
    ["Common Stock, $0.00001 par value per share", "AAPL"],
    ["0.000% Notes due 2025", "—"],
]


def test_each_class_as_its_row_prints_it() -> None:
    assert registered_classes(CMCSA_10K) == [
        "Class A Common Stock, $0.01 par value CMCSA The Nasdaq Stock Market LLC",
        "2.0% Exchangeable Subordinated Debentures due 2029 CCZ New York Stock Exchange",
    ]


def test_column_groups_side_by_side_are_read_one_after_another() -> None:
    assert registered_classes(JCI_10K) == [
        "Ordinary Shares, Par Value $0.01 JCI New York Stock Exchange",
        "4.250% Senior Notes due 2035 JCI35 New York Stock Exchange",
        "1.375% Notes due 2025 JCI25A New York Stock Exchange",
        "6.000% Notes due 2036 JCI36A New York Stock Exchange",
    ]


def test_a_cover_without_its_exchange_column_and_other_tables() -> None:
    assert registered_classes(AAPL_10K) == [
        "Common Stock, $0.00001 par value per share AAPL",
        "0.000% Notes due 2025 —",
    ]
    assert (
        registered_classes([["Ireland", "98-0390500"], ["(Jurisdiction of Incorporation)", "(I.R.S.)"]]) == []
    )


def test_questions_that_ask_what_is_registered() -> None:
    for question in (
        "Which debt securities are registered to trade on a national securities exchange under 3M's name?",
        "what securities does Johnson Controls have registered under 12(b) per the jun-23 10Q?",
        "what are apple's trading symbols?",
        "which of Comcast's notes are listed on the Nasdaq exchange?",
    ):
        assert asks_registered(question), question
    for question in ("What were 3M's net sales in 2023?", "How many shares did Apple repurchase in 2024?"):
        assert not asks_registered(question), question
