// Runs in the rendered filing: where each filer page starts and ends, and the box of every marked element.
() => {
  const scrollY = window.scrollY;
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top + scrollY, r.right, r.bottom + scrollY]; };
  const breaks = Array.from(document.querySelectorAll('[data-fp-break]'))
    .sort((a, b) => Number(a.dataset.fpBreak) - Number(b.dataset.fpBreak))
    .map((el) => rect(el));
  const elements = {};
  for (const el of document.querySelectorAll('[data-fp-el]')) {
    const r = rect(el);
    if (r[2] - r[0] > 0 && r[3] - r[1] > 0) elements[el.dataset.fpEl] = r;
  }
  return { breaks, elements, height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth };
}
