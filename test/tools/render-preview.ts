// Renders check frames (every cloth, both ball sets, a cue with the player, a hand placing the
// cue ball) to PNGs: node bin/run-ts.mjs test/tools/render-preview.ts [outDir] [width] [height]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { demoScene } from '../../services/sim/render/demo.ts';
import { writePng } from '../../services/capture/still-image.ts';
import type { ClothName } from '../../services/sim/render/palette.ts';
import { TableRenderer } from '../../services/sim/render/renderer.ts';
import type { BallSetName } from '../../services/sim/render/palette.ts';

const [outDir = '/tmp/render-check', w = '1280', h = '720'] = process.argv.slice(2);
await mkdir(outDir, { recursive: true });
const cloths: ClothName[] = ['green', 'blue', 'red', 'grey'];
const sets: BallSetName[] = ['standard', 'tv'];
let seed = 11;
for (const cloth of cloths) {
  for (const ballSet of sets) {
    seed++;
    const r = new TableRenderer({ width: Number(w), height: Number(h), cloth, ballSet, seed, rail: seed % 3 === 0 ? 'black' : 'wood' });
    const scene = demoScene(seed, { maxSpeed: ballSet === 'tv' ? 2.5 : 0 });
    if (ballSet === 'tv' && cloth === 'blue') {
      const cb = scene.balls.find((b) => b.id === 0);
      delete scene.cue;
      if (cb) scene.hand = { visible: true, x: cb.x, y: cb.y };
    }
    const f = r.render(scene);
    const path = join(outDir, `${cloth}-${ballSet}-${w}x${h}.png`);
    await writePng(path, f.rgb, f.width, f.height);
    const hidden = f.balls.filter((b) => b.occluded).map((b) => b.id);
    console.log(path, 'occluded:', hidden.join(',') || '-');
  }
}
