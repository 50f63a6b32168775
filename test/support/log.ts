// Terse builders for event logs in tests: positions in table metres on the 9-ft table.
import type { BallId } from '../../services/contract/ids.ts';
import type { BallPosition, Call, Declared, MatchLine, ShotEvent } from '../../services/contract/log.ts';
import { judgeText } from '../../services/rules/judge.ts';

/** A shot event without its time (distributes over the union). */
export type EventSpec = ShotEvent extends infer E ? (E extends ShotEvent ? Omit<E, 't'> : never) : never;

export type Spot = [BallId, number, number] | [BallId, number, number, { moving: true }];

export const balls = (...spots: Spot[]): BallPosition[] =>
  spots.map(([id, x, y, m]) => (m ? { id, x, y, moving: true } : { id, x, y }));

export function match(game: MatchLine['game'], extra: Partial<MatchLine> = {}): MatchLine {
  const base: MatchLine = { kind: 'match', game, table: '9ft', players: ['Ann', 'Bob'], breaks: 'winner', firstBreak: 'Ann' };
  return { ...base, ...(game === '14.1' ? { target: 100 } : { raceTo: 5 }), ...extra };
}

export interface ShotSpec {
  t?: number;
  start: BallPosition[];
  events?: (EventSpec | ShotEvent)[];
  end?: BallPosition[];
  declared?: Declared;
}

let clock = 0;

/** A shot line; events get increasing times after the strike unless they carry their own. */
export function shot(spec: ShotSpec): Record<string, unknown> {
  const t0 = spec.t ?? (clock += 10);
  clock = Math.max(clock, t0);
  const evs: ShotEvent[] = (spec.events ?? []).map((e, i) => ('t' in e ? e : ({ ...e, t: t0 + 0.1 * (i + 1) } as ShotEvent)));
  const gone = new Set<BallId>();
  for (const e of evs) if (e.type === 'pocket' || e.type === 'off-table') gone.add(e.ball);
  const end = spec.end ?? spec.start.filter((b) => !gone.has(b.id)).map(({ id, x, y }) => ({ id, x, y }));
  return {
    kind: 'shot', t: t0, start: { balls: spec.start }, ...(spec.declared ? { declared: spec.declared } : {}),
    events: [{ t: t0, type: 'strike' }, ...evs], end: { t: t0 + 5, balls: end },
  };
}

export const contact = (a: BallId, b: BallId): EventSpec => ({ type: 'contact', a, b } as EventSpec);
export const cushion = (ball: BallId, c: string): EventSpec => ({ type: 'cushion', ball, cushion: c } as EventSpec);
export const pocket = (ball: BallId, p: string): EventSpec => ({ type: 'pocket', ball, pocket: p } as EventSpec);
export const offTable = (ball: BallId): EventSpec => ({ type: 'off-table', ball } as EventSpec);
export const cross = (ball: BallId = 0): EventSpec => ({ type: 'cross', ball, line: 'head-string' } as EventSpec);

export function judge(lines: object[]): { calls: Call[]; last: Call; error: ReturnType<typeof judgeText>['error'] } {
  const r = judgeText(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return { calls: r.calls, last: r.calls[r.calls.length - 1]!, error: r.error };
}

export const rules = (c: Call): string[] => c.fouls.map((f) => f.rule);

/** A 9-ball diamond rack (1 on the foot spot, 9 in the centre) and a cue ball in the kitchen. */
export function nineBallRack(cue: [number, number] = [-0.9, 0.1]): BallPosition[] {
  const fx = 0.635;
  const r = 0.05715 / 2;
  const dx = 0.05715 * Math.sqrt(3) / 2;
  return balls(
    [0, cue[0], cue[1]], [1, fx, 0], [2, fx + dx, r], [3, fx + dx, -r], [4, fx + 2 * dx, 2 * r], [9, fx + 2 * dx, 0],
    [5, fx + 2 * dx, -2 * r], [6, fx + 3 * dx, r], [7, fx + 3 * dx, -r], [8, fx + 4 * dx, 0],
  );
}

/** A 15-ball triangle (8 in the centre) and a cue ball in the kitchen. */
export function fifteenBallRack(cue: [number, number] = [-0.9, 0.1]): BallPosition[] {
  const order: BallId[] = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 6, 13, 7, 14, 15] as BallId[];
  const out: BallPosition[] = [{ id: 0 as BallId, x: cue[0], y: cue[1] }];
  const dx = 0.05715 * Math.sqrt(3) / 2;
  let k = 0;
  for (let row = 0; row < 5; row++) {
    for (let j = 0; j <= row; j++) out.push({ id: order[k++]!, x: 0.635 + row * dx, y: (j - row / 2) * 0.05715 });
  }
  return out;
}
