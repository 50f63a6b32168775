// Crops of the real development clips (never part of training): the boxes of
// <dir>/game*_clip*/bounding_boxes/frame_{first,last}_bbox.txt ("x y w h category", category
// 1 cue, 2 eight, 3 solid, 4 stripe) over the matching frames, cut like a detection.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { BallKind } from '../../services/vision/identity/classes.ts';
import { cropBall, readImage } from '../../services/vision/identity/crop.ts';
import { FRAMES, REAL_CLIPS_ROOT, labelledPaths, readBoxes, realClips } from '../../test/eval/vision/real.ts';

export const REAL_CLIPS_DIR = REAL_CLIPS_ROOT;

export interface RealCrop {
  clip: string;
  frame: string;
  box: [number, number, number, number];
  kind: BallKind;
  crop: Uint8Array;
}

/** The crops; `boxScale` × the box's larger side is taken as the ball's diameter. */
export async function realCrops(dir = REAL_CLIPS_DIR, boxScale = 1): Promise<RealCrop[]> {
  const out: RealCrop[] = [];
  for (const clip of realClips(dir)) {
    for (const which of FRAMES) {
      const { png, boxes } = labelledPaths(clip, which);
      if (!existsSync(boxes) || !existsSync(png)) continue;
      const img = await readImage(png);
      for (const [x, y, w, h, kind] of readBoxes(clip, which)) {
        // Box corners are pixel edges: the centre in the OpenCV convention is x + w/2 - 0.5.
        const crop = cropBall(img, x + w / 2 - 0.5, y + h / 2 - 0.5, boxScale * Math.max(w, h));
        out.push({ clip: basename(clip), frame: `frame_${which}`, box: [x, y, w, h], kind, crop });
      }
    }
  }
  return out;
}
