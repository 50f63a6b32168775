// Balls disturbed between shots (G13) on noisy tracks: simulated matches (the stress preset: a hand
// nudges a ball in 6 % of the pauses), their true tracks at 30 frames/s with 1.5 mm of position
// noise and 5 % of the frames dropped, events inferred. A disturbed line is right when the truth
// has one for the same ball within 1.5 s; phantom otherwise. Also the shots: a foul called on a
// shot the truth calls legal because a resting ball's reading moved (G10, a ball "moving" at the
// stroke) is counted. Seeds 820+ (never used for tuning).
//   node bin/run-ts.mjs test/eval/disturbed-noise.ts [--matches 20] [--noise 0.0015] [--drop 0.05]
import type { Game } from '../../services/contract/ids.ts';
import type { DisturbedLine, LogLine, ShotLine } from '../../services/contract/log.ts';
import { inferEvents } from '../../services/events/infer.ts';
import { simulateMatch, simulationOptions } from '../../services/sim/game/index.ts';
import { dropFrames } from '../support/track-faults.ts';
import { compareLogs, tracksOf } from './match-calls.ts';

const arg = (n: string, d: number): number => { const i = process.argv.indexOf(n); return i >= 0 ? Number(process.argv[i + 1]) : d; };
const matches = arg('--matches', 20);
const noise = arg('--noise', 0.0015);
const drop = arg('--drop', 0.05);
const GAMES: Game[] = ['9ball', '8ball', '14.1'];

export interface DisturbedScore { truth: number; found: number; phantom: number; shots: number; movingFouls: number; callsEqual: number }

export function scoreMatch(game: Game, seed: number): DisturbedScore {
  const rec = simulateMatch({ game, shots: 20, seed, options: simulationOptions('stress') });
  const frames = dropFrames(tracksOf(rec, 30, noise, seed), drop, seed);
  const inferred = inferEvents(frames, { useOccluded: false });
  const d = matchDisturbed(rec.lines, inferred);
  const c = compareLogs(rec.lines as LogLine[], inferred);
  // A ball read as moving at the stroke where the truth has none still: a G10 foul from noise.
  const truthShots = rec.lines.filter((l): l is ShotLine => l.kind === 'shot');
  const movingFouls = inferred.filter((l): l is ShotLine => l.kind === 'shot' && (l.start?.balls.some((b) => b.moving) ?? false))
    .filter((l) => !truthShots.some((t) => Math.abs((t.t ?? 0) - (l.t ?? 0)) < 0.5 && t.start?.balls.some((b) => b.moving))).length;
  return { ...d, shots: c.shots, movingFouls, callsEqual: c.equal };
}

/** The truth's disturbed lines found in the inferred log (the same ball within 1.5 s, each used once), and the inferred others (phantom). */
export function matchDisturbed(truthLog: readonly LogLine[], inferredLog: readonly LogLine[]): { truth: number; found: number; phantom: number } {
  const truth = truthLog.filter((l): l is DisturbedLine => l.kind === 'disturbed');
  const got = inferredLog.filter((l): l is DisturbedLine => l.kind === 'disturbed');
  const used = new Set<DisturbedLine>();
  for (const t of truth) {
    const m = got.find((g) => !used.has(g) && Math.abs((g.t ?? 0) - (t.t ?? 0)) < 1.5 && g.balls.some((b) => t.balls.some((c) => c.id === b.id)));
    if (m) used.add(m);
  }
  return { truth: truth.length, found: used.size, phantom: got.length - used.size };
}

if (process.argv[1]?.endsWith('disturbed-noise.ts')) {
  const rows: Record<string, DisturbedScore> = {};
  const all: DisturbedScore = { truth: 0, found: 0, phantom: 0, shots: 0, movingFouls: 0, callsEqual: 0 };
  for (let k = 0; k < matches; k++) {
    const game = GAMES[k % GAMES.length]!;
    const seed = 820 + k;
    const r = scoreMatch(game, seed);
    rows[`${game} ${seed}`] = r;
    for (const key of Object.keys(all) as (keyof DisturbedScore)[]) all[key] += r[key];
  }
  rows.all = all;
  console.log(`Disturbed balls on noisy tracks (${matches} simulated 20-shot matches, stress preset, 30 frames/s, ${noise * 1000} mm noise, ${drop * 100} % of frames dropped)`);
  console.table(rows);
}
