"""What a question asks for, in its own words: the line item phrases and the periods, per company.

This is the question's side of the item-faithfulness check (`verify.items`): the words of the asked item
as the question writes them ("income before provision for income taxes", "Family of Apps revenue"), read
apart from the curated items that pick cells, so that a cell picked for a neighbouring line fails. The
words are the question less its scaffolding: the company mentions, the period ("in fiscal 2024", "for
the six months ended March 29, 2025"), question words and verbs ("what was", "how much did … spend"),
the arithmetic asked for ("growth", "difference between"), a trailing narrative clause ("and what drove
them"), and a sentence of instructions beside the question ("Answer briefly."). A ratio named by one
phrase ("operating margin") asks for its two lines (operating income, revenue).
"""

import re
from collections.abc import Sequence
from datetime import timedelta

from filingproof.qa.direction import asked_way
from filingproof.qa.items import SHARE_OF, Ask, coordinated, find_items, item_spans, named_ratio_span
from filingproof.qa.periods import period_sum_for, target_for
from filingproof.reading.grammar import (
    CHANGE_WORDS,
    DERIVATION_WORDS,
    EDGE_WORDS,
    INSTRUCTION_WORDS,
    ONE_LINE_PLUS,
    PERIOD_WORDS,
    QUESTION_WORDS,
    RATIO_WORDS,
)
from filingproof.understanding import Catalog, FilingRef, QueryUnderstanding
from filingproof.verify.claims import inside
from filingproof.verify.derive import DerivationKind
from filingproof.verify.expression import Bin, Call, Cell, Expr, ExpressionError, Neg, parse, render
from filingproof.verify.items import AskedItem, AskedPeriod

_TOKEN = re.compile(r"[A-Za-z0-9$](?:[\w&’'.-]*[\w&])?")
# A sentence or clause break: not inside "U.S." or "3.5"
# (a sentence of instructions may open in lower case: "… in percent? use the cash flow statement numbers")
# (nor after a legal form's stop: "How much cash did NIKE, Inc. use to …")
_CLAUSE_BREAK = re.compile(
    r"(?<!\bInc\.)(?<!\bCorp\.)(?<!\bCo\.)(?<!\bLtd\.)"
    rf"(?<=[a-z0-9][.?!])\s+(?=[A-Z]|(?:{'|'.join(sorted(INSTRUCTION_WORDS))})\b)|(?<=[:;])\s+"
)
_NARRATIVE_CLAUSE = re.compile(
    r"[,;]?\s+(?:and|but)\s+(?:what|why|how|which|who|where|when)\b.*$", re.I | re.S
)
# The definition the reading writes of a ratio the question glosses ("Operating margin is defined as:
# operating income / total revenues"): the ratio's lines, already named by its name, no item's words.
_STATED_DEFINITION = re.compile(r"\.\s+[^.]*\bis\s+defined\s+as:.*$", re.IGNORECASE | re.DOTALL)
_PERIOD_TOKEN = re.compile(r"(?:[fc]y)?['’]?\d{1,4}|q[1-4]|[1-4]q|h[12]|10-?[kq]|\d+(?:st|nd|rd|th)")
# Where the figure is printed ("in Apple's cash flow statement"), not what it is.
_STATEMENT = re.compile(
    r"\b(?:(?:condensed\s+)?(?:consolidated\s+)?(?:statements?\s+of\s+(?:cash\s+flows?|operations|income|earnings)"
    r"|balance\s+sheets?)|cash[- ]flows?\s+statements?|income\s+statements?)\b",
    re.IGNORECASE,
)
# What was spent or paid: a payment line answers it (not "paid-in capital").
_PAID = re.compile(
    r"\b(?:spen[dt]|spending|pa(?:y|ys|id|ying)(?![-\w])|outlays?|put\s+into)\b", re.IGNORECASE
)
# cash said of what a company hands out, a word the reading leaves out as filler: "how much cash did they
# put into share repurchases", "more cash in dividends", "buybacks cash"
_CASH_HANDED_OUT = re.compile(
    r"\bhow\s+much\s+cash\s+did\b|\bcash\s+(?:in|on|for)\s+(?:dividends|buybacks|share\s+repurchases)\b"
    r"|\b(?:buybacks?|repurchases|dividends)\s+cash\b",
    re.IGNORECASE,
)


def asks_paid(question: str, typed: str = "") -> bool:
    """Whether the question asks what was paid or spent ("How much did Meta spend on share repurchases"), in
    its asked words or in the cash its typed words say was handed out."""
    return _PAID.search(question) is not None or _CASH_HANDED_OUT.search(typed) is not None


def _mention_spans(question: str, mentions: Sequence[str]) -> list[tuple[int, int]]:
    """Where the question names its companies, except inside a proper name ("Google Cloud", "Walmart
    International", "Amazon Web Services"), which names a segment or product."""
    spans = []
    for mention in mentions:
        for found in re.finditer(re.escape(mention), question):
            after = question[found.end() :].lstrip()
            # a ticker or a name typed in lower case ("AAPL", "aapl") begins no proper name, nor does a name
            # before another company's ("… difference AbbVie Abbott")
            if (
                re.search(r"['’]s$", mention)
                or not after[:1].isupper()
                or not mention[:1].isupper()
                or mention.isupper()
                or any(after.startswith(other) for other in mentions)
            ):
                spans.append(found.span())
    return spans


def _without_instructions(question: str) -> str:
    """The question less its sentences of instructions ("Answer slowly."): those naming no line item (a
    statement's name names none: "use the cash flow statement numbers please")."""
    statements = [found.span() for found in _STATEMENT.finditer(question)]
    spans = [
        (start, end)
        for start, end in item_spans(question)
        if not any(s <= start and end <= e for s, e in statements)
    ]
    kept, start = [], 0
    for found in [*_CLAUSE_BREAK.finditer(question), None]:
        end = found.start() if found else len(question)
        clause = question[start:end]
        first = clause.split(maxsplit=1)[0].lower().strip(",:;") if clause.strip() else ""
        names_item = any(start < span_end and span_start < end for span_start, span_end in spans)
        # blanked, not cut out, so that spans keep their places
        kept.append(clause if names_item or first not in INSTRUCTION_WORDS else " " * len(clause))
        kept.append(question[end : found.end()] if found else "")
        start = found.end() if found else end
    return "".join(kept)


def _kept_tokens(question: str, mentions: Sequence[str], derived: bool, printed: bool) -> list[re.Match[str]]:
    """The tokens of the question that may name the item: not a company, period, question word or verb."""
    body = _NARRATIVE_CLAUSE.sub("", _without_instructions(_STATED_DEFINITION.sub("", question)))
    taken = _mention_spans(body, mentions) + [found.span() for found in _STATEMENT.finditer(body)]
    dropped = PERIOD_WORDS | QUESTION_WORDS | DERIVATION_WORDS
    dropped |= (RATIO_WORDS if derived else frozenset()) | (frozenset() if printed else CHANGE_WORDS)
    tokens = list(_TOKEN.finditer(body))
    words = [re.sub(r"['’]s?$", "", token.group().lower()) for token in tokens]
    kept = []
    for index, (token, word) in enumerate(zip(tokens, words, strict=True)):
        if any(start < token.end() and token.start() < end for start, end in taken):
            continue
        if word in dropped or _PERIOD_TOKEN.fullmatch(word) or _before_period(words, index):
            continue
        kept.append(token)
    return kept


def _before_period(words: Sequence[str], index: int) -> bool:
    """Whether an edge word leads into a period ("in the first half of 2023", "Jan through June"): none of
    the item's words, wherever the period stands (an aside's names may follow it)."""
    if words[index] not in EDGE_WORDS:
        return False
    following = next((word for word in words[index + 1 :] if word not in EDGE_WORDS), "")
    return following in PERIOD_WORDS or _PERIOD_TOKEN.fullmatch(following) is not None


def _trimmed(tokens: Sequence[re.Match[str]]) -> Sequence[re.Match[str]]:
    """The tokens without edge words at either end ("of", "for", "in")."""
    start, end = 0, len(tokens)
    while start < end and tokens[start].group().lower() in EDGE_WORDS:
        start += 1
    while end > start and tokens[end - 1].group().lower() in EDGE_WORDS:
        end -= 1
    return tokens[start:end]


def _phrase(tokens: Sequence[re.Match[str]]) -> str:
    """The tokens as a phrase; a "&" typed between two of them is written "and" ("cash & cash equivalents"
    is no "cash cash equivalents")."""
    words: list[str] = []
    kept = _trimmed(tokens)
    for before, token in zip([None, *kept], kept, strict=False):
        if before is not None and token.string[before.end() : token.start()].strip() == "&":
            words.append("and")
        words.append(token.group())
    return " ".join(words)


def _once(tokens: Sequence[re.Match[str]]) -> list[re.Match[str]]:
    """The tokens less any whose word came earlier ("Services … of Services net sales")."""
    seen: set[str] = set()
    kept = []
    for token in tokens:
        if token.group().lower() not in seen:
            seen.add(token.group().lower())
            kept.append(token)
    return kept


def _grouped(question: str, tokens: Sequence[re.Match[str]]) -> list[list[re.Match[str]]]:
    """Tokens grouped by the line item they belong to: a modifier goes with the item named after it."""
    spans = item_spans(question)
    if len(spans) < 2:
        return [list(tokens)]
    groups: list[list[re.Match[str]]] = [[] for _ in spans]
    for token in tokens:
        index = next((i for i, (_, end) in enumerate(spans) if token.start() < end), len(spans) - 1)
        # a word right after a line's name ends that name ("research and development expense as a percentage
        # of total revenue")
        if index > 0 and not question[spans[index - 1][1] : token.start()].strip():
            index -= 1
        groups[index].append(token)
    return groups


def item_phrases(
    question: str, mentions: Sequence[str], ask: Ask | None, printed: bool = False
) -> tuple[str, ...]:
    """The line items the question asks for, as it words them: the lines a change or growth is computed
    from ("cash" for "the increase in cash"), or with `printed`, a line that states the change itself
    ("increase in cash")."""
    derived = ask is not None and ask.derivation is not None
    if ask is not None and ask.operands:
        return ask.operands
    if ask is not None and ask.part is not None and (share := SHARE_OF.search(question)) is not None:
        whole = _phrase(_kept_tokens(question[share.end() :], mentions, derived, printed))
        return (ask.part, whole or ask.items[0].name)
    tokens = _kept_tokens(question, mentions, derived, printed)
    ratio = named_ratio_span(question) if ask is not None and derived else None
    if ask is not None and ratio is not None:
        start, end = ratio
        # a gloss restating the ratio's lines ("i.e. AWS operating income divided by AWS net sales", "as a
        # percentage of Services net sales") adds no modifier: the lines' own words are left out, and a
        # modifier said twice is one
        # (any line's: "cost of revenues" is no modifier of revenue)
        named = dict.fromkeys([*ask.items, *find_items(question)])
        lines = [found.span() for item in named for found in item.pattern.finditer(question)]
        outside = [
            t
            for t in tokens
            if (t.end() <= start or t.start() >= end)
            and not any(s <= t.start() and t.end() <= e for s, e in lines)
        ]
        modifiers = _phrase(_once(outside))
        return tuple(f"{modifiers} {item.name}".strip() for item in ask.items)
    # one item's word in two lines side by side is two lines ("US sales and international sales"), where
    # their figures are asked; a derivation is computed of one line only
    if ask is None or (len(ask.items) == 1 and (derived or not coordinated(question))):
        phrases = [_phrase(tokens)]
    else:
        phrases = [_phrase(group) for group in _grouped(question, tokens)]
    return tuple(dict.fromkeys(phrase for phrase in phrases if phrase))


def asked_periods(
    u: QueryUnderstanding, filings: list[FilingRef], ask: Ask | None, moved: bool = False
) -> tuple[AskedPeriod, ...]:
    """Every period the question asks for in one company's filings: each year named (or the latest), as a
    duration and as an instant at its end. A growth or change over one period also asks for what it is
    measured from: the same duration a year earlier (a flow), and the balance where the period starts. A
    fourth quarter, second half or trailing twelve months also asks for the printed periods they add up
    to (`qa.periods.PeriodSum`). So does a margin or ratio asked which way it `moved` ("did R&D as a % of
    sales go up in 2023?"): the year before is what it moved from."""
    kinds = ("growth", "change", "margin", "ratio") if moved else ("growth", "change")
    earlier = ask is not None and ask.derivation in kinds and len(u.years) < 2
    periods: list[AskedPeriod] = []
    years: list[int | None] = [*u.years] or [None]
    for year in years:
        duration = target_for(u, filings, "duration", year)
        instant = target_for(u, filings, "instant", year)
        summed = period_sum_for(u, filings, year)
        # a period no filing may print is asked as the printed periods that add up to it
        periods += [
            AskedPeriod(part.end, part.days) for part in (summed.plus + summed.minus if summed else ())
        ]
        if duration is not None:
            periods.append(AskedPeriod(duration.end, duration.days))
            if earlier:
                before = duration.earlier()
                periods.append(AskedPeriod(before.end, before.days))
        if instant is not None:
            periods.append(AskedPeriod(instant.end))
            if earlier and duration is not None and duration.days:
                periods.append(AskedPeriod(duration.end - timedelta(days=duration.days)))
            elif earlier:
                periods.append(AskedPeriod(instant.earlier().end))
    return tuple(dict.fromkeys(periods))


def with_part(question: str, mentions: Sequence[str], ask: Ask | None) -> Ask | None:
    """`ask` as a share of its one line item whose part the filings name by their own line ("What was AMC's
    Q2 2023 food & beverage as a percentage of revenue"); `ask` itself when the question asks no such
    share, or names its part by a line item of its own (then `ask` has both)."""
    share = SHARE_OF.search(question)
    if ask is None or len(ask.items) != 1 or ask.derivation is not None or share is None:
        return ask
    before = question[: share.start()]
    if find_items(before) or ask.items[0] not in find_items(question[share.end() :]):
        return ask
    kept = _trimmed(_kept_tokens(before, mentions, True, False))
    if not kept:
        return ask
    # as written, joiners and all ("food & beverage"), where the tokens are the text's own (no sentence of
    # instructions taken out before them)
    written = before[kept[0].start() : kept[-1].end()]
    fits = written.startswith(kept[0].group()) and written.endswith(kept[-1].group())
    return Ask(ask.items, "margin", written if fits else _phrase(kept))


# An operator written between two lines: "medical costs / premium revenues", "share repurchases + dividends
# paid", "income tax provision divided by pretax income", "medical costs over premiums" (never "over the first
# half", "over 2022")
_OPERATOR = re.compile(
    r"\s(?P<ratio>/|÷)\s|\s(?P<sum>\+)\s|\s(?P<minus>−)\s"
    r"|\s(?:(?P<ratio_word>divided\s+by)|(?P<sum_word>plus)|(?P<minus_word>minus|difference\s+between)"
    r"|(?P<over>over)(?!\s+(?:the|a|an|its|their|this|last|that|time|\d|[fc]y\d|[1-4]?[qh]\d)\b))\s",
    re.IGNORECASE,
)
# "divide the income tax provision by pretax income": the same ratio, said as a verb; "the difference between
# A and B": A minus B
_DIVIDE = re.compile(r"\bdivid(?:e|ing)\s+(?P<first>.+?)\s+by\s+(?=\S)", re.IGNORECASE)
_BETWEEN = re.compile(r"\bdifference\s+between\s+(?P<first>.+?)\s+and\s+(?=\S)", re.IGNORECASE)
# where an operand stops: a clause's punctuation
_OPERAND_EDGE = re.compile(r"[,;:?()]|\s[-–—]\s")
# a figure asked in percent: the ratio is written as a percentage
_PERCENT_WORDS = r"\bpercent(?:age)?\b|\brate\b|\bmargin\b|\bETR\b"
_PERCENT = re.compile(rf"%|{_PERCENT_WORDS}", re.IGNORECASE)
# a ratio asked at all (a share "more than 20%" is a threshold, not the ratio asked)
_RATIO_ASKED = re.compile(
    rf"(?<![\d.])%|{_PERCENT_WORDS}|\bratio\b|\btimes\b|\bcoverage\b|\bMCR\b|\bMLR\b", re.IGNORECASE
)
# how a gloss opens the lines it adds up ("…, counting treasury stock acquired … plus dividends paid"): no
# word of the first line
_GLOSS_OPENING = frozenset({"counting", "including", "taking", "using", "adding", "add", "take", "use"})


def with_operands(
    question: str, mentions: Sequence[str], ask: Ask | None, typed: str = "", defined: bool = False
) -> Ask | None:
    """`ask` as two lines an operator the question writes joins, where the curated items do not name both
    ("UNH 1H23 MCR % (med costs / premiums)", "TRV 9M23 buybacks + divs paid"): their ratio (a percentage
    where one is asked), sum or difference, each line resolved against the company's own lines. `ask`
    itself when no operator stands between two phrases of the item's words. `typed`: the question as typed,
    where a percentage may be asked in words the reading leaves out ("…, in percent"); `defined`: the
    reading wrote the question's formula out after its last comma (`stated_formula`)."""
    if ask is not None and (len(ask.items) > 2 or ask.part is not None):
        return ask
    named = ask.derivation if ask is not None else None
    if named in (None, "margin", "ratio") and (
        stated := stated_formula(question, mentions, named, typed, defined)
    ):
        return stated
    found = _operator(question, typed)
    # a named ratio whose lines the question states is their ratio ("net margin, calculated as net income
    # attributable to ExxonMobil divided by total revenues and other income"); any other derivation is read
    if found is None or (named is not None and (found[0] != "ratio" or named not in ("margin", "ratio"))):
        return ask
    kind, (first_start, first_end), (second_start, second_end) = found
    if kind == "ratio" and (named is not None or _PERCENT.search(question) or _PERCENT.search(typed)):
        kind = named or "margin"
    operands = [(first_start, first_end), (second_start, second_end)]
    if ask is not None and any(not inside(span, operands) for span in item_spans(question)):
        # a line named outside the operands is the figure, and they are its parts ("Keytruda … global sales
        # (US + international)"): no arithmetic of theirs
        return ask
    if ask is not None and len(ask.items) == 2 and ask.derivation is None:
        # two curated lines, in the order written ("the difference between total current assets and total
        # current liabilities")
        return Ask(ask.items, kind)
    tokens = _kept_tokens(question, mentions, True, False)
    first_tokens = [t for t in tokens if first_start <= t.start() and t.end() <= first_end]
    while first_tokens and first_tokens[0].group().lower() in _GLOSS_OPENING:
        first_tokens = first_tokens[1:]
    first = _phrase(first_tokens)
    second = _phrase([t for t in tokens if second_start <= t.start() and t.end() <= second_end])
    if not first or not second:
        return ask
    return Ask((), kind, operands=(first, second))


# The pieces of a formula the reading writes out (`reading.reading._definition`): its parentheses and its
# operators, each between spaces ("(revenue - total costs and expenses) / revenue"), a division also right
# after a parenthesis ("(net rev - COGS)/net rev")
_FORMULA_PIECE = re.compile(r"\(|\)|\s[-+*/]\s|(?<=\))\s*/\s*")


def stated_formula(
    question: str,
    mentions: Sequence[str],
    named: DerivationKind | None = None,
    typed: str = "",
    defined: bool = False,
) -> Ask | None:
    """The formula the question states after its last comma, where it joins its lines by more than one
    operator ("Boeing's gross margin …, (total revenues - total costs and expenses) / total revenues"): its
    lines as operands, each resolved against the company's own lines, and the expression over them. What is
    taken away is taken as a magnitude (a cost printed in parentheses is subtracted, not added); a division
    is a percentage where one is asked (`named` a margin, or a percent or rate word). None where the text
    after the comma is no such formula, or a piece of it names no line. Where the reading wrote the formula
    out (`defined`), one subtraction is one too: its " - " is the reading's minus, never a dash."""
    start = question.rfind(", ") + 2
    if start < 2 or _names_a_period(question[start:]):
        return None  # (a formula over periods says how a period is made: "fiscal 2023 operating income - …")
    tokens = _kept_tokens(question, mentions, True, False)
    operands: list[str] = []
    pieces: list[str] = []

    def operand(begin: int, end: int) -> bool:
        if not question[begin:end].strip():
            return True
        phrase = _phrase([t for t in tokens if begin <= t.start() and t.end() <= end])
        if not phrase:
            return False
        if phrase not in operands:
            operands.append(phrase)
        pieces.append(f"[{operands.index(phrase)}]")
        return True

    at = start
    for piece in _FORMULA_PIECE.finditer(_names_parentheses(question), start):
        if not operand(at, piece.start()):
            return None
        pieces.append(piece.group().strip())
        at = piece.end()
    if not operand(at, len(question)) or len(operands) < 2:
        return None
    try:
        expr = parse(" ".join(pieces))
    except ExpressionError:
        return None
    if _operations(expr) < 2 and not (defined and isinstance(expr, Bin) and expr.op == "-"):
        return None  # one operator: `with_operands` reads it
    expr = _subtracted_as_magnitudes(expr)
    percent = named == "margin" or (
        named is None and bool(_PERCENT.search(question) or _PERCENT.search(typed))
    )
    if percent and isinstance(expr, Bin) and expr.op == "/":
        expr = Call("pct", (expr,))
    return Ask((), "formula", operands=tuple(operands), formula=render(expr))


def _names_a_period(text: str) -> bool:
    words = [re.sub(r"['’]s?$", "", token.group().lower()) for token in _TOKEN.finditer(text)]
    return any(word in PERIOD_WORDS or _PERIOD_TOKEN.fullmatch(word) for word in words)


def _operations(expr: Expr) -> int:
    if isinstance(expr, Bin):
        return 1 + _operations(expr.left) + _operations(expr.right)
    if isinstance(expr, Neg):
        return _operations(expr.operand)
    return 0


def _subtracted_as_magnitudes(expr: Expr) -> Expr:
    """`expr` with each line it takes away as its magnitude: "revenue - costs" where the costs are printed
    "(33,810)"."""
    if not isinstance(expr, Bin):
        return expr
    left, right = _subtracted_as_magnitudes(expr.left), _subtracted_as_magnitudes(expr.right)
    if expr.op == "-" and isinstance(right, Cell):
        right = Call("abs", (right,))
    return Bin(expr.op, left, right)


_KINDS: dict[str, DerivationKind] = {
    "ratio": "ratio", "ratio_word": "ratio", "over": "ratio", "sum": "sum", "sum_word": "sum"
}  # fmt: skip


def _operator(
    question: str, typed: str = ""
) -> tuple[DerivationKind, tuple[int, int], tuple[int, int]] | None:
    """The operation an operator written in the question asks, and the spans of its two operands (each to
    the nearest clause punctuation). A slash divides only where a ratio or a percentage is asked (in the
    question as read, or as `typed`): between two names of one line it says "or"."""
    kind: DerivationKind
    verb = _DIVIDE.search(question) or _BETWEEN.search(question)
    if verb is not None:
        kind = "ratio" if verb.re is _DIVIDE else "difference"
        first, second = verb.span("first"), (verb.end(), _edge_after(question, verb.end()))
    else:
        operators = list(_OPERATOR.finditer(question))
        if len(operators) != 1:
            return None
        found = operators[0]
        named = next(name for name, text in found.groupdict().items() if text)
        if named == "ratio" and not (_RATIO_ASKED.search(question) or _RATIO_ASKED.search(typed)):
            return None  # "automotive / Apple Car sales": one line by two names, no ratio asked
        if named == "sum" and ONE_LINE_PLUS.match(question, found.start()):
            return None  # "the programming + production line": one printed line, its "and" typed "+"
        kind = _KINDS.get(named, "difference")
        first = (_edge_before(question, found.start()), found.start())
        second = (found.end(), _edge_after(question, found.end()))
    return kind, first, second


# a parenthesis inside a line's name, holding no operator: "net cash provided by (used in) operating
# activities", "purchases of treasury stock (share repurchases)"
_NAME_PARENTHESIS = re.compile(
    r"(?<=\w )\((?![^()]*(?:\s[-+*/−÷]\s|\b(?:minus|plus|over|divided|less)\b))[^()]*\)"
)


def _names_parentheses(question: str) -> str:
    """`question` with each parenthesis inside a line's name blanked, at its length: no operand's edge."""
    return _NAME_PARENTHESIS.sub(lambda found: " " * len(found.group()), question)


def _edge_before(question: str, at: int) -> int:
    edges = [edge.end() for edge in _OPERAND_EDGE.finditer(_names_parentheses(question), 0, at)]
    return edges[-1] if edges else 0


def _edge_after(question: str, at: int) -> int:
    edge = _OPERAND_EDGE.search(_names_parentheses(question), at)
    return edge.start() if edge else len(question)


_GROSS = re.compile(r"\bgross\s+(?:margin|profit)\b", re.IGNORECASE)


def asked_items(
    question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask | None, printed: bool = False
) -> tuple[AskedItem, ...]:
    """The asked items, one per company and line item, with the periods asked in that company's filings
    (`printed`: as lines that state a change asked for, see `item_phrases`)."""
    phrases = item_phrases(question, u.company_mentions, ask, printed)
    if not printed and ask is not None and ask.derivation == "margin":
        # a part's gross margin may be computed from its cost of revenue, where no gross profit is printed
        # for it (`qa.pick`: Tesla's "Services and other")
        costs = [_GROSS.sub("cost of revenue", each) for each in phrases if _GROSS.search(each)]
        phrases = (*phrases, *costs)
    items: list[AskedItem] = []
    for ticker in u.companies:
        periods = asked_periods(u, u.filings_of(catalog, ticker), ask, asked_way(question) is not None)
        items += [AskedItem(phrase, ticker, periods, asks_paid(question)) for phrase in phrases]
    return tuple(items)
