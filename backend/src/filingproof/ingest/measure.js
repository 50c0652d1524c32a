// Runs in the rendered filing: where each filer page starts and ends, and the box of every marked cell.
() => {
  const scrollY = window.scrollY;
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top + scrollY, r.right, r.bottom + scrollY]; };
  const breaks = Array.from(document.querySelectorAll('[data-fp-break]'))
    .sort((a, b) => Number(a.dataset.fpBreak) - Number(b.dataset.fpBreak))
    .map((el) => rect(el));
  const cells = {};
  for (const el of document.querySelectorAll('[data-fp-cell]')) {
    const r = rect(el);
    if (r[2] - r[0] <= 0 || r[3] - r[1] <= 0) continue;
    const id = el.dataset.fpCell;
    const box = cells[id];
    cells[id] = box ? [Math.min(box[0], r[0]), Math.min(box[1], r[1]), Math.max(box[2], r[2]), Math.max(box[3], r[3])] : r;
  }
  return { breaks, cells, height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth };
}
