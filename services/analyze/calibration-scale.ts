// A calibration made for one image, used on frames that show it otherwise: decoded at another
// size (ffmpeg `scale`) or cut to the table's part of the picture (ffmpeg `crop`, which spares
// the decoder's pipe and the reader the bytes of the room around the table). Pixel coordinates
// map by u' = u·sx + ox, v' likewise (for a scale, ox = ½·sx − ½: pixel centres at integers, as
// the vision code samples; for a crop, sx = 1 and ox = −x0); the lens distortion (on normalised
// coordinates), the camera pose and everything in table metres stay as they are.
import type { VisionCalibration } from '../vision/calibration/calibration-model.ts';
import { bedRegion } from '../vision/detection/learned/learned-detector.ts';
import type { PixelBox } from '../vision/detection/learned/resample.ts';
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
  return mapCalibration(cal, [sx, 0, 0.5 * sx - 0.5, 0, sy, 0.5 * sy - 0.5, 0, 0, 1], width, height);
}

/** The calibration for frames that are `box` of the calibrated image. */
export function cropCalibration(cal: VisionCalibration, box: PixelBox): VisionCalibration {
  if (box.x0 === 0 && box.y0 === 0 && box.x1 === cal.imageWidth && box.y1 === cal.imageHeight) return cal;
  return mapCalibration(cal, [1, 0, -box.x0, 0, 1, -box.y0, 0, 0, 1], box.x1 - box.x0, box.y1 - box.y0);
}

/**
 * How far past the cushion noses the table's part of the picture reaches (m): the rails and
 * their diamonds, which the view check and the learned detector's bed looks (0.12 m) read, and a
 * ball frozen to a cushion seen as a cap over it from a low camera.
 */
export const TABLE_REGION_MARGIN = 0.25;

/**
 * The table's part of an image calibrated by `cal`, on even pixels (a crop of YUV 4:2:0 frames
 * keeps its chroma aligned); the whole image where the table fills it.
 */
export function tableRegion(cal: VisionCalibration): PixelBox {
  const b = bedRegion(cal, TABLE_REGION_MARGIN);
  const even = (v: number, up: boolean): number => (up ? Math.ceil(v / 2) : Math.floor(v / 2)) * 2;
  return {
    x0: even(b.x0, false), y0: even(b.y0, false),
    x1: Math.min(even(cal.imageWidth, false), even(b.x1, true)), y1: Math.min(even(cal.imageHeight, false), even(b.y1, true)),
  };
}

/** The calibration for frames whose pixels are `m` (a 2D affine map, row-major 3×3) of the calibrated image's. */
function mapCalibration(cal: VisionCalibration, m: Mat3, width: number, height: number): VisionCalibration {
  const [sx, , ox, , sy, oy] = m;
  const inv = invMat3(m);
  const px = <T extends { u: number; v: number }>(p: T): T => ({ ...p, u: p.u * sx + ox, v: p.v * sy + oy });
  return {
    ...cal,
    imageWidth: width,
    imageHeight: height,
    fx: cal.fx * sx,
    fy: cal.fy * sy,
    cx: cal.cx * sx + ox,
    cy: cal.cy * sy + oy,
    bedHomography: normaliseH(mulMat3(m, cal.bedHomography)),
    ballCentreHomography: normaliseH(mulMat3(m, cal.ballCentreHomography)),
    homography: mulMat3(cal.homography, inv),
    ballHomography: mulMat3(cal.ballHomography, inv),
    corners: cal.corners.map(px),
    pockets: cal.pockets.map(px),
    cushions: cal.cushions.map((c) => ({ ...c, fromImage: px(c.fromImage), toImage: px(c.toImage) })),
    fit: cal.fit ? { ...cal.fit, railResidualPx: cal.fit.railResidualPx === null ? null : cal.fit.railResidualPx * sx } : null,
  };
}
