"""`filingproof ask` given a blank question: a usage error that says what to give, before any database is
opened (blank lines of an `ask -` batch are skipped; a blank question given alone is a mistake)."""

import pytest
from typer.testing import CliRunner

from filingproof.cli import app


@pytest.mark.parametrize("question", ["", "   ", "\t"])
def test_a_blank_question_is_a_usage_error(question: str) -> None:
    result = CliRunner().invoke(app, ["ask", question])
    assert result.exit_code == 2
    assert 'give a question, or "-"' in result.output
