// The camera image from vision's own decode: for a camera, the ffmpeg that decodes frames for
// vision also writes small JPEGs (decode-stream.ts `snapshots`), relayed by the vision threads.
// A V4L2 device can be opened by one process only, so a second decode for the image would find it
// busy; and for a stream it saves decoding every frame twice. Its state follows the images:
// live while they come, lost when they stop; the reconnects are the ball source's (one decode).
import { RateMeter, type SourceStatus } from './ball-source.ts';
import type { CameraImage, Snapshot } from './video-source.ts';

export interface ImageFeed {
  /** Subscribes to the images; returns the unsubscribe. */
  onImage(listener: (jpeg: Buffer) => void): () => void;
  /** The decode's reconnects and last error (the ball source's). */
  decodeStatus(): { reconnects: number; lastError: string | null };
  readonly description: string;
}

export class RelayedImage implements CameraImage {
  latest: Snapshot | null = null;
  private readonly rate = new RateMeter();
  private seq = 0;
  private started = 0;
  private off: (() => void) | null = null;
  private stopped = false;

  /** `lostAfterMs`: no image for this long is a lost camera image. */
  constructor(private readonly feed: ImageFeed, private readonly lostAfterMs = 3000) {}

  get description(): string {
    return `${this.feed.description} (image from vision's decode)`;
  }

  start(): void {
    if (this.off || this.stopped) return;
    this.started = Date.now();
    this.off = this.feed.onImage((jpeg) => {
      const at = Date.now();
      this.rate.tick(at);
      this.latest = { jpeg, seq: ++this.seq, t: (at - this.started) / 1000, pass: 0, at };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.off?.();
    this.off = null;
  }

  /** No process of its own: the decode is vision's. */
  pid(): number | null {
    return null;
  }

  status(): SourceStatus & { pid: number | null } {
    const d = this.feed.decodeStatus();
    const fresh = this.latest !== null && Date.now() - this.latest.at < this.lostAfterMs;
    const state: SourceStatus['state'] = this.stopped ? 'stopped' : fresh ? 'live' : this.latest || d.reconnects > 0 ? 'lost' : 'starting';
    return {
      kind: 'video-relayed', description: this.description, state, fps: this.rate.rate(), reconnects: d.reconnects,
      lastError: fresh ? null : d.lastError, pid: null,
    };
  }
}
