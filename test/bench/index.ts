// npm run bench: speeds, printed as tables (never asserted by tests).
//   physics: a 9-ball and a 15-ball break; renderer: frames/s at 720p and 1080p on one core;
//   match simulator: shots/s; event inference: frames/s of tracks; vision CPU ms per 1080p frame by
//   stage (test/bench/vision.ts); the learned ball detector against the classical one
//   (detector-speed.ts); railbird analyze on 1080p60 (analyze-speed.ts).
import { TABLE_SPECS } from '../../services/table/spec.ts';
import { inferEvents } from '../../services/events/infer.ts';
import { simulateMatch, simulationOptions } from '../../services/sim/game/index.ts';
import { fifteenBallRack, nineBallRack, simulateShot } from '../../services/sim/physics/index.ts';
import { TableRenderer, randomCameraOptions } from '../../services/sim/render/index.ts';
import { toFrameScene } from '../../services/sim/recording/frame-scene.ts';
import { tracksOf } from '../eval/match-calls.ts';
import { benchAnalyze } from './analyze-speed.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
function time(fn: () => void, runs: number): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) { const t = performance.now(); fn(); ms.push(performance.now() - t); }
  return median(ms);
}

const rows: Record<string, string> = {};
const spec = TABLE_SPECS['9ft'];
const cue = { id: 0 as const, x: -0.8, y: 0.05 };
rows['physics: 9-ball break (ms)'] = time(() => simulateShot({ table: '9ft', balls: [cue, ...nineBallRack(spec, { gap: 0 })], strike: { speed: 9, direction: Math.atan2(-0.05, 1.435) } }), 15).toFixed(1);
rows['physics: 15-ball break (ms)'] = time(() => simulateShot({ table: '9ft', balls: [cue, ...fifteenBallRack(spec, { gap: 0 })], strike: { speed: 9, direction: Math.atan2(-0.05, 1.435) } }), 15).toFixed(1);

let t = performance.now();
const rec = simulateMatch({ game: '9ball', shots: 30, seed: 5, options: simulationOptions('default') });
const simMs = performance.now() - t;
rows['match simulator: 9-ball (shots/s)'] = (rec.shots.length / (simMs / 1000)).toFixed(1);

for (const [w, h] of [[1280, 720], [1920, 1080]] as const) {
  const r = new TableRenderer({ width: w, height: h, seed: 5, fps: 60, camera: randomCameraOptions(5) });
  const sceneAt = (s: number) => rec.timeline.sceneAt(s);
  const start = rec.shots[1]!.strikeT - 0.5; // a stretch with the cue, the player and moving balls
  const n = 240;
  const scenes = Array.from({ length: n }, (_, k) => toFrameScene(sceneAt, k, start + k / 60, 1 / 120));
  t = performance.now();
  for (const s of scenes) r.render(s);
  rows[`renderer: ${w}×${h}, one core (frames/s)`] = (n / ((performance.now() - t) / 1000)).toFixed(1);
}

const tracks = tracksOf(rec, 60, 0.001, 5);
t = performance.now();
inferEvents(tracks);
rows['event inference: 60 fps tracks (frames/s)'] = (tracks.length / ((performance.now() - t) / 1000)).toFixed(0);
console.log('Railbird benchmark (median of repeated runs where it applies; one process, one core)');
console.table(rows);

// Vision per 1080p frame, by stage (test/bench/vision.ts: the demo's rack, break and the shots after it).
console.log('');
await import('./vision.ts');
// The learned ball detector (railbird detect's) against the classical one on the same frames.
await import('./detector-speed.ts');
console.log('');

// railbird analyze on a 1080p60 recording against the decode-only floor (its own tables).
await benchAnalyze();
