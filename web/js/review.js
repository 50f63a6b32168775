// Review: open a recording (its log as recorded, or as the live referee infers it from the
// tracks) or a stored match; the shots on a timeline; jump to a shot; the video replayed with
// the tracked balls and the events drawn over it; statistics per player; JSON and CSV export.
import { api, toast } from './api.js';
import { colourOf, escapeHtml } from './balls.js';
import { callHtml, confidenceHtml } from './calls.js';
import { onLayout } from './layout.js';
import { callsCsv, computeStats, download, statsCsv } from './stats.js';
import { TableView } from './table.js';

const $ = (id) => document.getElementById(id);
const video = $('video');
const overlay = $('overlay');
const table = new TableView($('table'));
const R = { data: null, frames: [], shots: [], operator: [], sel: -1, hasVideo: false, duration: 60, players: [], t: 0, playing: false, name: '' };

const fmt = (t) => `${Math.floor(t / 60)}:${(t % 60).toFixed(1).padStart(4, '0')}`;

async function loadSources() {
  const [recs, matches] = await Promise.all([api('/api/recordings'), api('/api/matches')]);
  const opts = [];
  for (const r of recs) {
    if (r.tracks && r.log) opts.push({ value: `rec:${r.name}:inferred`, label: `Recording ${r.name} · log inferred from its tracks` });
    if (r.log) opts.push({ value: `rec:${r.name}:truth`, label: `Recording ${r.name} · recorded log` });
  }
  for (const m of matches) opts.push({ value: `match:${m.id}`, label: `Match #${m.id} · ${m.title} · ${m.status}` });
  $('source').innerHTML = opts.map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`).join('');
  const q = new URLSearchParams(location.search);
  const wanted = q.get('match') ? `match:${q.get('match')}` : q.get('recording') ? `rec:${q.get('recording')}:${q.get('log') ?? 'inferred'}` : opts[0]?.value;
  if (wanted && opts.some((o) => o.value === wanted)) $('source').value = wanted;
  await open($('source').value);
}

async function open(value) {
  if (!value) return;
  let data;
  let recording = null;
  if (value.startsWith('rec:')) {
    const [, name, log] = value.split(':');
    data = await api(`/api/recordings/${name}/review?log=${log}`);
    recording = name;
  } else {
    data = await api(`/api/matches/${value.slice(6)}/review`);
    recording = data.recording;
  }
  R.data = data;
  R.name = value.replace(/[^a-z0-9]+/gi, '-');
  const match = data.entries.find((e) => e.line.kind === 'match')?.line;
  R.players = match?.players ?? [];
  if (match) { table.setTable(match.table); table.resize(); }
  R.shots = data.entries.filter((e) => e.line.kind === 'shot').map((e, i) => ({ n: i + 1, ...e, calls: data.calls.filter((c) => c.ord === e.ord) }));
  R.operator = data.entries.filter((e) => ['decision', 'foul', 'warning'].includes(e.line.kind));
  R.frames = [];
  R.hasVideo = false;
  if (recording) {
    const info = await api(`/api/recordings/${recording}`).catch(() => null);
    if (info?.tracks) {
      const text = await (await fetch(`/api/recordings/${recording}/tracks`)).text();
      R.frames = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    }
    if (info?.video) {
      R.hasVideo = true;
      video.src = `/api/recordings/${recording}/video`;
    }
  }
  if (!R.hasVideo) video.removeAttribute('src');
  $('no-video').classList.toggle('hidden', R.hasVideo);
  video.classList.toggle('hidden', !R.hasVideo);
  const lastT = Math.max(R.frames.at(-1)?.t ?? 0, ...data.entries.map((e) => e.line.end?.t ?? e.line.t ?? 0));
  R.duration = lastT + 1;
  R.sel = -1;
  R.t = 0;
  renderShots();
  renderTimeline();
  renderStats();
  $('summary').innerHTML = `<b>${R.shots.length}</b> shots · <b>${data.calls.length}</b> calls${match ? ` · ${escapeHtml(match.players.join(' v '))}` : ''}`;
  drawAt(0);
}

function shotTone(s) {
  return s.calls[0]?.words.tone ?? 'info';
}

/** An operator line (decision, foul, warning) in words. */
function opWords(line) {
  if (line.kind === 'decision') return `Decision: ${line.by} chose ${line.choice}`;
  if (line.kind === 'foul') return `Foul ${line.rule} on ${line.by} (operator)`;
  if (line.kind === 'warning') return `Two-foul warning to ${line.to}`;
  return line.kind;
}

function renderShots() {
  $('shot-count').textContent = `${R.shots.length}`;
  const rows = R.shots.map((s, i) => {
    const c = s.calls[0];
    const rules = c ? c.words.rules.map((r) => `<code class="rule"><code>${escapeHtml(r.id)}</code></code>`).join('') : '';
    return { t: s.line.t ?? 0, html: `<div class="shot ${shotTone(s)} ${i === R.sel ? 'sel' : ''}" data-i="${i}">
      <div class="l1"><span class="n">${s.n}</span><span class="h">${escapeHtml(c?.words.headline ?? 'not judged')}</span><span class="tm">${fmt(s.line.t ?? 0)}</span></div>
      <div class="l2"><span>${escapeHtml(c?.call.shooter ?? '')}</span>${rules}${c ? confidenceHtml(c.confidence, c.confirmed) : ''}</div>
    </div>` };
  });
  // The operator's lines between the shots (they are marked on the timeline too).
  for (const e of R.operator) {
    const t = e.line.t ?? 0;
    rows.push({ t, html: `<div class="op-row" data-t="${t}"><span>${escapeHtml(opWords(e.line))}</span><span class="tm">${fmt(t)}</span></div>` });
  }
  rows.sort((a, b) => a.t - b.t);
  $('shot-list').innerHTML = R.shots.length ? rows.map((r) => r.html).join('') : '<div class="body muted">No shots in this log.</div>';
}

function renderTimeline() {
  const tl = $('timeline');
  tl.querySelectorAll('.tl-mark').forEach((m) => m.remove());
  for (const [i, s] of R.shots.entries()) {
    const m = document.createElement('div');
    m.className = `tl-mark ${shotTone(s)}`;
    m.style.left = `${(100 * (s.line.t ?? 0)) / R.duration}%`;
    m.title = `shot ${s.n}: ${s.calls[0]?.words.headline ?? ''}`;
    m.dataset.i = String(i);
    tl.append(m);
  }
  for (const e of R.operator) {
    const m = document.createElement('div');
    m.className = 'tl-mark op';
    m.style.left = `${(100 * (e.line.t ?? 0)) / R.duration}%`;
    m.title = opWords(e.line);
    tl.append(m);
  }
}

function renderStats() {
  const stats = computeStats(R.data.calls, R.players);
  const ps = R.players;
  const row = (label, f) => `<tr><td>${label}</td>${ps.map((p) => `<td>${f(stats[p])}</td>`).join('')}</tr>`;
  const pct = (v) => (v === null ? '–' : `${v}%`);
  $('stats').innerHTML = `<table class="stat-table"><thead><tr><th></th>${ps.map((p) => `<th>${escapeHtml(p)}</th>`).join('')}</tr></thead><tbody>
    ${row('Shots', (s) => s.shots)}${row('Pocketing', (s) => pct(s.pocketingPct))}${row('Balls pocketed', (s) => s.pocketed)}
    ${row('Breaks', (s) => s.breaks)}${row('Break success', (s) => pct(s.breakPct))}${row('Runouts', (s) => s.runouts)}
    ${row('Games won', (s) => s.gamesWon)}${row('Fouls', (s) => s.fouls)}</tbody></table>
    <div class="fouls-rule">${ps.map((p) => `<div><b>${escapeHtml(p)}</b> · fouls by rule: ${Object.entries(stats[p].foulsByRule).map(([r, n]) => `<code class="rule"><code>${r}</code></code>×${n}`).join(' ') || 'none'}</div>`).join('')}</div>`;
  R.stats = stats;
}

function select(i) {
  R.sel = i;
  const s = R.shots[i];
  if (!s) return;
  seek(Math.max(0, (s.line.t ?? 0) - 0.5));
  for (const el of document.querySelectorAll('.shot')) el.classList.toggle('sel', Number(el.dataset.i) === i);
  document.querySelector(`.shot[data-i="${i}"]`)?.scrollIntoView({ block: 'nearest' });
  $('selected').innerHTML = s.calls.map((c) => callHtml(c)).join('') + `<div class="body muted">${s.line.events.length} events · ${(((s.line.end?.t ?? s.line.t) - s.line.t) || 0).toFixed(1)} s</div>`;
}

function seek(t) {
  R.t = Math.max(0, Math.min(R.duration, t));
  if (R.hasVideo && Number.isFinite(video.duration)) video.currentTime = Math.min(R.t, video.duration - 0.05);
  drawAt(R.t);
}

function frameAt(t) {
  const f = R.frames;
  if (f.length === 0) return null;
  let lo = 0;
  let hi = f.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (f[mid].t <= t) lo = mid; else hi = mid - 1; }
  return f[lo];
}

function shotAt(t) {
  for (let i = R.shots.length - 1; i >= 0; i--) {
    const s = R.shots[i];
    if ((s.line.t ?? 0) - 0.6 <= t) return (s.line.end?.t ?? s.line.t) + 1.5 >= t ? i : -1;
  }
  return -1;
}

function drawAt(t) {
  $('clock').textContent = fmt(t);
  $('tl-head').style.left = `${(100 * t) / R.duration}%`;
  const frame = frameAt(t);
  const si = shotAt(t);
  const shot = si >= 0 ? R.shots[si] : null;
  $('now-label').textContent = shot ? `Shot ${shot.n} · ${shot.calls[0]?.call.shooter ?? ''} · ${shot.calls[0]?.words.headline ?? ''}` : 'between shots';
  // overlay over the video
  const box = $('video-box').getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  overlay.width = Math.round(box.width * dpr);
  overlay.height = Math.round(box.height * dpr);
  const c = overlay.getContext('2d');
  c.clearRect(0, 0, overlay.width, overlay.height);
  const vw = video.videoWidth || 1920;
  const k = overlay.width / vw;
  if (frame && R.hasVideo) {
    if (shot) {
      const trail = R.frames.filter((f) => f.t >= shot.line.t && f.t <= t);
      const pts = trail.map((f) => f.balls.find((b) => b.id === 0)).filter((b) => b && b.u !== undefined);
      c.strokeStyle = 'rgba(255,255,255,.8)'; c.lineWidth = 2 * dpr; c.setLineDash([6 * dpr, 4 * dpr]);
      c.beginPath(); pts.forEach((b, i) => (i ? c.lineTo(b.u * k, b.v * k) : c.moveTo(b.u * k, b.v * k))); c.stroke(); c.setLineDash([]);
    }
    for (const b of frame.balls) {
      if (b.u === undefined) continue;
      c.strokeStyle = b.id === 0 ? '#ffffff' : colourOf(b.id);
      c.lineWidth = 2.5 * dpr;
      c.beginPath(); c.arc(b.u * k, b.v * k, 19 * k, 0, Math.PI * 2); c.stroke();
      c.fillStyle = '#fff'; c.font = `700 ${12 * dpr}px Inter, sans-serif`;
      if (b.id !== 0) c.fillText(String(b.id), b.u * k + 20 * k, b.v * k - 16 * k);
    }
    if (shot) {
      for (const e of shot.line.events) {
        const age = t - e.t;
        if (age < 0 || age > 0.6) continue;
        const ball = e.type === 'contact' ? e.b : e.ball;
        const at = frameAt(e.t)?.balls.find((b) => b.id === ball);
        if (!at || at.u === undefined) continue;
        const r = (22 + 60 * age) * k;
        c.strokeStyle = e.type === 'pocket' ? '#2fbf71' : e.type === 'cushion' ? '#4aa3ff' : '#f2b705';
        c.globalAlpha = 1 - age / 0.6; c.lineWidth = 3 * dpr;
        c.beginPath(); c.arc(at.u * k, at.v * k, r, 0, Math.PI * 2); c.stroke();
        c.fillStyle = c.strokeStyle; c.font = `800 ${14 * dpr}px Inter, sans-serif`;
        c.fillText(e.type === 'contact' ? `contact ${e.a === 0 ? 'cue' : e.a}–${e.b}` : e.type === 'cushion' ? `cushion ${e.cushion}` : e.type, at.u * k + r, at.v * k - r);
        c.globalAlpha = 1;
      }
    }
  }
  // the table view (to scale)
  const sel = R.sel >= 0 ? R.shots[R.sel] : shot;
  const paths = sel?.calls[0]?.paths?.length ? sel.calls[0].paths : sel ? pathsFromFrames(sel) : [];
  const balls = frame ? frame.balls : (sel?.line.end?.balls ?? []);
  table.draw({ balls, paths, caption: `t ${t.toFixed(1)} s` });
}

function pathsFromFrames(s) {
  const byId = new Map();
  for (const f of R.frames) {
    if (f.t < s.line.t || f.t > (s.line.end?.t ?? s.line.t)) continue;
    for (const b of f.balls) { if (b.id === null) continue; const p = byId.get(b.id) ?? []; p.push([b.x, b.y]); byId.set(b.id, p); }
  }
  return [...byId].map(([id, points]) => ({ id, points })).filter((p) => Math.hypot(p.points[0][0] - p.points.at(-1)[0], p.points[0][1] - p.points.at(-1)[1]) > 0.01);
}

// ---- playback ----
let lastTick = 0;
function tick(now) {
  if (R.playing) {
    if (R.hasVideo) R.t = video.currentTime;
    else { R.t += ((now - lastTick) / 1000) * Number($('rate').value); if (R.t >= R.duration) { R.playing = false; } }
    drawAt(R.t);
  }
  lastTick = now;
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

function setPlaying(on) {
  R.playing = on;
  $('play').innerHTML = on ? '❚❚ <span class="word">Pause</span>' : '▶ <span class="word">Play</span>';
  $('play').setAttribute('aria-label', on ? 'Pause' : 'Play');
  if (R.hasVideo) { if (on) video.play().catch(() => toast('the video cannot play here', 'err')); else video.pause(); }
}
$('play').onclick = () => setPlaying(!R.playing);
video.onended = () => setPlaying(false);
video.onseeked = () => drawAt(video.currentTime);
video.onloadeddata = () => drawAt(R.t);
$('rate').onchange = () => { video.playbackRate = Number($('rate').value); };
$('prev').onclick = () => select(Math.max(0, (R.sel < 0 ? shotAt(R.t) : R.sel) - 1));
$('next').onclick = () => select(Math.min(R.shots.length - 1, (R.sel < 0 ? Math.max(-1, shotAt(R.t)) : R.sel) + 1));
$('shot-list').onclick = (e) => {
  const el = e.target.closest('.shot');
  if (el) return select(Number(el.dataset.i));
  const op = e.target.closest('.op-row');
  if (op) seek(Number(op.dataset.t));
};

// The timeline, by mouse, pen or finger: a tap (or click) next to a shot's mark selects that shot,
// elsewhere it seeks there; a drag scrubs along.
const timeline = $('timeline');
let scrub = null;
const timeAt = (x) => {
  const r = timeline.getBoundingClientRect();
  return (Math.max(0, Math.min(r.width, x - r.left)) / r.width) * R.duration;
};
timeline.addEventListener('pointerdown', (e) => {
  if (e.button !== 0) return;
  scrub = { id: e.pointerId, x: e.clientX, moved: false };
  timeline.setPointerCapture(e.pointerId);
});
timeline.addEventListener('pointermove', (e) => {
  if (!scrub || e.pointerId !== scrub.id) return;
  if (!scrub.moved && Math.abs(e.clientX - scrub.x) < 6) return;
  scrub.moved = true;
  seek(timeAt(e.clientX));
});
timeline.addEventListener('pointerup', (e) => {
  if (!scrub || e.pointerId !== scrub.id) return;
  const { moved } = scrub;
  scrub = null;
  if (moved) return seek(timeAt(e.clientX));
  const r = timeline.getBoundingClientRect();
  const near = R.shots.map((s, i) => ({ i, d: Math.abs(r.left + ((s.line.t ?? 0) / R.duration) * r.width - e.clientX) })).sort((a, b) => a.d - b.d)[0];
  if (near && near.d <= 12) select(near.i);
  else seek(timeAt(e.clientX));
});
timeline.addEventListener('pointercancel', () => { scrub = null; });
$('source').onchange = () => open($('source').value);
window.addEventListener('resize', () => drawAt(R.t));
onLayout(() => { if (R.data) drawAt(R.t); }); // the video's box follows the viewport's height too
$('export-json').onclick = () => download(`railbird-${R.name}.json`, JSON.stringify({ source: $('source').value, players: R.players, stats: R.stats, entries: R.data.entries, calls: R.data.calls }, null, 2), 'application/json');
$('export-csv').onclick = () => download(`railbird-${R.name}-calls.csv`, callsCsv(R.data.calls), 'text/csv');
$('export-stats').onclick = () => download(`railbird-${R.name}-stats.csv`, statsCsv(R.stats), 'text/csv');

loadSources().catch((e) => toast(e.message, 'err'));
