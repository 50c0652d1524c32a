"""The short forms a filer defines in its own text: a name followed by its initials in parentheses ("Data
Center and AI (DCAI)", "International Operated Markets (IOM)", "Pratt & Whitney (P&W)"). Analysts type
them as the filer does; one stands for a line or a segment only where the name is one the tables print."""

import re
from collections.abc import Collection, Iterable

from filingproof.reading.lexicon import is_english_word
from filingproof.verify.items import terms

# A run of capitalised words (small words between them) right before a parenthesis of capitals.
_DEFINED = re.compile(
    r"((?:[A-Z][\w'’.-]*,?\s+(?:(?:and|&|of|the|for)\s+)?){1,7})\(\s*([A-Z][A-Za-z]*(?:&[A-Z]+)?)\s*\)"
)
_SMALL = frozenset({"and", "&", "of", "the", "for"})
_FEWEST_LETTERS = 3  # "(US)", "(AI)" are words of their own, not a filer's short form


def _heads(words: list[str]) -> list[str]:
    """Each word's share of initials: its first letter, or the whole of a word in capitals ("AI")."""
    return [word.lower() if word.isupper() and word.isalpha() else word[0].lower() for word in words]


def _stands_for(short: str, words: list[str]) -> bool:
    """Whether the letters of `short` are the words' initials: all of them, or all but some inside, from
    the first word's to the last's ("BDS" of "Boeing Defense, Space & Security")."""
    heads = _heads(words)
    if "".join(heads) == short:
        return True
    if len(short) < len(heads) - 1 or not short.startswith(heads[0]) or not short.endswith(heads[-1]):
        return False
    remaining = iter("".join(heads[1:-1]))
    return all(letter in remaining for letter in short[len(heads[0]) : len(short) - len(heads[-1])])


def defined_short_forms(
    texts: Iterable[str], names: Collection[str], company: Collection[str] = ()
) -> set[tuple[str, str]]:
    """(short form, name) of each name of `names` (the lines and members the tables print) that the texts
    define by its initials: ("dcai", "Data Center and AI"), the company's initial first or not (Boeing's
    "Defense, Space & Security (BDS)"; `company`: the words of its name)."""
    owner = {word[0].lower() for word in company if word}
    wanted = {terms(name): name for name in names}
    found: set[tuple[str, str]] = set()
    for text in texts:
        for match in _DEFINED.finditer(text):
            short = match.group(2)
            letters = short.replace("&", "").lower()
            if (len(letters) < _FEWEST_LETTERS and "&" not in short) or is_english_word(letters):
                continue  # ("(CARE)" would name a line wherever "care" is typed)
            words = [w.strip(",") for w in match.group(1).split() if w.strip(",").lower() not in _SMALL]
            for start in range(len(words)):
                said = words[start:]
                if _stands_for(letters, said) or (letters[0] in owner and _stands_for(letters[1:], said)):
                    name = wanted.get(terms(" ".join(said)))
                    if name is not None:
                        found.add((short.lower(), name))
                    break
    return found
