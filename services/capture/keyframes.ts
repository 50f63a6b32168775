// The times of a video file's keyframes, read from its packets without decoding them
// (`ffmpeg -c copy -f framecrc`: one line a packet; a keyframe's line carries no `F=` flags).
// After a corrupt stretch the decoder conceals what it can, and every frame up to the next
// keyframe is decoded from a broken reference: not to be trusted.
import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-path.ts';

/** Keyframe times (s) of the first video stream, in order; empty when ffmpeg reads no packet. */
export async function keyframeTimes(path: string, ffmpeg = ffmpegPath()): Promise<number[]> {
  const proc = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-i', path, '-map', '0:v:0', '-c', 'copy', '-f', 'framecrc', '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (s: string) => { text += s; });
  await new Promise<void>((resolve) => { proc.on('close', () => resolve()); proc.on('error', () => resolve()); });
  return parseKeyframes(text);
}

/** Keyframe times from framecrc output (`#tb 0: 1/15360`, then `stream, dts, pts, duration, size, crc[, F=0x…]`). */
export function parseKeyframes(framecrc: string): number[] {
  const tb = /^#tb 0: (\d+)\/(\d+)/m.exec(framecrc);
  if (!tb) return [];
  const unit = Number(tb[1]) / Number(tb[2]);
  const times: number[] = [];
  for (const line of framecrc.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split(',').map((x) => x.trim());
    if (f[0] !== '0' || f.length < 6) continue;
    const flags = f.slice(6).find((x) => x.startsWith('F='));
    if (flags !== undefined && (Number(flags.slice(2)) & 1) === 0) continue;
    const pts = Number(f[2]);
    if (Number.isFinite(pts)) times.push(pts * unit);
  }
  return times.sort((a, b) => a - b);
}
