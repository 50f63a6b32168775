// Calibration: a camera frame with the bed corners of the table's calibration; drag them and
// save (REST, operator token): the server fits the new bed homography behind the lens model.
import { api, ApiError, operatorToken, setOperatorToken, toast } from './api.js';
import { escapeHtml } from './balls.js';
import { onLayout } from './layout.js';
import { TABLES } from './table-geometry.js';

const $ = (id) => document.getElementById(id);
const ORDER = ['head-left', 'foot-left', 'foot-right', 'head-right'];
const C = { tables: [], cals: [], cal: null, corners: [], original: [], width: 1920, height: 1080, drag: -1 };

/** 4-point homography (table metres → image pixels), by Gaussian elimination. */
function homography(from, to) {
  const A = [];
  const b = [];
  from.forEach(([x, y], i) => {
    const [u, v] = to[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]); b.push(v);
  });
  const n = 8;
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(A[r][i]) > Math.abs(A[p][i])) p = r;
    [A[i], A[p]] = [A[p], A[i]]; [b[i], b[p]] = [b[p], b[i]];
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const f = A[r][i] / A[i][i];
      for (let c = i; c < n; c++) A[r][c] -= f * A[i][c];
      b[r] -= f * b[i];
    }
  }
  const h = b.map((v, i) => v / A[i][i]);
  return (x, y) => { const w = h[6] * x + h[7] * y + 1; return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w]; };
}

function tableCorners(size) {
  const { length: L, width: W } = TABLES[size] ?? TABLES['9ft'];
  return { L, W, pts: [[-L / 2, W / 2], [L / 2, W / 2], [L / 2, -W / 2], [-L / 2, -W / 2]] };
}

function draw() {
  const svg = $('svg');
  svg.setAttribute('viewBox', `0 0 ${C.width} ${C.height}`);
  const size = C.cal?.calibration.table ?? '9ft';
  const { L, W, pts } = tableCorners(size);
  const H = homography(pts, C.corners.map((c) => [c.u, c.v]));
  const P = (x, y) => H(x, y).map((v) => v.toFixed(1)).join(',');
  const lines = [];
  for (let k = 1; k < 8; k++) lines.push(`<line x1="${H(-L / 2 + (k * L) / 8, -W / 2)[0]}" y1="${H(-L / 2 + (k * L) / 8, -W / 2)[1]}" x2="${H(-L / 2 + (k * L) / 8, W / 2)[0]}" y2="${H(-L / 2 + (k * L) / 8, W / 2)[1]}" class="grid"/>`);
  for (let k = 1; k < 4; k++) lines.push(`<line x1="${H(-L / 2, -W / 2 + (k * W) / 4)[0]}" y1="${H(-L / 2, -W / 2 + (k * W) / 4)[1]}" x2="${H(L / 2, -W / 2 + (k * W) / 4)[0]}" y2="${H(L / 2, -W / 2 + (k * W) / 4)[1]}" class="grid"/>`);
  const spec = TABLES[size] ?? TABLES['9ft'];
  const head = [H(spec.headStringX, -W / 2), H(spec.headStringX, W / 2)];
  const pockets = spec.pockets.map((p) => H(p.centre.x, p.centre.y));
  // Image pixels per CSS pixel: the handles stay at least 44 CSS px across (a finger), the labels readable.
  const perPx = C.width / Math.max(1, $('stage').clientWidth);
  const hr = Math.max(34, 22 * perPx);
  const font = Math.max(22, 12 * perPx);
  svg.innerHTML = `<style>.grid{stroke:rgba(242,183,5,.35);stroke-width:1.5}.edge{fill:rgba(242,183,5,.06);stroke:#f2b705;stroke-width:3}.hs{stroke:#fff;stroke-width:2;stroke-dasharray:10 8;opacity:.7}.pk{fill:none;stroke:#4aa3ff;stroke-width:3}.lbl{fill:#fff;font:700 ${font.toFixed(1)}px Inter,sans-serif;paint-order:stroke;stroke:#000;stroke-width:${(font / 5.5).toFixed(1)}px}</style>
    <polygon class="edge" points="${pts.map(([x, y]) => P(x, y)).join(' ')}"/>
    ${lines.join('')}
    <line class="hs" x1="${head[0][0]}" y1="${head[0][1]}" x2="${head[1][0]}" y2="${head[1][1]}"/>
    ${pockets.map(([u, v]) => `<circle class="pk" cx="${u}" cy="${v}" r="26"/>`).join('')}
    ${C.corners.map((c, i) => `<g class="handle" data-i="${i}"><circle cx="${c.u}" cy="${c.v}" r="${hr.toFixed(1)}" fill="rgba(242,183,5,.18)" stroke="#f2b705" stroke-width="3"/><circle cx="${c.u}" cy="${c.v}" r="4" fill="#f2b705"/>${label(c, ORDER[i], hr, font)}</g>`).join('')}`;
  $('corners').innerHTML = C.corners.map((c, i) => {
    const moved = Math.hypot(c.u - C.original[i].u, c.v - C.original[i].v) > 0.5;
    return `<tr><td>${ORDER[i]}</td><td class="${moved ? 'moved' : ''}">${c.u.toFixed(1)}, ${c.v.toFixed(1)} px</td><td class="muted">${moved ? `moved ${Math.hypot(c.u - C.original[i].u, c.v - C.original[i].v).toFixed(1)} px` : 'detected'}</td></tr>`;
  }).join('');
}

/** A corner's name beside its handle, on the side where it stays inside the frame. */
function label(c, text, hr, font) {
  const y = (c.v + (c.v < C.height / 2 ? hr + font * 0.45 : -hr + 4)).toFixed(1);
  const fits = c.u + hr + 6 + 0.62 * font * text.length <= C.width;
  return `<text class="lbl" x="${(fits ? c.u + hr + 6 : c.u - hr - 6).toFixed(1)}" y="${y}"${fits ? '' : ' text-anchor="end"'}>${text}</text>`;
}

function svgPoint(e) {
  const r = $('svg').getBoundingClientRect();
  return { u: ((e.clientX - r.left) / r.width) * C.width, v: ((e.clientY - r.top) / r.height) * C.height };
}
$('svg').addEventListener('pointerdown', (e) => {
  const g = e.target.closest('.handle');
  if (!g) return;
  C.drag = Number(g.dataset.i);
  $('svg').setPointerCapture(e.pointerId);
});
$('svg').addEventListener('pointermove', (e) => {
  if (C.drag < 0) return;
  const p = svgPoint(e);
  C.corners[C.drag] = { u: Math.max(0, Math.min(C.width, p.u)), v: Math.max(0, Math.min(C.height, p.v)) };
  draw();
});
$('svg').addEventListener('pointerup', () => { C.drag = -1; });

async function loadTables() {
  C.tables = await api('/api/tables');
  $('table-select').innerHTML = C.tables.map((t) => `<option value="${t.id}">${escapeHtml(t.name)} · ${t.size}</option>`).join('');
  await loadCalibrations();
}

async function loadCalibrations(selectId) {
  const tableId = Number($('table-select').value);
  const table = C.tables.find((t) => t.id === tableId);
  C.cals = await api(`/api/calibrations?tableId=${tableId}`);
  $('cal-select').innerHTML = C.cals.map((c) => `<option value="${c.id}">#${c.id} · ${escapeHtml(c.label)}${c.id === table?.calibrationId ? ' (current)' : ''}</option>`).join('') || '<option value="">no calibration</option>';
  $('history').innerHTML = C.cals.map((c) => `<div><b>#${c.id}</b> ${escapeHtml(c.label)}<br><span class="muted">${new Date(c.createdAt).toLocaleString()} · ${escapeHtml(c.createdBy)}</span></div>`).join('') || '<div class="muted">none</div>';
  const id = selectId ?? table?.calibrationId ?? C.cals[0]?.id;
  if (id) { $('cal-select').value = String(id); await loadCalibration(id); }
}

async function loadCalibration(id) {
  C.cal = await api(`/api/calibrations/${id}`);
  const cal = C.cal.calibration;
  C.width = cal.imageWidth; C.height = cal.imageHeight;
  $('stage').style.aspectRatio = `${C.width} / ${C.height}`;
  $('stage').style.setProperty('--ar', String(C.width / C.height));
  const byPocket = Object.fromEntries((C.cal.corners ?? []).map((c) => [c.pocket, c]));
  C.corners = ORDER.map((p) => ({ u: byPocket[p]?.u ?? 0, v: byPocket[p]?.v ?? 0 }));
  C.original = C.corners.map((c) => ({ ...c }));
  // The automatic calibration's own doubts (fit.doubts): the operator is asked to check the corners.
  const doubts = cal.fit?.doubts;
  $('doubts').innerHTML = doubts?.length
    ? `<div class="doubt"><span class="badge red">unsure</span> ${doubts.map((d) => escapeHtml(d.message)).join('; ')}. Drag the corners onto the cushion noses and save.</div>`
    : doubts ? `<div class="muted small">Checked against the frame's cloth and the rails' diamonds: no doubt found${cal.fit?.correctedBy === 'diamonds' ? ' (the bed was moved onto the diamonds)' : ''}.</div>` : '';
  draw();
}

async function loadFrames() {
  const recs = (await api('/api/recordings')).filter((r) => r.video);
  $('rec-select').innerHTML = recs.map((r) => `<option value="${r.name}">${escapeHtml(r.name)}</option>`).join('') || '<option value="">no recording</option>';
  loadFrame();
}
function loadFrame() {
  const name = $('rec-select').value;
  if (!name) return;
  const t = Number($('t').value) || 0;
  $('frame').src = `/api/recordings/${name}/frame.jpg?t=${t}`;
  $('frame-info').textContent = `${name} at ${t} s`;
}

$('table-select').onchange = () => loadCalibrations();
$('cal-select').onchange = () => loadCalibration(Number($('cal-select').value));
$('reload').onclick = loadFrame;
$('reset').onclick = () => { C.corners = C.original.map((c) => ({ ...c })); draw(); };
$('token-set').onclick = () => { setOperatorToken($('token').value.trim()); $('token-box').classList.add('hidden'); toast('token set'); };
$('save').onclick = async () => {
  const token = operatorToken();
  if (!token) { $('token-box').classList.remove('hidden'); return toast('operator token needed to save', 'err'); }
  try {
    const r = await api('/api/calibrations', { method: 'POST', token, body: { base: C.cal.id, tableId: Number($('table-select').value), label: $('label').value.trim() || 'adjusted by hand', corners: C.corners } });
    $('save-result').innerHTML = `<span class="badge gold">saved</span> calibration #${r.id} · corner fit within ${r.residualPx} px · now the table's current calibration`;
    C.tables = await api('/api/tables');
    await loadCalibrations(r.id);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) $('token-box').classList.remove('hidden');
    $('save-result').innerHTML = `<span class="badge red">not saved</span> ${escapeHtml(e.message)}`;
  }
};
onLayout(() => { if (C.corners.length) draw(); });
loadTables().then(loadFrames).catch((e) => toast(e.message, 'err'));
