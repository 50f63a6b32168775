// The table drawn to scale on a canvas: rails with diamonds, cushions, pockets, the head string
// and spots, the ball-in-hand zone, respot ghosts, the last shot's paths and the balls.
import { colourOf, isStripe } from './balls.js';
import { onLayout } from './layout.js';
import { BALL_RADIUS as R, TABLES } from './table-geometry.js';

const RAIL = 0.14; // rail + cushion, metres, as drawn
const CUSHION = 0.045;

export class TableView {
  constructor(canvas, size = '9ft') {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.setTable(size);
    this.scene = {};
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas.parentElement);
    onLayout(() => this.resize());
    this.resize();
  }

  setTable(size) {
    this.size = size;
    this.spec = TABLES[size] ?? TABLES['9ft'];
    this.aspect = (this.spec.length + 2 * RAIL) / (this.spec.width + 2 * RAIL);
  }

  /** As wide as its box's content allows, and no taller than the box's max-height (px) allows. */
  resize() {
    const wrap = this.canvas.parentElement;
    const cs = getComputedStyle(wrap);
    const px = (v) => parseFloat(v) || 0;
    let w = Math.max(0, wrap.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight));
    let h = w / this.aspect;
    if (cs.maxHeight.endsWith('px')) {
      const inner = cs.boxSizing === 'border-box' ? px(cs.maxHeight) - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderTopWidth) - px(cs.borderBottomWidth) : px(cs.maxHeight);
      const maxH = Math.max(inner, Math.min(h, 120)); // never squeezed to nothing
      if (h > maxH) { h = maxH; w = h * this.aspect; }
    }
    const dpr = window.devicePixelRatio || 1;
    const [cssW, cssH] = [Math.floor(w), Math.floor(h)];
    if (this.canvas.style.width !== `${cssW}px` || this.canvas.style.height !== `${cssH}px` || this.canvas.width !== Math.floor(w * dpr)) {
      this.canvas.style.width = `${cssW}px`;
      this.canvas.style.height = `${cssH}px`;
      this.canvas.width = Math.floor(w * dpr);
      this.canvas.height = Math.floor(h * dpr);
    }
    this.scale = (w * dpr) / (this.spec.length + 2 * RAIL);
    this.draw(this.scene);
  }

  /** Table metres → canvas pixels (x to the right, y up). */
  px(x, y) {
    return [(x + this.spec.length / 2 + RAIL) * this.scale, (this.spec.width / 2 + RAIL - y) * this.scale];
  }

  /** Canvas pixel (CSS) → table metres. */
  toTable(cssX, cssY) {
    const dpr = window.devicePixelRatio || 1;
    return { x: (cssX * dpr) / this.scale - this.spec.length / 2 - RAIL, y: this.spec.width / 2 + RAIL - (cssY * dpr) / this.scale };
  }

  draw(scene = this.scene) {
    this.scene = scene;
    const c = this.ctx;
    const { length: L, width: W } = this.spec;
    const s = this.scale;
    c.save();
    c.clearRect(0, 0, this.canvas.width, this.canvas.height);
    // rails (wood)
    const [x0, y0] = this.px(-L / 2 - RAIL, W / 2 + RAIL);
    const wood = c.createLinearGradient(0, 0, 0, this.canvas.height);
    wood.addColorStop(0, '#4a2c17'); wood.addColorStop(0.5, '#5d3a1f'); wood.addColorStop(1, '#3b2312');
    c.fillStyle = wood;
    roundRect(c, x0, y0, (L + 2 * RAIL) * s, (W + 2 * RAIL) * s, 0.05 * s);
    c.fill();
    // cushions
    const [cx0, cy0] = this.px(-L / 2 - CUSHION, W / 2 + CUSHION);
    c.fillStyle = '#164c86';
    c.fillRect(cx0, cy0, (L + 2 * CUSHION) * s, (W + 2 * CUSHION) * s);
    // bed
    const [bx, by] = this.px(-L / 2, W / 2);
    const bed = c.createRadialGradient(this.px(0, 0)[0], this.px(0, 0)[1], 0.1 * s, this.px(0, 0)[0], this.px(0, 0)[1], 1.5 * s);
    bed.addColorStop(0, '#2a78c4'); bed.addColorStop(1, '#1b5c9f');
    c.fillStyle = bed;
    c.fillRect(bx, by, L * s, W * s);
    // ball in hand zone
    if (scene.zone) {
      const z = scene.zone;
      const [zx, zy] = this.px(z.x0, z.y1);
      c.fillStyle = 'rgba(242,183,5,0.13)';
      c.fillRect(zx, zy, (z.x1 - z.x0) * s, (z.y1 - z.y0) * s);
      c.setLineDash([0.03 * s, 0.02 * s]);
      c.strokeStyle = 'rgba(242,183,5,0.85)';
      c.lineWidth = 0.006 * s;
      c.strokeRect(zx + c.lineWidth, zy + c.lineWidth, (z.x1 - z.x0) * s - 2 * c.lineWidth, (z.y1 - z.y0) * s - 2 * c.lineWidth);
      c.setLineDash([]);
      c.fillStyle = 'rgba(242,183,5,0.95)';
      c.font = `700 ${0.045 * s}px Inter, system-ui, sans-serif`;
      c.fillText(scene.zoneLabel ?? 'BALL IN HAND', zx + 0.04 * s, zy + 0.08 * s);
    }
    // head string, spots, long string
    c.strokeStyle = 'rgba(255,255,255,0.22)';
    c.lineWidth = 0.004 * s;
    c.setLineDash([0.02 * s, 0.02 * s]);
    line(c, this.px(this.spec.headStringX, W / 2), this.px(this.spec.headStringX, -W / 2));
    c.setLineDash([]);
    c.fillStyle = 'rgba(255,255,255,0.45)';
    for (const { x, y } of Object.values(this.spec.spots)) { const [p, q] = this.px(x, y); dot(c, p, q, 0.008 * s); }
    // pockets
    c.fillStyle = '#050505';
    for (const [x, y, r] of pocketDiscs(this.spec.pockets)) { const [p, q] = this.px(x, y); dot(c, p, q, r * s); }
    // diamonds
    c.fillStyle = '#efe6cf';
    const mid = (CUSHION + RAIL) / 2;
    for (let k = 1; k < 8; k++) {
      if (k === 4) continue;
      const x = -L / 2 + (k * L) / 8;
      for (const y of [W / 2 + mid, -W / 2 - mid]) { const [p, q] = this.px(x, y); diamond(c, p, q, 0.012 * s); }
    }
    for (let k = 1; k < 4; k++) {
      const y = -W / 2 + (k * W) / 4;
      for (const x of [L / 2 + mid, -L / 2 - mid]) { const [p, q] = this.px(x, y); diamond(c, p, q, 0.012 * s); }
    }
    // paths of the last shot
    for (const path of scene.paths ?? []) {
      if (path.points.length < 2) continue;
      c.strokeStyle = path.id === 0 ? 'rgba(255,255,255,0.85)' : hexAlpha(colourOf(path.id), 0.9);
      c.lineWidth = 0.007 * s;
      c.setLineDash(path.id === 0 ? [0.025 * s, 0.015 * s] : []);
      c.beginPath();
      path.points.forEach(([x, y], i) => { const [p, q] = this.px(x, y); if (i === 0) c.moveTo(p, q); else c.lineTo(p, q); });
      c.stroke();
    }
    c.setLineDash([]);
    // markers (contacts, cushions, pockets of a shot)
    for (const m of scene.markers ?? []) {
      const [p, q] = this.px(m.x, m.y);
      c.strokeStyle = m.colour ?? '#fff';
      c.lineWidth = 0.005 * s;
      c.beginPath(); c.arc(p, q, (m.r ?? 0.04) * s, 0, Math.PI * 2); c.stroke();
    }
    // respot ghosts
    for (const r of scene.respot ?? []) {
      const [p, q] = this.px(r.x, r.y);
      c.setLineDash([0.01 * s, 0.008 * s]);
      c.strokeStyle = '#fff';
      c.lineWidth = 0.004 * s;
      c.beginPath(); c.arc(p, q, R * s * 1.15, 0, Math.PI * 2); c.stroke();
      c.setLineDash([]);
      c.fillStyle = '#fff';
      c.font = `700 ${0.035 * s}px Inter, system-ui, sans-serif`;
      c.fillText(`respot ${r.id}`, p + R * s * 1.4, q - R * s);
    }
    // balls
    for (const b of scene.balls ?? []) this.ball(b);
    if (scene.caption) {
      c.fillStyle = 'rgba(255,255,255,0.7)';
      c.font = `600 ${0.04 * s}px Inter, system-ui, sans-serif`;
      const [p, q] = this.px(L / 2 - 0.02, -W / 2 + 0.03);
      c.textAlign = 'right';
      c.fillText(scene.caption, p, q);
      c.textAlign = 'left';
    }
    c.restore();
  }

  ball(b) {
    const c = this.ctx;
    const s = this.scale;
    const [p, q] = this.px(b.x, b.y);
    const r = R * s;
    c.save();
    c.globalAlpha = b.o ? 0.55 : 1;
    c.fillStyle = 'rgba(0,0,0,0.35)';
    dot(c, p + r * 0.18, q + r * 0.22, r);
    const base = colourOf(b.id);
    if (b.id !== null && isStripe(b.id)) {
      c.fillStyle = '#f4f1e8';
      dot(c, p, q, r);
      c.save(); c.beginPath(); c.arc(p, q, r, 0, Math.PI * 2); c.clip();
      c.fillStyle = base; c.fillRect(p - r, q - r * 0.55, 2 * r, r * 1.1); c.restore();
    } else {
      c.fillStyle = base;
      dot(c, p, q, r);
    }
    const shine = c.createRadialGradient(p - r * 0.35, q - r * 0.4, r * 0.05, p, q, r);
    shine.addColorStop(0, 'rgba(255,255,255,0.55)'); shine.addColorStop(0.4, 'rgba(255,255,255,0)'); shine.addColorStop(1, 'rgba(0,0,0,0.25)');
    c.fillStyle = shine;
    dot(c, p, q, r);
    if (b.id !== 0 && b.id !== null && r > 7) {
      c.fillStyle = '#fff';
      dot(c, p, q, r * 0.5);
      c.fillStyle = '#111';
      c.font = `800 ${Math.round(r * 0.62)}px Inter, system-ui, sans-serif`;
      c.textAlign = 'center'; c.textBaseline = 'middle';
      c.fillText(String(b.id), p, q + r * 0.04);
    }
    if (b.ring) {
      c.strokeStyle = b.ring; c.lineWidth = Math.max(2, r * 0.18);
      c.beginPath(); c.arc(p, q, r * 1.45, 0, Math.PI * 2); c.stroke();
    }
    if (b.o) {
      c.setLineDash([3, 3]); c.strokeStyle = '#fff'; c.lineWidth = 1.5;
      c.beginPath(); c.arc(p, q, r * 1.15, 0, Math.PI * 2); c.stroke();
    }
    c.restore();
  }
}

/** The pockets as drawn: a dark disc a little way into each pocket from its mouth. */
function pocketDiscs(pockets) {
  return pockets.map((p) => {
    const [depth, r] = p.kind === 'corner' ? [0.08, 0.058] : [0.03, 0.062];
    return [p.mouthCentre.x + p.axis.x * depth, p.mouthCentre.y + p.axis.y * depth, r];
  });
}
function roundRect(c, x, y, w, h, r) {
  c.beginPath(); c.moveTo(x + r, y); c.arcTo(x + w, y, x + w, y + h, r); c.arcTo(x + w, y + h, x, y + h, r);
  c.arcTo(x, y + h, x, y, r); c.arcTo(x, y, x + w, y, r); c.closePath();
}
function dot(c, x, y, r) { c.beginPath(); c.arc(x, y, r, 0, Math.PI * 2); c.fill(); }
function line(c, [a, b], [d, e]) { c.beginPath(); c.moveTo(a, b); c.lineTo(d, e); c.stroke(); }
function diamond(c, x, y, r) { c.beginPath(); c.moveTo(x, y - r); c.lineTo(x + r * 0.7, y); c.lineTo(x, y + r); c.lineTo(x - r * 0.7, y); c.closePath(); c.fill(); }
function hexAlpha(hex, a) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a})`;
}
