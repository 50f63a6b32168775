// The real development clips (../shared/data/real/clips-dev: broadcast 8-ball, 1024×576, boxes
// with cue / eight / solid / stripe on each clip's first and last frame). Two readings:
// - stills: `railbird detect` on the two labelled frames alone (calibrated from the frame);
// - tracked: the vision pipeline run through the whole clip (calibrated from its first frame),
// each calibrated as at an installation: where the automatic calibration doubts the bed, the
// operator's corners (field-mask.ts `installedBed`; not for the rescaled and mirrored variants,
// whose frames the masks do not fit: they keep the automatic bed);
//   its balls on the labelled frames (the first read 0.1 s in) scored with the kind the pipeline shows then ("live") and
//   with the kind its track ends the clip with ("review": a recorded match is read to the end).
// A detection is right when its centre lies in a box ±2 px; the labels leave out balls in a
// pocket's jaws, so an unboxed detection within 10 cm of a pocket counts neither way.
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLine } from '../../../services/cli/vision-commands.ts';
import { installedBed } from './field-mask.ts';
import { POCKETS } from '../../../services/contract/ids.ts';
import { TABLE_SPECS, pocketCentre } from '../../../services/table/spec.ts';
import { calibrate } from '../../../services/vision/calibration/calibrate.ts';
import { imageToTable, tableToImage, type VisionCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { ffmpegPath } from '../../../services/capture/ffmpeg-path.ts';
import { decodeImage } from '../../../services/vision/decode/decode.ts';
import { decodeStream } from '../../../services/vision/decode/decode-stream.ts';
import type { BallKind } from '../../../services/vision/identity/classifier.ts';
import type { RgbImage } from '../../../services/vision/decode/image.ts';
import { VisionPipeline } from '../../../services/vision/pipeline.ts';
import { HeldOutDetectors } from './learned-source-detector.ts';
import { HeldOutIdentities } from './held-out.ts';

export const REAL_CLIPS_ROOT = fileURLToPath(new URL('../../../../shared/data/real/clips-dev', import.meta.url));
const KIND_OF_CATEGORY = ['', 'cue', 'eight', 'solid', 'stripe'] as const;
export const FRAMES = ['first', 'last'] as const;
export type LabelledFrame = (typeof FRAMES)[number];
/** The frame the first labelled one is read at (0.1 s in at 30 fps). */
const FIRST_AT = 3;

export type Box = [x: number, y: number, w: number, h: number, kind: BallKind];
export interface Seen { u: number; v: number; kind: BallKind }
export interface RealScore {
  boxes: number;
  counted: number;
  right: number;
  kindRight: number;
  /** Kinds read wrong on the right detections: "boxed→read" → count. */
  confused: Record<string, number>;
}

/** A clip's source: the table it shows (game1, game2 …: the clips' folders are <source>_clip<n>). */
export const sourceOf = (clip: string): string => (clip.split('/').pop() ?? clip).replace(/_clip\d+$/, '');
const clipName = (clip: string): string => (clip.split('/').pop() ?? clip).replace('_', ' ');

/** The clips' folders (game*_clip*), sorted. */
export function realClips(root = REAL_CLIPS_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root).filter((d) => d.startsWith('game')).sort().map((d) => join(root, d));
}

/** A labelled frame's image file and its boxes' file. */
export function labelledPaths(clip: string, which: LabelledFrame): { png: string; boxes: string } {
  return { png: join(clip, 'frames', `frame_${which}.png`), boxes: join(clip, 'bounding_boxes', `frame_${which}_bbox.txt`) };
}

/** A labelled frame's boxes ("x y w h category" per line, category 1 cue, 2 eight, 3 solid, 4 stripe). */
export function readBoxes(clip: string, which: LabelledFrame): Box[] {
  return readFileSync(labelledPaths(clip, which).boxes, 'utf8').trim().split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((v) => v.length >= 5 && KIND_OF_CATEGORY[v[4]!])
    .map((v) => [v[0]!, v[1]!, v[2]!, v[3]!, KIND_OF_CATEGORY[v[4]!] as BallKind]);
}

/** Scores balls seen on a labelled frame against its boxes. */
export function scoreSeen(boxes: readonly Box[], seen: readonly Seen[], cal: VisionCalibration | null): RealScore {
  const used = new Set<number>();
  const s: RealScore = { boxes: boxes.length, counted: 0, right: 0, kindRight: 0, confused: {} };
  const spec = cal ? TABLE_SPECS[cal.table] : null;
  for (const d of seen) {
    const k = boxes.findIndex((b, i) => !used.has(i) && d.u >= b[0] - 2 && d.u <= b[0] + b[2] + 2 && d.v >= b[1] - 2 && d.v <= b[1] + b[3] + 2);
    if (k >= 0) {
      used.add(k);
      s.right++;
      s.counted++;
      if (boxes[k]![4] === d.kind) s.kindRight++;
      else s.confused[`${boxes[k]![4]}→${d.kind}`] = (s.confused[`${boxes[k]![4]}→${d.kind}`] ?? 0) + 1;
      continue;
    }
    const p = cal ? imageToTable(cal, d.u, d.v, 'ball') : null;
    const inJaws = p !== null && spec !== null && POCKETS.some((q) => { const c = pocketCentre(spec, q); return Math.hypot(p.x - c.x, p.y - c.y) < 0.1; });
    if (!inJaws) s.counted++;
  }
  return s;
}

/**
 * Other footage, made from the labelled frames: re-exposed, rescaled, mirrored (an ffmpeg
 * filter, and where the boxes go with it).
 */
export const FOOTAGE_VARIANTS: readonly { name: string; filter: string; box: (b: Box, width: number) => Box; movesPixels: boolean }[] = [
  { name: 'mirrored', filter: 'hflip', box: (b, w) => [w - b[0] - b[2], b[1], b[2], b[3], b[4]], movesPixels: true },
  { name: '640×360', filter: 'scale=640:360', box: (b) => [b[0] * 0.625, b[1] * 0.625, b[2] * 0.625, b[3] * 0.625, b[4]], movesPixels: true },
  { name: '1920×1080', filter: 'scale=1920:1080', box: (b) => [b[0] * 1.875, b[1] * 1.875, b[2] * 1.875, b[3] * 1.875, b[4]], movesPixels: true },
  { name: 'darker', filter: 'eq=brightness=-0.08:gamma=0.85', box: (b) => b, movesPixels: false },
  { name: 'brighter, paler', filter: 'eq=brightness=0.06:gamma=1.2:saturation=0.8', box: (b) => b, movesPixels: false },
];

/** A labelled frame through an ffmpeg filter, as RGB24. */
function filteredFrame(path: string, filter: string, width: number, height: number): { data: Uint8Array; width: number; height: number } {
  const scaled = /^scale=(\d+):(\d+)$/.exec(filter);
  const [w, h] = scaled ? [Number(scaled[1]), Number(scaled[2])] : [width, height];
  const r = spawnSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', path, '-vf', filter, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 4 * w * h });
  if (r.status !== 0 || r.stdout.length !== w * h * 3) throw new Error(`ffmpeg could not filter ${path}: ${String(r.stderr).trim()}`);
  return { data: new Uint8Array(r.stdout.buffer, r.stdout.byteOffset, r.stdout.length), width: w, height: h };
}

/** `railbird detect` on one labelled frame (decoded once by the caller), optionally through one of the footage variants. */
export async function stillScore(clip: string, which: LabelledFrame, original: RgbImage, identities: HeldOutIdentities, detectors: HeldOutDetectors, variant?: (typeof FOOTAGE_VARIANTS)[number]): Promise<{ score: RealScore; fit: string }> {
  const img = variant ? filteredFrame(labelledPaths(clip, which).png, variant.filter, original.width, original.height) : original;
  const boxes = variant ? readBoxes(clip, which).map((b) => variant.box(b, original.width)) : readBoxes(clip, which);
  try {
    const auto = calibrate(img.data, img.width, img.height);
    const { calibration: cal, bed } = variant?.movesPixels ? { calibration: auto, bed: 'automatic' } : await installedBed(auto, clip, which);
    const line = await detectLine(clip, img, cal, await identities.for(sourceOf(clip)), await detectors.for(sourceOf(clip)));
    return { score: scoreSeen(boxes, line.balls.map((b) => ({ u: b.x, v: b.y, kind: b.kind })), cal), fit: bed === 'operator' ? 'operator' : auto.fit?.edges === 'cushion-noses' ? 'noses' : 'outline only' };
  } catch {
    return { score: scoreSeen(boxes, [], null), fit: 'not found' };
  }
}

export interface TrackedClipScore {
  fit: string;
  frames: number;
  /** Per labelled frame: the kind shown then, and the kind the track ends with. */
  live: Record<LabelledFrame, RealScore>;
  review: Record<LabelledFrame, RealScore>;
}

/**
 * The pipeline through a whole clip (YUV frames, as analyze reads them), scored on its first and
 * last frame; its learned detector a model never trained on the clip's table.
 */
export async function trackedScore(clip: string, first: RgbImage, identities: HeldOutIdentities): Promise<TrackedClipScore> {
  const video = join(clip, `${clip.split('/').pop()!}.mp4`);
  const auto = calibrate(first.data, first.width, first.height);
  const { calibration: cal, bed } = await installedBed(auto, clip, 'first');
  const pipeline = new VisionPipeline(cal, { identifier: await identities.for(sourceOf(clip)), learned: HeldOutDetectors.modelFor(sourceOf(clip)) });
  const seenAt: { trackId: number; u: number; v: number; kind: BallKind }[][] = [];
  const lastKind = new Map<number, BallKind>();
  try {
    for await (const f of decodeStream(video, { pixelFormat: 'yuv420p' })) {
      const out = await pipeline.process(f.image, f.t);
      seenAt[f.index] = out.balls.filter((b) => !b.occluded).map((b) => {
        const p = b.detection ?? tableToImage(cal, b.x, b.y, 'ball');
        if (b.kind !== 'none') lastKind.set(b.trackId, b.kind);
        return { trackId: b.trackId, u: p.u, v: p.v, kind: b.kind };
      });
    }
  } finally {
    await pipeline.release();
  }
  const frames = seenAt.length;
  // New tracks are reported from their second sighting: the first labelled frame (before the
  // shot, nothing moving) is read FIRST_AT frames in.
  const on = { first: seenAt[Math.min(FIRST_AT, frames - 1)] ?? [], last: seenAt[frames - 1] ?? [] };
  const live = {} as TrackedClipScore['live'];
  const review = {} as TrackedClipScore['review'];
  for (const which of FRAMES) {
    const boxes = readBoxes(clip, which);
    live[which] = scoreSeen(boxes, on[which], cal);
    review[which] = scoreSeen(boxes, on[which].map((b) => ({ ...b, kind: lastKind.get(b.trackId) ?? b.kind })), cal);
  }
  return { fit: bed === 'operator' ? 'operator' : auto.fit?.edges === 'cushion-noses' ? 'noses' : 'outline only', frames, live, review };
}

const pct = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(2) + ' %' : '-');
const pad = (s: string | number, n: number): string => String(s).padStart(n);
const add = (a: RealScore, b: RealScore): RealScore => {
  const confused = { ...a.confused };
  for (const [k, n] of Object.entries(b.confused)) confused[k] = (confused[k] ?? 0) + n;
  return { boxes: a.boxes + b.boxes, counted: a.counted + b.counted, right: a.right + b.right, kindRight: a.kindRight + b.kindRight, confused };
};
const ZERO: RealScore = { boxes: 0, counted: 0, right: 0, kindRight: 0, confused: {} };
/** The kinds read wrong, most first ("stripe→solid 7, …"). */
const confusions = (s: RealScore): string => Object.entries(s.confused).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || '-';

/** Prints both tables; nothing when the clips are not present. */
export async function printRealScores(identities: HeldOutIdentities, root = REAL_CLIPS_ROOT): Promise<void> {
  const clips = realClips(root);
  if (!clips.length) {
    console.log(`\nReal clips: ${root} not present, skipped`);
    return;
  }
  const row = (name: string, fit: string, s: RealScore, extra = ''): string =>
    `${pad(name, 16)} ${pad(fit, 14)} ${pad(s.boxes, 6)} ${pad(s.counted, 5)} ${pad(pct(s.right, s.boxes), 9)} ${pad(pct(s.right, s.counted), 9)} ${pad(pct(s.kindRight, s.right), 9)}${extra}`;
  const detectors = new HeldOutDetectors();
  console.log('\nReal clips, stills (`railbird detect` on each labelled 1024×576 broadcast frame alone, its ball detector a committed model never trained on that table (leave one table out: game1 by loso/no-game1.onnx, game2 by ball-detector.onnx); the identity model\'s figures on game1 are a development set\'s; a detection is right when its centre lies in a box ±2 px; the labels leave out balls in a pocket\'s jaws, so an unboxed detection within 10 cm of a pocket counts neither way; kind: cue / eight / solid / stripe of the right detections)');
  console.log(`${pad('clip frame', 16)} ${pad('table', 14)} ${pad('boxes', 6)} ${pad('dets', 5)} ${pad('recall', 9)} ${pad('precision', 9)} ${pad('kind', 9)}`);
  // Each labelled frame decoded once, for the stills, their footage variants and the calibration of the tracked run.
  const frames = new Map<string, RgbImage>();
  for (const clip of clips) for (const which of FRAMES) frames.set(`${clip} ${which}`, await decodeImage(labelledPaths(clip, which).png));
  const frame = (clip: string, which: LabelledFrame): RgbImage => frames.get(`${clip} ${which}`)!;
  let all = ZERO;
  const bySource = new Map<string, RealScore>();
  for (const clip of clips) {
    for (const which of FRAMES) {
      const { score, fit } = await stillScore(clip, which, frame(clip, which), identities, detectors);
      all = add(all, score);
      bySource.set(sourceOf(clip), add(bySource.get(sourceOf(clip)) ?? ZERO, score));
      console.log(row(`${clipName(clip)} ${which}`, fit, score));
    }
  }
  for (const [source, score] of bySource) console.log(row(`${source} (all)`, '', score, `   kinds read wrong: ${confusions(score)}`));
  console.log(row('all', '', all));
  console.log('\nReal clips, stills, as other footage (the labelled frames re-exposed, rescaled, mirrored by an ffmpeg filter; all eight frames each)');
  console.log(`${pad('footage', 16)} ${pad('filter', 40)} ${pad('boxes', 6)} ${pad('dets', 5)} ${pad('recall', 9)} ${pad('precision', 9)} ${pad('kind', 9)}`);
  for (const v of FOOTAGE_VARIANTS) {
    let sum = ZERO;
    for (const clip of clips) for (const which of FRAMES) sum = add(sum, (await stillScore(clip, which, frame(clip, which), identities, detectors, v)).score);
    console.log(`${pad(v.name, 16)} ${pad(v.filter, 40)} ${pad(sum.boxes, 6)} ${pad(sum.counted, 5)} ${pad(pct(sum.right, sum.boxes), 9)} ${pad(pct(sum.right, sum.counted), 9)} ${pad(pct(sum.kindRight, sum.right), 9)}`);
  }
  await detectors.release();
  console.log('\nReal clips, tracked (the pipeline through each whole clip on YUV frames; the labelled frames scored with the kind shown then, and with the kind the track ends the clip with (review))');
  console.log(`${pad('clip frame', 16)} ${pad('table', 14)} ${pad('boxes', 6)} ${pad('balls', 5)} ${pad('recall', 9)} ${pad('precision', 9)} ${pad('kind', 9)} ${pad('review', 9)}`);
  let live = ZERO;
  let review = ZERO;
  const liveBy = new Map<string, RealScore>();
  const reviewBy = new Map<string, RealScore>();
  for (const clip of clips) {
    const t = await trackedScore(clip, frame(clip, 'first'), identities);
    for (const which of FRAMES) {
      live = add(live, t.live[which]);
      review = add(review, t.review[which]);
      liveBy.set(sourceOf(clip), add(liveBy.get(sourceOf(clip)) ?? ZERO, t.live[which]));
      reviewBy.set(sourceOf(clip), add(reviewBy.get(sourceOf(clip)) ?? ZERO, t.review[which]));
      console.log(row(`${clipName(clip)} ${which}`, t.fit, t.live[which], ` ${pad(pct(t.review[which].kindRight, t.review[which].right), 9)}`));
    }
  }
  for (const [source, score] of liveBy) {
    const r = reviewBy.get(source)!;
    console.log(row(`${source} (all)`, '', score, ` ${pad(pct(r.kindRight, r.right), 9)}`));
  }
  console.log(row('all', '', live, ` ${pad(pct(review.kindRight, review.right), 9)}`));
}
