// Fitting to the screen: what a page must show in full at the top (the table diagram, the video,
// the shot list, the camera frame) is marked data-fit, and gets its top in the page as --fit-top
// so that its CSS can keep it within the viewport's height below the header, however many rows
// the header wraps to on a small screen (max-height: calc(100dvh - var(--fit-top) - …)).
// Listeners (the table diagram) redraw after each change.
const listeners = new Set();
let queued = false;

function update() {
  queued = false;
  for (const el of document.querySelectorAll('[data-fit]')) {
    const top = `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`;
    if (el.style.getPropertyValue('--fit-top') !== top) el.style.setProperty('--fit-top', top);
  }
  for (const fn of listeners) fn();
}

/** Measures again (after the next frame). */
export function relayout() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(update);
}

/** Calls fn after each new measure. */
export function onLayout(fn) {
  listeners.add(fn);
}

const observer = new ResizeObserver(relayout);
observer.observe(document.body);
for (const el of document.querySelectorAll('header, [data-fit]')) observer.observe(el);
window.addEventListener('resize', relayout);
update();
