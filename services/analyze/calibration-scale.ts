// A calibration made for one image size, used on frames decoded at another (ffmpeg `scale`):
// pixel coordinates map by u' = (u + ½)·sx − ½ (pixel centres at integers, as the vision code
// samples), v' likewise; the lens distortion (on normalised coordinates), the camera pose and
// everything in table metres stay as they are.
import type { VisionCalibration } from '../vision/calibration/calibration-model.ts';
import { invMat3, mulMat3, normaliseH, type Mat3 } from '../vision/numeric/linalg.ts';

/** The calibration for frames of `width × height` (same aspect as the calibrated image, within 1 %). */
export function scaleCalibration(cal: VisionCalibration, width: number, height: number): VisionCalibration {
  const sx = width / cal.imageWidth;
  const sy = height / cal.imageHeight;
  // Even-size rounding of a scaled height may shift the aspect by a pixel.
  if (Math.abs(sx - sy) > 0.01 * Math.max(sx, sy)) {
    throw new Error(`calibration is for ${cal.imageWidth}×${cal.imageHeight}; frames of ${width}×${height} have another aspect`);
  }
  if (sx === 1 && sy === 1) return cal;
  const ox = 0.5 * sx - 0.5;
  const oy = 0.5 * sy - 0.5;
  const S: Mat3 = [sx, 0, ox, 0, sy, oy, 0, 0, 1];
  const Sinv = invMat3(S);
  const px = <T extends { u: number; v: number }>(p: T): T => ({ ...p, u: p.u * sx + ox, v: p.v * sy + oy });
  return {
    ...cal,
    imageWidth: width,
    imageHeight: height,
    fx: cal.fx * sx,
    fy: cal.fy * sy,
    cx: cal.cx * sx + ox,
    cy: cal.cy * sy + oy,
    bedHomography: normaliseH(mulMat3(S, cal.bedHomography)),
    ballCentreHomography: normaliseH(mulMat3(S, cal.ballCentreHomography)),
    homography: mulMat3(cal.homography, Sinv),
    ballHomography: mulMat3(cal.ballHomography, Sinv),
    corners: cal.corners.map(px),
    pockets: cal.pockets.map(px),
    cushions: cal.cushions.map((c) => ({ ...c, fromImage: px(c.fromImage), toImage: px(c.toImage) })),
    fit: cal.fit ? { ...cal.fit, railResidualPx: cal.fit.railResidualPx === null ? null : cal.fit.railResidualPx * sx } : null,
  };
}
