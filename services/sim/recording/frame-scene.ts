// From the match timeline's scene (services/sim/game/timeline.ts) to the renderer's frame scene
// (services/sim/render/scene.ts): balls on the bed or held in a hand, with their path through the
// exposure for motion blur; the cue stick and the player; a hand; the body shadow.
import type { Scene } from '../game/timeline.ts';
import type { FrameScene, SceneBall } from '../render/index.ts';

/** Positions through the exposure are sampled at this many instants for the blur path. */
const BLUR_SAMPLES = 3;

export function toFrameScene(sceneAt: (t: number) => Scene, frame: number, t: number, exposure: number): FrameScene {
  const scene = sceneAt(t);
  const samples = scene.balls.some((b) => b.moving)
    ? Array.from({ length: BLUR_SAMPLES }, (_, k) => sceneAt(t - exposure / 2 + (exposure * k) / (BLUR_SAMPLES - 1)))
    : [];
  const balls: SceneBall[] = [];
  for (const b of scene.balls) {
    if (b.status === 'pocketed' || b.status === 'off-table') continue;
    // A ball off the bed is seen only while a visible hand carries it.
    if (b.status === 'in-hand' && !(scene.hand.visible && scene.hand.ball === b.id)) continue;
    const ball: SceneBall = { id: b.id, x: b.x, y: b.y, z: b.z, q: b.q };
    if (b.moving && samples.length > 0) {
      const path = samples.map((s) => s.balls.find((x) => x.id === b.id)).filter((x) => x !== undefined && (x.status === 'bed' || x.status === 'in-hand'));
      if (path.length >= 2) ball.path = path.map((p) => ({ x: p!.x, y: p!.y, z: p!.z }));
      else ball.v = { x: b.vx, y: b.vy };
    }
    balls.push(ball);
  }
  const out: FrameScene = { frame, t, balls };
  if (scene.cue.visible) {
    out.cue = {
      visible: true,
      tip: { x: scene.cue.tip.x, y: scene.cue.tip.y, z: scene.cue.tip.z },
      dir: { x: scene.cue.dir.x, y: scene.cue.dir.y },
      elevation: scene.cue.elevation,
      bridge: { x: scene.cue.bridge.x, y: scene.cue.bridge.y },
    };
  }
  if (scene.hand.visible) out.hand = { visible: true, x: scene.hand.x, y: scene.hand.y, z: scene.hand.z, from: scene.hand.from };
  if (scene.shooter) out.bodyShadow = { x: scene.shooter.x, y: scene.shooter.y };
  return out;
}
