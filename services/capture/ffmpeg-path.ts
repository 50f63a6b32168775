// Where the ffmpeg binary is: $RAILBIRD_FFMPEG, else the system's (Debian's ffmpeg, with v4l2,
// RTSP and libx264), else the binary shipped inside the @ffmpeg-installer npm package, so that a
// fresh `npm install` can encode and decode without any system package.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM_CANDIDATES = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'];

export function ffmpegPath(): string {
  const fromEnv = process.env.RAILBIRD_FFMPEG;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const system = SYSTEM_CANDIDATES.find((p) => existsSync(p));
  if (system) return system;
  const require = createRequire(import.meta.url);
  const bundled = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  if (existsSync(bundled)) return bundled;
  throw new Error('ffmpeg not found: install Debian ffmpeg or run npm install (@ffmpeg-installer/ffmpeg)');
}

/** ffprobe sits beside a system ffmpeg; the npm package ships none (use `ffmpeg -i` instead). */
export function ffprobePath(): string | null {
  const p = ffmpegPath().replace(/ffmpeg$/, 'ffprobe');
  return existsSync(p) ? p : null;
}
