// Calls a referee would dispute, staged by the physics simulator and inferred from noisy tracks:
//  - graze: the cue ball passes the 1 (the lowest ball, 9-ball) from 3 mm of overlap (a thin hit)
//    to 3 mm clear (a miss), then goes on to a cushion: legal or "no ball hit";
//  - first: the cue ball meets the 1 and the 2, sitting side by side, 0–2 frames apart: legal
//    or "wrong ball first";
//  - frozen: the 1 lies 0–5 mm from a long cushion, driven into it with a stun: frozen (3 mm or
//    less: its touch of that cushion is no rail, a foul) or not (legal).
// Each shot judged as a normal 9-ball shot (as in events-accuracy.ts). A shot is right when the
// inferred call equals the truth's, marked when it differs but carries `uncertain` (the operator
// is asked), and WRONG when it differs unmarked; over-marked counts right calls with a mark.
//   node bin/run-ts.mjs test/eval/near-calls.ts [--shots 60] [--seed 910000] [--fps 60,30] [--noise 0.001]
import type { BallId } from '../../services/contract/ids.ts';
import type { ShotLine } from '../../services/contract/log.ts';
import { inferEvents } from '../../services/events/infer.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { mulberry32, type BallInput, type CueStrike } from '../../services/sim/physics/index.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../services/table/spec.ts';
import { trackShot } from '../support/physics-tracks.ts';

const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i >= 0 ? process.argv[i + 1]! : d; };
const R = BALL_RADIUS;
const W = TABLE_SPECS['9ft'].width;

export type Scenario = 'graze' | 'first' | 'frozen';
export interface Staged { scenario: Scenario; param: number; balls: BallInput[]; strike: CueStrike }

/** A staged shot: `u` in [0, 1) sets the disputed quantity across its range. */
export function stage(scenario: Scenario, u: number, r: () => number): Staged {
  const y0 = (r() - 0.5) * 0.4;
  const jitter = (r() - 0.5) * 0.02;
  if (scenario === 'graze') {
    // Clearance of the paths from -3 mm (overlap: a thin hit) to +3 mm (a miss).
    const clear = -0.003 + 0.006 * u;
    const cue = { id: 0 as BallId, x: -0.7 + jitter, y: y0 };
    const one = { id: 1 as BallId, x: 0.1 + jitter, y: y0 + 2 * R + clear };
    const nine = { id: 9 as BallId, x: 0.9, y: -0.45 };
    return { scenario, param: clear, balls: [cue, one, nine], strike: { speed: 1.2 + r() * 1.5, direction: 0, side: 0, height: 0.3 } };
  }
  if (scenario === 'first') {
    // The 1 and the 2 side by side across the cue ball's path; the aim's offset sets which is met first and by how much.
    const gap = 0.004 + r() * 0.004;
    const cue = { id: 0 as BallId, x: -0.7 + jitter, y: y0 };
    const one = { id: 1 as BallId, x: 0.1, y: y0 + R + gap / 2 };
    const two = { id: 2 as BallId, x: 0.1, y: y0 - R - gap / 2 };
    const nine = { id: 9 as BallId, x: 0.9, y: -0.45 };
    const offset = (u - 0.5) * 0.006;
    return { scenario, param: offset, balls: [cue, one, two, nine], strike: { speed: 1.5 + r() * 2, direction: Math.atan2(offset, 0.8), side: 0, height: 0 } };
  }
  // Frozen or not: the 1 from 0 to 5 mm off the left cushion, struck straight into it with a stun.
  const gap = 0.005 * u;
  const x = (r() - 0.5) * 1.2;
  const one = { id: 1 as BallId, x, y: W / 2 - R - gap };
  const cue = { id: 0 as BallId, x: x + (r() - 0.5) * 0.004, y: W / 2 - R - gap - 0.35 - r() * 0.2 };
  const nine = { id: 9 as BallId, x: x > 0 ? -0.9 : 0.9, y: -0.45 };
  return { scenario, param: gap, balls: [cue, one, nine], strike: { speed: 0.5 + r() * 0.7, direction: Math.PI / 2, side: 0, height: -0.35 } };
}

const MATCH = { kind: 'match', game: '9ball', table: '9ft', players: ['A', 'B'], raceTo: 9, breaks: 'winner', firstBreak: 'A' };

/** The call of a shot as B's after A's foul break that left the same table (events-accuracy.ts). */
function callOf(shot: ShotLine): { key: string; confirm: boolean } {
  const strikeT = shot.t ?? 1;
  const balls = shot.start?.balls.map(({ id, x, y }) => ({ id, x, y })) ?? [];
  const foulBreak: ShotLine = { kind: 'shot', t: strikeT - 2, start: { balls }, events: [{ t: strikeT - 2, type: 'strike' }], end: { t: strikeT - 1, balls } };
  const r = judgeText([JSON.stringify(MATCH), JSON.stringify(foulBreak), JSON.stringify(shot)].join('\n'));
  const c = r.calls[r.calls.length - 1];
  if (r.error || !c) return { key: `error ${r.error?.message ?? 'no call'}`, confirm: false };
  return { key: JSON.stringify({ legal: c.legal, fouls: c.fouls.map((f) => f.rule).sort(), pocketed: [...c.pocketed].sort() }), confirm: c.confirm !== undefined };
}

export type Verdict = 'right' | 'marked' | 'wrong';
export interface NearScore { verdict: Verdict; overMarked: boolean; truthLegal: boolean }

export function scoreStaged(s: Staged, fps: number, noise: number, seed: number): NearScore {
  const strikeTime = 1;
  const { frames, sim } = trackShot({ balls: s.balls, strike: s.strike, fps, noise, seed, strikeTime });
  const inferred = inferEvents(frames, {}).find((l): l is ShotLine => l.kind === 'shot');
  const truthShot: ShotLine = { kind: 'shot', t: strikeTime, start: { balls: s.balls.map((b) => ({ id: b.id, x: b.x, y: b.y })) }, events: sim.events, end: { t: sim.restTime, balls: sim.finalBalls } };
  const truth = callOf(truthShot);
  const got = inferred ? callOf(inferred) : { key: 'no shot', confirm: false };
  const marked = (inferred?.uncertain?.length ?? 0) > 0;
  const equal = truth.key === got.key;
  return { verdict: equal ? 'right' : marked ? 'marked' : 'wrong', overMarked: equal && marked, truthLegal: truth.key.includes('"legal":true') };
}

if (process.argv[1]?.endsWith('near-calls.ts')) {
  const shots = Number(arg('--shots', '60'));
  const seed0 = Number(arg('--seed', '910000'));
  const noise = Number(arg('--noise', '0.001'));
  const rows: Record<string, Record<string, string | number>> = {};
  for (const fps of arg('--fps', '60,30').split(',').map(Number)) {
    for (const scenario of ['graze', 'first', 'frozen'] as Scenario[]) {
      const n = { right: 0, marked: 0, wrong: 0, over: 0, legal: 0 };
      const wrongAt: string[] = [];
      for (let k = 0; k < shots; k++) {
        const seed = seed0 + k;
        const s = stage(scenario, (k + 0.5) / shots, mulberry32(seed));
        const r = scoreStaged(s, fps, noise, seed);
        n[r.verdict]++;
        if (r.overMarked) n.over++;
        if (r.truthLegal) n.legal++;
        if (r.verdict === 'wrong' && wrongAt.length < 6) wrongAt.push((s.param * 1000).toFixed(2));
      }
      rows[`${scenario} ${fps} fps`] = { shots, 'truth legal': n.legal, right: n.right, 'marked uncertain': n.marked, 'WRONG unmarked': n.wrong, 'right but marked': n.over, 'wrong at (mm)': wrongAt.join(' ') };
    }
  }
  console.log(`Disputed calls staged by the simulator (${shots} shots each, seeds ${seed0}+, ${noise * 1000} mm noise), from tracks: right, marked uncertain (the operator is asked), or wrong without a mark`);
  console.table(rows);
}
