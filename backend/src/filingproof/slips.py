"""Words and names typed with one slip of the keyboard: a letter left out, one too many, one changed, or two
swapped ("revnue" for "revenue", "chevorn" for "chevron", "texas instrumnets").

Looked up through each name's deletion neighbourhood (every spelling with one letter left out), so that a
written word is compared with the few names that share a neighbour instead of with every name: a store of a
thousand companies holds thousands of names, and each question tries a few dozen of its words.
"""

from collections.abc import Mapping


def deletions(text: str) -> set[str]:
    """Every spelling of `text` with one letter left out."""
    return {text[:i] + text[i + 1 :] for i in range(len(text))}


def one_edit(a: str, b: str) -> bool:
    """Whether `b` is `a` with one edit: a letter missing, added or changed, or two neighbours swapped (the
    restricted Damerau-Levenshtein distance is 1), in one pass over the two."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    if len(a) != len(b):  # the rest of the longer, past the first difference, is the rest of the shorter
        longer, shorter = (a, b) if len(a) > len(b) else (b, a)
        return longer[first + 1 :] == shorter[first:]
    if a[first + 1 :] == b[first + 1 :]:  # one letter changed
        return True
    swapped = first + 1 < len(a) and a[first] == b[first + 1] and a[first + 1] == b[first]
    return swapped and a[first + 2 :] == b[first + 2 :]  # two neighbours swapped


class NearNames:
    """Names (lowercase) each standing for a key, looked up by a spelling one slip away from one of them."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self._keys = dict(names)
        self._by_neighbour: dict[str, set[str]] = {}
        for name in self._keys:
            for neighbour in deletions(name) | {name}:
                self._by_neighbour.setdefault(neighbour, set()).add(name)

    def nearest(self, written: str) -> tuple[str, tuple[str, ...]] | None:
        """The key of the names one slip away from `written` (lowercase), with those names, when they all
        stand for one key; None where none is, or names of several keys are (a slip that could be either is
        no name)."""
        if written in self._keys:
            return None  # a name as written, which its own rules (letter case, idioms) did not take
        near = set()
        for neighbour in deletions(written) | {written}:
            near |= self._by_neighbour.get(neighbour, set())
        names = sorted(name for name in near if one_edit(name, written))
        keys = {self._keys[name] for name in names}
        return (keys.pop(), tuple(names)) if len(keys) == 1 else None
