// Video frames as RGB24 through ffmpeg (`-f rawvideo -pix_fmt rgb24 -`): MP4, anything ffmpeg
// reads; the frame size is read from ffmpeg's description of its output. Still images (PNG,
// JPEG …) through sharp (capture/still-image.ts).
import { spawn } from 'node:child_process';
import { ffmpegPath } from '../../capture/ffmpeg-path.ts';
import { readRgb } from '../../capture/still-image.ts';
import type { RgbImage } from './image.ts';

/** Decodes the first `maxFrames` frames of an image or video file. */
export async function decodeFrames(path: string, maxFrames = 1): Promise<RgbImage[]> {
  const args = ['-hide_banner', '-nostdin', '-i', path, '-frames:v', String(maxFrames), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => chunks.push(c));
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (s: string) => {
    stderr += s;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', resolve);
  });
  if (code !== 0) throw new Error(`ffmpeg could not decode ${path}: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
  const size = outputSize(stderr);
  if (!size) throw new Error(`ffmpeg gave no frame size for ${path}`);
  const data = Buffer.concat(chunks);
  const frameBytes = size.width * size.height * 3;
  const frames: RgbImage[] = [];
  for (let o = 0; o + frameBytes <= data.length; o += frameBytes) {
    frames.push({ data: new Uint8Array(data.buffer, data.byteOffset + o, frameBytes), width: size.width, height: size.height });
  }
  if (frames.length === 0) throw new Error(`ffmpeg decoded no frame from ${path}`);
  return frames;
}

/** Decodes one still image (PNG, JPEG, WebP, TIFF …). */
export function decodeImage(path: string): Promise<RgbImage> {
  return readRgb(path);
}

/** The W×H of ffmpeg's rawvideo output stream, from its log. */
function outputSize(log: string): { width: number; height: number } | null {
  const out = log.slice(Math.max(0, log.indexOf('Output #0')));
  const m = /Video: rawvideo[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(out);
  if (!m) return null;
  return { width: Number(m[1]), height: Number(m[2]) };
}
