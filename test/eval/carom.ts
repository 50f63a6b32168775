// A check of event inference on real motion: tracked carom (three-cushion) shots, turned into
// tracks on a carom table (2.84 × 1.42 m, 61.5 mm balls, no pockets) and run through inference.
// Prints what it finds per shot (cushions, ball–ball contacts, whether the shot scored) and
// plots chosen shots as PNG.
//   node bin/run-ts.mjs test/eval/carom.ts [trajectories.json] [--shots 0-9] [--plot 3,17] [--out out/carom]
// The data stay where they are (../shared/data/real/carom-trajectories beside the repository); nothing is copied.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BallId } from '../../services/contract/ids.ts';
import type { ShotEvent, ShotLine } from '../../services/contract/log.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { buildTableGeometry, type TableGeometry } from '../../services/table/geometry.ts';
import { inferEvents } from '../../services/events/infer.ts';
import { TablePlot, type Rgb } from '../support/table-plot.ts';

export const CAROM = { length: 2.84, width: 1.42, ballRadius: 0.0615 / 2 };
const DEFAULT_DATA = fileURLToPath(new URL('../../../shared/data/real/carom-trajectories/trajectories.json', import.meta.url));

interface CaromBall { t: number[]; x: number[]; y: number[] }
export interface CaromShot { id: number; balls: Record<string, CaromBall> }

/** The carom table: cushions all round; pockets shrunk to nothing (a millimetre, out of reach). */
export function caromGeometry(): TableGeometry {
  const tiny = 0.001;
  return buildTableGeometry({ size: '9ft', length: CAROM.length, width: CAROM.width }, {
    cornerMouth: tiny, sideMouth: tiny, cornerTipRadius: tiny / 4, sideTipRadius: tiny / 4, cornerJawLength: tiny, sideJawLength: tiny,
    cornerCaptureRadius: tiny / 4, sideCaptureRadius: tiny / 4, cornerCaptureDepth: 0.05, sideCaptureDepth: 0.05,
  }, CAROM.ballRadius);
}

/**
 * The data's coordinates reach ±1.48 × ±0.723 where balls meet the cushions, where a 2.84 × 1.42
 * table lets ball centres reach ±1.389 × ±0.679: the tracker's unit is a little short of a metre.
 * The factor (about 0.94 on both axes) makes the cushion bounces land one radius from the cushions.
 */
export function dataScale(shots: readonly CaromShot[]): { scale: number; sx: number; sy: number } {
  let mx = 0;
  let my = 0;
  for (const s of shots) for (const b of Object.values(s.balls)) { for (const x of b.x) mx = Math.max(mx, Math.abs(x)); for (const y of b.y) my = Math.max(my, Math.abs(y)); }
  const sx = (CAROM.length / 2 - CAROM.ballRadius) / mx;
  const sy = (CAROM.width / 2 - CAROM.ballRadius) / my;
  return { scale: (sx + sy) / 2, sx, sy };
}

/**
 * The data log a ball only when it has moved since its last sample, so a long gap before a
 * fast sample means the ball rested there until just before it (it was struck or hit): a hold
 * knot is put where, at its speed after the gap, it must have left. Other gaps (a slow ball)
 * are taken at constant speed.
 */
function withHolds(b: CaromBall): CaromBall {
  const out: CaromBall = { t: [], x: [], y: [] };
  for (let k = 0; k < b.t.length; k++) {
    if (k > 0 && k + 1 < b.t.length && b.t[k]! > b.t[k - 1]!) {
      const gap = b.t[k]! - b.t[k - 1]!;
      const moved = Math.hypot(b.x[k]! - b.x[k - 1]!, b.y[k]! - b.y[k - 1]!);
      const next = b.t[k + 1]! - b.t[k]!;
      const after = next > 0 ? Math.hypot(b.x[k + 1]! - b.x[k]!, b.y[k + 1]! - b.y[k]!) / next : 0;
      const leave = after > 0 ? b.t[k]! - moved / after : b.t[k]!;
      if (after > 2 * (moved / gap) && leave > b.t[k - 1]!) { out.t.push(leave); out.x.push(b.x[k - 1]!); out.y.push(b.y[k - 1]!); }
    }
    out.t.push(b.t[k]!);
    out.x.push(b.x[k]!);
    out.y.push(b.y[k]!);
  }
  return out;
}

/** Position of a recorded ball at time t (linear between its samples and hold knots). */
function positionAt(b: CaromBall, t: number): { x: number; y: number } {
  const n = b.t.length;
  if (t <= b.t[0]!) return { x: b.x[0]!, y: b.y[0]! };
  for (let k = 1; k < n; k++) {
    if (b.t[k]! >= t) {
      const dt = b.t[k]! - b.t[k - 1]!;
      const f = dt > 0 ? (t - b.t[k - 1]!) / dt : 1;
      return { x: b.x[k - 1]! + f * (b.x[k]! - b.x[k - 1]!), y: b.y[k - 1]! + f * (b.y[k]! - b.y[k - 1]!) };
    }
  }
  return { x: b.x[n - 1]!, y: b.y[n - 1]! };
}

/** When a recorded ball first moves (Infinity if never). */
function firstMove(b: CaromBall): number {
  for (let k = 1; k < b.t.length; k++) if (Math.hypot(b.x[k]! - b.x[0]!, b.y[k]! - b.y[0]!) > 0.005) return b.t[k - 1]!;
  return Infinity;
}

export interface CaromTracks {
  frames: TrackFrame[];
  /** Data ball key of each track id (0: the ball struck, the cue ball). */
  keys: Map<BallId, string>;
  /** Seconds of rest put before the data's first sample (the cue ball rested before the strike). */
  lead: number;
}

/** Tracks at `fps` of one shot: the ball that moves first is the cue ball (id 0), the others 1, 2. */
export function caromTracks(shot: CaromShot, scale: number, fps = 50, lead = 0.5): CaromTracks {
  const entries = Object.entries(shot.balls).map(([key, b]): [string, CaromBall] => [key, withHolds(b)]).sort((a, b) => firstMove(a[1]) - firstMove(b[1]) || a[0].localeCompare(b[0]));
  const keys = new Map<BallId, string>(entries.map(([key], i) => [i as BallId, key]));
  const end = Math.max(...entries.map(([, b]) => b.t[b.t.length - 1]!));
  const frames: TrackFrame[] = [];
  for (let k = 0; k / fps <= end + lead + 0.5; k++) {
    const t = k / fps;
    frames.push({
      frame: k, t, balls: entries.map(([, b], i) => {
        const p = positionAt(b, t - lead);
        return { id: i as BallId, x: p.x * scale, y: p.y * scale };
      }),
    });
  }
  return { frames, keys, lead };
}

export interface CaromReading {
  shot: ShotLine | null;
  cushionsBeforeSecond: number | null;
  /** Three-cushion scoring: the cue ball met both object balls, with three cushions before the second. */
  point: boolean;
}

export function readCarom(frames: readonly TrackFrame[]): CaromReading {
  const shot = inferEvents(frames, { geometry: caromGeometry() }).find((l): l is ShotLine => l.kind === 'shot') ?? null;
  if (!shot) return { shot, cushionsBeforeSecond: null, point: false };
  const firstWith = (b: number) => shot.events.find((e) => e.type === 'contact' && e.a === 0 && e.b === b)?.t ?? Infinity;
  const second = Math.max(firstWith(1), firstWith(2));
  const cushions = Number.isFinite(second) ? shot.events.filter((e) => e.type === 'cushion' && e.ball === 0 && e.t < second).length : null;
  return { shot, cushionsBeforeSecond: cushions, point: cushions !== null && cushions >= 3 };
}

const describe = (e: ShotEvent): string =>
  e.type === 'contact' ? `${e.t.toFixed(2)} kiss ${e.a}-${e.b}` : e.type === 'cushion' ? `${e.t.toFixed(2)} cushion ${e.ball} ${e.cushion}` : `${e.t.toFixed(2)} ${e.type}`;

const COLOURS: Rgb[] = [[250, 250, 250], [250, 215, 40], [220, 40, 40]];

/** A top view of one shot: the paths, crosses at inferred cushion touches, rings at kisses. */
export function plotCarom(tracks: CaromTracks, reading: CaromReading, path: string): Promise<void> {
  const plot = new TablePlot(CAROM.length, CAROM.width, 400);
  const at = (id: number, t: number) => {
    const f = tracks.frames.reduce((best, fr) => (Math.abs(fr.t - t) < Math.abs(best.t - t) ? fr : best), tracks.frames[0]!);
    return f.balls.find((b) => b.id === id)!;
  };
  for (let k = 1; k < tracks.frames.length; k++) {
    for (const b of tracks.frames[k]!.balls) {
      const a = tracks.frames[k - 1]!.balls.find((p) => p.id === b.id);
      if (a) plot.line(a, b, COLOURS[b.id ?? 0]!, 1);
    }
  }
  for (const b of tracks.frames[0]!.balls) plot.circle(b, CAROM.ballRadius, COLOURS[b.id ?? 0]!, true);
  for (const e of reading.shot?.events ?? []) {
    if (e.type === 'cushion') plot.cross(at(e.ball, e.t), [0, 230, 255], 6);
    if (e.type === 'contact') { plot.circle(at(e.a, e.t), CAROM.ballRadius, [255, 0, 255]); plot.circle(at(e.b, e.t), CAROM.ballRadius, [255, 0, 255]); }
  }
  return plot.save(path);
}

function range(spec: string | undefined, all: number): number[] {
  if (!spec) return Array.from({ length: all }, (_, i) => i);
  return spec.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
  });
}

async function main(argv: readonly string[]): Promise<void> {
  const arg = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const file = argv[0] && !argv[0].startsWith('--') ? argv[0] : DEFAULT_DATA;
  const shots = JSON.parse(readFileSync(file, 'utf8')) as CaromShot[];
  const { scale, sx, sy } = dataScale(shots);
  console.log(`${shots.length} shots; data scale to metres ${scale.toFixed(4)} (x ${sx.toFixed(4)}, y ${sy.toFixed(4)})`);
  const out = arg('--out') ?? 'out/carom';
  const toPlot = new Set(range(arg('--plot') ?? '', 0));
  const chosen = range(arg('--shots'), shots.length);
  const verbose = chosen.length <= 20;
  let found = 0, both = 0, points = 0, cushions = 0;
  for (const i of chosen) {
    const tracks = caromTracks(shots[i]!, scale);
    const reading = readCarom(tracks.frames);
    const events = reading.shot?.events ?? [];
    if (reading.shot) found++;
    if (reading.cushionsBeforeSecond !== null) both++;
    if (reading.point) points++;
    cushions += events.filter((e) => e.type === 'cushion' && e.ball === 0).length;
    if (verbose) {
      const names = [...tracks.keys].map(([id, key]) => `${id}=ball ${key}`).join(', ');
      console.log(`shot ${shots[i]!.id} (${names}): ${reading.shot ? '' : 'no strike found '}${reading.point ? 'POINT' : 'no point'}, cue cushions before the second ball: ${reading.cushionsBeforeSecond ?? '-'}`);
      console.log('  ' + events.filter((e) => e.type !== 'strike' && e.type !== 'cross').map(describe).join(' | '));
    }
    if (toPlot.has(i)) {
      mkdirSync(out, { recursive: true });
      await plotCarom(tracks, reading, join(out, `carom-${shots[i]!.id}.png`));
    }
  }
  console.log(`shots read ${found}/${chosen.length}; cue ball met both object balls ${both}; points (3+ cushions first) ${points}; cue-ball cushions per shot ${(cushions / Math.max(1, found)).toFixed(2)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
