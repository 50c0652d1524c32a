// Runs in the rendered filing: where each filer page starts and ends, and the box of every marked element.
() => {
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
  return { breaks, elements, height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth };
}
