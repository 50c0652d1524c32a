// Runs in the rendered filing: where each filer page starts and ends, the box of every marked element, and
// the document's text as drawn, line by line (its text and box), so that a quoted sentence can be outlined.
() => {
  // A text node drawn on one line is measured whole; one that wraps, word by word (a range per word).
  // Fragments side by side on the same line join; hidden text (display: none) has no box and is left out.
  const textLines = (scrollY) => {
    const lines = [];
    const add = (text, r) => {
      if (!(r.width > 0 && r.height > 0)) return;
      const line = lines[lines.length - 1];
      const top = r.top + scrollY, bottom = r.bottom + scrollY;
      const middle = (top + bottom) / 2;
      // the same line: to the right of its end, level with it (a wrapped line starts left of the end)
      if (line && r.left >= line[3] - 2 && middle > line[2] && middle < line[4]) {
        line[0] += ` ${text}`;
        line[2] = Math.min(line[2], top); line[3] = Math.max(line[3], r.right); line[4] = Math.max(line[4], bottom);
      } else {
        lines.push([text, r.left, top, r.right, bottom]);
      }
    };
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue;
      if (!/\S/.test(value)) continue;
      range.selectNodeContents(node);
      const rects = range.getClientRects();
      if (rects.length === 0) continue;
      if (rects.length === 1) { add(value.trim().split(/\s+/).join(" "), rects[0]); continue; }
      for (const word of value.matchAll(/\S+/g)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        add(word[0], range.getBoundingClientRect());
      }
    }
    return lines;
  };
  const scrollY = window.scrollY;
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top + scrollY, r.right, r.bottom + scrollY]; };
  // a page ends at the top of a break-after element and the next starts below it; a break-before element
  // starts the next page at its own top
  const after = Array.from(document.querySelectorAll('[data-fp-break]'))
    .map((el) => [Number(el.dataset.fpBreak), rect(el)]);
  const before = Array.from(document.querySelectorAll('[data-fp-break-before]'))
    .map((el) => { const r = rect(el); return [Number(el.dataset.fpBreakBefore), [r[0], r[1], r[2], r[1]]]; });
  const breaks = after.concat(before).sort((a, b) => a[0] - b[0]).map((pair) => pair[1]);
  const elements = {};
  for (const el of document.querySelectorAll('[data-fp-el]')) {
    const r = rect(el);
    if (r[2] - r[0] > 0 && r[3] - r[1] > 0) elements[el.dataset.fpEl] = r;
  }
  return { breaks, elements, lines: textLines(scrollY), height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth };
}

