// Moving a calibration's bed corners by hand (the calibration page): the four cushion-nose
// corners dragged in the image give a new bed homography; the lens and the ball-centre plane
// follow it. The result is a calibration in the same JSON format as services/vision writes.
import { TABLE_SIZES, isOneOf } from '../contract/ids.ts';
import { invMat3, mulMat3, homographyFromPoints, type Mat3 } from '../vision/numeric/linalg.ts';
import { noseCorners, parseCalibration, tableToImage, undistortPixel, type ImagePoint } from '../vision/calibration/calibration-model.ts';

export interface AdjustedCalibration {
  calibration: Record<string, unknown>;
  /** Largest distance (px) between a dragged corner and the new calibration's corner. */
  residualPx: number;
}

/** The calibration with its bed corners at `corners` (head-left, foot-left, foot-right, head-right). */
export function adjustCorners(base: Record<string, unknown>, corners: readonly ImagePoint[]): AdjustedCalibration {
  const cal = parseCalibration(base);
  if (!isOneOf(TABLE_SIZES, cal.table)) throw new Error('calibration: unknown table');
  if (corners.length !== 4) throw new Error('corners: four corners are needed');
  for (const c of corners) {
    if (!(c.u >= -cal.imageWidth && c.u <= 2 * cal.imageWidth && c.v >= -cal.imageHeight && c.v <= 2 * cal.imageHeight)) throw new Error('corners: a corner is far outside the image');
  }
  const table = noseCorners(cal.table);
  const undistorted = corners.map((c) => undistortPixel(cal, c.u, c.v)).map((p) => ({ x: p.u, y: p.v }));
  const bed = homographyFromPoints(table.map((c) => ({ x: c.x, y: c.y })), undistorted);
  if (bed.some((v) => !Number.isFinite(v))) throw new Error('corners: they do not make a quadrilateral');
  // The corners must keep their order around the table (no crossed or folded outline).
  const area = (i: number) => {
    const a = undistorted[i]!, b = undistorted[(i + 1) % 4]!, c = undistorted[(i + 2) % 4]!;
    return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
  };
  const signs = [0, 1, 2, 3].map((i) => Math.sign(area(i)));
  if (!signs.every((s) => s === signs[0] && s !== 0)) throw new Error('corners: the outline crosses itself (keep the order head-left, foot-left, foot-right, head-right)');
  const ball = mulMat3(mulMat3(bed, invMat3(cal.bedHomography)), cal.ballCentreHomography) as Mat3;
  const next = { ...cal, bedHomography: bed, ballCentreHomography: ball, homography: invMat3(bed), ballHomography: invMat3(ball), fit: null };
  const named = table.map((c) => ({ ...c, ...tableToImage(next, c.x, c.y) }));
  const residualPx = Math.max(...named.map((c, i) => Math.hypot(c.u - corners[i]!.u, c.v - corners[i]!.v)));
  const pockets = cal.pockets.map((p) => ({ ...p, ...tableToImage(next, p.x, p.y) }));
  const { homography: _h, ballHomography: _b, ...rest } = { ...next, corners: named, pockets, source: 'operator' };
  return { calibration: rest as unknown as Record<string, unknown>, residualPx: Math.round(residualPx * 100) / 100 };
}
