// The stand-in for vision: a recording's tracks.jsonl (every ball per video frame) played in
// real time (or faster) on the recording's playhead, so the live pipeline downstream sees what
// a camera tracker will give it. Loops with the playhead; a pass starts a new match upstream.
import { readFileSync } from 'node:fs';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { RateMeter, sleep, type BallSource, type SourcedFrame, type SourceStatus } from './ball-source.ts';
import type { Playhead } from './playhead.ts';

export class TracksFileSource implements BallSource {
  readonly kind = 'tracks-file';
  readonly description: string;
  private readonly rate = new RateMeter();
  private state: SourceStatus['state'] = 'starting';
  private dropUntil = 0;
  private outages = 0;

  constructor(private readonly tracks: readonly TrackFrame[], private readonly playhead: Playhead, name: string) {
    this.description = `${name} (recorded tracks, standing in for vision)`;
  }

  static load(path: string, playhead: Playhead): TracksFileSource {
    const parsed = parseTracks(readFileSync(path, 'utf8'));
    if (!parsed.ok) throw new Error(`${path}: ${parsed.error.message}`);
    return new TracksFileSource(parsed.value, playhead, path);
  }

  /** The recording's length (s): the time of its last frame. */
  static durationOf(frames: readonly TrackFrame[]): number {
    return frames[frames.length - 1]?.t ?? 0;
  }

  /** Fault injection: no frames for `ms` of wall time, as a camera that went dark. */
  dropFramesFor(ms: number): void {
    this.dropUntil = Date.now() + ms;
    this.outages += 1;
  }

  async *frames(signal: AbortSignal): AsyncIterable<SourcedFrame> {
    this.playhead.begin();
    const start = this.playhead.position();
    let pass = start.pass;
    let index = this.tracks.findIndex((f) => f.t >= start.t);
    if (index < 0) { pass += 1; index = 0; }
    this.state = 'live';
    while (!signal.aborted) {
      const f = this.tracks[index];
      if (!f) {
        if (!this.playhead.o.loop) break;
        pass += 1;
        index = 0;
        continue;
      }
      const wait = this.playhead.msUntil({ pass, t: f.t });
      if (wait > 0) await sleep(wait, signal);
      if (signal.aborted) break;
      index += 1;
      if (Date.now() < this.dropUntil) { this.state = 'lost'; continue; }
      this.state = 'live';
      this.rate.tick();
      yield { ...f, pass };
    }
    this.state = signal.aborted ? 'stopped' : 'ended';
  }

  status(): SourceStatus {
    return { kind: this.kind, description: this.description, state: this.state, fps: this.rate.rate(), reconnects: this.outages, lastError: null };
  }
}
