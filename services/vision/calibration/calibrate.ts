// Automatic calibration from one frame, no markers: cloth colour → cloth mask → largest region
// → outline quadrilateral (the cushions' outer edges) → a rough table homography → nose edge
// points on every cushion → lens distortion k1 and straight rail lines → nose corners →
// bed homography → camera pose (focal length, height) → ball-centre plane homography.
import type { TableSize } from '../../contract/ids.ts';
import { TABLE_SPECS, pocketCentre } from '../../table/spec.ts';
import { POCKETS } from '../../contract/ids.ts';
import { standardTable } from '../../table/geometry.ts';
import { assignCorners, poseFromBedHomography } from './camera-pose.ts';
import { distortPixel, noseCorners, tableToImage, type LensModel, type VisionCalibration } from './calibration-model.ts';
import { clothMask, dominantClothColour, type ClothColour } from './cloth-colour.ts';
import { checkRgbImage, downscaleRgb, linearLuminance, type RgbImage } from '../decode/image.ts';
import { applyH, invMat3, mulMat3, type Mat3, type Point2, type Vec3 } from '../numeric/linalg.ts';
import { NOSE_SEARCH_SPACING_PX, RAIL_SIDES, findRailEdges, type EdgeKind, type RailEdgePoint, type RailSide } from './rail-edges.ts';
import { fitRails, railCorners, type RailFit } from './rail-fit.ts';
import { largestRegion, outlineQuad } from './table-outline.ts';
import { checkBedOnCloth } from './bed-check.ts';
import { correctByDiamonds } from './diamond-check.ts';
import { ALL_DROPS, DEFAULT_CUSHION_WIDTH, NO_OFFSETS, bedOffsets, faceSpans, homographyFromSeenLines, profileSpans, seenNoseEdges, type SideKinds } from './seen-edges.ts';

export interface CalibrateOptions {
  table?: TableSize;
  /** Camera height above the bed (m) assumed when the view is too straight down to measure it. Default 2.75. */
  cameraHeight?: number;
  /** Cushion width, nose to the rail's inner edge (m). Default 0.05. */
  cushionWidth?: number;
}

export class CalibrationError extends Error {}

const WORK_SIZE = 480;

/** Finds the table in an RGB24 frame and returns its calibration. Throws `CalibrationError` when it cannot. */
export function calibrate(rgb: Uint8Array, width: number, height: number, opts: CalibrateOptions = {}): VisionCalibration {
  const img: RgbImage = { data: rgb, width, height };
  checkRgbImage(img, 'calibrate');
  const table = opts.table ?? '9ft';
  const spec = TABLE_SPECS[table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const cw = opts.cushionWidth ?? DEFAULT_CUSHION_WIDTH;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const size = Math.max(width, height);
  const fRef = 0.9 * size;

  // 1. Cloth colour and outline on a small copy.
  const factor = Math.max(1, Math.round(size / WORK_SIZE));
  const small = downscaleRgb(img, factor);
  const cloth = dominantClothColour(small);
  const mask = clothMask(small, cloth);
  const { region, area } = largestRegion(mask, small.width, small.height);
  if (area < 0.1 * small.width * small.height) throw new CalibrationError('calibrate: no large cloth-coloured region (is the table in view?)');
  const outline = outlineQuad(region, small.width, small.height);
  if (!outline) throw new CalibrationError('calibrate: could not fit a quadrilateral to the cloth');
  const toFull = (p: Point2): Point2 => ({ x: p.x * factor + (factor - 1) / 2, y: p.y * factor + (factor - 1) / 2 });
  const outer = outline.quad.map(toFull);

  // 2. Rough homography: the outline is the cushions' outer edge, `cw` beyond the noses.
  const heightPrior = opts.cameraHeight ?? 2.75;
  const rough = assignCorners(outer, hx + cw, hy + cw, cx, cy, size);
  const roughC = poseFromBedHomography(rough.H, cx, cy, size, heightPrior).cameraPosition;
  const noses = fitNoses(img, cloth, table, { H: rough.H, C: roughC }, { cw, cx, cy, fRef, size, heightPrior });
  // Without a nose fit (a broadcast view whose noses show no clear edge), the outline stands
  // for a line half a cushion beyond the noses, and the lens is taken as ideal.
  const H = noses?.H ?? assignCorners(outer, hx + cw / 2, hy + cw / 2, cx, cy, size).H;
  const lens: LensModel = noses?.fit.lens ?? { fx: fRef, fy: fRef, cx, cy, k1: 0, k2: 0 };

  // 3. Camera: focal length and pose; express k1 at the final focal length (for any bed homography).
  const build = (bedH: Mat3): VisionCalibration => {
    const pose = poseFromBedHomography(bedH, cx, cy, size, heightPrior);
    const f = pose.f;
    const k1 = lens.k1 * (f / fRef) ** 2;
    const base = {
      model: 'pinhole-radial-k1k2' as const,
      imageWidth: width, imageHeight: height, fx: f, fy: f, cx, cy, k1, k2: 0,
      rotation: pose.rotation, translation: pose.translation, cameraPosition: pose.cameraPosition,
      bedHomography: pose.bedHomography, ballCentreHomography: pose.ballCentreHomography, table,
      homography: invMat3(pose.bedHomography), ballHomography: invMat3(pose.ballCentreHomography),
    };
    const partial: VisionCalibration = { ...base, corners: [], pockets: [], cushions: [], cloth: null, fit: null };
    const img2 = (x: number, y: number): { u: number; v: number } => tableToImage(partial, x, y);
    return {
      ...partial,
      corners: noseCorners(table).map((c) => ({ ...c, ...img2(c.x, c.y) })),
      pockets: POCKETS.map((p) => {
        const c = pocketCentre(spec, p);
        return { pocket: p, x: c.x, y: c.y, ...img2(c.x, c.y) };
      }),
      cushions: standardTable(table).lines.filter((l) => l.part === 'nose').map((l) => ({
        cushion: l.cushion, from: { x: l.start.x, y: l.start.y }, to: { x: l.end.x, y: l.end.y },
        fromImage: img2(l.start.x, l.start.y), toImage: img2(l.end.x, l.end.y),
      })),
      cloth: { chroma: [cloth.r, cloth.g], brightness: cloth.brightness },
      fit: noses
        ? {
            edges: 'cushion-noses', railResidualPx: noses.fit.residualPx, railPoints: noses.fit.counts, focalSource: pose.focalSource,
            noseKinds: [noses.kinds.head, noses.kinds.foot, noses.kinds.left, noses.kinds.right],
          }
        : { edges: 'cloth-outline', railResidualPx: null, railPoints: [0, 0, 0, 0], focalSource: pose.focalSource },
    };
  };
  // 4. A bed the rails' diamond sights put off along an axis is moved onto them (diamond-check.ts).
  const { calibration: found, check: diamonds } = correctByDiamonds(img, build(H), (m) => build(mulMat3(H, m)));
  // What the frame's cloth (bed-check.ts) and the diamonds say of the fit: none of these
  // doubts, or ask for the corners.
  const doubts = [...checkBedOnCloth(found, { mask, width: small.width, height: small.height, factor }).doubts, ...diamonds.doubts];
  return { ...found, fit: { ...found.fit!, doubts } };
}

/**
 * The nose lines: three passes of edge search, each around the previous estimate with a
 * narrower band. Which line a side's edge is (the face's foot, the rail's edge on a cushion the
 * camera is behind, a real nose's rise: seen-edges.ts) follows from the kind of edge found and
 * the camera of the previous pass. A pass that
 * loses most of a side's points (the band slid off the edge) keeps the previous estimate; null
 * when even the first pass fails.
 */
function fitNoses(
  img: RgbImage, cloth: ClothColour, table: TableSize, start: { H: Mat3; C: Vec3 },
  o: { cw: number; cx: number; cy: number; fRef: number; size: number; heightPrior: number },
): { H: Mat3; fit: RailFit; kinds: SideKinds } | null {
  const spec = TABLE_SPECS[table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const lum = linearLuminance(img);
  const passes = [
    { inside: 0.09, outside: -0.09 },
    { inside: 0.025, outside: -0.02 },
    { inside: 0.015, outside: -0.012 },
  ];
  let best: { H: Mat3; fit: RailFit; kinds: SideKinds } | null = null;
  let H = start.H;
  let C = start.C;
  let kinds = ALL_DROPS;
  let lens: LensModel = { fx: o.fRef, fy: o.fRef, cx: o.cx, cy: o.cy, k1: 0, k2: 0 };
  for (let pass = 0; pass < passes.length; pass++) {
    const Hp = H;
    const lp = lens;
    const project = (x: number, y: number): Point2 => {
      const q = applyH(Hp, x, y);
      const d = distortPixel(lp, q.x, q.y);
      return { x: d.u, y: d.v };
    };
    const band = passes[pass]!;
    // On a far cushion a nose rise's shadow is its whole face, which spans `faces` on the bed: the
    // first pass looks that much further out, later ones start that far in on a rise side.
    const faces = faceSpans(C, hx, hy);
    const spans = pass === 0
      ? Object.fromEntries(RAIL_SIDES.map((s) => [s, { inside: band.inside, outside: band.outside - faces[s] }]))
      : profileSpans(kinds, faces, band);
    const dips = Object.fromEntries(RAIL_SIDES.map((s) => [s, 0.05 + faces[s]]));
    const edges = findRailEdges(lum, img.width, img.height, {
      hx, hy, project, ...band, cornerClear: 0.14, sideClear: 0.12, spacingPx: NOSE_SEARCH_SPACING_PX, spans, dips,
      offsets: pass === 0 ? NO_OFFSETS : bedOffsets(seenNoseEdges(C, hx, hy, o.cw, kinds), C, hx, hy),
    }, img, [cloth.r, cloth.g]);
    // Each side's line is fitted to the kind of edge most of its points are.
    const found = majorityKinds(edges);
    const f = fitRails(edges.filter((e) => e.kind === found[e.side]), o.cx, o.cy, o.fRef);
    const corners = f ? railCorners(f.lines) : null;
    if (!f || !corners) return best;
    if (best && f.counts.some((c, i) => c < 0.4 * best!.fit.counts[i]!)) return best;
    lens = f.lens;
    kinds = found;
    ({ H, C } = homographyFromSeenLines(corners, seenNoseEdges(C, hx, hy, o.cw, kinds), hx, hy, o.cx, o.cy, o.size, o.heightPrior));
    best = { H, fit: f, kinds };
  }
  return best;
}

function majorityKinds(edges: readonly RailEdgePoint[]): SideKinds {
  const kindOf = (side: RailSide): EdgeKind => {
    let rise = 0;
    let all = 0;
    for (const e of edges) if (e.side === side) { all++; if (e.kind === 'rise') rise++; }
    return rise > all / 2 ? 'rise' : 'drop';
  };
  return { head: kindOf('head'), foot: kindOf('foot'), left: kindOf('left'), right: kindOf('right') };
}

