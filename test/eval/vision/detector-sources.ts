// Ball detection per source, for any detector that maps an RGB image (+ the calibration found on
// it, when one is) to ball centres and radii. The protocol of issue 19: each real source is a
// table (or a set of photos); a learned model records the sources it was trained on
// (<model>.train.json), and a row of a source it saw is marked "trained on": only the "held out"
// rows are evidence of how it does on a table it has never seen (leave one source out).
//
//   node bin/run-ts.mjs test/eval/vision/detector-sources.ts [--detector classical|detect|learned|both]
//        [--model a.onnx --model b.onnx …] [--raw] [--fit | --fit-only] [--sources game1,game2,phone,renders]
//        [--seeds 2] [--base 9000] [--liners] [--quiet]
// --liners: the renders with pocket liners of other colours (white, cream, grey, tan): not balls.
// --detector detect: \`railbird detect\` as shipped, each table scored by a model held out from it;
// --detector both: the classical detector, \`railbird detect\` and the learned model(s); --raw: each learned model also
// without the calibration's plausibility check; --fit: also with the outline fit of its balls
// (refine-learned.ts), --fit-only: only so.
//
// Sources:
// - game1, game2: the labelled first / last frames of ../shared/data/real/clips-dev/<source>_clip*
//   (1024×576 broadcast, 101 and 49 boxes), each calibrated from the frame itself (as `railbird
//   detect` does), and where that calibration doubts the bed, the operator's corners (as at an
//   installation: field-mask.ts `installedBed`);
// - phone: ../shared/data/real/balls-phone-yolo/test (60 real photos, 640×640 stretched, class 0
//   boxes), given no calibration (low side views of home tables; the classical detector calibrates
//   each photo itself, as `railbird detect` does, and gets a table on most, rarely the right one);
// - renders: rendered 1080p stills as the vision evaluation's (test/eval/vision/index.ts: four
//   cloths × two ball sets × seeds, scattered / racked / clustered, cue and player, two rolling
//   balls; seeds from 9000, never a training seed), calibrated from each camera's first frame.
// Scoring (test/eval/vision/real.ts's conventions): on real images a detection is right when its
// centre lies in a box ±2 px (each box taken once); the clips' labels leave out balls in a
// pocket's jaws, so there an unboxed detection within 10 cm of a pocket counts neither way (when
// the image calibrated). Centre error: distance to the box's centre (px; boxes are loose, so
// this is a rough figure). Renders: the vision evaluation's matching on the table
// (support/detection-metrics.ts): recall over balls < 50 % hidden, precision over all detections,
// centre error on resting balls (mm on the ball plane, and px).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POCKETS } from '../../../services/contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS, pocketCentre } from '../../../services/table/spec.ts';
import { TableRenderer, type BallSetName, type ClothName } from '../../../services/sim/render/index.ts';
import { LINERS as IDENTITY_LINERS } from '../../../models/identity/scenes.ts';
import { calibrate } from '../../../services/vision/calibration/calibrate.ts';
import { imageToTable, type VisionCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { decodeImage } from '../../../services/vision/decode/decode.ts';
import { quantile, type RgbImage } from '../../../services/vision/decode/image.ts';
import { BallDetector } from '../../../services/vision/detection/detect.ts';
import { BallIdentifier } from '../../../services/vision/identity/classifier.ts';
import { detectLine, nameBalls } from '../../../services/cli/vision-commands.ts';
import { scoreFrame } from '../../support/detection-metrics.ts';
import { evalScene, type LayoutKind } from '../../support/render-scenes.ts';
import { FRAMES, REAL_CLIPS_ROOT, labelledPaths, readBoxes, realClips, sourceOf, type LabelledFrame } from './real.ts';
import { installedBed } from './field-mask.ts';

export const PHONE_ROOT = fileURLToPath(new URL('../../../../shared/data/real/balls-phone-yolo', import.meta.url));
export const REAL_SOURCES = ['game1', 'game2', 'phone'] as const;
export const ALL_SOURCES = [...REAL_SOURCES, 'renders'] as const;
export type SourceName = (typeof ALL_SOURCES)[number];

/** A ball found: centre and radius in image pixels (OpenCV convention), a confidence 0–1. */
export interface FoundBall {
  u: number;
  v: number;
  r: number;
  confidence: number;
}

/** What the protocol scores: an image (and its calibration, null when none was found) → balls. */
export interface SourceDetector {
  readonly name: string;
  /** The sources the detector was trained or tuned on (their rows are marked). */
  readonly trainedOn: readonly string[];
  /** The balls in one image of `source`, given the image's calibration where it has one. */
  detect(img: RgbImage, cal: VisionCalibration | null, key: string, source: SourceName): Promise<FoundBall[]>;
  release(): Promise<void>;
}

/** A labelled real image: its boxes [x, y, w, h] (pixels, top-left corner, pixel edges). */
export interface LabelledImage {
  source: string;
  name: string;
  path: string;
  boxes: [number, number, number, number][];
  /** The labels leave out balls in a pocket's jaws (the clips). */
  jawsUnlabelled: boolean;
  /** A clip's labelled frame: its clip folder and which (its mask gives the operator's bed where the calibration doubts). */
  frame?: { clip: string; which: LabelledFrame };
}

/** The clips' labelled frames of one source (game1, game2 …). */
export function clipImages(source: string, root = REAL_CLIPS_ROOT): LabelledImage[] {
  return realClips(root).filter((c) => sourceOf(c) === source).flatMap((clip) => FRAMES.map((which) => ({
    source, name: `${basename(clip)} ${which}`, path: labelledPaths(clip, which).png, frame: { clip, which },
    boxes: readBoxes(clip, which).map((b) => [b[0], b[1], b[2], b[3]] as [number, number, number, number]), jawsUnlabelled: true,
  })));
}

/** YOLO labels (class cx cy w h, normalised) of class 0 as pixel boxes. */
export function readYoloBoxes(path: string, width: number, height: number): [number, number, number, number][] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number))
    .filter((v) => v.length >= 5 && v[0] === 0)
    .map((v) => [(v[1]! - v[3]! / 2) * width, (v[2]! - v[4]! / 2) * height, v[3]! * width, v[4]! * height]);
}

/** The phone photos of a split (train / valid / test) with their ball boxes (the images are 640×640). */
export function phoneImages(split: 'train' | 'valid' | 'test', root = PHONE_ROOT, size = 640): LabelledImage[] {
  const dir = join(root, split, 'images');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort().map((f) => ({
    source: 'phone', name: f, path: join(dir, f),
    boxes: readYoloBoxes(join(root, split, 'labels', f.replace(/\.(jpe?g|png)$/i, '.txt')), size, size), jawsUnlabelled: false,
  }));
}

export interface SourceScore {
  images: number;
  /** Balls to find (boxes; rendered balls < 50 % hidden). */
  balls: number;
  found: number;
  /** Detections counted (all but those in a pocket's jaws where the labels leave those out). */
  detections: number;
  correct: number;
  errPx: number[];
  errMm: number[];
  /** Images whose calibration failed (the detector got none). */
  uncalibrated: number;
  ms: number[];
}

const emptyScore = (): SourceScore => ({ images: 0, balls: 0, found: 0, detections: 0, correct: 0, errPx: [], errMm: [], uncalibrated: 0, ms: [] });

/** Scores one real image's detections against its boxes (real.ts's rule, plus the centre error). */
export function scoreBoxes(img: LabelledImage, found: readonly FoundBall[], cal: VisionCalibration | null, s: SourceScore): void {
  const used = new Set<number>();
  const spec = cal ? TABLE_SPECS[cal.table] : null;
  s.images++;
  s.balls += img.boxes.length;
  // Most confident first, so a weak duplicate does not take a box from a strong detection.
  for (const d of [...found].sort((a, b) => b.confidence - a.confidence)) {
    const k = img.boxes.findIndex((b, i) => !used.has(i) && d.u >= b[0] - 2 && d.u <= b[0] + b[2] + 2 && d.v >= b[1] - 2 && d.v <= b[1] + b[3] + 2);
    if (k >= 0) {
      used.add(k);
      s.found++;
      s.correct++;
      s.detections++;
      const b = img.boxes[k]!;
      s.errPx.push(Math.hypot(d.u - (b[0] + b[2] / 2 - 0.5), d.v - (b[1] + b[3] / 2 - 0.5)));
      continue;
    }
    if (img.jawsUnlabelled && cal && spec) {
      const p = imageToTable(cal, d.u, d.v, 'ball');
      if (POCKETS.some((q) => { const c = pocketCentre(spec, q); return Math.hypot(p.x - c.x, p.y - c.y) < 0.1; })) continue;
    }
    s.detections++;
  }
}

function tryCalibrate(img: RgbImage): VisionCalibration | null {
  try {
    return calibrate(img.data, img.width, img.height);
  } catch {
    return null;
  }
}

export interface EvalOptions {
  sources: readonly SourceName[];
  /** Rendered cameras per cloth × ball set (index.ts's --seeds). */
  seeds: number;
  base: number;
  /** Renders with pocket liners of other colours than dark leather (white, cream, grey, tan in turn): not balls. */
  liners?: boolean;
  log?: (s: string) => void;
}

/** The identity scenes' liners but the brown leather (too close to the default dark pocket to test anything). */
const LINERS = IDENTITY_LINERS.slice(0, 4);

const CLOTHS: ClothName[] = ['green', 'blue', 'red', 'grey'];
const SETS: BallSetName[] = ['standard', 'tv'];
const LAYOUTS: LayoutKind[] = ['scatter', 'rack', 'clusters'];

/** The images of the real sources, decoded once and calibrated once for all detectors. */
interface Prepared {
  img: LabelledImage;
  rgb: RgbImage;
  cal: VisionCalibration | null;
}

/** The clips' frames calibrated from themselves (where the bed is doubted, the operator's: field-mask.ts); the photos get none (a detector may try its own). */
async function prepareReal(source: SourceName): Promise<Prepared[]> {
  const images = source === 'phone' ? phoneImages('test') : clipImages(source);
  const out: Prepared[] = [];
  for (const img of images) {
    const rgb = await decodeImage(img.path);
    const auto = source === 'phone' ? null : tryCalibrate(rgb);
    out.push({ img, rgb, cal: auto && img.frame ? (await installedBed(auto, img.frame.clip, img.frame.which)).calibration : auto });
  }
  return out;
}

/** Scores every detector on every source asked for; returns detector name → source → score. */
export async function evalSources(detectors: readonly SourceDetector[], o: EvalOptions): Promise<Map<string, Map<SourceName, SourceScore>>> {
  const out = new Map<string, Map<SourceName, SourceScore>>(detectors.map((d) => [d.name, new Map()]));
  for (const source of o.sources) {
    if (source === 'renders') {
      for (const d of detectors) out.get(d.name)!.set(source, emptyScore());
      for (const cloth of CLOTHS) {
        for (const ballSet of SETS) {
          for (let k = 0; k < o.seeds; k++) {
            // The seeds of index.ts's synthetic stills.
            const seed = o.base + 37 * k + 11 * CLOTHS.indexOf(cloth) + 5 * SETS.indexOf(ballSet);
            const r = new TableRenderer({ width: 1920, height: 1080, cloth, ballSet, seed, ...(o.liners ? { liner: LINERS[(k + CLOTHS.indexOf(cloth)) % LINERS.length]! } : {}) });
            let cal: VisionCalibration | null | undefined;
            for (const layout of LAYOUTS) {
              const scene = evalScene(seed * 3 + LAYOUTS.indexOf(layout), { layout, moving: 2 });
              const f = r.render(scene);
              const rgb: RgbImage = { data: f.rgb, width: f.width, height: f.height };
              if (cal === undefined) cal = tryCalibrate(rgb);
              for (const d of detectors) {
                const s = out.get(d.name)!.get(source)!;
                const t0 = performance.now();
                const found = await d.detect(rgb, cal, `render ${cloth} ${ballSet} ${seed}`, 'renders');
                s.ms.push(performance.now() - t0);
                s.images++;
                if (!cal) s.uncalibrated++;
                const c = cal;
                const pts = found.map((b) => {
                  const p = c ? imageToTable(c, b.u, b.v, 'ball') : r.calibration.imageToTable(b.u, b.v, BALL_RADIUS);
                  return { x: p.x, y: p.y, u: b.u, v: b.v };
                });
                const sc = scoreFrame(f.balls, scene.balls, pts, r.exposure);
                s.balls += sc.visible;
                s.found += sc.found;
                s.detections += sc.detections;
                s.correct += sc.correct;
                s.errMm.push(...sc.restingErrorsMm);
                s.errPx.push(...sc.restingErrorsPx);
              }
            }
            o.log?.(`renders: ${cloth} ${ballSet} seed ${seed} done`);
          }
        }
      }
      continue;
    }
    const prepared = await prepareReal(source);
    if (!prepared.length) {
      o.log?.(`${source}: not present, skipped`);
      continue;
    }
    for (const d of detectors) {
      const s = emptyScore();
      out.get(d.name)!.set(source, s);
      for (const p of prepared) {
        const t0 = performance.now();
        const found = await d.detect(p.rgb, p.cal, `${source} ${p.img.name}`, source);
        s.ms.push(performance.now() - t0);
        if (!p.cal) s.uncalibrated++;
        scoreBoxes(p.img, found, p.cal, s);
      }
    }
    o.log?.(`${source}: ${prepared.length} images done`);
  }
  return out;
}

const pct = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(2) + ' %' : '-');
const pad = (s: string | number, n: number): string => String(s).padStart(n);

/** The table: one row per detector × source. */
export function printSourceTable(detectors: readonly SourceDetector[], scores: Map<string, Map<SourceName, SourceScore>>, sources: readonly SourceName[]): void {
  console.log(`${pad('detector', 28)} ${pad('source', 8)} ${pad('', 11)} ${pad('images', 6)} ${pad('balls', 6)} ${pad('dets', 6)} ${pad('recall', 9)} ${pad('precision', 9)} ${pad('err med', 10)} ${pad('err p90', 10)} ${pad('no cal', 6)} ${pad('ms med', 7)}`);
  for (const d of detectors) {
    for (const source of sources) {
      const s = scores.get(d.name)?.get(source);
      if (!s) continue;
      const seen = d.trainedOn.includes(source) ? 'trained on' : source === 'renders' && d.trainedOn.includes('renders-train') ? 'other seeds' : 'held out';
      const err = source === 'renders'
        ? [`${quantile(s.errMm, 0.5).toFixed(2)} mm`, `${quantile(s.errMm, 0.9).toFixed(2)} mm`]
        : [`${quantile(s.errPx, 0.5).toFixed(2)} px`, `${quantile(s.errPx, 0.9).toFixed(2)} px`];
      console.log(`${pad(d.name, 28)} ${pad(source, 8)} ${pad(seen, 11)} ${pad(s.images, 6)} ${pad(s.balls, 6)} ${pad(s.detections, 6)} ${pad(pct(s.found, s.balls), 9)} ${pad(pct(s.correct, s.detections), 9)} ${pad(s.errPx.length ? err[0]! : '-', 10)} ${pad(s.errPx.length ? err[1]! : '-', 10)} ${pad(s.uncalibrated, 6)} ${pad(quantile(s.ms, 0.5).toFixed(0), 7)}`);
    }
  }
}

/**
 * The classical detector (the video pipeline's, services/vision/detection/detect.ts) named as
 * `railbird detect` names balls (`nameBalls`): the image's own calibration, `BallDetector` over the
 * whole bed (the cloth learnt from the image; one detector per calibration), the identity model
 * dropping unsure candidates it calls "not a ball". Given no calibration it calibrates the image
 * itself; none found: no balls.
 */
export async function classicalDetector(): Promise<SourceDetector> {
  const model = await BallIdentifier.load();
  const detectors = new Map<VisionCalibration, BallDetector>();
  return {
    name: 'classical + names',
    trainedOn: ['game1', 'renders'],
    async detect(img, given, key) {
      const cal = given ?? tryCalibrate(img);
      if (!cal) return [];
      let det = detectors.get(cal);
      if (!det) {
        detectors.clear();
        det = new BallDetector(cal);
        detectors.set(cal, det);
      }
      const line = await nameBalls(key, img, det.detect(img).balls, model);
      return line.balls.map((b) => ({ u: b.x, v: b.y, r: b.r, confidence: b.detection }));
    },
    release: () => model.release(),
  };
}

/**
 * `railbird detect` as shipped (`detectLine`: the learned detector, then the identity model's
 * names), each source scored with a committed detector model never trained on it (`HeldOutDetectors`);
 * the image's own calibration where one is found (the photos: none, as the other rows).
 */
export async function railbirdDetect(): Promise<SourceDetector> {
  const { HeldOutDetectors } = await import('./learned-source-detector.ts');
  const held = new HeldOutDetectors();
  // Every committed model saw renders (other seeds) and the phone photos (other photos).
  const model = await BallIdentifier.load();
  return {
    name: 'railbird detect (held-out model)',
    trainedOn: ['renders-train', 'phone'],
    async detect(img, cal, key, source) {
      const table = source === 'game1' || source === 'game2';
      const line = await detectLine(key, img, cal, model, table ? await held.for(source) : await held.for('game2'));
      return line.balls.map((b) => ({ u: b.x, v: b.y, r: b.r, confidence: b.detection }));
    },
    release: async () => {
      await held.release();
      await model.release();
    },
  };
}

export async function runDetectorSources(args: readonly string[]): Promise<void> {
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const models = args.flatMap((a, i) => (a === '--model' && args[i + 1] ? [args[i + 1]!] : []));
  const kind = opt('--detector') ?? (models.length ? 'learned' : 'classical');
  const sources = (opt('--sources')?.split(',') ?? [...ALL_SOURCES]) as SourceName[];
  for (const s of sources) if (!(ALL_SOURCES as readonly string[]).includes(s)) throw new Error(`--sources: unknown source ${s} (${ALL_SOURCES.join(', ')})`);
  const detectors: SourceDetector[] = [];
  if (kind === 'classical' || kind === 'both') detectors.push(await classicalDetector());
  if (kind === 'detect' || kind === 'both') detectors.push(await railbirdDetect());
  if (kind === 'learned' || kind === 'both') {
    const { learnedSourceDetector } = await import('./learned-source-detector.ts');
    for (const m of models.length ? models : [undefined]) {
      if (args.includes('--raw')) detectors.push(await learnedSourceDetector(m, { raw: true }));
      if (!args.includes('--fit-only')) detectors.push(await learnedSourceDetector(m));
      if (args.includes('--fit') || args.includes('--fit-only')) detectors.push(await learnedSourceDetector(m, { refine: true }));
    }
  }
  const seeds = Number(opt('--seeds') ?? 2);
  const base = Number(opt('--base') ?? 9000);
  const quiet = args.includes('--quiet');
  const t0 = performance.now();
  const liners = args.includes('--liners');
  const scores = await evalSources(detectors, { sources, seeds, base, liners, ...(quiet ? {} : { log: (s: string) => console.error(`  ${s}`) }) });
  console.log(`\nBall detection per source (issue 19's protocol; ${((performance.now() - t0) / 1000).toFixed(0)} s). Real: a detection is right when its centre lies in a box ±2 px, an unboxed one within 10 cm of a pocket counts neither way on the clips; error = distance to the box centre. Renders: 1920×1080 stills (4 cloths × 2 sets × ${seeds} seed(s) from ${base} × scatter / rack / clusters${liners ? '; pocket liners white, cream, grey and tan' : ''}), balls < 50 % hidden, error on resting balls (ball plane). "trained on": the detector saw that source (not evidence); "held out": it never did; "other seeds": rendered, but not these setups. no cal: images given no calibration (the photos). ms: wall clock per image on this machine.`);
  printSourceTable(detectors, scores, sources);
  for (const d of detectors) await d.release();
}

if (process.argv[1]?.endsWith('detector-sources.ts')) await runDetectorSources(process.argv.slice(2));
