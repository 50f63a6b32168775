// Ball colours and small renderings shared by the pages (standard pool set).
export const BALL_COLOURS = {
  0: '#f4f1e8', 1: '#f6c21c', 2: '#1f4fb4', 3: '#d8262c', 4: '#5b2a86', 5: '#f07d1a', 6: '#157a3c', 7: '#7a1f1f', 8: '#111111',
};
export const colourOf = (id) => (id === null || id === undefined ? '#9aa4b1' : BALL_COLOURS[id > 8 ? id - 8 : id]);
export const isStripe = (id) => id !== null && id > 8;

/** An HTML chip for a ball (number inside, stripe band for 9–15). */
export function ballChip(id, extra = '') {
  if (id === 0) return `<span class="ball cue ${extra}" title="cue ball"></span>`;
  const cls = isStripe(id) ? 'stripe' : '';
  return `<span class="ball ${cls} ${extra}" style="--c:${colourOf(id)}" title="${id}"><span>${id}</span></span>`;
}

export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
