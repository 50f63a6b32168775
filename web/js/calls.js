// A call as the pages show it: headline, rule ids with their plain words, what happens next,
// the confidence (low ones ask the operator to confirm) and where it came from.
import { escapeHtml } from './balls.js';

export const LOW_CONFIDENCE = 0.75;

export function confidenceHtml(conf, confirmed) {
  const pct = Math.round((conf?.value ?? 1) * 100);
  const low = (conf?.value ?? 1) < LOW_CONFIDENCE;
  const why = (conf?.reasons ?? []).join('; ');
  const flag = low && !confirmed ? '<span class="confirm-flag">CONFIRM?</span>' : confirmed ? '<span class="badge">confirmed</span>' : '';
  return `<span class="conf ${low ? 'low' : ''}" title="${escapeHtml(why)}"><span class="bar"><i style="width:${pct}%"></i></span>${pct}%</span>${flag}`;
}

export function callHtml(jc, { actions = '' } = {}) {
  const c = jc.call;
  const w = jc.words;
  const rules = w.rules.map((r) => `<span class="rule"><code>${escapeHtml(r.id)}</code><span>${escapeHtml(r.text)}</span></span>`).join('');
  const origin = jc.origin === 'camera' ? 'camera' : jc.origin === 'script' ? 'demo operator' : 'operator';
  const t = c.t === null || c.t === undefined ? '' : `t ${Number(c.t).toFixed(1)} s`;
  // Why the confidence is what it is, on the page (a tooltip needs a mouse); the operator's own entries say so already.
  const why = jc.origin === 'camera' ? (jc.confidence?.reasons ?? []) : [];
  return `<div class="call ${w.tone}" data-seq="${c.seq}">
    <div class="head"><span class="seq">#${c.seq}</span><span class="headline">${escapeHtml(w.headline)}</span></div>
    ${w.asRead ? `<div class="asread">as the camera read it: ${escapeHtml(w.asRead)} (the operator confirms)</div>` : ''}
    ${rules ? `<div class="rules">${rules}</div>` : ''}
    <div class="next">${escapeHtml(w.next)}</div>
    <div class="meta">${confidenceHtml(jc.confidence, jc.confirmed)}<span>${origin}</span><span>${t}</span><span>game ${c.game}</span>${actions}</div>
    ${why.length ? `<div class="why">${escapeHtml(why.join('; '))}</div>` : ''}
  </div>`;
}
