// The camera image: ffmpeg decodes the demo video into JPEG snapshots on the playhead, and a
// killed ffmpeg is noticed at once and restarted.
import { describe, expect, it } from 'vitest';
import { Playhead } from './playhead.ts';
import { VideoSource, videoInputOf, DEFAULT_VIDEO } from './video-source.ts';
import { JpegSplitter } from '../capture/mjpeg.ts';

const VIDEO = new URL('../../recordings/demo/recording.mp4', import.meta.url).pathname;
const waitUntil = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('VideoSource', () => {
  it('names sources: devices, streams, files', () => {
    const p = new Playhead({ duration: 10, gap: 1, speed: 1, loop: true, start: { pass: 0, t: 0 } });
    expect(videoInputOf('/dev/video0', null)).toEqual({ kind: 'device', path: '/dev/video0' });
    expect(videoInputOf('rtsp://10.0.0.2/stream', null)).toEqual({ kind: 'stream', url: 'rtsp://10.0.0.2/stream' });
    expect(videoInputOf('http://cam.local/mjpeg', null).kind).toBe('stream');
    expect(videoInputOf('match.mp4', p).kind).toBe('file');
    expect(() => videoInputOf('match.mp4', null)).toThrow(/playhead/);
  });

  it('splits an MJPEG stream cut anywhere into whole images', () => {
    const img = (n: number) => Buffer.from([0xff, 0xd8, n, 0xff, 0x00, n, 0xff, 0xd9]);
    const stream = Buffer.concat([img(1), img(2), img(3)]);
    const s = new JpegSplitter();
    const out = [...s.push(stream.subarray(0, 5)), ...s.push(stream.subarray(5, 13)), ...s.push(stream.subarray(13))];
    expect(out.map((b) => b[2])).toEqual([1, 2, 3]);
  });

  it('gives snapshots of a file in step with the playhead, and comes back after ffmpeg is killed', async () => {
    const playhead = new Playhead({ duration: 59, gap: 1, speed: 4, loop: true, start: { pass: 0, t: 5 } });
    const v = new VideoSource({ kind: 'file', path: VIDEO, playhead }, { ...DEFAULT_VIDEO, width: 320, backoffMs: { initial: 100, max: 400 } });
    v.start();
    try {
      await waitUntil(() => v.latest !== null, 15_000);
      const first = v.latest!;
      expect(first.jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(Math.abs(first.t - playhead.position().t)).toBeLessThan(2);
      const pid = v.pid()!;
      process.kill(pid, 'SIGKILL');
      await waitUntil(() => v.status().state !== 'live', 2000);
      await waitUntil(() => v.status().state === 'live' && v.status().reconnects === 1 && v.pid() !== pid, 15_000);
      const seq = v.latest!.seq;
      await waitUntil(() => v.latest!.seq > seq, 5000);
    } finally {
      await v.stop();
    }
  });
});
