// The balls from the demo video through vision, in worker threads: frames on the playhead with
// ball ids, the status's vision figures, and a killed decoder noticed and reconnected.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { visionDecoderPids, waitFor } from '../support/server.ts';
import { parseCalibration } from '../../services/vision/calibration/calibration-model.ts';
import type { SourcedFrame } from '../../services/live/ball-source.ts';
import { Playhead } from '../../services/live/playhead.ts';
import { VisionBallSource } from '../../services/live/vision-source.ts';

const VIDEO = new URL('../../recordings/demo/recording.mp4', import.meta.url).pathname;
const calibration = JSON.parse(readFileSync(new URL('../../recordings/demo/calibration.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('VisionBallSource', () => {
  it('tracks the demo video on the playhead and reconnects when its decoder is killed', async () => {
    const playhead = new Playhead({ duration: 59, gap: 1, speed: 1, loop: false, start: { pass: 0, t: 9 } });
    const source = new VisionBallSource({ kind: 'file', path: VIDEO, playhead }, {
      table: '9ft', calibration: () => ({ json: calibration, label: 'demo' }), backoffMs: { initial: 100, max: 400 },
    });
    const ac = new AbortController();
    const frames: SourcedFrame[] = [];
    const running = (async () => {
      await source.prepare(ac.signal);
      for await (const f of source.frames(ac.signal)) frames.push(f);
    })();
    try {
      await waitFor(() => frames.length >= 10, 60_000, 'ten tracked frames');
      const f = frames.at(-1)!;
      expect(f.pass).toBe(0);
      expect(f.t).toBeGreaterThan(9);
      expect(f.balls.filter((b) => b.id !== null).length).toBeGreaterThanOrEqual(5);
      expect(frames.every((x, i) => i === 0 || x.t > frames[i - 1]!.t)).toBe(true);
      const st = source.status();
      expect(st).toMatchObject({ kind: 'vision', state: 'live', reconnects: 0 });
      expect(st.vision).toMatchObject({ calibration: 'demo', worker: 'running' });
      expect(st.vision!.processedFps).toBeGreaterThan(0);

      const pids = await waitFor(() => { const p = visionDecoderPids(); return p.length === 1 ? p : undefined; }, 10_000, 'the decoder');
      process.kill(pids[0]!, 'SIGKILL');
      await waitFor(() => source.status().state !== 'live', 10_000, 'the loss to show');
      expect(source.status().lastError).toMatch(/killed|SIGKILL/);
      const before = frames.length;
      await waitFor(() => source.status().state === 'live' && frames.length > before + 5, 60_000, 'frames again');
      expect(source.status().reconnects).toBe(1);
      expect(frames.at(-1)!.t).toBeGreaterThan(f.t);
    } finally {
      ac.abort();
      await running;
    }
    expect(source.status().state).toBe('stopped');
    expect(visionDecoderPids()).toEqual([]);
  }, 150_000);

  it('finds the table on the first frames when there is no calibration, and hands it over to be stored', async () => {
    const playhead = new Playhead({ duration: 59, gap: 1, speed: 1, loop: false, start: { pass: 0, t: 1 } });
    const found: Record<string, unknown>[] = [];
    const source = new VisionBallSource({ kind: 'file', path: VIDEO, playhead }, { table: '9ft', calibration: () => null, onCalibrated: (j) => found.push(j) });
    const ac = new AbortController();
    let frames = 0;
    const running = (async () => { for await (const _ of source.frames(ac.signal)) frames += 1; })();
    try {
      await waitFor(() => found.length === 1 && frames >= 3, 90_000, 'a calibration and frames');
      expect(source.status().vision!.calibration).toBe('automatic');
      const corners = (found[0]!.corners as { u: number; v: number }[]).map((c) => [c.u, c.v]);
      const truth = parseCalibration(calibration).corners.map((c) => [c.u, c.v]);
      expect(corners).toHaveLength(4);
      for (const [u, v] of corners) expect(Math.min(...truth.map(([tu, tv]) => Math.hypot(u! - tu!, v! - tv!)))).toBeLessThan(6);
    } finally {
      ac.abort();
      await running;
    }
  }, 150_000);
});
