// Contract errors (EVENTS.md): "A log that breaks this contract (unknown kind, ball id out of range, a ball on the
// bed twice, events out of time order, a shot before the match line) is rejected with a message that names the
// line number and the field; nothing after it is applied, and nothing before it is lost."
import { describe, expect, it } from 'vitest';
import { LogBuilder, at, hit, pot, rail } from './log-builder.ts';
import { judgeOk, judgeRaw } from './expect-calls.ts';
import { nineAnnToShoot } from './setups.ts';

/** Replaces the builder's last line by what `fn` makes of its parsed object. */
function mutateLast(b: LogBuilder, fn: (o: Record<string, any>) => void): number {
  const o = JSON.parse(b.lines[b.lines.length - 1]!);
  fn(o);
  b.lines[b.lines.length - 1] = JSON.stringify(o);
  return b.lines.length;
}

interface Bad { name: string; write: (b: LogBuilder) => number; field?: RegExp }

const bads: Bad[] = [
  { name: 'unknown kind', write: (b) => b.raw({ kind: 'bogus', t: b.clock }), field: /kind/ },
  { name: 'ball id out of range (16) in start.balls', write: (b) => b.shot({ set: { 16: [0.1, 0.1] }, events: [hit(1), rail(1, 'head')] }), field: /id|balls/ },
  { name: 'ball id out of range (-1) in start.balls', write: (b) => b.shot({ set: { [-1]: [0.1, 0.1] }, events: [hit(1), rail(1, 'head')] }), field: /id|balls/ },
  { name: 'ball id not an integer (2.5)', write: (b) => b.shot({ set: { 2.5: [0.1, 0.1] }, events: [hit(1), rail(1, 'head')] }), field: /id|balls/ },
  { name: 'ball id a string ("3")', write: (b) => { b.shot({ events: [hit(1), rail(1, 'head')] }); return mutateLast(b, (o) => { o.start.balls.find((x: any) => x.id === 3).id = '3'; }); }, field: /id|balls/ },
  { name: 'ball id out of range in an event (contact with 16)', write: (b) => b.shot({ events: [hit(16), rail(1, 'head')] }), field: /events|\bb\b|ball|id/ },
  { name: 'a ball on the bed twice in start.balls', write: (b) => { b.shot({ events: [hit(1), rail(1, 'head')] }); return mutateLast(b, (o) => { o.start.balls.push({ id: 3, x: 0.5, y: -0.5 }); }); }, field: /balls|id/ },
  { name: 'a ball on the bed twice in end.balls', write: (b) => { b.shot({ events: [hit(1), rail(1, 'head')] }); return mutateLast(b, (o) => { o.end.balls.push({ id: 4, x: 0.5, y: -0.5 }); }); }, field: /balls|id/ },
  { name: 'events out of time order within a shot', write: (b) => b.shot({ events: [at(b.clock + 0.5, hit(1)), at(b.clock + 0.2, rail(1, 'head'))] }), field: /events|\bt\b/ },
  { name: 'unknown pocket name', write: (b) => b.shot({ events: [hit(1), pot(1, 'corner' as never)] }), field: /pocket/ },
  { name: 'unknown cushion name', write: (b) => b.shot({ events: [hit(1), rail(1, 'side' as never)] }), field: /cushion/ },
  { name: 'unknown event type', write: (b) => b.shot({ events: [hit(1), { type: 'bounce', ball: 1 }] }), field: /type/ },
  { name: 'unknown decision choice', write: (b) => b.raw({ kind: 'decision', t: b.clock, by: 'Bob', choice: 'maybe' }), field: /choice/ },
  { name: 'ball id out of range (16) in a disturbed line', write: (b) => b.raw({ kind: 'disturbed', t: b.clock, balls: [{ id: 16, x: 0.1, y: 0.1 }] }), field: /id|balls/ },
  { name: 'invalid JSON', write: (b) => b.rawLine('{"kind":"shot","events":[') },
];

describe('contract errors: the right line and field, earlier calls kept, nothing after applied', () => {
  it('a valid log is accepted (error is null)', () => {
    const b = nineAnnToShoot();
    b.shot({ events: [hit(1), rail(1, 'head')] });
    const r = judgeRaw(b);
    expect(r.error).toBeNull();
    expect(r.calls.map((c) => c.line)).toEqual([2, 3]);
  });

  it.each(bads)('contract: $name → rejected at its line, naming the field', ({ write, field }) => {
    const b = nineAnnToShoot(); // line 1 match, line 2 the break (Ann continues)
    b.shot({ events: [hit(1), pot(1, 'head-left')] }); // line 3
    const before = judgeOk(b).all;
    const bad = write(b);
    expect(bad).toBe(4);
    b.shot({ events: [hit(3), rail(3, 'head')] }); // a valid line after the bad one: never applied
    const r = judgeRaw(b);
    expect(r.error, 'error').not.toBeNull();
    expect(r.error!.line).toBe(bad);
    expect(typeof r.error!.field).toBe('string');
    expect(typeof r.error!.message === 'string' && r.error!.message.length > 0, 'message').toBe(true);
    if (field) expect(r.error!.field).toMatch(field);
    expect(r.calls, 'the calls before the bad line are kept, none after it').toEqual(before);
  });

  it('contract: a shot before the match line → rejected at line 1, no calls', () => {
    const b = new LogBuilder(null);
    b.rack9();
    b.shot({ events: [hit(1), rail(1, 'head')] });
    const r = judgeRaw(b);
    expect(r.error).not.toBeNull();
    expect(r.error!.line).toBe(1);
    expect(r.error!.field.length).toBeGreaterThan(0);
    expect(r.calls).toEqual([]);
  });

  it('contract: a match line naming an unknown game → rejected at line 1 naming the game field', () => {
    const b = new LogBuilder(null);
    b.raw({ kind: 'match', game: 'snooker', table: '9ft', players: ['Ann', 'Bob'], raceTo: 3, breaks: 'winner', firstBreak: 'Ann' });
    const r = judgeRaw(b);
    expect(r.error?.line).toBe(1);
    expect(r.error!.field).toMatch(/game/);
  });

  it('contract: the error at the second line keeps nothing and applies nothing (a ball twice on the bed at the break)', () => {
    const b = new LogBuilder({ game: '9ball' });
    b.rack9();
    b.shot({ events: [hit(1), rail(3), rail(4), rail(5), rail(6)] });
    mutateLast(b, (o) => { o.start.balls.push({ id: 9, x: 0, y: 0.3 }); });
    const r = judgeRaw(b);
    expect(r.error?.line).toBe(2);
    expect(r.calls).toEqual([]);
  });
});

describe('interpretation', () => {
  // EVENTS.md lists the kinds of violation in parentheses; a shot line with no "events" field is not among them, but
  // services/contract/log.ts (the contract's types: "optional fields are the ones the contract marks optional")
  // declares ShotLine.events required while start, end and declared are optional. Reading: a shot without its events
  // breaks the contract and is rejected naming the events field (rather than judged as a shot with no strike).
  it('contract: a shot line without its events field → rejected at that line, naming events', () => {
    const b = nineAnnToShoot();
    b.shot({ events: [hit(1), pot(1, 'head-left')] });
    const before = judgeOk(b).all;
    b.shot({ events: [hit(3), rail(3, 'head')] });
    const bad = mutateLast(b, (o) => { delete o.events; });
    const r = judgeRaw(b);
    expect(r.error?.line).toBe(bad);
    expect(r.error!.field).toMatch(/events/);
    expect(r.calls).toEqual(before);
  });

  // "Input: one line per happening, in time order." Reading: a shot whose times go back before the previous line's
  // is out of time order too (the engine may name the field t, events or start).
  it('contract: a line earlier in time than the line before it → rejected at that line', () => {
    const b = nineAnnToShoot();
    b.clock = 0.1; // the break happened at t = 1..
    const bad = b.shot({ events: [hit(1), rail(1, 'head')] });
    const r = judgeRaw(b);
    expect(r.error?.line).toBe(bad);
    expect(r.calls.map((c) => c.line)).toEqual([2]);
  });
});
