// Crops of the real development clips (never part of training): the boxes of
// <dir>/game*_clip*/bounding_boxes/frame_{first,last}_bbox.txt ("x y w h category", category
// 1 cue, 2 eight, 3 solid, 4 stripe) over the matching frames, cut like a detection.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpegPath } from '../../services/capture/ffmpeg-path.ts';
import type { BallKind } from '../../services/vision/identity-classes.ts';
import { cropBall, decodeImage } from '../../services/vision/identity-crop.ts';

export const REAL_CLIPS_DIR = '/work/shared/data/real/clips-dev';

export interface RealCrop {
  clip: string;
  frame: string;
  box: [number, number, number, number];
  kind: BallKind;
  crop: Uint8Array;
}

const KIND_OF_CATEGORY: Record<number, BallKind> = { 1: 'cue', 2: 'eight', 3: 'solid', 4: 'stripe' };

/** The crops; `boxScale` × the box's larger side is taken as the ball's diameter. */
export function realCrops(dir = REAL_CLIPS_DIR, boxScale = 1): RealCrop[] {
  if (!existsSync(dir)) return [];
  const ffmpeg = ffmpegPath();
  const out: RealCrop[] = [];
  for (const clip of readdirSync(dir).filter((d) => d.startsWith('game')).sort()) {
    for (const frame of ['frame_first', 'frame_last']) {
      const boxes = join(dir, clip, 'bounding_boxes', `${frame}_bbox.txt`);
      const png = join(dir, clip, 'frames', `${frame}.png`);
      if (!existsSync(boxes) || !existsSync(png)) continue;
      const img = decodeImage(ffmpeg, png);
      for (const line of readFileSync(boxes, 'utf8').split('\n')) {
        const v = line.trim().split(/\s+/).map(Number);
        if (v.length < 5 || v.some((x) => !Number.isFinite(x))) continue;
        const [x, y, w, h, cat] = v as [number, number, number, number, number];
        const kind = KIND_OF_CATEGORY[cat];
        if (!kind) continue;
        // Box corners are pixel edges: the centre in the OpenCV convention is x + w/2 - 0.5.
        const crop = cropBall(img, x + w / 2 - 0.5, y + h / 2 - 0.5, boxScale * Math.max(w, h));
        out.push({ clip, frame, box: [x, y, w, h], kind, crop });
      }
    }
  }
  return out;
}
