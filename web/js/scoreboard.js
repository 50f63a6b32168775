// The scoreboard: race, games (or points), who is at the table, consecutive fouls with the
// two-foul warning, groups, ball in hand and its zone, the decision awaited, respots, balls left.
import { ballChip, escapeHtml } from './balls.js';

export const GAME_NAMES = { '9ball': '9-Ball', '8ball': '8-Ball', '14.1': '14.1 Continuous' };

export function gameLine(s) {
  if (!s) return '';
  const race = s.game === '14.1' ? `to ${s.raceTo ?? '∞'} points` : `race to ${s.raceTo ?? '∞'}`;
  return `${GAME_NAMES[s.game] ?? s.game} · ${race} · game ${s.gameNo}`;
}

export function ballInHandWords(s) {
  if (!s || s.ballInHand === 'none') return null;
  return s.ballInHand === 'kitchen' ? 'behind the head string' : 'anywhere';
}

function foulDots(n, warned) {
  const dots = [0, 1, 2].map((i) => `<i class="${i < n ? 'on' : ''}"></i>`).join('');
  return `<span class="fouls" role="img" aria-label="${n} consecutive foul${n === 1 ? '' : 's'}">${dots}${warned ? '<span class="warned">WARNED</span>' : ''}</span>`;
}

export function scoreboardHtml(s) {
  if (!s) return '<div class="sb-head">Waiting for the match…</div>';
  const rows = s.players.map((p) => {
    const group = s.groups[p] ? ` · ${s.groups[p]}` : '';
    const active = p === s.shooter && !s.matchOver;
    const sub = [active ? (s.breakNext ? 'to break' : 'at the table') : '', group.slice(3)].filter(Boolean).join(' · ');
    return `<div class="player ${active ? 'active' : ''}" data-player="${escapeHtml(p)}">
      <span class="turn">▶</span>
      <span><div class="name">${escapeHtml(p)}</div><div class="sub">${escapeHtml(sub || '\u00a0')}</div></span>
      ${foulDots(s.consecutiveFouls[p] ?? 0, s.warned[p])}
      <span class="games">${s.score[p] ?? 0}</span>
    </div>`;
  }).join('');
  const info = [];
  const bih = ballInHandWords(s);
  if (s.matchOver) info.push(`<div><span class="k">Match</span><b>${escapeHtml(s.matchOver.winner ?? 'drawn')} wins</b></div>`);
  if (bih) info.push(`<div><span class="k">Ball in hand</span><b>${escapeHtml(s.shooter)}</b> · ${bih}</div>`);
  if (s.awaiting) info.push(`<div><span class="k">Decision</span><b>${escapeHtml(s.awaiting.question)}</b></div>`);
  if (s.respot.length) info.push(`<div><span class="k">Respot</span>${s.respot.map((r) => `the ${r.id}`).join(', ')} on the foot spot</div>`);
  if (s.pendingDeclared) info.push(`<div><span class="k">Declared</span>${escapeHtml(declaredWords(s.pendingDeclared))}</div>`);
  if (s.pushOutAvailable) info.push('<div><span class="k">Push-out</span>available on this shot (N2.3)</div>');
  const warn = s.warningDue ? `<div class="warn-due">! ${escapeHtml(s.warningDue)} is on two fouls — give the warning (G19)</div>` : '';
  const all = s.game === '9ball' ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
  const left = all.map((id) => ballChip(id, s.ballsLeft.includes(id) ? '' : 'gone')).join('');
  return `<div class="sb-head"><span>${escapeHtml(gameLine(s))}</span><span>${escapeHtml(s.table)}</span></div>${rows}${warn}
    <div class="sb-rows">${info.join('') || '<div class="muted">Play on.</div>'}</div><div class="balls-left">${left}</div>`;
}

export function declaredWords(d) {
  const parts = [];
  if (d.pushOut) parts.push('push-out');
  if (d.safety) parts.push('safety');
  if (d.call) parts.push(`the ${d.call.ball} in ${d.call.pocket === 'obvious' ? 'the obvious pocket' : `the ${d.call.pocket} pocket`}`);
  return parts.join(', ') || 'nothing';
}
