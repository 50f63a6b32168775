// A ball lost while the table was out of view (gone-in-cut.ts): pocketed at the nearest pocket,
// marked as read rather than seen, only when the view came back long enough to see it was gone.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import { standardTable } from '../table/geometry.ts';
import { goneInCut } from './gone-in-cut.ts';
import type { Sample } from './series.ts';
import type { Vanishing } from './vanish.ts';

const table = standardTable('9ft');
// The 2 rested near the right side pocket until the view cut away at 30.16 s (9-ball 8101 of the cuts eval).
const lastSeen: Sample = { t: 30.133, x: 0.02, y: -0.43 };
const lost = (ball: number): Vanishing => ({ ball: ball as BallId, lastSeen, events: [], lost: true });
const cut = [{ from: 30.166, to: 32.133 }];
const series = new Map<BallId, { samples: Sample[] }>([[2 as BallId, { samples: [{ t: 29.9, x: 0.02, y: -0.43 }, lastSeen] }]]);

describe('a ball gone while the table was out of view', () => {
  it('is pocketed at the pocket nearest to where it rested, its pocket a reading', () => {
    const [v] = goneInCut([lost(2)], cut, series, table, 37.79);
    expect(v!.lost).toBeUndefined();
    expect(v!.unseenDrop).toBe(true);
    expect(v!.events).toEqual([{ t: 30.166, type: 'pocket', ball: 2, pocket: 'side-right' }]);
  });

  it('stays lost when it was seen again, when the view came back too briefly to tell, when it went out of sight before the cut, and when it is the cue ball', () => {
    const seenAgain = new Map(series);
    seenAgain.set(2 as BallId, { samples: [...series.get(2 as BallId)!.samples, { t: 33, x: -0.5, y: -0.58 }] });
    expect(goneInCut([lost(2)], cut, seenAgain, table, 37.79)[0]!.lost).toBe(true);
    expect(goneInCut([lost(2)], cut, series, table, 32.5)[0]!.lost).toBe(true);
    expect(goneInCut([{ ...lost(2), lastSeen: { ...lastSeen, t: 29.5 } }], cut, series, table, 37.79)[0]!.lost).toBe(true);
    expect(goneInCut([lost(0)], cut, series, table, 37.79)[0]!.lost).toBe(true);
    expect(goneInCut([lost(2)], [], series, table, 37.79)[0]!.lost).toBe(true);
  });
});
