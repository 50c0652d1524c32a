"""Glyphs → words → lines, and each line cut into segments at its wide gaps (a table row's cells).

A line is the glyphs sharing a baseline; superscripts (footnote marks) join the line they sit on. Words are
split where the gap between glyphs is a space's width; segments where it is several: a label and the
figures right of it, or two column headers, are segments of one line.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from filingproof.ingest.pdf.glyphs import Glyph

_WORD_GAP = 0.1  # × line height: a space is about a fifth of it
SEGMENT_GAP = 0.75  # × line height: wider than any space of justified prose, narrower than a column gutter


@dataclass(slots=True)
class Word:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    small: bool = False  # set smaller than the line: a superscript (footnote mark) or subscript


@dataclass(slots=True)
class Segment:
    """Words of one line with no wide gap between them: a label, a figure, a header."""

    words: list[Word]

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)

    @property
    def x0(self) -> float:
        return self.words[0].x0

    @property
    def x1(self) -> float:
        return self.words[-1].x1

    @property
    def top(self) -> float:
        return min(word.top for word in self.words)

    @property
    def bottom(self) -> float:
        return max(word.bottom for word in self.words)


@dataclass(slots=True)
class Line:
    glyphs: list[Glyph]
    baseline: float
    segments: list[Segment] = field(default_factory=list)
    # Set by `finish` once the line's glyphs are all in.
    top: float = 0.0
    bottom: float = 0.0
    height: float = 0.0  # the type size: the most common glyph height (a footnote mark does not change it)

    def finish(self) -> None:
        self.top = min(glyph.top for glyph in self.glyphs)
        self.bottom = max(glyph.bottom for glyph in self.glyphs)
        heights = sorted(glyph.bottom - glyph.top for glyph in self.glyphs)
        self.height = round(heights[len(heights) // 2], 1)

    @property
    def text(self) -> str:
        return " ".join(segment.text for segment in self.segments)

    @property
    def x0(self) -> float:
        return self.segments[0].x0

    @property
    def x1(self) -> float:
        return self.segments[-1].x1


def page_lines(glyphs: Sequence[Glyph]) -> list[Line]:
    """The page's lines, top to bottom, each cut into words and segments."""
    lines = _cluster(glyphs)
    for line in lines:
        line.finish()
    lines = _merge_marks(lines)
    for line in lines:
        line.glyphs.sort(key=lambda glyph: glyph.x0)
        line.finish()
        line.segments = _segments(line.glyphs, line.height)
    return lines


def _cluster(glyphs: Sequence[Glyph]) -> list[Line]:
    """Glyphs on one baseline, top to bottom. A line's baseline is that of its tallest glyph so far: a
    footnote mark a little above the line ("benefit) ¹") may come first, and the line sits lower."""
    lines: list[Line] = []
    tallest: list[float] = []
    for glyph in sorted(glyphs, key=lambda g: g.baseline):
        if lines and glyph.baseline - lines[-1].baseline <= 0.25 * glyph.height:
            lines[-1].glyphs.append(glyph)
            if glyph.height > tallest[-1]:
                lines[-1].baseline, tallest[-1] = glyph.baseline, glyph.height
        else:
            lines.append(Line([glyph], glyph.baseline))
            tallest.append(glyph.height)
    return lines


def _merge_marks(lines: list[Line]) -> list[Line]:
    """A line of smaller glyphs inside another line's height is its superscript or subscript. Two marks at
    different heights beside one line ("Netting Adjustment⁴" and "Other³") are two lines above it: the
    host may be the second line below."""
    kept: list[Line] = []
    for index, line in enumerate(lines):
        host = _host(line, [kept[-1]] if kept else [], lines[index + 1 : index + 3])
        if host is None:
            kept.append(line)
        else:
            host.glyphs.extend(line.glyphs)
    return kept


def _host(line: Line, before: list[Line], after: list[Line]) -> Line | None:
    height = line.height
    for other in (*before, *after):
        overlap = min(line.bottom, other.bottom) - max(line.top, other.top)
        if height < 0.85 * other.height and overlap >= 0.5 * height and len(line.glyphs) < len(other.glyphs):
            return other
    return None


def _segments(glyphs: list[Glyph], height: float) -> list[Segment]:
    words: list[tuple[float, Word]] = []  # (gap before the word, word)
    run: list[Glyph] = []
    gap_before = 0.0
    for glyph in glyphs:
        gap = glyph.x0 - run[-1].x1 if run else 0.0
        if run and gap > _WORD_GAP * height:
            words.append((gap_before, _word(run, height)))
            run, gap_before = [], gap
        run.append(glyph)
    if run:
        words.append((gap_before, _word(run, height)))
    segments: list[Segment] = []
    for gap, word in words:
        if segments and gap <= SEGMENT_GAP * height:
            segments[-1].words.append(word)
        else:
            segments.append(Segment([word]))
    return segments


def _word(glyphs: list[Glyph], line_height: float) -> Word:
    return Word(
        "".join(glyph.text for glyph in glyphs),
        glyphs[0].x0,
        max(glyph.x1 for glyph in glyphs),
        min(glyph.top for glyph in glyphs),
        max(glyph.bottom for glyph in glyphs),
        all(glyph.height < 0.8 * line_height for glyph in glyphs),
    )
