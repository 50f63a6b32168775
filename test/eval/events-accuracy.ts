// Accuracy of event inference against physics truth (no renderer, no vision): first contact,
// rail after contact, pocketed balls and pockets, break cushion counts, and the referee's calls.
import type { BallId } from '../../services/contract/ids.ts';
import type { ShotEvent, ShotLine } from '../../services/contract/log.ts';
import { inferEvents, type InferOptions } from '../../services/events/infer.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { trackShot } from '../support/physics-tracks.ts';
import { randomShot } from './random-shots.ts';

export interface ShotScore {
  firstContact: boolean;
  railAfterContact: boolean;
  pocketsRecall: [number, number];
  pocketsPrecision: [number, number];
  breakCushions: boolean | null;
  callsEqual: boolean;
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

function judgeOne(shot: ShotLine): string {
  const match = { kind: 'match', game: '9ball', table: '9ft', players: ['A', 'B'], raceTo: 9, breaks: 'winner', firstBreak: 'A' };
  const r = judgeText([JSON.stringify(match), JSON.stringify(shot)].join('\n'));
  if (r.error) return `error ${r.error.message}`;
  const c = r.calls[0]!;
  return JSON.stringify({ legal: c.legal, fouls: c.fouls, pocketed: [...c.pocketed].sort(), next: c.next, gameOver: c.gameOver });
}

export function scoreShot(seed: number, fps: number, noise: number, o: Partial<InferOptions> = {}): ShotScore & { kind: string } {
  const shot = randomShot(seed);
  const { frames, sim } = trackShot({ balls: shot.balls, strike: shot.strike, fps, noise, seed });
  const lines = inferEvents(frames, o);
  const inferred = lines.find((l): l is ShotLine => l.kind === 'shot');
  const truthEvents = sim.events;
  const got = inferred?.events ?? [];
  const tp = pockets(truthEvents);
  const ip = pockets(got);
  const hit = [...tp].filter((p) => ip.has(p)).length;
  const truthShot: ShotLine = {
    kind: 'shot', t: 1, start: { balls: shot.balls.map((b) => ({ id: b.id as BallId, x: b.x, y: b.y })) },
    events: truthEvents, end: { t: sim.restTime, balls: sim.finalBalls },
  };
  return {
    kind: shot.kind,
    firstContact: firstContact(truthEvents) === firstContact(got),
    railAfterContact: railAfter(truthEvents) === railAfter(got),
    pocketsRecall: [hit, tp.size],
    pocketsPrecision: [hit, ip.size],
    breakCushions: shot.kind === 'break' ? breakCushions(truthEvents) === breakCushions(got) : null,
    callsEqual: inferred ? judgeOne(truthShot) === judgeOne(inferred) : false,
  };
}

export function evaluate(seeds: number[], fps: number, noise: number): Record<string, string> {
  const s = seeds.map((seed) => scoreShot(seed, fps, noise));
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
    'calls equal': pct(s.filter((x) => x.callsEqual).length, s.length),
  };
}
