// Calibration to the ball set and camera in play, from the rack (crops with known ids):
//  1. colour normalisation: each crop's colour signature (mean colour of its most chromatic and
//     of its brightest pixels inside the ball) is compared with the signature of the same id in
//     the rendered training sets (<model>.colours.json, both sets); a per-channel gain and offset
//     (least squares over the ids both sets share, clipped values left out, worst fifth trimmed,
//     pulled towards identity, brightness kept, small errors ignored) maps this camera's colour
//     balance onto the renders'; the set whose 4 / 7
//     (12 / 15) colours then fit better is reported (a TV set has a pink 4 and a brown 7; the
//     classifier knows both). The correction is applied to every crop before inference.
//  2. class priors: ids that are not in the rack (9-ball racks 1–9) get a log-prior penalty;
//     the cue ball and "not a ball" keep theirs.
import type { BallId } from '../../contract/ids.ts';
import { NONE_CLASS, NUM_CLASSES } from './classes.ts';
import { CROP_SIZE, CROP_VALUES } from './crop.ts';

/** Reference signatures per set: class id → [colour r, g, b, white r, g, b] in [0, 1]. */
export interface ColourReference {
  standard: Record<string, number[]>;
  tv: Record<string, number[]>;
}

export interface RackAdaptation {
  gain: [number, number, number];
  offset: [number, number, number];
  /** Added to the logits (length NUM_CLASSES). */
  logPrior: Float32Array;
}

export interface RackFit {
  adaptation: RackAdaptation;
  /** The reference set that fits the rack better; null without a reference or set-specific ids. */
  set: 'standard' | 'tv' | null;
  /** RMS error of the fitted signatures (0..1 units). */
  residual: number;
}

const DISC = 8;
/** Colour-balance errors below this (relative gain) are left alone. */
const DEADBAND = 0.06;
/** Ids whose colour differs between the sets. */
const SET_SPECIFIC = new Set([4, 7, 12, 15]);

/** Colour signature of crop k of a batch: [colour rgb, white rgb]. */
export function colourSignature(crops: Float32Array, k: number): number[] {
  const n = CROP_SIZE * CROP_SIZE;
  const o = k * CROP_VALUES;
  const c = (CROP_SIZE - 1) / 2;
  const px: [number, number, number][] = [];
  for (let j = 0; j < CROP_SIZE; j++) {
    for (let i = 0; i < CROP_SIZE; i++) {
      if ((i - c) ** 2 + (j - c) ** 2 > DISC * DISC) continue;
      const p = j * CROP_SIZE + i;
      px.push([crops[o + p]!, crops[o + n + p]!, crops[o + 2 * n + p]!]);
    }
  }
  const mean = (sel: [number, number, number][]): number[] => {
    const s = [0, 0, 0];
    for (const q of sel) for (let ch = 0; ch < 3; ch++) s[ch]! += q[ch]!;
    return s.map((v) => v / Math.max(1, sel.length));
  };
  const chroma = (q: readonly number[]): number => Math.max(...q) - Math.min(...q);
  const byChroma = [...px].sort((a, b) => chroma(b) - chroma(a) || b[0] - a[0]);
  const byWhite = [...px].sort((a, b) => Math.min(...b) - Math.min(...a) || b[0] - a[0]);
  const top = Math.ceil(px.length * 0.15);
  return [...mean(byChroma.slice(0, top)), ...mean(byWhite.slice(0, top))];
}

interface Pair { obs: number[]; ref: number[] }

/** The (observed, reference) values of channel ch that carry information (not clipped). */
function channelPoints(pairs: readonly Pair[], ch: number): [number, number][] {
  const pts: [number, number][] = [];
  for (const p of pairs) {
    for (const off of [0, 3]) {
      const x = p.obs[off + ch]!, y = p.ref[off + ch]!;
      if (Number.isFinite(x) && x < 0.985 && x > 0.004) pts.push([x, y]);
    }
  }
  return pts;
}

/** Least squares a·x + b ≈ y with a pull (λ per point) towards a = 1, b = 0. */
function fitLine(pts: readonly [number, number][], lambda: number): [number, number] {
  let sxx = 0, sx = 0, sxy = 0, sy = 0;
  for (const [x, y] of pts) { sxx += x * x; sx += x; sxy += x * y; sy += y; }
  const n = pts.length;
  const L = lambda * Math.max(1, n);
  const A = sxx + L, B = sx, D = n + 4 * L;
  const det = A * D - B * B;
  if (!(Math.abs(det) > 1e-12)) return [1, 0];
  return [((sxy + L) * D - B * sy) / det, (A * sy - B * (sxy + L)) / det];
}

/** Per-channel gain and offset mapping observed signatures onto the reference (trimmed refit). */
function fitChannels(pairs: readonly Pair[], lambda = 0.03): { gain: [number, number, number]; offset: [number, number, number]; rms: number } {
  const gain: [number, number, number] = [1, 1, 1];
  const offset: [number, number, number] = [0, 0, 0];
  let err = 0, cnt = 0;
  for (let ch = 0; ch < 3; ch++) {
    let pts = channelPoints(pairs, ch);
    let [a, b] = fitLine(pts, lambda);
    // Drop the worst fifth (orientation-dependent signatures, a stray highlight) and refit.
    const res = pts.map(([x, y]) => Math.abs(a * x + b - y)).sort((p, q) => p - q);
    const cut = res[Math.floor(res.length * 0.8)] ?? Infinity;
    pts = pts.filter(([x, y]) => Math.abs(a * x + b - y) <= cut);
    [a, b] = fitLine(pts, lambda);
    gain[ch] = a;
    offset[ch] = b;
    for (const [x, y] of pts) { err += (a * x + b - y) ** 2; cnt++; }
  }
  return { gain, offset, rms: Math.sqrt(err / Math.max(1, cnt)) };
}

export function fitRackAdaptation(crops: Float32Array, ids: readonly BallId[], reference: ColourReference | null, absentPenalty: number): RackFit {
  if (crops.length !== ids.length * CROP_VALUES) throw new Error(`adaptToRack: ${ids.length} ids for ${crops.length / CROP_VALUES} crops`);
  const logPrior = new Float32Array(NUM_CLASSES);
  const present = new Set<number>(ids);
  for (let c = 1; c < 16; c++) if (!present.has(c)) logPrior[c] = -absentPenalty;
  logPrior[0] = 0;
  logPrior[NONE_CLASS] = 0;
  let gain: [number, number, number] = [1, 1, 1];
  let offset: [number, number, number] = [0, 0, 0];
  let set: 'standard' | 'tv' | null = null;
  let residual = 0;
  if (reference && ids.length >= 3) {
    // Clipped channels carry no information: remember them on the raw crops.
    const raw = ids.map((_, k) => colourSignature(crops, k));
    const ref = (s: 'standard' | 'tv', id: number): number[] | undefined => reference[s][String(id)];
    const shared = ids.flatMap((id, k) => (!SET_SPECIFIC.has(id) && ref('standard', id) ? [k] : []));
    // Iterate: the most chromatic / whitest pixels are only found reliably once the cast is
    // mostly removed, so signatures are re-measured on the corrected crops and the fits composed.
    for (let it = 0; it < 3; it++) {
      const cur = it === 0 ? crops : applyColour(crops, { gain, offset, logPrior }, false);
      const pairs = shared.map((k) => ({
        obs: colourSignature(cur, k).map((v, c) => (raw[k]![c]! >= 0.985 || raw[k]![c]! <= 0.004 ? NaN : v)),
        ref: ref('standard', ids[k]!)!,
      }));
      const f = fitChannels(pairs);
      offset = [0, 1, 2].map((c) => f.gain[c]! * offset[c]! + f.offset[c]!) as [number, number, number];
      gain = [0, 1, 2].map((c) => f.gain[c]! * gain[c]!) as [number, number, number];
      residual = f.rms;
    }
    // Keep the brightness (the network is trained across exposures, and the red 3 / maroon 7
    // differ mostly in it, which one rack under one table's lamps cannot pin down): only the
    // colour balance is corrected, and only when it is off by more than a few per cent.
    const lum = 0.299 * gain[0] + 0.587 * gain[1] + 0.114 * gain[2];
    const lo = 0.299 * offset[0] + 0.587 * offset[1] + 0.114 * offset[2];
    gain = gain.map((g) => g / lum) as [number, number, number];
    offset = offset.map((b) => (b - lo) / lum) as [number, number, number];
    if (Math.max(...gain.map((g) => Math.abs(g - 1)), ...offset.map((b) => Math.abs(b) * 4)) < DEADBAND) {
      gain = [1, 1, 1];
      offset = [0, 0, 0];
    }
    // Which set: the set-specific balls (4, 7, 12, 15) against both references after correction.
    const fixed = applyColour(crops, { gain, offset, logPrior }, false);
    const cost = (s: 'standard' | 'tv'): number => {
      let e = 0;
      ids.forEach((id, k) => {
        const r = ref(s, id);
        if (!SET_SPECIFIC.has(id) || !r) return;
        colourSignature(fixed, k).forEach((v, c) => { e += (v - r[c]!) ** 2; });
      });
      return e;
    };
    set = ids.some((id) => SET_SPECIFIC.has(id)) ? (cost('tv') < cost('standard') ? 'tv' : 'standard') : null;
  }
  return { adaptation: { gain, offset, logPrior }, set, residual };
}

/** The colour-corrected copy of a batch (clamped to [0, 1] unless `clamp` is false). */
export function applyColour(crops: Float32Array, a: RackAdaptation, clamp = true): Float32Array {
  const out = new Float32Array(crops.length);
  const n = CROP_SIZE * CROP_SIZE;
  for (let o = 0; o < crops.length; o += CROP_VALUES) {
    for (let ch = 0; ch < 3; ch++) {
      const g = a.gain[ch]!, b = a.offset[ch]!;
      for (let p = o + ch * n, e = p + n; p < e; p++) {
        const v = g * crops[p]! + b;
        out[p] = !clamp ? v : v < 0 ? 0 : v > 1 ? 1 : v;
      }
    }
  }
  return out;
}
