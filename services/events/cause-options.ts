// The tolerances by which event inference attributes a ball's change of motion to a cause (a
// ball, a cushion, the cue): shared by causes.ts and the special cases it calls on
// (hit-on-rest.ts, vanish-hits.ts), so that they import it from here and not from each other.

export interface CauseOptions {
  /** Largest misfit (m) of the 2R distance for a ball–ball contact, plus `speedSlack` × speed × frame time. */
  ballTolerance: number;
  /** Largest misfit (m) of the R distance to a cushion. */
  cushionTolerance: number;
  speedSlack: number;
  frameTime: number;
  /** Velocity change (m/s) below which a kink is noise. */
  minKink: number;
  /** Largest acceleration of a free ball (m/s²) and the time (s) of samples a fresh path fit uses. */
  maxAccel: number;
  pathWindow: number;
}
