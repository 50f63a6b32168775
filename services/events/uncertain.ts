// Facts of a shot that the camera cannot settle (the shot line's `uncertain`, EVENTS.md): the
// rules engine judges the line as given and asks the operator to confirm, and the dashboard says
// "too close to call" instead of a silent verdict.
//  - The table was not seen over part of the shot (a broadcast cut, a corrupt stretch): the facts
//    of what happened then (the first contact over the stroke, the cushions and pockets after it).
import type { ShotEvent, Uncertainty } from '../contract/log.ts';
import type { UncertainFact } from '../contract/ids.ts';

export interface Stretch {
  from: number;
  to: number;
}

/** Seconds of [a, b] that unseen stretches cover (they are disjoint). */
function covered(unseen: readonly Stretch[], a: number, b: number): number {
  let s = 0;
  for (const u of unseen) s += Math.max(0, Math.min(b, u.to) - Math.max(a, u.from));
  return s;
}

/** Time (s) around a stretch counted as unseen: the last frame before it and the first after it. */
const EDGE = 0.1;

/**
 * The facts a shot's call depends on that fell where the table was not seen. `lastStill` and
 * `firstMoving` bracket the stroke; `end` is when the last ball stopped.
 */
export function unseenFacts(events: readonly ShotEvent[], lastStill: number, firstMoving: number, end: number, unseen: readonly Stretch[]): Uncertainty[] {
  if (unseen.length === 0) return [];
  const grown = unseen.map((u) => ({ from: u.from - EDGE, to: u.to + EDGE }));
  const firstContact = events.find((e) => e.type === 'contact' && (e.a === 0 || e.b === 0));
  // With no first contact seen, it may lie anywhere in the shot.
  const contactT = firstContact?.t ?? end;
  const out: Uncertainty[] = [];
  const add = (fact: UncertainFact, seconds: number, alternatives: Uncertainty['alternatives'] = []): void => {
    if (seconds > 0) out.push({ fact, alternatives, margin: Math.round(seconds * 1000) / 1000 });
  };
  // Over the stroke and up to the first contact: which ball was hit first, balls moving at the stroke, the head string.
  const stroke = covered(grown, lastStill, contactT);
  const seenFirst = firstContact && firstContact.type === 'contact' ? [[firstContact.a, firstContact.b]] : [];
  add('firstContact', stroke, seenFirst);
  add('moving', covered(grown, lastStill - 0.2, firstMoving), [true, false]);
  add('cross', stroke, [true, false]);
  // After the first contact: the cushions and the pockets.
  const path = covered(grown, contactT, end + 0.2);
  add('railAfterContact', path, [true, false]);
  add('pocket', path, [true, false]);
  return out;
}
