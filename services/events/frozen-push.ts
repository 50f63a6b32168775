// A stroke through a ball frozen to the cue ball (G18l: "if that object ball moves, it counts as
// hit"). The cue ball rests against an object ball B that rests against a third ball C; the
// stroke's push goes through B into C, B moves a millimetre or two (too little to read a motion
// onset of its own: it only crept) and C leaves rest as the cue ball does, with no hitter seen.
// Nothing but the stroke can have sent C off then, and only through B: the cue ball hit B and B
// hit C (14.1 6567 30.07 s: the cue ball frozen to the 9, the 9 to the 7 and the 15; the cue ball
// played almost square off the 9, the 7 away at once, and "no ball hit" was called, G18a).
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import { frozenTogether } from '../rules/shot-facts.ts';
import type { BallModel } from './model.ts';
import { touchedBy } from './vanish-hits.ts';

/** A ball set off by the stroke leaves rest within this (s) of it (a push through a frozen ball is instant). */
const WITH_STROKE = 0.1;

/** The contacts of a stroke through a ball frozen to the cue ball, when no hit on the cue ball's side was read. */
export function strokeThroughFrozen(models: ReadonlyMap<BallId, BallModel>, events: readonly ShotEvent[], strikeT: number, frame: number): ShotEvent[] {
  const cue = models.get(0 as BallId);
  if (!cue?.rest || events.some((e) => e.type === 'contact' && e.a === 0 && e.t <= strikeT + WITH_STROKE)) return [];
  for (const b of models.values()) {
    // B moved (a creep is enough) and rested against the cue ball at the strike.
    if (b.id === 0 || !b.rest || (b.onset !== null && b.onset < strikeT - frame) || !frozenTogether(b.rest, cue.rest)) continue;
    for (const c of models.values()) {
      if (c.id === 0 || c.id === b.id || !c.rest || c.onset === null || c.changes[0]?.earliest !== undefined) continue;
      if (c.onset < strikeT - frame || c.onset > strikeT + WITH_STROKE || !frozenTogether(c.rest, b.rest) || touchedBy(events, c.id, c.onset + frame)) continue;
      return [
        { t: strikeT, type: 'contact', a: 0 as BallId, b: b.id },
        { t: Math.max(strikeT, c.onset), type: 'contact', a: Math.min(b.id, c.id) as BallId, b: Math.max(b.id, c.id) as BallId },
      ];
    }
  }
  return [];
}
