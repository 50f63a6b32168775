// Sub-pixel centres for the learned detector's balls: the classical outline fit (`refineBall`,
// ../refine.ts: 48 rays, edges against the cloth, the sphere's outline fitted in the full frame)
// started from the network's centre. The fit compares colours with the cloth's; without the
// classical cloth model, the cloth is read from a ring around the ball (medians, so a neighbour
// or a shadow in part of the ring does not matter). The fit is kept only where it agrees with
// the network (most rays on the outline, centre within a third of a radius, radius within 20 %);
// elsewhere (a smeared, hidden or touching ball) the network's centre stays.
import { imageToTable, type VisionCalibration } from '../../calibration/calibration-model.ts';
import { sampleRgb } from '../../decode/image.ts';
import { isYuv, sampleYuv, type VideoImage } from '../../decode/yuv-image.ts';
import type { ClothReference } from '../candidate.ts';
import { refineBall } from '../refine.ts';
import type { LearnedBall } from './learned-ball.ts';

const RING = [1.7, 2.0, 2.4] as const;
const ANGLES = 24;

const median = (a: number[]): number => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
};

/** The cloth's ln-brightness and chromaticity around a ball (medians over a ring). */
export function ringCloth(img: VideoImage, u: number, v: number, r: number): ClothReference {
  const ls: number[] = [], rs: number[] = [], gs: number[] = [];
  const px = [0, 0, 0];
  for (const k of RING) {
    for (let a = 0; a < ANGLES; a++) {
      const x = u + k * r * Math.cos((2 * Math.PI * a) / ANGLES), y = v + k * r * Math.sin((2 * Math.PI * a) / ANGLES);
      if (x < 0 || y < 0 || x > img.width - 1 || y > img.height - 1) continue;
      if (isYuv(img)) sampleYuv(img, x, y, px);
      else sampleRgb(img, x, y, px);
      const S = px[0]! + px[1]! + px[2]! + 1;
      ls.push(Math.log(S));
      rs.push(px[0]! / S);
      gs.push(px[1]! / S);
    }
  }
  if (!ls.length) return { logS: Math.log(300), r: 1 / 3, g: 1 / 3 };
  return { logS: median(ls), r: median(rs), g: median(gs) };
}

export interface RefinedLearnedBall extends LearnedBall {
  /** The outline fit was kept. */
  refined: boolean;
}

/** The ball with its outline-fitted centre and radius where the fit agrees with the network. */
export function refineLearned(img: VideoImage, cal: VisionCalibration, b: LearnedBall): RefinedLearnedBall {
  const p = imageToTable(cal, b.u, b.v, 'ball');
  const fit = refineBall(img, cal, ringCloth(img, b.u, b.v, b.r), p.x, p.y);
  if (fit && fit.inlierFraction >= 0.6 && Math.hypot(fit.u - b.u, fit.v - b.v) < b.r / 3 && Math.abs(fit.r / b.r - 1) < 0.2) {
    return { ...b, u: fit.u, v: fit.v, r: fit.r, refined: true };
  }
  return { ...b, refined: false };
}
