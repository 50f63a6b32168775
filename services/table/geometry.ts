// The collision geometry of a pocket table in the contract's table frame (origin at the
// centre spot, x towards the foot cushion, y towards the left cushion seen from the head
// end). Each cushion is a straight nose line between two pocket mouths; at each pocket
// the nose ends in a rounded jaw tip (a circle tangent to the nose line and to the jaw
// facing), then the jaw facing runs into the pocket, angled so the throat narrows. A ball
// is pocketed when its centre enters the pocket's capture circle, which lies behind the
// mouth. The simulator, the renderer, calibration and event inference all read this module,
// so they draw and reason about the same table.
import { CUSHIONS, POCKETS, type Cushion, type Pocket, type TableSize } from '../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS, headStringX, type TableSpec } from './spec.ts';
import { add2, dot2, length2, normalize2, perp2, scale2, sub2, type Vec2 } from './vec2.ts';

export interface PocketDimensions {
  /** Corner pocket mouth: distance between the jaw points (m); WPA 4⅞–5⅛ in. */
  readonly cornerMouth: number;
  /** Side pocket mouth (m); WPA 5⅜–5⅝ in. */
  readonly sideMouth: number;
  /** Angle inside the rubber between the nose line and the jaw facing (degrees); WPA 142 ± 1. */
  readonly cornerJawAngle: number;
  /** WPA 104 ± 1 degrees. */
  readonly sideJawAngle: number;
  /** Radius of the rounded jaw tip (m). */
  readonly cornerTipRadius: number;
  readonly sideTipRadius: number;
  /** Length of the straight jaw facing, from the tip into the pocket (m). */
  readonly cornerJawLength: number;
  readonly sideJawLength: number;
  /** Capture circle radius (m) and depth of its nearest point behind the mouth line (m). */
  readonly cornerCaptureRadius: number;
  readonly cornerCaptureDepth: number;
  readonly sideCaptureRadius: number;
  readonly sideCaptureDepth: number;
}

const INCH = 0.0254;

export const DEFAULT_POCKET_DIMENSIONS: PocketDimensions = {
  cornerMouth: 5 * INCH,
  sideMouth: 5.5 * INCH,
  cornerJawAngle: 142,
  sideJawAngle: 104,
  cornerTipRadius: 0.01,
  sideTipRadius: 0.008,
  cornerJawLength: 0.08,
  sideJawLength: 0.06,
  cornerCaptureRadius: 0.062,
  cornerCaptureDepth: 0.035,
  sideCaptureRadius: 0.064,
  sideCaptureDepth: 0.006,
};

/** A straight cushion face. Balls touch it from the side `normal` points to. */
export interface CushionLine {
  readonly cushion: Cushion;
  /** 'nose': the cushion between two pockets; 'jaw': a jaw facing inside a pocket. */
  readonly part: 'nose' | 'jaw';
  /** The pocket whose jaw this is (jaw lines only). */
  readonly pocket: Pocket | null;
  readonly start: Vec2;
  readonly end: Vec2;
  /** Unit vector from start to end. */
  readonly direction: Vec2;
  /** Unit normal pointing to the side balls are on. */
  readonly normal: Vec2;
  readonly length: number;
}

/** The rounded tip of a pocket jaw (a circle of rubber). */
export interface JawTip {
  readonly cushion: Cushion;
  readonly pocket: Pocket;
  readonly centre: Vec2;
  readonly radius: number;
}

export interface PocketGeometry {
  readonly pocket: Pocket;
  readonly kind: 'corner' | 'side';
  /** The jaw points (where nose line and jaw facing would meet if unrounded). */
  readonly jawPoints: readonly [Vec2, Vec2];
  readonly mouthCentre: Vec2;
  readonly mouthWidth: number;
  /** Unit vector from the mouth centre into the pocket. */
  readonly axis: Vec2;
  /** A ball whose centre enters this circle is pocketed. */
  readonly captureCentre: Vec2;
  readonly captureRadius: number;
}

export interface TableGeometry {
  readonly spec: TableSpec;
  readonly ballRadius: number;
  readonly headStringX: number;
  readonly pocketDimensions: PocketDimensions;
  readonly lines: readonly CushionLine[];
  readonly tips: readonly JawTip[];
  readonly pockets: readonly PocketGeometry[];
}

interface MouthSide {
  readonly cushion: Cushion;
  readonly jawPoint: Vec2;
  /** Unit vector along that cushion's nose towards this pocket. */
  readonly noseDirection: Vec2;
}

interface PocketLayout {
  readonly pocket: Pocket;
  readonly kind: 'corner' | 'side';
  readonly sides: readonly [MouthSide, MouthSide];
  readonly axis: Vec2;
}

function pocketLayouts(spec: TableSpec, dims: PocketDimensions): PocketLayout[] {
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const d = dims.cornerMouth / Math.SQRT2;
  const s = dims.sideMouth / 2;
  const diagonal = (sx: number, sy: number): Vec2 => normalize2({ x: sx, y: sy });
  const corner = (pocket: Pocket, sx: 1 | -1, sy: 1 | -1, end: Cushion, long: Cushion): PocketLayout => ({
    pocket,
    kind: 'corner',
    axis: diagonal(sx, sy),
    sides: [
      { cushion: end, jawPoint: { x: sx * hx, y: sy * (hy - d) }, noseDirection: { x: 0, y: sy } },
      { cushion: long, jawPoint: { x: sx * (hx - d), y: sy * hy }, noseDirection: { x: sx, y: 0 } },
    ],
  });
  const side = (pocket: Pocket, sy: 1 | -1, headSide: Cushion, footSide: Cushion): PocketLayout => ({
    pocket,
    kind: 'side',
    axis: { x: 0, y: sy },
    sides: [
      { cushion: headSide, jawPoint: { x: -s, y: sy * hy }, noseDirection: { x: 1, y: 0 } },
      { cushion: footSide, jawPoint: { x: s, y: sy * hy }, noseDirection: { x: -1, y: 0 } },
    ],
  });
  return [
    corner('head-left', -1, 1, 'head', 'left-head'),
    corner('head-right', -1, -1, 'head', 'right-head'),
    side('side-left', 1, 'left-head', 'left-foot'),
    side('side-right', -1, 'right-head', 'right-foot'),
    corner('foot-left', 1, 1, 'foot', 'left-foot'),
    corner('foot-right', 1, -1, 'foot', 'right-foot'),
  ];
}

function makeLine(cushion: Cushion, part: 'nose' | 'jaw', pocket: Pocket | null, start: Vec2, end: Vec2, towards: Vec2): CushionLine {
  const direction = normalize2(sub2(end, start));
  let normal = perp2(direction);
  if (dot2(normal, sub2(towards, start)) < 0) normal = scale2(normal, -1);
  return { cushion, part, pocket, start, end, direction, normal, length: length2(sub2(end, start)) };
}

/** Builds the collision geometry of a table of the given size (or spec) and pocket cut. */
export function buildTableGeometry(
  table: TableSize | TableSpec,
  pocketDimensions: Partial<PocketDimensions> = {},
  ballRadius: number = BALL_RADIUS,
): TableGeometry {
  const spec = typeof table === 'string' ? TABLE_SPECS[table] : table;
  const dims: PocketDimensions = { ...DEFAULT_POCKET_DIMENSIONS, ...pocketDimensions };
  const lines: CushionLine[] = [];
  const tips: JawTip[] = [];
  const pockets: PocketGeometry[] = [];
  /** Where each cushion's nose line ends, keyed by cushion, at its two pockets. */
  const noseEnds = new Map<Cushion, Vec2[]>();

  for (const layout of pocketLayouts(spec, dims)) {
    const corner = layout.kind === 'corner';
    const rubberAngle = ((corner ? dims.cornerJawAngle : dims.sideJawAngle) * Math.PI) / 180;
    const convergence = rubberAngle - (corner ? (3 * Math.PI) / 4 : Math.PI / 2);
    const tipRadius = corner ? dims.cornerTipRadius : dims.sideTipRadius;
    const jawLength = corner ? dims.cornerJawLength : dims.sideJawLength;
    const [first, second] = layout.sides;
    const mouthCentre = scale2(add2(first.jawPoint, second.jawPoint), 0.5);
    for (const side of layout.sides) {
      const lateral = normalize2(sub2(side.jawPoint, mouthCentre));
      const jawDirection = sub2(scale2(layout.axis, Math.cos(convergence)), scale2(lateral, Math.sin(convergence)));
      const tangentOffset = tipRadius / Math.tan(rubberAngle / 2);
      const bisector = normalize2(sub2(jawDirection, side.noseDirection));
      const tipCentre = add2(side.jawPoint, scale2(bisector, tipRadius / Math.sin(rubberAngle / 2)));
      const noseEnd = sub2(side.jawPoint, scale2(side.noseDirection, tangentOffset));
      const jawStart = add2(side.jawPoint, scale2(jawDirection, tangentOffset));
      const jawEnd = add2(jawStart, scale2(jawDirection, jawLength));
      tips.push({ cushion: side.cushion, pocket: layout.pocket, centre: tipCentre, radius: tipRadius });
      lines.push(makeLine(side.cushion, 'jaw', layout.pocket, jawStart, jawEnd, mouthCentre));
      noseEnds.set(side.cushion, [...(noseEnds.get(side.cushion) ?? []), noseEnd]);
    }
    const captureDepth = corner ? dims.cornerCaptureDepth : dims.sideCaptureDepth;
    const captureRadius = corner ? dims.cornerCaptureRadius : dims.sideCaptureRadius;
    pockets.push({
      pocket: layout.pocket,
      kind: layout.kind,
      jawPoints: [first.jawPoint, second.jawPoint],
      mouthCentre,
      mouthWidth: length2(sub2(first.jawPoint, second.jawPoint)),
      axis: layout.axis,
      captureCentre: add2(mouthCentre, scale2(layout.axis, captureDepth + captureRadius)),
      captureRadius,
    });
  }
  for (const cushion of CUSHIONS) {
    const ends = noseEnds.get(cushion);
    if (!ends || ends.length !== 2) throw new Error(`cushion ${cushion} must end at two pockets`);
    lines.push(makeLine(cushion, 'nose', null, ends[0]!, ends[1]!, { x: 0, y: 0 }));
  }
  lines.sort((a, b) => (a.part === b.part ? CUSHIONS.indexOf(a.cushion) - CUSHIONS.indexOf(b.cushion) : a.part === 'nose' ? -1 : 1));
  pockets.sort((a, b) => POCKETS.indexOf(a.pocket) - POCKETS.indexOf(b.pocket));
  return { spec, ballRadius, headStringX: headStringX(spec), pocketDimensions: dims, lines, tips, pockets };
}

const geometryCache = new Map<TableSize, TableGeometry>();

/** The default-cut geometry of a standard table size (cached). */
export function standardTable(size: TableSize): TableGeometry {
  let geometry = geometryCache.get(size);
  if (!geometry) {
    geometry = buildTableGeometry(size);
    geometryCache.set(size, geometry);
  }
  return geometry;
}

/** The pocket whose capture circle holds a ball centred at p (it has dropped), if any. */
export function capturingPocket(table: TableGeometry, p: Vec2): PocketGeometry | undefined {
  return table.pockets.find((k) => Math.hypot(p.x - k.captureCentre.x, p.y - k.captureCentre.y) <= k.captureRadius);
}

/** True when a ball centred at p lies on the bed clear of every cushion (p inside the nose rectangle shrunk by R). */
export function isOnBed(table: TableGeometry, p: Vec2, slack = 0): boolean {
  const r = table.ballRadius - slack;
  return Math.abs(p.x) <= table.spec.length / 2 - r && Math.abs(p.y) <= table.spec.width / 2 - r;
}
