"""The question's pattern means the same to the server (Python) as to clients and fuzzers (JSON Schema's
ECMAScript regexes): a fuzzer once sent U+0085 alone, valid by the schema, and the server refused it."""

import re

import pytest
from pydantic import ValidationError

from filingproof.api.routes.query import _QUESTION_PATTERN, QueryRequest


@pytest.mark.parametrize("blank", ["\u0085", "\u00a0", " \t\n", "\u2003\u3000", "\u2028"])
def test_a_question_of_spaces_alone_is_refused_and_the_pattern_says_so(blank: str) -> None:
    assert blank.isspace()
    assert re.fullmatch(_QUESTION_PATTERN, blank) is None
    with pytest.raises(ValidationError):
        QueryRequest(question=blank)


@pytest.mark.parametrize("question", ["What was Apple's revenue?", "\u0085revenue\n", "\tx"])
def test_a_question_with_a_visible_character_is_accepted(question: str) -> None:
    assert re.fullmatch(_QUESTION_PATTERN, question) is not None
    assert QueryRequest(question=question).question


def test_the_pattern_names_no_class_the_two_engines_read_differently() -> None:
    assert "\\s" not in _QUESTION_PATTERN and "\\w" not in _QUESTION_PATTERN
