// Operator panel: declarations for the next shot, decisions, fouls the camera cannot see, the
// two-foul warning, confirming and overturning calls, starting a match. Every action goes to
// the REST API with the operator token; refusals are shown as the server words them.
import { api, ApiError, operatorToken, setOperatorToken, toast } from './api.js';
import { ballChip, escapeHtml } from './balls.js';
import { callHtml, LOW_CONFIDENCE } from './calls.js';
import { Live, sourcePill, sourceWords } from './live.js';
import { ballInHandWords, declaredWords, gameLine } from './scoreboard.js';

const $ = (id) => document.getElementById(id);
const live = new Live();
let token = operatorToken();
let fouls = [];
const pick = { ball: null, pocket: null, pushOut: false, safety: false };
let foulPlayer = null;

const CHOICES = { play: 'Play from here', pass: 'Pass it back', rerack: 'Re-rack', spot8: 'Spot the 8, play on', 'rebreak-self': 'Re-rack, I break', 'rebreak-opponent': 'Re-rack, opponent breaks' };

function setLocked(locked) {
  $('unlock').classList.toggle('hidden', !locked);
  $('lock-pill').innerHTML = locked ? '<span class="dot lost"></span> locked · read-only' : '<span class="dot live"></span> operator';
  document.body.classList.toggle('locked', locked);
}

async function act(path, body, okMessage) {
  const s = live.state;
  if (!s) return null;
  try {
    const r = await api(`/api/matches/${s.matchId}/${path}`, { method: 'POST', body, token });
    if (okMessage) toast(okMessage);
    return r;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) setLocked(true);
    toast(e.message, 'err', 5000);
    return null;
  }
}

function renderState(s) {
  if (!s) return;
  $('title').textContent = `${s.title} · ${gameLine(s)}`;
  const [a, b] = s.players;
  const who = (p) => `<span class="who ${p === s.shooter && !s.matchOver ? 'active' : ''}">${escapeHtml(p)}</span>`;
  $('score-line').innerHTML = `${who(a)} <span class="sc">${s.score[a] ?? 0}</span><span class="vs">race to ${s.raceTo ?? '∞'}</span><span class="sc">${s.score[b] ?? 0}</span> ${who(b)}`;
  const info = [];
  info.push(`<span class="info">${escapeHtml(s.shooter)} ${s.breakNext ? 'to break' : 'at the table'}</span>`);
  const bih = ballInHandWords(s);
  if (bih) info.push(`<span class="info gold">Ball in hand · ${bih}</span>`);
  for (const p of s.players) if (s.consecutiveFouls[p]) info.push(`<span class="info ${s.consecutiveFouls[p] >= 2 ? 'red' : ''}">${escapeHtml(p)}: ${s.consecutiveFouls[p]} foul${s.consecutiveFouls[p] > 1 ? 's' : ''} in a row${s.warned[p] ? ' · warned' : ''}</span>`);
  if (s.respot.length) info.push(`<span class="info">Respot ${s.respot.map((r) => `the ${r.id}`).join(', ')}</span>`);
  if (s.matchOver) info.push(`<span class="info gold">${escapeHtml(s.matchOver.winner ?? 'Nobody')} wins the match</span>`);
  $('situation').innerHTML = info.join('');
  // decision
  $('decision').classList.toggle('hidden', !s.awaiting);
  if (s.awaiting) {
    $('decision-q').textContent = s.awaiting.question;
    $('decision-buttons').innerHTML = s.awaiting.choices.map((c) => `<button class="btn big primary" data-choice="${c}">${CHOICES[c] ?? c}</button>`).join('');
  }
  // next shot
  $('btn-pushout').disabled = !s.pushOutAvailable;
  if (!s.pushOutAvailable && pick.pushOut) { pick.pushOut = false; }
  $('declared-now').textContent = s.pendingDeclared ? `declared: ${declaredWords(s.pendingDeclared)}` : 'nothing declared';
  $('ball-pick').innerHTML = s.ballsLeft.map((id) => `<button data-ball="${id}" class="${pick.ball === id ? 'on' : ''}">${ballChip(id)}</button>`).join('');
  syncToggles();
  // fouls
  if (!foulPlayer || !s.players.includes(foulPlayer)) foulPlayer = s.shooter;
  $('foul-player').innerHTML = s.players.map((p) => `<button class="btn ${p === foulPlayer ? 'on' : ''}" data-player="${escapeHtml(p)}">${escapeHtml(p)}</button>`).join('');
  $('btn-warning').disabled = !s.warningDue;
  $('btn-warning').textContent = s.warningDue ? `Give ${s.warningDue} the two-foul warning (G19)` : 'Two-foul warning (G19): not due';
  renderCalls();
}

function syncToggles() {
  $('btn-pushout').classList.toggle('on', pick.pushOut);
  $('btn-safety').classList.toggle('on', pick.safety);
  for (const el of document.querySelectorAll('.pk')) el.classList.toggle('on', el.dataset.pocket === pick.pocket);
  for (const el of document.querySelectorAll('#ball-pick button')) el.classList.toggle('on', Number(el.dataset.ball) === pick.ball);
}

function renderCalls() {
  const calls = live.calls;
  const lastShot = [...calls].reverse().find((c) => c.call.input === 'shot' && !c.call.rejected);
  const open = (c) => !lastShot || c.ord >= lastShot.ord;
  $('calls').innerHTML = calls.slice().reverse().slice(0, 40).map((c) => {
    if (!open(c) || c.call.input === 'match') return callHtml(c);
    const low = c.confidence.value < LOW_CONFIDENCE && !c.confirmed;
    const actions = `<span style="flex:1"></span>${low ? `<button class="btn good" data-confirm="${c.call.seq}">Confirm</button>` : ''}<button class="btn danger" data-overturn="${c.call.seq}">Overturn…</button>`;
    return callHtml(c, { actions });
  }).join('') || '<div class="body muted">No calls yet.</div>';
}

function overturnDialog(seq) {
  const jc = live.calls.find((c) => c.call.seq === seq);
  if (!jc) return;
  const balls = (live.state?.ballsLeft ?? []).concat(jc.call.pocketed.filter((b) => b !== 0));
  const back = document.createElement('div');
  back.className = 'modal-back';
  back.innerHTML = `<div class="modal" role="dialog" aria-label="Overturn call">
    <h3>Overturn call #${seq}: ${escapeHtml(jc.words.headline)}</h3>
    <div class="body">
      <label><input type="radio" name="ruling" value="void" checked> Void it: strike this input and re-judge (a phantom shot, a ball moved by the referee)</label>
      <label><input type="radio" name="ruling" value="foul"> The shot stands, but it was a foul by ${escapeHtml(jc.call.shooter ?? '—')}:
        <select name="rule">${fouls.map((f) => `<option value="${f.rule}">${f.rule} · ${escapeHtml(f.label)}</option>`).concat(['G18a', 'G18b', 'G18c', 'G12'].map((r) => `<option value="${r}">${r}</option>`)).join('')}</select></label>
      ${jc.call.fouls.length > 0 && (jc.call.input === 'shot' || jc.call.input === 'foul') ? `<label><input type="radio" name="ruling" value="legal"> It was legal: no foul (the camera's facts behind the foul are corrected${jc.call.input === 'shot' ? '; a wrong first ball is taken as the ball chosen below' : ''})</label>` : ''}
      ${jc.call.input === 'shot' ? `<label><input type="radio" name="ruling" value="first-contact"> The cue ball hit this ball first: <select name="ball">${[...new Set(balls)].sort((a, b) => a - b).map((b) => `<option value="${b}">${b}</option>`).join('')}</select></label>` : ''}
      <div><label>Reason (kept in the audit)</label><input name="reason" style="width:100%" placeholder="e.g. the cue ball clearly hit the 3 first" maxlength="300"></div>
    </div>
    <div class="actions"><button class="btn" data-x="cancel">Cancel</button><button class="btn danger" data-x="ok">Overturn</button></div></div>`;
  document.body.append(back);
  back.addEventListener('click', async (e) => {
    const x = e.target.dataset?.x;
    if (e.target === back || x === 'cancel') return back.remove();
    if (x !== 'ok') return;
    const ruling = back.querySelector('input[name=ruling]:checked').value;
    const body = { seq, ruling, reason: back.querySelector('input[name=reason]').value.trim() || 'operator overturned the call' };
    if (ruling === 'foul') body.rule = back.querySelector('select[name=rule]').value;
    if (ruling === 'first-contact') body.ball = Number(back.querySelector('select[name=ball]').value);
    if (ruling === 'legal' && jc.call.input === 'shot' && jc.call.fouls.some((f) => /ball-first|no-ball-hit|simultaneous/.test(f.code)) && live.state?.game !== '9ball') {
      body.ball = Number(back.querySelector('select[name=ball]').value);
    }
    const r = await act('overturn', body, `Call #${seq} overturned`);
    if (r) back.remove();
  });
}

function confirmDialog(text, onOk) {
  const back = document.createElement('div');
  back.className = 'modal-back';
  back.innerHTML = `<div class="modal" role="dialog"><h3>${escapeHtml(text)}</h3><div class="actions"><button class="btn" data-x="cancel">Cancel</button><button class="btn primary" data-x="ok">Yes</button></div></div>`;
  document.body.append(back);
  back.addEventListener('click', async (e) => {
    const x = e.target.dataset?.x;
    if (e.target === back || x === 'cancel') return back.remove();
    if (x === 'ok') { back.remove(); await onOk(); }
  });
}

// ---- wiring ----
live.on('state', renderState);
live.on('snapshot', () => renderCalls());
live.on('call', () => renderCalls());
live.on('status', (st) => { $('source-pill').innerHTML = sourcePill(st); $('source-desc').textContent = sourceWords(st); });

document.addEventListener('click', async (e) => {
  const t = e.target.closest('button');
  if (!t) return;
  const s = live.state;
  if (t.dataset.choice && s?.awaiting) await act('decision', { by: s.awaiting.by, choice: t.dataset.choice }, `${s.awaiting.by}: ${CHOICES[t.dataset.choice] ?? t.dataset.choice}`);
  else if (t.dataset.ball) { const b = Number(t.dataset.ball); pick.ball = pick.ball === b ? null : b; syncToggles(); }
  else if (t.dataset.pocket) { pick.pocket = pick.pocket === t.dataset.pocket ? null : t.dataset.pocket; syncToggles(); }
  else if (t.dataset.player) { foulPlayer = t.dataset.player; renderState(s); }
  else if (t.dataset.rule && s) {
    const f = fouls.find((x) => x.rule === t.dataset.rule);
    confirmDialog(`Foul ${f.rule} (${f.label}) on ${foulPlayer}?`, () => act('foul', { rule: f.rule, by: foulPlayer }, `Foul ${f.rule} on ${foulPlayer}`));
  } else if (t.dataset.confirm) await act('confirm', { seq: Number(t.dataset.confirm) }, `Call #${t.dataset.confirm} confirmed`);
  else if (t.dataset.overturn) overturnDialog(Number(t.dataset.overturn));
});
$('btn-pushout').onclick = () => { pick.pushOut = !pick.pushOut; syncToggles(); };
$('btn-safety').onclick = () => { pick.safety = !pick.safety; syncToggles(); };
$('btn-declare').onclick = async () => {
  const body = {};
  if (pick.pushOut) body.pushOut = true;
  if (pick.safety) body.safety = true;
  if (pick.ball !== null) body.call = { ball: pick.ball, pocket: pick.pocket ?? 'obvious' };
  if (await act('declare', body, 'Declared for the next shot')) Object.assign(pick, { ball: null, pocket: null, pushOut: false, safety: false });
  syncToggles();
};
$('btn-clear').onclick = async () => { Object.assign(pick, { ball: null, pocket: null, pushOut: false, safety: false }); syncToggles(); await act('declare', { clear: true }, 'Declaration cleared'); };
$('btn-warning').onclick = () => { const s = live.state; if (s?.warningDue) act('warning', { to: s.warningDue }, `${s.warningDue} warned: on two fouls`); };
$('unlock-form').onsubmit = async (e) => {
  e.preventDefault();
  token = $('token-input').value.trim();
  setOperatorToken(token);
  await checkToken();
};
$('new-match').onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const game = f.get('game');
  const race = Number(f.get('race'));
  const body = { game, players: [String(f.get('p1')).trim(), String(f.get('p2')).trim()], breaks: f.get('breaks'), ...(game === '14.1' ? { target: race } : { raceTo: race }) };
  try {
    await api('/api/matches', { method: 'POST', body, token });
    toast('Match started');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) setLocked(true);
    toast(err.message, 'err', 5000);
  }
};

async function checkToken() {
  if (!token) return setLocked(true);
  const id = live.state?.matchId ?? 1;
  try {
    await api(`/api/matches/${id}/audit`, { token });
    setLocked(false);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) { setLocked(true); toast(e.message, 'err'); } else setLocked(false);
  }
}

api('/api/operator-fouls').then((list) => {
  fouls = list;
  $('foul-grid').innerHTML = list.map((f) => `<button class="btn" data-rule="${f.rule}"><code>${f.rule}</code> ${escapeHtml(f.label)}</button>`).join('');
});
setLocked(!token);
live.on('snapshot', () => { if (token) checkToken(); });
