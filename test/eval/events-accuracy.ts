// Accuracy of event inference against physics truth (no renderer, no vision): first contact,
// rail after contact, pocketed balls and pockets, break cushion counts, and the referee's calls.
// Each random shot is judged twice by the 9-ball rules: as the first shot of a match (a break:
// the kitchen, four balls to a cushion) and as a normal shot (after a foul break that left the
// same table, so the shooter has ball in hand: first contact, rail after contact, scratches).
// Tracks may be degraded first (dropped frames, a ball hidden at the strike).
import type { BallId } from '../../services/contract/ids.ts';
import type { ShotEvent, ShotLine } from '../../services/contract/log.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { inferEvents, type InferOptions } from '../../services/events/infer.ts';
import { dropFrames, occludeAtStrike } from '../support/track-faults.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { trackShot } from '../support/physics-tracks.ts';
import { randomShot } from './random-shots.ts';

export type TrackFault = 'none' | 'drop5' | 'occlude';

export interface EvalOptions {
  fps: number;
  /** Position noise σ (m). */
  noise: number;
  fault: TrackFault;
  infer: Partial<InferOptions>;
  /** Share of the random shots that are breaks of a racked 9-ball diamond. */
  breakShare: number;
}

export const DEFAULT_EVAL: EvalOptions = { fps: 60, noise: 0.001, fault: 'none', infer: {}, breakShare: 0.1 };

export interface ShotScore {
  kind: string;
  firstContact: boolean;
  railAfterContact: boolean;
  pocketsRecall: [number, number];
  pocketsPrecision: [number, number];
  breakCushions: boolean | null;
  /** The calls agree with the shot judged as a break (the first shot of a match). */
  callsEqual: boolean;
  /** The calls agree with the shot judged as a normal shot. */
  callsEqualShot: boolean;
}

const firstContact = (ev: readonly ShotEvent[]): string => {
  const c = ev.filter((e) => e.type === 'contact' && e.a === 0);
  if (c.length === 0) return 'none';
  const t = c[0]!.t;
  return c.filter((e) => e.t === t).map((e) => (e as { b: number }).b).sort().join('+');
};

const railAfter = (ev: readonly ShotEvent[]): boolean => {
  const c = ev.find((e) => e.type === 'contact' && e.a === 0);
  if (!c) return false;
  return ev.some((e) => (e.type === 'cushion' && e.t >= c.t) || (e.type === 'pocket' && e.ball !== 0));
};

const pockets = (ev: readonly ShotEvent[]): Set<string> =>
  new Set(ev.flatMap((e) => (e.type === 'pocket' ? [`${e.ball}@${e.pocket}`] : e.type === 'off-table' ? [`${e.ball}@off`] : [])));

const breakCushions = (ev: readonly ShotEvent[]): number => new Set(ev.flatMap((e) => (e.type === 'cushion' && e.ball !== 0 ? [e.ball] : []))).size;

const MATCH = { kind: 'match', game: '9ball', table: '9ft', players: ['A', 'B'], raceTo: 9, breaks: 'winner', firstBreak: 'A' };

/** The call of `shot`, judged as the break (asBreak) or as B's shot after A's foul break. */
function judgeOne(shot: ShotLine, asBreak: boolean): string {
  const lines = [JSON.stringify(MATCH)];
  if (!asBreak) {
    // A break that hits nothing (a foul) and leaves the table as this shot finds it.
    const strikeT = shot.t ?? shot.events[0]?.t ?? 1;
    const balls = shot.start?.balls.map(({ id, x, y }) => ({ id, x, y })) ?? [];
    const foulBreak: ShotLine = { kind: 'shot', t: strikeT - 2, start: { balls }, events: [{ t: strikeT - 2, type: 'strike' }], end: { t: strikeT - 1, balls } };
    lines.push(JSON.stringify(foulBreak));
  }
  lines.push(JSON.stringify(shot));
  const r = judgeText(lines.join('\n'));
  if (r.error) return `error ${r.error.message}`;
  const c = r.calls[r.calls.length - 1];
  if (!c) return 'no call';
  return JSON.stringify({ legal: c.legal, fouls: c.fouls, pocketed: [...c.pocketed].sort(), next: c.next, gameOver: c.gameOver });
}

function degrade(frames: TrackFrame[], fault: TrackFault, strikeT: number, fps: number, seed: number): TrackFrame[] {
  if (fault === 'drop5') return dropFrames(frames, 0.05, seed);
  if (fault === 'occlude') return occludeAtStrike(frames, strikeT, fps, seed);
  return frames;
}

export function scoreShot(seed: number, options: Partial<EvalOptions> = {}): ShotScore {
  const o: EvalOptions = { ...DEFAULT_EVAL, ...options };
  const shot = randomShot(seed, o.breakShare);
  const strikeTime = 1;
  const { frames, sim } = trackShot({ balls: shot.balls, strike: shot.strike, fps: o.fps, noise: o.noise, seed, strikeTime });
  const lines = inferEvents(degrade(frames, o.fault, strikeTime, o.fps, seed), o.infer);
  const inferred = lines.find((l): l is ShotLine => l.kind === 'shot');
  const truthEvents = sim.events;
  const got = inferred?.events ?? [];
  const tp = pockets(truthEvents);
  const ip = pockets(got);
  const hit = [...tp].filter((p) => ip.has(p)).length;
  const truthShot: ShotLine = {
    kind: 'shot', t: strikeTime, start: { balls: shot.balls.map((b) => ({ id: b.id as BallId, x: b.x, y: b.y })) },
    events: truthEvents, end: { t: sim.restTime, balls: sim.finalBalls },
  };
  return {
    kind: shot.kind,
    firstContact: firstContact(truthEvents) === firstContact(got),
    railAfterContact: railAfter(truthEvents) === railAfter(got),
    pocketsRecall: [hit, tp.size],
    pocketsPrecision: [hit, ip.size],
    breakCushions: shot.kind === 'break' ? breakCushions(truthEvents) === breakCushions(got) : null,
    callsEqual: inferred ? judgeOne(truthShot, true) === judgeOne(inferred, true) : false,
    callsEqualShot: inferred ? judgeOne(truthShot, false) === judgeOne(inferred, false) : false,
  };
}

export function summarise(s: readonly ShotScore[]): Record<string, string> {
  const pct = (k: number, n: number): string => (n === 0 ? 'n/a' : `${((100 * k) / n).toFixed(2)} % (${k}/${n})`);
  const sum = (f: (x: ShotScore) => [number, number]): [number, number] => s.reduce<[number, number]>((a, x) => [a[0] + f(x)[0], a[1] + f(x)[1]], [0, 0]);
  const breaks = s.filter((x) => x.breakCushions !== null);
  const [rh, rn] = sum((x) => x.pocketsRecall);
  const [ph, pn] = sum((x) => x.pocketsPrecision);
  return {
    shots: String(s.length),
    'first contact': pct(s.filter((x) => x.firstContact).length, s.length),
    'rail after contact': pct(s.filter((x) => x.railAfterContact).length, s.length),
    'pocketed recall': pct(rh, rn),
    'pocketed precision': pct(ph, pn),
    'break cushion count exact': pct(breaks.filter((x) => x.breakCushions).length, breaks.length),
    'calls equal (as break)': pct(s.filter((x) => x.callsEqual).length, s.length),
    'calls equal (as shot)': pct(s.filter((x) => x.callsEqualShot).length, s.length),
  };
}

export function evaluate(seeds: readonly number[], fps: number, noise: number, options: Partial<EvalOptions> = {}): Record<string, string> {
  return summarise(seeds.map((seed) => scoreShot(seed, { ...options, fps, noise })));
}
