// The playhead of a recording played as if live: a clock (real time times a speed) over a
// timeline that loops the recording with a short gap (an empty table) between passes. The ball
// source and the video source of a recording read the same playhead, so they stay in step.
export interface PlayheadPosition {
  /** Which pass of the recording (0, 1, ...). */
  pass: number;
  /** Time within the recording (s); may exceed the duration during the gap. */
  t: number;
}

export interface PlayheadOptions {
  /** Recording length (s). */
  duration: number;
  /** Pause between passes (s of recording time). */
  gap: number;
  /** Recording seconds per wall second. */
  speed: number;
  loop: boolean;
  /** Where to start. */
  start: PlayheadPosition;
}

/** What another thread needs to run the same playhead (wall clocks are shared by all threads). */
export interface PlayheadClock {
  options: PlayheadOptions;
  startWall: number | null;
}

export class Playhead {
  /** Wall time the playhead started moving (null: not yet, it waits at its start). */
  private startWall: number | null = null;
  private readonly startAbs: number;

  constructor(readonly o: PlayheadOptions, private readonly now: () => number = Date.now) {
    this.startAbs = o.start.pass * this.passLength + o.start.t;
  }

  /** The playhead as plain data, started (for a worker thread). */
  clock(): PlayheadClock {
    this.begin();
    return { options: this.o, startWall: this.startWall };
  }

  static fromClock(c: PlayheadClock): Playhead {
    const p = new Playhead(c.options);
    p.startWall = c.startWall;
    return p;
  }

  /** Starts the clock (the first source to play calls it; later calls do nothing). */
  begin(): void {
    this.startWall ??= this.now();
  }

  get passLength(): number {
    return this.o.duration + this.o.gap;
  }

  /** Absolute timeline seconds (all passes) now. */
  absolute(): number {
    if (this.startWall === null) return this.startAbs;
    return this.startAbs + ((this.now() - this.startWall) / 1000) * this.o.speed;
  }

  position(): PlayheadPosition {
    return this.at(this.absolute());
  }

  at(abs: number): PlayheadPosition {
    const pass = Math.floor(abs / this.passLength);
    return { pass, t: abs - pass * this.passLength };
  }

  absoluteOf(p: PlayheadPosition): number {
    return p.pass * this.passLength + p.t;
  }

  /** Wall milliseconds until the playhead reaches `p` (≤ 0: already there). */
  msUntil(p: PlayheadPosition): number {
    return ((this.absoluteOf(p) - this.absolute()) / this.o.speed) * 1000;
  }

  /** The playhead is past the last pass (a recording played once). */
  finished(): boolean {
    const p = this.position();
    return !this.o.loop && (p.pass > this.o.start.pass || p.t > this.o.duration);
  }
}
