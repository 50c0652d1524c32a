from filingproof.cli import app

app(prog_name="filingproof")
