// `railbird analyze` end to end on the real one-shot clips of ../shared/data/real/clips-dev (two
// tables; skipped when absent), each judged by what its labelled first and last frames imply:
//  - one shot: exactly one shot line;
//  - pockets: the kinds of the balls pocketed equal those of the balls boxed on the first frame
//    and not on the last (the labels leave out balls in a pocket's jaws, so a ball that stopped
//    in the jaws counts as pocketed on both sides, as the labels cannot tell);
//  - cue kept: when the cue ball is boxed on the last frame, no pocket or off-table event of it;
//  - no disturbed line (nobody touches a ball in these clips);
//  - every ball boxed on the first frame present at the stroke (a ball of the shot's start within
//    its box, grown by half its size, once projected into the image).
// Each clip is analysed with a learned ball detector never trained on its table (leave one source
// out: models/ball-detector/*.train.json) and an identity model never trained on it
// (models/identity/*.train.json); `--classical` runs the classical detector alone, `--identity`
// one identity model for every clip.
// Calibrated as at an installation: automatically from the video, and where the calibration
// doubts the bed, the operator's four corners (stood in for by the labelled field of the clip's
// first frame: vision/field-mask.ts `installedBed`); `--automatic` keeps the doubted bed.
// Prints one line per clip and the count of clips right.
//   node bin/run-ts.mjs test/eval/real-clips-analyze.ts [--clips game2_clip1,…] [--keep DIR] [--classical] [--automatic] [--identity MODEL]
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { analyzeVideo } from '../../services/analyze/analyze.ts';
import { calibrateFromVideo } from '../../services/analyze/auto-calibrate.ts';
import type { BallId } from '../../services/contract/ids.ts';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import { loadCalibration, tableToImage } from '../../services/vision/calibration/calibration-model.ts';
import { kindOfClass, type BallKind } from '../../services/vision/identity/classes.ts';
import { HeldOutDetectors } from './vision/learned-source-detector.ts';
import { HeldOutIdentities } from './vision/held-out.ts';
import { REAL_CLIPS_ROOT, readBoxes, realClips, sourceOf, type Box } from './vision/real.ts';
import { installedBed } from './vision/field-mask.ts';

export interface ClipVerdict {
  clip: string;
  shots: number;
  pocketedWanted: BallKind[];
  pocketedGot: (BallKind | 'unknown')[];
  cueKept: boolean | null;
  disturbed: number;
  present: { boxed: number; atStroke: number };
  /** Balls of the shot's start in no box (a hand, a mark, a liner taken for a ball): not in the verdict, reported. */
  extra: number;
  /** The automatic calibration's doubts (codes): where any, the referee asks the operator for the bed's corners before a match. */
  bedDoubts: string[];
  /** The bed analysed on: the automatic calibration's, or the operator's corners where it doubted. */
  bed: 'automatic' | 'operator';
  right: boolean;
  note: string;
}

const sortKinds = <T extends string>(k: T[]): T[] => [...k].sort();

/** The kinds of the balls boxed first and not last: each last box takes the nearest first box of its kind. */
export function pocketedKinds(first: readonly Box[], last: readonly Box[]): BallKind[] {
  const left = first.map((b) => ({ kind: b[4], cx: b[0] + b[2] / 2, cy: b[1] + b[3] / 2 }));
  for (const b of last) {
    const kind = b[4];
    let best = -1;
    let bestD = Infinity;
    left.forEach((f, i) => {
      const d = Math.hypot(f.cx - (b[0] + b[2] / 2), f.cy - (b[1] + b[3] / 2));
      if (f.kind === kind && d < bestD) { best = i; bestD = d; }
    });
    if (best >= 0) left.splice(best, 1);
  }
  return sortKinds(left.map((f) => f.kind));
}

const kindOfId = (id: BallId | null): BallKind | 'unknown' => (id === null ? 'unknown' : kindOfClass(id));

/** The verdict on one analysed clip, from its output folder and its labels. */
export function judgeClip(clip: string, out: string, installed: { doubts: string[]; bed: ClipVerdict['bed'] }): ClipVerdict {
  const lines = readFileSync(join(out, 'events.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
  const shots = lines.filter((l): l is ShotLine => l.kind === 'shot');
  const disturbed = lines.filter((l) => l.kind === 'disturbed').length;
  const first = readBoxes(clip, 'first');
  const last = readBoxes(clip, 'last');
  const wanted = pocketedKinds(first, last);
  const shot = shots[0];
  const pocketedIds = shot ? shot.events.filter((e) => e.type === 'pocket').map((e) => (e as { ball: BallId }).ball) : [];
  const got = sortKinds(pocketedIds.map((id) => kindOfId(id)));
  const cueLast = last.some((b) => b[4] === 'cue');
  const cueGone = shot?.events.some((e) => (e.type === 'pocket' || e.type === 'off-table') && e.ball === 0) ?? false;
  const cal = loadCalibration(join(out, 'calibration.json'));
  const startBalls = shot?.start?.balls ?? [];
  const inBox = (b: Box, p: { x: number; y: number }): boolean => {
    const { u, v } = tableToImage(cal, p.x, p.y, 'ball');
    return u >= b[0] - b[2] / 2 && u <= b[0] + 1.5 * b[2] && v >= b[1] - b[3] / 2 && v <= b[1] + 1.5 * b[3];
  };
  const missing = first.filter((b) => !startBalls.some((p) => inBox(b, p)));
  const extra = startBalls.filter((p) => !first.some((b) => inBox(b, p))).length;
  const atStroke = first.length - missing.length;
  const cueKept = cueLast ? !cueGone : null;
  const pocketsRight = JSON.stringify(got) === JSON.stringify(wanted);
  const right = shots.length === 1 && pocketsRight && cueKept !== false && disturbed === 0 && atStroke === first.length;
  const notes: string[] = [];
  if (shots.length !== 1) notes.push(`${shots.length} shots`);
  if (!pocketsRight) notes.push(`pocketed ${got.join(',') || 'none'} (want ${wanted.join(',') || 'none'})`);
  if (cueKept === false) notes.push('cue ball called off the bed');
  if (disturbed > 0) notes.push(`${disturbed} disturbed`);
  if (missing.length) notes.push(`missing at the stroke: ${missing.map((b) => `${b[4]} at ${Math.round(b[0] + b[2] / 2)},${Math.round(b[1] + b[3] / 2)}`).join(', ')}`);
  return { clip: basename(clip), shots: shots.length, pocketedWanted: wanted, pocketedGot: got, cueKept, disturbed, present: { boxed: first.length, atStroke }, extra, bedDoubts: installed.doubts, bed: installed.bed, right, note: notes.join('; ') };
}

/**
 * Analyses each clip (8-ball, calibrated from its video) and judges it: the learned detector a
 * model never trained on the clip's table, or none (`classical`).
 */
export async function evaluateRealClips(root = REAL_CLIPS_ROOT, only: readonly string[] = [], keep?: string, classical = false, automatic = false, identity?: string): Promise<ClipVerdict[]> {
  const verdicts: ClipVerdict[] = [];
  // The identity model never trained on the clip's table, or the one given.
  const identities = new HeldOutIdentities(identity);
  for (const clip of realClips(root)) {
    const name = basename(clip);
    if (only.length > 0 && !only.includes(name)) continue;
    const out = keep ? join(keep, name) : mkdtempSync(join(tmpdir(), 'railbird-real-e2e-'));
    try {
      const learned = classical ? null : HeldOutDetectors.modelFor(sourceOf(name));
      const video = join(clip, `${name}.mp4`);
      const auto = (await calibrateFromVideo(video, { table: '9ft' })).calibration;
      const doubts = [...new Set((auto.fit?.doubts ?? []).map((d) => d.code))];
      const installed = automatic ? { calibration: auto, bed: 'automatic' as const } : await installedBed(auto, clip, 'first');
      const calibration = join(out, 'installed-calibration.json');
      mkdirSync(out, { recursive: true });
      writeFileSync(calibration, JSON.stringify(installed.calibration, null, 2) + '\n');
      const identifier = identities.modelFor(sourceOf(name));
      await analyzeVideo({ video, out, calibration, game: '8ball', players: ['A', 'B'], jobs: 1, pictures: keep !== undefined, pipeline: { learned, identifier } });
      verdicts.push(judgeClip(clip, out, { doubts, bed: installed.bed }));
    } catch (e) {
      verdicts.push({ clip: name, shots: 0, pocketedWanted: [], pocketedGot: [], cueKept: null, disturbed: 0, present: { boxed: 0, atStroke: 0 }, extra: 0, bedDoubts: [], bed: 'automatic', right: false, note: `analyze failed: ${(e as Error).message}` });
    } finally {
      if (!keep) rmSync(out, { recursive: true, force: true });
    }
  }
  return verdicts;
}

export function printRealClipVerdicts(verdicts: readonly ClipVerdict[]): void {
  console.log('\nReal clips end to end (railbird analyze --game 8ball on each one-shot clip; right: one shot, the pocketed kinds the labels imply, the cue ball kept when it is on the last frame, no disturbed line, every boxed ball present at the stroke; extra: balls at the stroke in no box, reported, not judged; bed: the automatic calibration\'s doubts, and where it doubted, the operator\'s corners were taken)');
  const pad = (s: string | number, n: number): string => String(s).padStart(n);
  console.log(`${pad('clip', 12)} ${pad('table', 6)} ${pad('shots', 5)} ${pad('pocketed (want)', 28)} ${pad('cue kept', 8)} ${pad('disturbed', 9)} ${pad('at stroke', 9)} ${pad('extra', 5)} ${pad('right', 5)} ${pad('bed', 24)}  note`);
  for (const v of verdicts) {
    const pk = `${v.pocketedGot.join(',') || '-'} (${v.pocketedWanted.join(',') || '-'})`;
    const cue = v.cueKept === null ? 'n/a' : v.cueKept ? 'yes' : 'no';
    console.log(`${pad(v.clip, 12)} ${pad(sourceOf(v.clip), 6)} ${pad(v.shots, 5)} ${pad(pk, 28)} ${pad(cue, 8)} ${pad(v.disturbed, 9)} ${pad(`${v.present.atStroke}/${v.present.boxed}`, 9)} ${pad(v.extra, 5)} ${pad(v.right ? 'yes' : 'no', 5)} ${pad(`${v.bedDoubts.join(',') || 'sure'}${v.bed === 'operator' ? ' → operator' : ''}`, 24)}  ${v.note}`);
  }
  console.log(`right: ${verdicts.filter((v) => v.right).length} of ${verdicts.length}`);
}

if (process.argv[1] && process.argv[1].endsWith('real-clips-analyze.ts')) {
  const arg = (n: string): string | undefined => { const i = process.argv.indexOf(n); return i >= 0 ? process.argv[i + 1] : undefined; };
  if (!existsSync(REAL_CLIPS_ROOT)) console.log(`\nReal clips: ${REAL_CLIPS_ROOT} not present, skipped`);
  else printRealClipVerdicts(await evaluateRealClips(REAL_CLIPS_ROOT, arg('--clips')?.split(',') ?? [], arg('--keep'), process.argv.includes('--classical'), process.argv.includes('--automatic'), arg('--identity')));
}
