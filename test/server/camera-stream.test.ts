// A camera over the network (an HTTP stream, as an IP camera gives) through the whole service:
// vision's one decode gives both the balls and the camera image (no second reader), the status
// says so, and /api/camera.jpg serves it.
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectViewer, startTestServer, visionDecoderPids, waitFor } from '../support/server.ts';

const VIDEO = new URL('../../recordings/demo/recording.mp4', import.meta.url).pathname;
const CALIBRATION = new URL('../../recordings/demo/calibration.json', import.meta.url).pathname;
let camera: Server;
let url = '';

/** Serves the demo recording over HTTP with byte ranges (ffmpeg seeks in an MP4 to find its index). */
beforeAll(async () => {
  const size = statSync(VIDEO).size;
  camera = createServer((req, res) => {
    const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Number(m[2]) : size - 1;
    res.writeHead(m ? 206 : 200, {
      'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': end - start + 1,
      ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(VIDEO, { start, end }).pipe(res).on('error', () => res.destroy());
  });
  await new Promise<void>((r) => camera.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(camera.address() as AddressInfo).port}/demo.mp4`;
});
afterAll(() => new Promise<void>((r) => camera.close(() => r())));

/** This process's child processes with `input` on their command line. */
function readersOf(input: string): number[] {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).flatMap((n) => {
    try {
      const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === process.pid && readFileSync(`/proc/${n}/cmdline`, 'utf8').split('\0').includes(input) ? [Number(n)] : [];
    } catch {
      return []; // ended meanwhile
    }
  });
}

describe('a camera stream through vision', () => {
  it('tracks the balls and shows the camera image from the same decode', async () => {
    const s = await startTestServer({ source: url, balls: 'vision', video: true, calibration: CALIBRATION });
    const viewer = await connectViewer(s.url);
    try {
      await waitFor(() => viewer.messages.some((m) => m.type === 'frame' && (m.balls as unknown[]).length >= 5), 90_000, 'tracked balls');
      const res = await waitFor(async () => { const r = await fetch(`${s.url}/api/camera.jpg`); return r.status === 200 ? r : undefined; }, 30_000, 'a camera image');
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const jpeg = Buffer.from(await res.arrayBuffer());
      expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
      const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
      expect(jpeg.readUInt16BE(sof + 7)).toBe(640);
      const status = (await (await fetch(`${s.url}/api/status`)).json()) as { video: { kind: string; state: string; fps: number }; balls: { state: string } };
      expect(status.video).toMatchObject({ kind: 'video-relayed', state: 'live' });
      expect(status.balls.state).toBe('live');
      // One ffmpeg reads the camera: vision's.
      expect(visionDecoderPids()).toHaveLength(1);
      expect(readersOf(url)).toEqual(visionDecoderPids());
    } finally {
      viewer.close();
      await s.dispose();
    }
  }, 150_000);
});
