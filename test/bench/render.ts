// Rendering speed (frames/s on one thread, encoding excluded) at 1280×720 and 1920×1080:
//   node bin/run-ts.mjs test/bench/render.ts [frames]
import { BALL_RADIUS } from '../../services/table/spec.ts';
import { demoScene } from '../../services/sim/render/demo.ts';
import { TableRenderer } from '../../services/sim/render/renderer.ts';
import type { FrameScene } from '../../services/sim/render/scene.ts';

const frames = Number(process.argv[2] ?? 240);

/** A shot in progress: the demo layout with some balls moving and the cue stroking. */
function sceneAt(base: FrameScene, k: number): FrameScene {
  const t = k / 60;
  const balls = base.balls.map((b, i) => {
    if (i % 3 !== 0) return b;
    const v = { x: Math.cos(i) * 1.5, y: Math.sin(i) * 0.8 };
    return { ...b, x: b.x + v.x * 0.01 * Math.sin(t), y: b.y + v.y * 0.01 * Math.sin(t), v };
  });
  const cue = base.cue ? { ...base.cue, tip: { ...base.cue.tip, x: base.cue.tip.x - base.cue.dir.x * 0.08 * (1 + Math.sin(t * 4)), z: BALL_RADIUS } } : undefined;
  return { frame: k, balls, ...(cue ? { cue } : {}) };
}

for (const [w, h] of [[1280, 720], [1920, 1080]] as const) {
  for (const reuseStill of [true, false]) {
    let t0 = performance.now();
    const r = new TableRenderer({ width: w, height: h, seed: 5, cloth: 'blue', reuseStill });
    const setup = performance.now() - t0;
    const base = demoScene(5);
    for (let k = 0; k < 20; k++) r.render(sceneAt(base, k));
    t0 = performance.now();
    let sum = 0;
    for (let k = 0; k < frames; k++) sum += r.render(sceneAt(base, k)).rgb[k % 100]!;
    const ms = (performance.now() - t0) / frames;
    const what = reuseStill ? '6 of 16 balls moving, cue + player' : 'same, every ball redrawn (no reuse of balls at rest)';
    console.log(`${w}x${h}: ${(1000 / ms).toFixed(1)} frames/s (${ms.toFixed(2)} ms/frame; ${what}; setup ${(setup / 1000).toFixed(2)} s) [${sum % 7}]`);
  }
}
