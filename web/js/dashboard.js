// Dashboard: the live table (balls at 20–30 Hz, the last shot's paths), the calls feed, the
// scoreboard, the camera image and the sources' status.
import { escapeHtml } from './balls.js';
import { callHtml } from './calls.js';
import { Live, sourcePill, sourceWords } from './live.js';
import { ballInHandWords, gameLine, scoreboardHtml } from './scoreboard.js';
import { TableView } from './table.js';

const $ = (id) => document.getElementById(id);
const live = new Live();
const table = new TableView($('table'));
let lastPaths = [];
let liveTrail = new Map();
let drawQueued = false;
const eventLog = [];

function renderCalls() {
  const calls = live.calls.slice().reverse();
  $('calls').innerHTML = calls.map((c) => callHtml(c)).join('') || '<div class="body muted">No calls yet: the first shot is coming.</div>';
  $('calls-count').textContent = `${live.calls.length} call${live.calls.length === 1 ? '' : 's'}`;
  const shot = calls.find((c) => c.call.input === 'shot');
  lastPaths = shot?.paths ?? [];
  queueDraw();
}

function renderState(s) {
  if (!s) return;
  $('title').textContent = s.title;
  $('game-badge').textContent = gameLine(s);
  $('score').innerHTML = scoreboardHtml(s);
  if (s.table !== table.size) { table.setTable(s.table); table.resize(); }
  const chips = [];
  const bih = ballInHandWords(s);
  if (s.matchOver) chips.push(`<span class="chip gold">${escapeHtml(s.matchOver.winner ?? 'draw')} wins the match</span>`);
  else chips.push(`<span class="chip">${escapeHtml(s.shooter)} ${s.breakNext ? 'to break' : 'to shoot'}</span>`);
  if (bih) chips.push(`<span class="chip gold">Ball in hand · ${bih}</span>`);
  if (s.awaiting) chips.push(`<span class="chip gold">${escapeHtml(s.awaiting.question)}</span>`);
  for (const r of s.respot) chips.push(`<span class="chip">Respot the ${r.id} · foot spot</span>`);
  if (s.warningDue) chips.push(`<span class="chip red">Two-foul warning due: ${escapeHtml(s.warningDue)}</span>`);
  $('info-strip').innerHTML = chips.join('');
  queueDraw();
}

function renderStatus(st) {
  if (!st) return;
  $('source-pill').innerHTML = sourcePill(st);
  $('source-desc').textContent = sourceWords(st);
  $('fps').textContent = st.balls ? String(Math.round(st.balls.fps)) : '–';
  $('latency').textContent = st.latency?.callMs !== null && st.latency?.callMs !== undefined ? `${st.latency.callMs} ms` : '–';
  $('viewers').textContent = String(st.viewers ?? '–');
  const v = st.video;
  $('camera-info').textContent = v ? `${v.state} · ${v.fps} img/s${v.reconnects ? ` · ${v.reconnects} reconnects` : ''}` : 'no video source';
}

const EVENT_WORDS = {
  strike: () => 'strike',
  contact: (e) => `<b>${e.a === 0 ? 'cue' : e.a}</b>→<b>${e.b}</b>`,
  cushion: (e) => `${e.ball === 0 ? 'cue' : e.ball} ⟂ ${e.cushion}`,
  pocket: (e) => `${e.ball === 0 ? 'cue' : e.ball} ⬤ ${e.pocket}`,
  'off-table': (e) => `${e.ball} off the table`,
  cross: (e) => `${e.ball === 0 ? 'cue' : e.ball} crosses the head string`,
};

function renderShotEvents(shot) {
  const t0 = shot.t ?? shot.events[0]?.t ?? 0;
  $('shot-strip').innerHTML = `<span class="muted">Shot at ${t0.toFixed(1)} s:</span>` + shot.events.map((e) => {
    const w = (EVENT_WORDS[e.type] ?? (() => e.type))(e);
    return `<span class="ev ${e.type}">+${(e.t - t0).toFixed(2)} ${w}</span>`;
  }).join('');
}

function queueDraw() {
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(() => {
    drawQueued = false;
    const s = live.state;
    const f = live.frame;
    const moving = f?.moving;
    const paths = moving ? [...liveTrail.entries()].filter(([, points]) => points.length > 1).map(([id, points]) => ({ id, points })) : lastPaths;
    const balls = f ? f.balls : (s?.bed ?? []);
    const zone = s?.ballInHandZone && !moving ? s.ballInHandZone : null;
    const ring = s && s.ballInHand !== 'none' && !moving ? '#f2b705' : null;
    table.draw({
      balls: balls.map((b) => (b.id === 0 && ring ? { ...b, ring } : b)), paths, respot: moving ? [] : s?.respot ?? [], zone,
      zoneLabel: s?.ballInHand === 'kitchen' ? 'BALL IN HAND · KITCHEN' : 'BALL IN HAND · ANYWHERE',
      caption: f ? `t ${f.t.toFixed(1)} s` : '',
    });
  });
}

live.on('snapshot', async (snap) => {
  renderCalls();
  try {
    const lines = await (await fetch(`/api/matches/${snap.state.matchId}/lines`)).json();
    const shot = lines.filter((l) => l.kind === 'shot' && !l.voided).pop();
    if (shot) renderShotEvents(JSON.parse(shot.text));
    else $('shot-strip').innerHTML = '<span class="muted">The events of the last shot appear here.</span>';
    eventLog.length = 0;
    for (const l of lines.filter((x) => !x.voided && x.kind !== 'match').slice(-60).reverse()) {
      eventLog.push({ t: l.t, kind: l.kind, text: `${l.origin} ${l.kind}`, detail: JSON.parse(l.text) });
    }
    $('events').innerHTML = eventLog.map(eventRow).join('');
  } catch { /* the strip fills with the next shot */ }
});
live.on('state', renderState);
live.on('status', renderStatus);
live.on('call', () => renderCalls());
live.on('frame', (f) => {
  const was = $('motion').dataset.moving === '1';
  if (f.moving !== was) {
    $('motion').dataset.moving = f.moving ? '1' : '0';
    $('motion').innerHTML = f.moving ? '<span class="dot live"></span> shot in progress' : '<span class="dot"></span> at rest';
    if (f.moving) liveTrail = new Map();
  }
  if (f.moving) {
    for (const b of f.balls) {
      if (b.id === null) continue;
      const pts = liveTrail.get(b.id) ?? [];
      const last = pts[pts.length - 1];
      if (!last || Math.hypot(last[0] - b.x, last[1] - b.y) > 0.01) pts.push([b.x, b.y]);
      liveTrail.set(b.id, pts);
    }
  }
  queueDraw();
});
function eventRow(e) {
  const d = e.detail ?? {};
  const origin = /^(operator|script|camera)/.exec(e.text)?.[1] ?? '';
  let what = e.text;
  if (e.kind === 'shot') what = `shot: ${d.events?.length ?? 0} events${d.declared ? ` · declared ${Object.keys(d.declared).join(', ')}` : ''}`;
  else if (e.kind === 'decision') what = `${d.by} chose ${d.choice}`;
  else if (e.kind === 'foul') what = `foul ${d.rule} on ${d.by}`;
  else if (e.kind === 'warning') what = `two-foul warning to ${d.to}`;
  else if (e.kind === 'declared') what = d ? `declared for the next shot: ${Object.entries(d).map(([k, v]) => (k === 'call' ? `the ${v.ball} in ${v.pocket}` : k)).join(', ')}` : 'declaration cleared';
  else if (e.kind === 'rack') what = 'balls racked';
  else if (e.kind === 'disturbed') what = `ball moved between shots: ${(d.balls ?? []).map((b) => b.id).join(', ')}`;
  const cls = origin === 'operator' ? 'operator' : origin === 'script' ? 'script' : /refused|lost/.test(e.kind) ? 'warn' : '';
  const who = origin === 'script' ? 'demo operator' : origin;
  return `<div class="evrow ${cls}"><span class="t">${e.t === null || e.t === undefined ? '' : `${Number(e.t).toFixed(1)} s`}</span><span class="k">${escapeHtml(e.kind)}</span><span>${escapeHtml(what)}${who && who !== 'camera' ? ` <span class="muted">· ${escapeHtml(who)}</span>` : ''}</span></div>`;
}
live.on('event', (e) => {
  if (e.kind === 'shot' && e.detail?.events) renderShotEvents(e.detail);
  if (e.kind === 'motion') return;
  eventLog.unshift(e);
  eventLog.length = Math.min(eventLog.length, 60);
  $('events').innerHTML = eventLog.map(eventRow).join('');
});

// The camera image: a new snapshot as soon as the previous one has loaded (a few per second).
const img = $('camera');
let cameraTimer = null;
function nextImage(delay) {
  clearTimeout(cameraTimer);
  cameraTimer = setTimeout(() => { img.src = `/api/camera.jpg?ts=${Date.now()}`; }, delay);
}
img.onload = () => { $('camera-none').classList.add('hidden'); nextImage(250); };
img.onerror = () => { $('camera-none').classList.remove('hidden'); nextImage(2000); };
nextImage(0);
