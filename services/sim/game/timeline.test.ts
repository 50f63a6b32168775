// The renderer's timeline: the cue tip meets the cue ball at each strike, the balls are where
// the truth log says, orientations run on across shots, hands carry the cue ball in hand and
// nudge disturbed balls, and the shooter stands outside the table.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShotLine } from '../../contract/log.ts';
import { BALL_RADIUS } from '../../table/spec.ts';
import { FOLLOW_THROUGH, strokeTimes } from './cue-motion.ts';
import { simulateMatch, type MatchRecording } from './match.ts';
import { simulationOptions } from './options.ts';

const R = BALL_RADIUS;
let recs: MatchRecording[] = [];

beforeAll(() => {
  const options = simulationOptions('stress', { pause: { min: 2, max: 4 } });
  recs = [
    simulateMatch({ game: '8ball', shots: 30, seed: 21, options }),
    simulateMatch({ game: '9ball', shots: 30, seed: 22, options }),
  ];
}, 60_000);

const shotLines = (rec: MatchRecording): ShotLine[] => rec.lines.filter((l): l is ShotLine => l.kind === 'shot');
const tipGap = (rec: MatchRecording, t: number): number => {
  const s = rec.timeline.sceneAt(t);
  const cue = s.balls.find((b) => b.id === 0)!;
  return Math.hypot(s.cue.tip.x - cue.x, s.cue.tip.y - cue.y, s.cue.tip.z - cue.z) - R;
};

describe('the cue stick', () => {
  it('touches the cue ball at every strike time, and not before', () => {
    for (const rec of recs) {
      const strikes = shotLines(rec).map((l) => l.t!);
      expect(rec.timeline.strokeSpecs.map((s) => s.strikeT)).toEqual(strikes);
      for (const spec of rec.timeline.strokeSpecs) {
        const scene = rec.timeline.sceneAt(spec.strikeT);
        expect(scene.cue.visible).toBe(true);
        expect(Math.abs(tipGap(rec, spec.strikeT))).toBeLessThan(1e-9);
        const k = strokeTimes(spec);
        for (let t = k.settleEnd; t < spec.strikeT - 1e-4; t += 0.05) expect(tipGap(rec, t)).toBeGreaterThan(0);
      }
    }
  });

  it('settles, takes 2–3 warm-up strokes, strikes, follows through 10 cm, then lifts away', () => {
    for (const spec of recs[0]!.timeline.strokeSpecs) {
      const k = strokeTimes(spec);
      expect(k.warmups).toBeGreaterThanOrEqual(2);
      expect(k.warmups).toBeLessThanOrEqual(3);
      const phases = new Set<string>();
      for (let t = spec.startT - 0.5; t < k.liftEnd + 0.5; t += 0.02) phases.add(recs[0]!.timeline.cueAt(t).phase);
      for (const p of ['settle', 'warmup', 'backswing', 'stroke', 'follow', 'lift', 'away']) expect(phases).toContain(p);
      const at = recs[0]!.timeline.cueAt(spec.strikeT);
      const after = recs[0]!.timeline.cueAt(k.followEnd);
      const moved = (after.tip.x - at.tip.x) * Math.cos(spec.direction) + (after.tip.y - at.tip.y) * Math.sin(spec.direction);
      expect(moved).toBeCloseTo(FOLLOW_THROUGH * Math.cos(at.elevation), 6);
      expect(recs[0]!.timeline.cueAt(k.liftEnd + 0.1).visible).toBe(false);
    }
  });

  it('the shooter stands outside the table, behind the cue ball', () => {
    for (const rec of recs) {
      const spec = rec.timeline.strokeSpecs;
      for (const s of spec) {
        const who = rec.timeline.shooterAt(s.strikeT)!;
        expect(who).not.toBeNull();
        const outside = Math.abs(who.x) > 2.54 / 2 || Math.abs(who.y) > 1.27 / 2;
        expect(outside).toBe(true);
        const behind = (who.x - s.cueBall.x) * Math.cos(s.direction) + (who.y - s.cueBall.y) * Math.sin(s.direction);
        expect(behind).toBeLessThan(0);
      }
    }
  });
});

describe('the balls', () => {
  it('are where the truth log says at every strike and at every rest', () => {
    expect(recs.flatMap((r) => r.shots).filter((s) => s.moving.length > 0).length).toBeGreaterThan(0);
    for (const rec of recs) {
      for (const line of shotLines(rec)) {
        const scene = rec.timeline.sceneAt(line.t!);
        const justBefore = rec.timeline.sceneAt(line.t! - 1e-9);
        for (const b of line.start!.balls) {
          const s = scene.balls.find((x) => x.id === b.id)!;
          expect(s.status).toBe('bed');
          expect(Math.hypot(s.x - b.x, s.y - b.y)).toBeLessThan(1e-9);
          // Still rolling from the last shot (G10) exactly when the log says "moving".
          expect(justBefore.balls.find((x) => x.id === b.id)!.moving).toBe(b.moving === true);
        }
        const onBed = scene.balls.filter((s) => s.status === 'bed').map((s) => s.id).sort((a, b) => a - b);
        expect(onBed).toEqual(line.start!.balls.map((b) => b.id).sort((a, b) => a - b));
        for (const e of line.events) {
          if (e.type === 'pocket') expect(rec.timeline.ballAt(e.ball, e.t + 1e-6).status).toBe('pocketed');
        }
      }
    }
  });

  it('keep their orientation across shots (each shot starts from the last one\'s)', () => {
    for (const rec of recs) {
      for (const line of shotLines(rec)) {
        for (const b of line.start!.balls) {
          const before = rec.timeline.ballAt(b.id, line.t! - 1e-9).q;
          const at = rec.timeline.ballAt(b.id, line.t!).q;
          expect(Math.hypot(before.w - at.w, before.x - at.x, before.y - at.y, before.z - at.z)).toBeLessThan(1e-6);
          expect(Math.hypot(at.w, at.x, at.y, at.z)).toBeCloseTo(1, 9);
        }
      }
    }
  });

  it('a hand carries the cue ball in hand to its spot before the shot', () => {
    let checked = 0;
    for (const rec of recs) {
      for (const [i, line] of rec.lines.entries()) {
        if (line.kind !== 'shot') continue;
        const previous = rec.calls.filter((c) => c.line < i + 1).at(-1);
        if (previous && previous.next.ballInHand === 'none') continue;
        const cue = line.start!.balls.find((b) => b.id === 0)!;
        let carried = false;
        for (let t = line.t! - 15; t < line.t!; t += 0.05) {
          const s = rec.timeline.sceneAt(t);
          if (s.hand.visible && s.hand.action === 'place' && s.hand.ball === 0) {
            const ball = s.balls.find((b) => b.id === 0)!;
            expect(ball.status).toBe('in-hand');
            expect(Math.hypot(ball.x - s.hand.x, ball.y - s.hand.y)).toBeLessThan(1e-9);
            carried = true;
          }
        }
        expect(carried, `cue ball of the shot at t=${line.t}`).toBe(true);
        const placed = rec.timeline.ballAt(0, line.t! - 0.01);
        expect(Math.hypot(placed.x - cue.x, placed.y - cue.y)).toBeLessThan(1e-9);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('a disturbed ball is nudged by a hand to the position of the disturbed line', () => {
    let checked = 0;
    for (const rec of recs) {
      for (const line of rec.lines) {
        if (line.kind !== 'disturbed') continue;
        for (const b of line.balls) {
          const s = rec.timeline.ballAt(b.id, line.t!);
          expect(Math.hypot(s.x - b.x, s.y - b.y)).toBeLessThan(1e-9);
          const earlier = rec.timeline.sceneAt(line.t! - 0.2);
          expect(earlier.hand).toMatchObject({ visible: true, action: 'nudge', ball: b.id });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
