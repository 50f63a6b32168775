// Staging the match for the camera: the hand animations (placing the cue ball, spotting,
// racking, nudging), the shooter's stance and the cue stroke, written into the timeline in
// step with the physical table.
import type { BallId } from '../../contract/ids.ts';
import type { TableGeometry } from '../physics/index.ts';
import type { StrokeSpec, StrokeTimes } from './cue-motion.ts';
import { dist, exitPoint, type Point } from './geometry.ts';
import type { TableState } from './table-state.ts';
import type { MatchTimeline, TableSide } from './timeline.ts';

const LIFT = 0.08;

export class Stage {
  constructor(private readonly timeline: MatchTimeline, private readonly table: TableGeometry, private readonly phys: TableState) {}

  /** The rail nearest to p and the unit vector from a person standing there towards p. */
  nearestSide(p: Point): { side: TableSide; inward: Point; outside: Point } {
    const hx = this.table.spec.length / 2;
    const hy = this.table.spec.width / 2;
    const gaps: { side: TableSide; gap: number; inward: Point; outside: Point }[] = [
      { side: 'head', gap: p.x + hx, inward: { x: 1, y: 0 }, outside: { x: -hx - 0.3, y: p.y } },
      { side: 'foot', gap: hx - p.x, inward: { x: -1, y: 0 }, outside: { x: hx + 0.3, y: p.y } },
      { side: 'left', gap: hy - p.y, inward: { x: 0, y: -1 }, outside: { x: p.x, y: hy + 0.3 } },
      { side: 'right', gap: p.y + hy, inward: { x: 0, y: 1 }, outside: { x: p.x, y: -hy - 0.3 } },
    ];
    const best = gaps.reduce((a, b) => (b.gap < a.gap ? b : a));
    return { side: best.side, inward: best.inward, outside: best.outside };
  }

  /** A hand carries a ball from where it is (or from beyond the nearest rail) to `to`. Returns the end time. */
  carryBall(id: BallId, to: Point, t0: number, action: 'place' | 'spot'): number {
    const b = this.phys.get(id);
    const from = b.status === 'bed' || b.status === 'pocketed' ? { x: b.x, y: b.y } : this.nearestSide(to).outside;
    const reach = 0.35;
    const move = Math.min(2, Math.max(0.6, 0.5 + 0.35 * dist(from, to)));
    const start = t0 + reach;
    const end = start + move;
    this.timeline.addBall(id, { kind: 'carry', t0: start, t1: end, from, to, lift: LIFT, q: b.q, status: 'in-hand', endStatus: 'bed' });
    this.timeline.addHand({ t0, t1: end + 0.3, action, ball: id, from, to, lift: LIFT, reach, leave: 0.3, towards: this.nearestSide(to).inward });
    this.phys.place(id, to);
    return end + 0.3;
  }

  /** A ball picked up off the bed (cue ball in hand waiting, balls collected for a re-rack). */
  pickUp(id: BallId, t: number): void {
    const b = this.phys.get(id);
    this.phys.pickUp(id);
    this.timeline.addBall(id, { kind: 'rest', t0: t, status: 'in-hand', x: b.x, y: b.y, q: b.q, pocket: null });
  }

  /** The balls are collected and racked: the hand works over the rack for `duration` seconds. */
  rack(balls: readonly { id: BallId; x: number; y: number }[], t0: number, duration: number): number {
    for (const id of this.phys.ids) {
      const b = this.phys.get(id);
      if (b.status !== 'in-hand') this.pickUp(id, t0);
    }
    const end = t0 + duration;
    for (const r of balls) {
      this.phys.place(r.id, r);
      const b = this.phys.get(r.id);
      this.timeline.addBall(r.id, { kind: 'rest', t0: end, status: 'bed', x: r.x, y: r.y, q: b.q, pocket: null });
    }
    const foot = { x: this.table.spec.length / 4, y: 0 };
    this.timeline.addHand({ t0, t1: end, action: 'rack', ball: null, from: { x: foot.x + 0.15, y: 0 }, to: { x: foot.x + 0.05, y: 0 }, lift: 0, reach: 0.3, leave: 0.3, towards: { x: -1, y: 0 } });
    return end;
  }

  /** The referee re-racks some balls (14.1): the listed balls land at their spots when the hand is done. */
  rackSome(balls: readonly { id: BallId; x: number; y: number }[], t0: number, duration: number): number {
    const end = t0 + duration;
    for (const r of balls) {
      this.phys.place(r.id, r);
      this.timeline.addBall(r.id, { kind: 'rest', t0: end, status: 'bed', x: r.x, y: r.y, q: this.phys.get(r.id).q, pocket: null });
    }
    const foot = { x: this.table.spec.length / 4, y: 0 };
    this.timeline.addHand({ t0, t1: end, action: 'rack', ball: null, from: { x: foot.x + 0.15, y: 0 }, to: { x: foot.x + 0.05, y: 0 }, lift: 0, reach: 0.3, leave: 0.3, towards: { x: -1, y: 0 } });
    return end;
  }

  /** A hand brushes a ball from where it lies to `to` (sliding on the cloth). Returns when it stops. */
  nudge(id: BallId, to: Point, t0: number): { stopped: number; end: number } {
    const b = this.phys.get(id);
    const from = { x: b.x, y: b.y };
    const start = t0 + 0.35;
    const stopped = start + 0.4;
    this.timeline.addBall(id, { kind: 'carry', t0: start, t1: stopped, from, to, lift: 0, q: b.q, status: 'bed', endStatus: 'bed' });
    this.timeline.addHand({ t0, t1: stopped + 0.35, action: 'nudge', ball: id, from, to, lift: 0, reach: 0.35, leave: 0.35, towards: this.nearestSide(from).inward });
    this.phys.place(id, to);
    return { stopped, end: stopped + 0.35 };
  }

  /** The stroke animation and the shooter's stance behind the cue ball. */
  stroke(player: string, spec: StrokeSpec): StrokeTimes {
    const times = this.timeline.addStroke(spec);
    const stand = exitPoint(this.table, spec.cueBall, spec.direction + Math.PI, 0.3);
    const side = this.nearestSide(stand).side;
    this.timeline.addShooter({ t0: spec.startT - 0.8, t1: times.liftEnd, player, x: stand.x, y: stand.y, side, facing: spec.direction });
    return times;
  }
}
