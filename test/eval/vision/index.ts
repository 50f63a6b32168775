// Vision evaluation: `node bin/run-ts.mjs test/eval/vision/index.ts [--quick] [--seeds N] [--base S] [--no-real] [--real-only] [--no-video] [--video-only] [--rgb] [--model file.onnx] [--broadcast-only] [--broadcast-base S] [--detector-sources …]`.
// The videos are decoded as analyze decodes them (YUV 4:2:0 frames); --rgb: as RGB24 frames.
// Renders fresh 1080p frames (all four cloths, both ball sets, scattered / racked / clustered
// layouts, the cue and player in every frame, two balls rolling in each), calibrates from the
// first frame of each camera, detects, and prints calibration corner error per cloth (and on
// rendered elevated broadcast views, eval-broadcast.ts),
// detection recall / precision, centre errors on resting balls and the time per stage. Then
// runs the whole pipeline (detection, tracking, identity) on rendered videos against their
// true tracks (the bundled demo and fresh simulated matches; eval-video.ts), then the real clips:
// calibration + detection on their first / last frames against their boxes, and the pipeline
// through each whole clip (eval-real.ts). Numbers on ball sets the identity model was not trained
// on (models/identity/eval-sets.ts; --sets-only runs only that). --model: another identity model
// for the real clips. --quick: one camera per cloth × set, 15 s of the demo and one fresh one-shot match.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TableRenderer, type BallSet, type BallSetName, type ClothName } from '../../../services/sim/render/index.ts';
import { calibrate } from '../../../services/vision/calibration/calibrate.ts';
import { BallDetector, type StageTimings } from '../../../services/vision/detection/detect.ts';
import { scoreFrame } from '../../support/detection-metrics.ts';
import { evalScene, type LayoutKind } from '../../support/render-scenes.ts';
import { BallIdentifier, kindOfClass } from '../../../services/vision/identity/classifier.ts';
import { detectionCrops } from '../../../services/vision/tracking/track-identity.ts';
import { quantile } from '../../../services/vision/decode/image.ts';
import { evalVideo, printVideoScores, readTracks, type VideoScore } from './video.ts';
import { loadCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { printRealScores } from './real.ts';
import { HeldOutIdentities } from './held-out.ts';
import { printRealBedScores } from './real-bed.ts';
import { evalBroadcast, printBroadcast } from './broadcast.ts';
import { recordSimulation } from '../../../services/sim/recording/record.ts';
import type { Game } from '../../../services/contract/ids.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const QUICK = args.includes('--quick');
const SEEDS = opt('--seeds', QUICK ? 1 : 2);
const BASE = opt('--base', 9000);
const CLOTHS: ClothName[] = ['green', 'blue', 'red', 'grey'];
const SETS: BallSetName[] = ['standard', 'tv'];
const LAYOUTS: LayoutKind[] = ['scatter', 'rack', 'clusters'];
const MODEL = (() => { const k = args.indexOf('--model'); return k >= 0 ? args[k + 1] : undefined; })();
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Tally {
  visible: number;
  found: number;
  detections: number;
  correct: number;
  errMm: number[];
  errPx: number[];
}
const tally = (): Tally => ({ visible: 0, found: 0, detections: 0, correct: 0, errMm: [], errPx: [] });
const pct = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(2) + ' %' : '-');
const pad = (s: string | number, n: number): string => String(s).padStart(n);
const med = (a: number[]): number => quantile(a, 0.5);

async function synthetic(): Promise<void> {
  const corner = new Map<ClothName, number[]>();
  const byCell = new Map<string, Tally>();
  const all = tally();
  const stages: Record<keyof StageTimings, number[]> = { rectify: [], difference: [], edges: [], votes: [], candidates: [], refine: [], blobs: [], total: [] };
  const windowed: number[] = [];
  const calibMs: number[] = [];
  let kindRight = 0;
  let idRight = 0;
  let kindAll = 0;
  const model = await BallIdentifier.load();
  const failures: string[] = [];
  for (const cloth of CLOTHS) {
    for (const ballSet of SETS) {
      for (let k = 0; k < SEEDS; k++) {
        const seed = BASE + 37 * k + 11 * CLOTHS.indexOf(cloth) + 5 * SETS.indexOf(ballSet);
        const r = new TableRenderer({ width: 1920, height: 1080, cloth, ballSet, seed });
        let det: BallDetector | null = null;
        for (const layout of LAYOUTS) {
          const scene = evalScene(seed * 3 + LAYOUTS.indexOf(layout), { layout, moving: 2 });
          const f = r.render(scene);
          const img = { data: f.rgb, width: f.width, height: f.height };
          if (!det) {
            const t0 = performance.now();
            const cal = calibrate(f.rgb, f.width, f.height);
            calibMs.push(performance.now() - t0);
            const errs = cal.corners.map((c) => {
              const t = r.calibration.tableToImage(c.x, c.y, 0);
              return Math.hypot(t.u - c.u, t.v - c.v);
            });
            corner.set(cloth, [...(corner.get(cloth) ?? []), ...errs]);
            det = new BallDetector(cal);
            det.learnCloth(img);
          }
          const res = det.detect(img);
          for (const key of Object.keys(stages) as (keyof StageTimings)[]) stages[key].push(res.timings[key]);
          // The tracker's case: windows around where the balls are expected.
          const regions = f.balls.filter((b) => b.inImage).map((b) => ({ x: b.x, y: b.y, radius: 0.05 }));
          windowed.push(det.detect(img, regions).timings.total);
          const s = scoreFrame(f.balls, scene.balls, res.balls, r.exposure);
          const key = `${cloth} ${ballSet}`;
          const cell = byCell.get(key) ?? tally();
          byCell.set(key, cell);
          for (const t of [cell, all]) {
            t.visible += s.visible;
            t.found += s.found;
            t.detections += s.detections;
            t.correct += s.correct;
            t.errMm.push(...s.restingErrorsMm);
            t.errPx.push(...s.restingErrorsPx);
          }
          for (const id of s.missed) {
            const sb = scene.balls.find((b) => b.id === id);
            const speed = sb?.v ? Math.hypot(sb.v.x, sb.v.y) : 0;
            const occ = f.balls.find((b) => b.id === id)?.occludedFraction ?? 0;
            failures.push(`missed ball ${id} (${speed ? `rolling ${speed.toFixed(1)} m/s` : 'at rest'}, ${Math.round(occ * 100)} % hidden): ${cloth} ${ballSet} seed ${seed} ${layout}`);
          }
          for (const d of s.falsePositives) failures.push(`false detection at (${d.x.toFixed(3)}, ${d.y.toFixed(3)}) m: ${cloth} ${ballSet} seed ${seed} ${layout}`);
          // Identity of single crops (no track voting) of detected resting balls not hidden.
          const named = res.balls.flatMap((d) => {
            const b = f.balls.find((t) => Math.hypot(t.x - d.x, t.y - d.y) < 0.02 && !t.occluded);
            return b && !d.blurred && !scene.balls.find((x) => x.id === b.id)?.v ? [{ d, id: b.id }] : [];
          });
          const ids = await model.identify(detectionCrops(img, named.map((n) => n.d)));
          named.forEach((n, k) => {
            kindAll++;
            if (ids[k]!.id === n.id) idRight++;
            if (ids[k]!.kind === kindOfClass(n.id)) kindRight++;
          });
        }
      }
    }
  }
  await model.release();
  console.log(`\nSynthetic frames: 1920×1080, seeds from ${BASE}, ${SEEDS} camera(s) per cloth × ball set, ${LAYOUTS.length} frames each (cue + player, 2 rolling balls)\n`);
  console.log('Calibration: nose-corner error vs the renderer (px)');
  console.log(`${pad('cloth', 8)} ${pad('corners', 8)} ${pad('median', 8)} ${pad('max', 8)}`);
  for (const [cloth, e] of corner) console.log(`${pad(cloth, 8)} ${pad(e.length, 8)} ${pad(med(e).toFixed(2), 8)} ${pad(Math.max(...e).toFixed(2), 8)}`);
  console.log(`calibration time: median ${med(calibMs).toFixed(0)} ms\n`);
  console.log('Detection (balls not hidden: < 50 % occluded; centre error on resting balls)');
  console.log(`${pad('cloth set', 14)} ${pad('balls', 6)} ${pad('recall', 9)} ${pad('precision', 9)} ${pad('err med mm', 10)} ${pad('p99 mm', 7)} ${pad('med px', 7)}`);
  const row = (name: string, t: Tally): void => {
    console.log(`${pad(name, 14)} ${pad(t.visible, 6)} ${pad(pct(t.found, t.visible), 9)} ${pad(pct(t.correct, t.detections), 9)} ${pad(med(t.errMm).toFixed(2), 10)} ${pad(quantile(t.errMm, 0.99).toFixed(2), 7)} ${pad(med(t.errPx).toFixed(2), 7)}`);
  };
  for (const [name, t] of byCell) row(name, t);
  row('all', all);
  console.log(`\nIdentity model on single crops of ${kindAll} detected resting balls (no voting, no rack adaptation): id ${pct(idRight, kindAll)}, kind ${pct(kindRight, kindAll)}`);
  console.log('\nSpeed: median ms per 1080p frame (single-threaded, by the stages\' clock: their CPU time on a core nobody else uses)');
  console.log(`  whole bed:  ${(Object.keys(stages) as (keyof StageTimings)[]).map((k) => `${k} ${med(stages[k]).toFixed(1)}`).join(' | ')}`);
  console.log(`  tracker windows (0.05 m around each ball): total ${med(windowed).toFixed(1)}`);
  if (failures.length) console.log(`\nFailures (${failures.length}):\n  ${failures.slice(0, 40).join('\n  ')}`);
}

/** A fresh recording (cached under tmp/vision-eval/ by its settings). */
async function simulated(game: Game, seed: number, shots: number, cloth: ClothName, ballSet: BallSet): Promise<string> {
  const out = join(ROOT, 'tmp', 'vision-eval', `${game}-${seed}-${shots}-${cloth}-${setName(ballSet)}`);
  if (existsSync(join(out, 'tracks.jsonl')) && existsSync(join(out, 'recording.mp4'))) return out;
  await recordSimulation({ game, shots, seed, fps: 30, width: 1920, height: 1080, out, players: ['A', 'B'], table: '9ft', preset: 'default', cloth, ballSet, brisk: true });
  return out;
}

const setName = (s: BallSet): string => (typeof s === 'string' ? s : `${s.name} set`);

/** The pipeline (detection, tracking, identity) on rendered videos against their true tracks. */
async function videos(): Promise<void> {
  const { HELD_OUT_SETS } = await import('../../../models/identity/palettes.ts');
  // The third: a ball set the identity model was never trained on (its deep shades).
  const sims: [Game, number, ClothName, BallSet][] = [['9ball', 4242, 'blue', 'standard'], ['8ball', 5151, 'red', 'tv'], ['8ball', 5252, 'green', HELD_OUT_SETS[1]!]];
  const jobs: { name: string; dir: string; start: number; count?: number }[] = [
    { name: 'demo 9ball seed 7 green', dir: join(ROOT, 'recordings', 'demo'), start: QUICK ? 120 : 0, ...(QUICK ? { count: 450 } : {}) },
  ];
  for (const [game, seed, cloth, set] of QUICK ? sims.slice(0, 1) : sims) {
    const shots = QUICK ? 1 : 3;
    jobs.push({ name: `${game} seed ${seed} ${cloth} ${setName(set)}`, dir: await simulated(game, seed, shots, cloth, set), start: 0 });
  }
  const rows: { name: string; score: VideoScore }[] = [];
  for (const j of jobs) {
    const cal = loadCalibration(join(j.dir, 'calibration.json'));
    rows.push({ name: j.name, score: await evalVideo(join(j.dir, 'recording.mp4'), readTracks(join(j.dir, 'tracks.jsonl')), cal, { start: j.start, pixelFormat: args.includes('--rgb') ? 'rgb24' : 'yuv420p', ...(j.count ? { count: j.count } : {}) }) });
  }
  console.log(`\nVideo: the pipeline (windows around predictions, searches where the bed changed (checked every 3 frames), of the whole bed every 60 frames and after a loss, a second look at once for a ball gone from its window, smears rejoining the track they came from; a clear new ball reported on its first frame, a weaker candidate taken where a tracked ball is expected; identity voted along tracks, rack adaptation) on 1080p30 recordings against the simulator's tracks; fresh recordings' seeds are not used for tuning. A ball counts when not hidden; ids per frame of the matched balls.`);
  printVideoScores(rows);
}

// --detector-sources: ball detection per source, leave one source out (detector-sources.ts; its
// own flags follow: --detector classical|learned|both, --model m.onnx …, --sources …).
if (args.includes('--detector-sources')) {
  const { runDetectorSources } = await import('./detector-sources.ts');
  await runDetectorSources(args.filter((a) => a !== '--detector-sources'));
  process.exit(0);
}
/** Numbers on ball sets never rendered for training, read after the rack adaptation as the pipeline does it. */
async function ballSets(): Promise<void> {
  const { evaluateSets, testGroups } = await import('../../../models/identity/eval-sets.ts');
  const { SHADE_WEIGHT } = await import('../../../services/vision/identity/shades.ts');
  const model = await BallIdentifier.load();
  const { table } = await evaluateSets(model, testGroups(QUICK ? 2 : 6), 4, [[SHADE_WEIGHT, true]], 'model');
  await model.release();
  console.log('\nNumbers on ball sets the identity model was not trained on (models/identity/palettes.ts: four held-out sets whose shades lie outside the training ranges, and sets drawn from the training ranges at unseen seeds); resting balls, single crops; the rack named by the model, one of each id, then the rack adaptation with the set\'s shades');
  console.log(table);
}

const BROADCAST_ONLY = args.includes('--broadcast-only');
if (args.includes('--sets-only')) {
  await ballSets();
  process.exit(0);
}
if (!args.includes('--real-only') && !args.includes('--video-only') && !BROADCAST_ONLY) await synthetic();
if (!args.includes('--real-only') && !args.includes('--video-only') && !BROADCAST_ONLY) await ballSets();
const BROADCAST_BASE = opt('--broadcast-base', 400001);
if (!args.includes('--real-only') && !args.includes('--video-only')) {
  printBroadcast(evalBroadcast(BROADCAST_BASE, QUICK ? 6 : 24), BROADCAST_BASE);
  printBroadcast(evalBroadcast(BROADCAST_BASE, QUICK ? 6 : 24, 'oblique'), BROADCAST_BASE, 'oblique');
}
if (BROADCAST_ONLY) process.exit(0);
if (!args.includes('--no-video') && !args.includes('--real-only')) await videos();
if (!args.includes('--no-real') && !args.includes('--video-only')) {
  // Each source scored by an identity model never trained on it, or the one --model names.
  const identities = new HeldOutIdentities(MODEL);
  try {
    await printRealScores(identities);
    await printRealBedScores();
  } finally {
    await identities.release();
  }
}
