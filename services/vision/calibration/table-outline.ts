// The cloth's outline as a quadrilateral: the largest connected cloth region of a (downscaled)
// mask, its convex hull reduced to four vertices, then each side re-fitted robustly to the
// region's boundary pixels (so pocket cut-outs, a ball on the rail or an arm do not bend it).
// Not OpenCV.js: cv.convexHull gives the same hull of 1343 boundary pixels in 0.3 ms against 0.1 ms here;
// HoughLinesP (3.3 ms against 4.8 ms for boundaryLines) leaves segments to merge into lines; the WASM build
// is 12 MB with 0.3–0.7 s start-up (measured 2026-12-04, /tmp/numbench, Node 20).
import { fitLineRobust, fitLineTLS, intersectLines, samplePairs, type Line2, type Point2 } from '../numeric/linalg.ts';

/** 1 for the pixels of the largest 4-connected region of `mask` (after a 1-px opening). */
export function largestRegion(mask: Uint8Array, W: number, H: number): { region: Uint8Array; area: number } {
  const opened = erode(mask, W, H);
  dilateInPlace(opened, W, H, mask);
  const label = new Int32Array(W * H);
  const stack = new Int32Array(W * H);
  let bestLabel = 0;
  let bestArea = 0;
  let next = 1;
  for (let p = 0; p < W * H; p++) {
    if (!opened[p] || label[p]) continue;
    let sp = 0;
    stack[sp++] = p;
    label[p] = next;
    let area = 0;
    while (sp > 0) {
      const q = stack[--sp]!;
      area++;
      const x = q % W;
      if (x > 0 && opened[q - 1] && !label[q - 1]) { label[q - 1] = next; stack[sp++] = q - 1; }
      if (x < W - 1 && opened[q + 1] && !label[q + 1]) { label[q + 1] = next; stack[sp++] = q + 1; }
      if (q >= W && opened[q - W] && !label[q - W]) { label[q - W] = next; stack[sp++] = q - W; }
      if (q < W * (H - 1) && opened[q + W] && !label[q + W]) { label[q + W] = next; stack[sp++] = q + W; }
    }
    if (area > bestArea) {
      bestArea = area;
      bestLabel = next;
    }
    next++;
  }
  const region = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) if (label[p] === bestLabel && bestLabel > 0) region[p] = 1;
  fillHoles(region, W, H);
  return { region, area: bestArea };
}

/** Sets every pixel not 4-connected to the image border through background to 1. */
export function fillHoles(region: Uint8Array, W: number, H: number): void {
  const outside = new Uint8Array(W * H);
  const stack = new Int32Array(W * H);
  let sp = 0;
  const push = (p: number): void => {
    if (!region[p] && !outside[p]) {
      outside[p] = 1;
      stack[sp++] = p;
    }
  };
  for (let x = 0; x < W; x++) {
    push(x);
    push((H - 1) * W + x);
  }
  for (let y = 0; y < H; y++) {
    push(y * W);
    push(y * W + W - 1);
  }
  while (sp > 0) {
    const q = stack[--sp]!;
    const x = q % W;
    if (x > 0) push(q - 1);
    if (x < W - 1) push(q + 1);
    if (q >= W) push(q - W);
    if (q < W * (H - 1)) push(q + W);
  }
  for (let p = 0; p < W * H; p++) if (!outside[p]) region[p] = 1;
}

function erode(m: Uint8Array, W: number, H: number): Uint8Array {
  const o = new Uint8Array(W * H);
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const p = y * W + x;
      o[p] = m[p]! & m[p - 1]! & m[p + 1]! & m[p - W]! & m[p + W]!;
    }
  }
  return o;
}

/** Dilates `m` in place by the 4-neighbourhood, never beyond `limit`. */
function dilateInPlace(m: Uint8Array, W: number, H: number, limit: Uint8Array): void {
  const src = Uint8Array.from(m);
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const p = y * W + x;
      if (limit[p] && (src[p]! | src[p - 1]! | src[p + 1]! | src[p - W]! | src[p + W]!)) m[p] = 1;
    }
  }
}

/** Pixels of the region with a 4-neighbour outside it (or on the image border). */
export function boundaryPixels(region: Uint8Array, W: number, H: number): Point2[] {
  const out: Point2[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (!region[p]) continue;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1 || !region[p - 1] || !region[p + 1] || !region[p - W] || !region[p + W]) out.push({ x, y });
    }
  }
  return out;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in a y-up sense. */
export function convexHull(points: readonly Point2[]): Point2[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Point2, a: Point2, b: Point2): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Reduces a convex polygon to `n` vertices by repeatedly dropping the vertex of least triangle area. */
export function simplifyPolygon(poly: readonly Point2[], n: number): Point2[] {
  const p = [...poly];
  const area = (a: Point2, b: Point2, c: Point2): number => Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;
  while (p.length > n) {
    let best = 0;
    let bestA = Infinity;
    for (let i = 0; i < p.length; i++) {
      const a = area(p[(i + p.length - 1) % p.length]!, p[i]!, p[(i + 1) % p.length]!);
      if (a < bestA) {
        bestA = a;
        best = i;
      }
    }
    p.splice(best, 1);
  }
  return p;
}

/**
 * The four sides of a roughly quadrilateral convex hull: consecutive hull edges of similar
 * direction (within 12°) merge into chains; the four longest chains are the sides (pocket
 * bevels and small bumps make short chains), intersected in hull order.
 */
export function quadFromHullChains(hull: readonly Point2[]): Point2[] | null {
  const n = hull.length;
  const dir = (i: number): number => {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    return Math.atan2(b.y - a.y, b.x - a.x);
  };
  const angDiff = (a: number, b: number): number => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));
  // Start the walk at the vertex where the direction changes most (a chain boundary).
  let start = 0;
  let worst = -1;
  for (let i = 0; i < n; i++) {
    const d = angDiff(dir((i + n - 1) % n), dir(i));
    if (d > worst) {
      worst = d;
      start = i;
    }
  }
  const chains: { from: number; to: number; length: number; order: number }[] = [];
  let from = start;
  let ref = dir(start);
  let len = 0;
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    const l = Math.hypot(b.x - a.x, b.y - a.y);
    if (k > 0 && angDiff(dir(i), ref) > (12 * Math.PI) / 180) {
      chains.push({ from, to: i, length: len, order: chains.length });
      from = i;
      ref = dir(i);
      len = 0;
    }
    len += l;
  }
  chains.push({ from, to: start, length: len, order: chains.length });
  if (chains.length < 4) return null;
  const sides = [...chains].sort((a, b) => b.length - a.length).slice(0, 4).sort((a, b) => a.order - b.order);
  const lines = sides.map((c) => {
    const a = hull[c.from]!;
    const b = hull[c.to]!;
    const l = Math.hypot(b.x - a.x, b.y - a.y);
    const na = -(b.y - a.y) / l;
    const nb = (b.x - a.x) / l;
    return { a: na, b: nb, c: -(na * a.x + nb * a.y) };
  });
  const quad: Point2[] = [];
  for (let s = 0; s < 4; s++) {
    const p = intersectLines(lines[(s + 3) % 4]!, lines[s]!);
    if (!p) return null;
    quad.push(p);
  }
  return orderQuad(quad);
}

interface SupportedLine {
  line: Line2;
  support: number;
}

/** Straight runs of the boundary by sequential deterministic RANSAC (strongest first). */
export function boundaryLines(points: readonly Point2[], maxLines: number): SupportedLine[] {
  let pts = [...points];
  const out: SupportedLine[] = [];
  const minSupport = Math.max(20, 0.04 * points.length);
  for (let k = 0; k < maxLines && pts.length >= minSupport; k++) {
    const n = pts.length;
    let best: Line2 | null = null;
    let bestCount = 0;
    for (const [i, j] of samplePairs(n, 400, 0x2545f491 + k)) {
      const a = pts[i]!;
      const b = pts[j]!;
      const l = Math.hypot(b.x - a.x, b.y - a.y);
      if (l < 10) continue;
      const line = { a: -(b.y - a.y) / l, b: (b.x - a.x) / l, c: 0 };
      line.c = -(line.a * a.x + line.b * a.y);
      let count = 0;
      for (const p of pts) if (Math.abs(line.a * p.x + line.b * p.y + line.c) < 1.5) count++;
      if (count > bestCount) {
        bestCount = count;
        best = line;
      }
    }
    if (!best || bestCount < minSupport) break;
    const inl = pts.filter((p) => Math.abs(best!.a * p.x + best!.b * p.y + best!.c) < 1.5);
    const refined = fitLineTLS(inl.map((p) => p.x), inl.map((p) => p.y)) ?? best;
    out.push({ line: refined, support: inl.length });
    pts = pts.filter((p) => Math.abs(refined.a * p.x + refined.b * p.y + refined.c) >= 2.5);
  }
  return out;
}

/**
 * The quadrilateral from the boundary's straight runs: of every four runs, the convex quad
 * around the region's centroid that has the most boundary support and an area close to the
 * region's (an arm or a shirt leaning over a rail adds short runs, not a better quad).
 */
export function quadFromLines(boundary: readonly Point2[], region: Uint8Array, W: number, H: number): Point2[] | null {
  const cand = boundaryLines(boundary, 8);
  if (cand.length < 4) return null;
  let area = 0;
  let mx = 0;
  let my = 0;
  for (let p = 0; p < W * H; p++) {
    if (!region[p]) continue;
    area++;
    mx += p % W;
    my += Math.floor(p / W);
  }
  mx /= area;
  my /= area;
  let best: Point2[] | null = null;
  let bestScore = -Infinity;
  const n = cand.length;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++) for (let d = c + 1; d < n; d++) {
    const four = [cand[a]!, cand[b]!, cand[c]!, cand[d]!];
    // Order by the direction from the centroid to each line's nearest point.
    const ang = four.map((s) => {
      const dist = s.line.a * mx + s.line.b * my + s.line.c;
      return Math.atan2(-s.line.b * dist, -s.line.a * dist);
    });
    const order = [0, 1, 2, 3].sort((i, j) => ang[i]! - ang[j]!);
    const quad: Point2[] = [];
    let ok = true;
    for (let s = 0; s < 4 && ok; s++) {
      const p = intersectLines(four[order[s]!]!.line, four[order[(s + 1) % 4]!]!.line);
      if (!p || Math.abs(p.x - mx) > 3 * W || Math.abs(p.y - my) > 3 * H) ok = false;
      else quad.push(p);
    }
    if (!ok) continue;
    // Convex and containing the centroid: the centroid on the same side of every edge.
    let sign = 0;
    for (let s = 0; s < 4 && ok; s++) {
      const p = quad[s]!;
      const q = quad[(s + 1) % 4]!;
      const cr = (q.x - p.x) * (my - p.y) - (q.y - p.y) * (mx - p.x);
      if (sign === 0) sign = Math.sign(cr);
      else if (Math.sign(cr) !== sign) ok = false;
    }
    if (!ok) continue;
    // Corners may sit a little outside the image (pocket corners), not far.
    if (quad.some((p) => p.x < -0.08 * W || p.y < -0.08 * H || p.x > 1.08 * W || p.y > 1.08 * H)) continue;
    const support = four.reduce((t, s) => t + s.support, 0);
    const score = support * quadIoU(quad, region, W, H, area);
    if (score > bestScore) {
      bestScore = score;
      best = quad;
    }
  }
  return best ? orderQuad(best) : null;
}

/** Intersection over union of a convex quad and a region (pixel centres), every other pixel. */
function quadIoU(quad: readonly Point2[], region: Uint8Array, W: number, H: number, regionArea: number): number {
  const edges = quad.map((p, s) => {
    const q = quad[(s + 1) % 4]!;
    return { px: p.x, py: p.y, dx: q.x - p.x, dy: q.y - p.y };
  });
  // Orientation: sign of the cross product for an inside point (the vertex mean).
  const mx = quad.reduce((t, p) => t + p.x, 0) / 4;
  const my = quad.reduce((t, p) => t + p.y, 0) / 4;
  const sign = Math.sign(edges[0]!.dx * (my - edges[0]!.py) - edges[0]!.dy * (mx - edges[0]!.px));
  let inter = 0;
  let quadArea = 0;
  for (let y = 0; y < H; y += 2) {
    for (let x = 0; x < W; x += 2) {
      let inside = true;
      for (const e of edges) {
        if (Math.sign(e.dx * (y - e.py) - e.dy * (x - e.px)) === -sign) {
          inside = false;
          break;
        }
      }
      if (!inside) continue;
      quadArea += 4;
      if (region[y * W + x]) inter += 4;
    }
  }
  const union = quadArea + regionArea - inter;
  return union > 0 ? inter / union : 0;
}

/** Orders four points clockwise on screen (image y down), starting with the top-left-most. */
export function orderQuad(q: readonly Point2[]): Point2[] {
  const cx = q.reduce((s, p) => s + p.x, 0) / q.length;
  const cy = q.reduce((s, p) => s + p.y, 0) / q.length;
  const sorted = [...q].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  // atan2 with y down: increasing angle is clockwise on screen. Start at the vertex with least x + y.
  let start = 0;
  for (let i = 1; i < 4; i++) if (sorted[i]!.x + sorted[i]!.y < sorted[start]!.x + sorted[start]!.y) start = i;
  return [0, 1, 2, 3].map((k) => sorted[(start + k) % 4]!);
}

export interface Outline {
  /** Four vertices, clockwise on screen from the top-left-most. */
  quad: Point2[];
  /** Side i runs from quad[i] to quad[i+1]. */
  lines: Line2[];
}

/**
 * The cloth outline of a region mask as a quadrilateral, in the mask's pixel coordinates. Each
 * side is re-fitted to the boundary pixels near it, away from the corners.
 */
export function outlineQuad(region: Uint8Array, W: number, H: number): Outline | null {
  const boundary = boundaryPixels(region, W, H);
  if (boundary.length < 20) return null;
  const start = quadFromLines(boundary, region, W, H) ?? (() => {
    const hull = convexHull(boundary);
    return hull.length >= 4 ? quadFromHullChains(hull) : null;
  })();
  if (!start) return null;
  let quad = start;
  let lines: Line2[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const next: Line2[] = [];
    for (let s = 0; s < 4; s++) {
      const a = quad[s]!;
      const b = quad[(s + 1) % 4]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const tx = (b.x - a.x) / len;
      const ty = (b.y - a.y) / len;
      const xs: number[] = [];
      const ys: number[] = [];
      const tol = Math.max(3, 0.04 * len);
      for (const p of boundary) {
        const along = (p.x - a.x) * tx + (p.y - a.y) * ty;
        if (along < 0.12 * len || along > 0.88 * len) continue;
        const across = Math.abs((p.x - a.x) * -ty + (p.y - a.y) * tx);
        if (across > tol) continue;
        xs.push(p.x);
        ys.push(p.y);
      }
      const fit = xs.length >= 10 ? fitLineRobust(xs, ys, { inlierBand: 1.5, minSigma: 0.5 }) : null;
      if (!fit) return null;
      next.push(fit.line);
    }
    const q: Point2[] = [];
    for (let s = 0; s < 4; s++) {
      const p = intersectLines(next[(s + 3) % 4]!, next[s]!);
      if (!p) return null;
      q.push(p);
    }
    quad = q;
    lines = next;
  }
  return { quad, lines };
}
