// Broadcast overlay: score bug, balls left, the last call, and a short animation for each foul.
import { colourOf, escapeHtml, isStripe } from './balls.js';
import { Live } from './live.js';

const $ = (id) => document.getElementById(id);
const live = new Live();
let hideTimer = null;
let lastSeq = null;

function player(s, i) {
  const p = s.players[i];
  const active = p === s.shooter && !s.matchOver;
  const tags = [];
  if (active && s.ballInHand !== 'none') tags.push('<span class="tag">BALL IN HAND</span>');
  if ((s.consecutiveFouls[p] ?? 0) >= 2) tags.push('<span class="tag red">2 FOULS</span>');
  if (s.groups[p]) tags.push(`<span class="tag">${s.groups[p].toUpperCase()}</span>`);
  const el = $(`p${i}`);
  el.className = `bug-player ${i === 0 ? 'left' : 'right'} ${active ? 'active' : ''}`;
  const name = `<span>${escapeHtml(p)}</span>`;
  const arrow = `<span class="arrow">${i === 0 ? '▶' : '◀'}</span>`;
  el.innerHTML = i === 0 ? `${arrow}${name}<span class="tags">${tags.join('')}</span>` : `<span class="tags">${tags.join('')}</span>${name}${arrow}`;
  $(`s${i}`).textContent = String(s.score[p] ?? 0);
}

function render(s) {
  if (!s) return;
  $('bug-game').textContent = { '9ball': '9-BALL', '8ball': '8-BALL', '14.1': '14.1' }[s.game] ?? s.game;
  $('race').textContent = s.game === '14.1' ? `TO ${s.raceTo ?? '∞'}` : `RACE ${s.raceTo ?? '∞'}`;
  player(s, 0);
  player(s, 1);
  const all = s.game === '9ball' ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
  $('balls').innerHTML = all.map((id) => `<span class="b ${isStripe(id) ? 'stripe' : ''} ${s.ballsLeft.includes(id) ? '' : 'gone'}" style="--c:${colourOf(id)}"><span>${id}</span></span>`).join('');
}

function showCall(jc, animate) {
  const w = jc.words;
  const rid = w.rules[0]?.id;
  const el = $('last-call');
  el.className = `last-call ${w.tone} show`;
  el.innerHTML = `${rid ? `<span class="rid">${escapeHtml(rid)}</span>` : ''}${escapeHtml(w.headline)}`;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => el.classList.remove('show'), 9000);
  if (animate && w.tone === 'foul') {
    const fouls = jc.call.fouls;
    $('fb-rule').textContent = fouls.length ? `${fouls[0].rule} · ${w.headline.replace(/^Foul( on [^:]+)?: /, '')}` : w.headline;
    $('fb-next').textContent = w.next;
    const b = $('foul-banner');
    b.classList.remove('show');
    void b.offsetWidth; // restart the animation
    b.classList.add('show');
  }
}

live.on('state', render);
live.on('snapshot', () => {
  const last = live.calls.filter((c) => c.call.input !== 'match').pop();
  if (last && last.call.seq !== lastSeq) { lastSeq = last.call.seq; showCall(last, false); }
});
live.on('call', (c) => { lastSeq = c.call.seq; showCall(c, true); });
