// Detectors kept for reuse, by calibration: building the rectified grid's map and learning the
// cloth take about a second, which a camera reconnect or the next pass of a looped recording
// need not pay again (same camera, same table, same light). One user at a time: `take` hands a
// detector out (a new one when none is kept), `give` keeps it for the next job.
import type { VisionCalibration } from '../calibration/calibration-model.ts';
import { BallDetector } from './detect.ts';

export class DetectorCache {
  private readonly kept = new Map<string, BallDetector>();

  /** At most `size` detectors are kept (the least recently given is dropped). */
  constructor(readonly size = 2) {
    if (!(Number.isInteger(size) && size >= 1)) throw new Error('DetectorCache: size must be a positive integer');
  }

  /** A detector for this calibration, with the grid and the cloth it learnt last time when there is one. */
  take(cal: VisionCalibration): BallDetector {
    const key = keyOf(cal);
    const d = this.kept.get(key);
    if (!d) return new BallDetector(cal);
    this.kept.delete(key);
    return d;
  }

  /** Keeps a detector that is no longer in use. */
  give(d: BallDetector): void {
    const key = keyOf(d.calibration);
    this.kept.delete(key);
    this.kept.set(key, d);
    while (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value!);
  }

  get count(): number {
    return this.kept.size;
  }
}

/** The calibration's geometry (what the grid and the cloth depend on), as a key. */
function keyOf(cal: VisionCalibration): string {
  return JSON.stringify([cal.table, cal.imageWidth, cal.imageHeight, cal.fx, cal.fy, cal.cx, cal.cy, cal.k1, cal.k2, cal.rotation, cal.translation, cal.cloth]);
}
