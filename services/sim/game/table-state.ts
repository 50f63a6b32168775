// The physical truth between shots: where every ball of the game is (on the bed, in hand,
// pocketed, off the table) and its orientation, so that each shot starts from the previous
// one's final orientations and the referee's respots and re-racks are applied as they are called.
import type { BallId, Pocket } from '../../contract/ids.ts';
import type { BallPosition } from '../../contract/log.ts';
import { IDENTITY_QUATERNION, type BallInput, type Quaternion, type ShotSimulation } from '../physics/index.ts';
import type { BallSpot, Point } from './geometry.ts';
import type { BallStatus } from './timeline.ts';

export interface PhysicalBall {
  readonly id: BallId;
  status: BallStatus;
  x: number;
  y: number;
  q: Quaternion;
  pocket: Pocket | null;
}

export class TableState {
  private readonly byId = new Map<BallId, PhysicalBall>();

  constructor(readonly ids: readonly BallId[]) {
    for (const id of ids) this.byId.set(id, { id, status: 'in-hand', x: 0, y: 0, q: IDENTITY_QUATERNION, pocket: null });
  }

  get(id: BallId): PhysicalBall {
    const b = this.byId.get(id);
    if (!b) throw new RangeError(`ball ${id} is not in this game`);
    return b;
  }

  all(): PhysicalBall[] {
    return this.ids.map((id) => this.get(id));
  }

  /** Balls on the bed, by id. */
  onBed(): BallSpot[] {
    return this.all().filter((b) => b.status === 'bed').map((b) => ({ id: b.id, x: b.x, y: b.y }));
  }

  positions(): BallPosition[] {
    return this.onBed().map((b) => ({ id: b.id, x: b.x, y: b.y }));
  }

  place(id: BallId, p: Point): void {
    const b = this.get(id);
    b.status = 'bed';
    b.x = p.x;
    b.y = p.y;
    b.pocket = null;
  }

  pickUp(id: BallId): void {
    const b = this.get(id);
    b.status = 'in-hand';
    b.pocket = null;
  }

  /** Physics inputs for the balls on the bed (with orientations; `motion` for balls still moving). */
  inputs(motion: ReadonlyMap<BallId, Omit<BallInput, 'id' | 'orientation'>> = new Map()): BallInput[] {
    return this.all().filter((b) => b.status === 'bed').map((b) => {
      const m = motion.get(b.id);
      return { ...(m ?? {}), id: b.id, x: m?.x ?? b.x, y: m?.y ?? b.y, orientation: b.q };
    });
  }

  /** Takes the state of every ball of a shot at time t (its end, or the next strike). */
  applyShot(sim: ShotSimulation, t: number): void {
    for (const id of sim.trajectory.balls) {
      const s = sim.trajectory.stateAt(id, t);
      const b = this.get(id);
      b.x = s.x;
      b.y = s.y;
      b.q = s.orientation;
      if (s.state === 'pocketed') {
        b.status = 'pocketed';
        b.pocket = sim.pocketed.find((p) => p.ball === id)?.pocket ?? null;
      } else if (s.state === 'off-table') {
        b.status = 'off-table';
      } else {
        b.status = 'bed';
      }
    }
  }
}
