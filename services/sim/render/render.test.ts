import { describe, expect, it } from 'vitest';
import type { BallId } from '../../contract/ids.ts';
import { BALL_RADIUS } from '../../table/spec.ts';
import { Z_RAIL } from './geometry.ts';
import { CUE_LENGTH } from './player.ts';
import { TableRenderer, trackLine } from './renderer.ts';
import type { FrameScene, Quat, RenderedFrame, SceneBall } from './scene.ts';

type RGB = [number, number, number];
const W = 1280;
const H = 720;
const renderer = new TableRenderer({ width: W, height: H, seed: 3, cloth: 'green', staticSamples: 1 });
const tv = new TableRenderer({ width: W, height: H, seed: 4, cloth: 'blue', ballSet: 'tv', staticSamples: 1 });

/** Pixels of the frame within `frac` of the ball's projected radius around its projected centre. */
function disc(r: TableRenderer, f: RenderedFrame, id: BallId, frac: number): RGB[] {
  const t = f.balls.find((b) => b.id === id);
  if (!t) throw new Error(`no truth for ${id}`);
  const rad = (r.calibration.fx * BALL_RADIUS) / r.calibration.depth(t.x, t.y, BALL_RADIUS);
  const out: RGB[] = [];
  for (let j = Math.floor(t.v - rad); j <= Math.ceil(t.v + rad); j++) {
    for (let i = Math.floor(t.u - rad); i <= Math.ceil(t.u + rad); i++) {
      if (Math.hypot(i - t.u, j - t.v) > frac * rad) continue;
      const p = (j * f.width + i) * 3;
      out.push([f.rgb[p]!, f.rgb[p + 1]!, f.rgb[p + 2]!]);
    }
  }
  return out;
}

function median(px: RGB[]): RGB {
  const m = (k: number): number => {
    const s = px.map((p) => p[k]!).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)]!;
  };
  return [m(0), m(1), m(2)];
}

const spots: [number, number][] = [[-0.9, 0.35], [-0.6, -0.3], [-0.3, 0.2], [0, -0.35], [0.3, 0.3], [0.6, -0.1], [0.9, 0.4], [1.05, -0.45], [-1.05, -0.45], [0.0, 0.45]];
const rackOf = (ids: BallId[]): SceneBall[] => ids.map((id, k) => ({ id, x: spots[k]![0], y: spots[k]![1] }));

const isColour: Record<string, (c: RGB) => boolean> = {
  yellow: ([r, g, b]) => r > 150 && g > 100 && b < 0.45 * g && r >= g,
  blue: ([r, g, b]) => b > r + 40 && b > g,
  red: ([r, g, b]) => r > 110 && r > 2.2 * g && r > 2.2 * b,
  purple: ([r, g, b]) => r > 1.3 * g && b > 1.3 * g,
  orange: ([r, g, b]) => r > 170 && g > 0.25 * r && g < 0.7 * r && b < 0.3 * r,
  green: ([r, g, b]) => g > 1.5 * r && g > 1.15 * b,
  maroon: ([r, g, b]) => r > 1.8 * g && r > 1.8 * b && r < 140,
  black: (c) => Math.max(...c) < 70,
  white: (c) => Math.min(...c) > 150 && Math.max(...c) - Math.min(...c) < 50,
  pink: ([r, g, b]) => r > 170 && b > g && g < 0.75 * r,
  brown: ([r, g, b]) => r > g && g > b && r < 160 && g > 0.35 * r,
};

describe('balls on the table', () => {
  it('renders each ball with its colour at its projected centre (standard set)', () => {
    const expected: [BallId, string][] = [[0, 'white'], [1, 'yellow'], [2, 'blue'], [3, 'red'], [4, 'purple'], [5, 'orange'], [6, 'green'], [7, 'maroon'], [8, 'black']];
    const f = renderer.render({ frame: 0, balls: rackOf(expected.map((e) => e[0])) });
    for (const [id, name] of expected) {
      const c = median(disc(renderer, f, id, 0.7));
      expect({ id, name, c, ok: isColour[name]!(c) }).toMatchObject({ ok: true });
    }
  });

  it('the cue ball is white and the 8 black; the cloth around them is not', () => {
    const f = renderer.render({ frame: 1, balls: [{ id: 0, x: 0.4, y: 0.1 }, { id: 8, x: -0.4, y: -0.2 }] });
    expect(isColour['white']!(median(disc(renderer, f, 0, 0.7)))).toBe(true);
    expect(isColour['black']!(median(disc(renderer, f, 8, 0.7)))).toBe(true);
    const t = f.balls[0]!;
    const p = (Math.round(t.v) * W + Math.round(t.u + 40)) * 3;
    const cloth: RGB = [f.rgb[p]!, f.rgb[p + 1]!, f.rgb[p + 2]!];
    expect(isColour['green']!(cloth)).toBe(true);
  });

  it('the TV set has a pink 4 and a brown 7', () => {
    const f = tv.render({ frame: 0, balls: rackOf([4, 7]) });
    expect(isColour['pink']!(median(disc(tv, f, 4, 0.7)))).toBe(true);
    expect(isColour['brown']!(median(disc(tv, f, 7, 0.7)))).toBe(true);
  });

  it('a stripe ball shows both white and its colour, whichever way its axis points', () => {
    const sideways: Quat = { w: Math.SQRT1_2, x: 0, y: Math.SQRT1_2, z: 0 };
    for (const q of [undefined, sideways]) {
      const f = renderer.render({ frame: 2, balls: [{ id: 11, x: 0.2, y: -0.1, ...(q ? { q } : {}) }] });
      const px = disc(renderer, f, 11, 0.92);
      const white = px.filter((c) => isColour['white']!(c)).length / px.length;
      const red = px.filter((c) => c[0] > 100 && c[0] > 2 * c[1] && c[0] > 2 * c[2]).length / px.length;
      expect(white).toBeGreaterThan(0.1);
      expect(red).toBeGreaterThan(0.1);
    }
  });

  it('the truth (u, v) is the centre of the ball as drawn, even in a corner (perspective, distortion)', () => {
    const still = renderer.render({ frame: 6, balls: [] }).rgb.slice();
    for (const [x, y] of [[1.17, 0.56], [-1.18, -0.57], [0.02, 0.01]] as const) {
      const f = renderer.render({ frame: 6, balls: [{ id: 0, x, y }] });
      const t = f.balls[0]!;
      let n = 0;
      let su = 0;
      let sv = 0;
      for (let j = Math.round(t.v) - 25; j <= Math.round(t.v) + 25; j++) {
        for (let i = Math.round(t.u) - 25; i <= Math.round(t.u) + 25; i++) {
          const p = (j * W + i) * 3;
          const d = f.rgb[p]! + f.rgb[p + 1]! + f.rgb[p + 2]! - still[p]! - still[p + 1]! - still[p + 2]!;
          if (d > 150) {
            n++;
            su += i;
            sv += j;
          }
        }
      }
      expect(n).toBeGreaterThan(200);
      expect(Math.hypot(su / n - t.u, sv / n - t.v)).toBeLessThan(0.5);
    }
  });

  it('smears a moving ball along its velocity', () => {
    const still = renderer.render({ frame: 5, balls: [] }).rgb.slice();
    const f = renderer.render({ frame: 5, balls: [{ id: 0, x: 0.1, y: 0.1, v: { x: 4, y: 0 } }] });
    const t = f.balls[0]!;
    const bright = (i: number, j: number): boolean => {
      const p = (j * W + i) * 3;
      return f.rgb[p]! + f.rgb[p + 1]! + f.rgb[p + 2]! - still[p]! - still[p + 1]! - still[p + 2]! > 40;
    };
    let across = 0;
    let along = 0;
    for (let d = -80; d <= 80; d++) {
      if (bright(Math.round(t.u) + d, Math.round(t.v))) along++;
      if (bright(Math.round(t.u), Math.round(t.v) + d)) across++;
    }
    const blurPx = 4 * renderer.exposure * renderer.calibration.scaleAt(0.1, 0.1, BALL_RADIUS);
    expect(along).toBeGreaterThan(across + 0.6 * blurPx);
  });
});

describe('occlusion truth', () => {
  const tip = { x: 0.45, y: 0.1 };
  const dir = { x: 1, y: 0 };
  const el = 0.09;
  const butt = { x: tip.x - Math.cos(el) * (CUE_LENGTH - 0.06), y: tip.y };

  it('flags a ball under the cue butt as occluded, and one in the open as not', () => {
    const scene: FrameScene = {
      frame: 0,
      balls: [{ id: 5, x: butt.x, y: butt.y }, { id: 9, x: 0.9, y: -0.4 }, { id: 0, x: tip.x + 0.05, y: tip.y }],
      cue: { visible: true, tip: { ...tip, z: BALL_RADIUS }, dir, elevation: el, player: false },
    };
    const f = renderer.render(scene);
    const by = (id: number) => f.balls.find((b) => b.id === id)!;
    expect(by(5).occluded).toBe(true);
    expect(by(5).occludedFraction).toBeGreaterThan(0.5);
    expect(by(9).occluded).toBe(false);
    expect(by(0).occluded).toBe(false);
    // The same scene with the cue hidden: nothing occluded.
    const g = renderer.render({ ...scene, cue: { ...scene.cue!, visible: false } });
    expect(g.balls.every((b) => !b.occluded && b.occludedFraction === 0)).toBe(true);
  });

  it('the player\'s head and a hand placing the cue ball hide the balls under them', () => {
    const bridge = { x: tip.x - 0.2, y: tip.y };
    const head = { x: bridge.x - 0.53, y: bridge.y + 0.02 };
    const f = renderer.render({
      frame: 1,
      balls: [{ id: 12, x: head.x, y: head.y }, { id: 0, x: 0.8, y: -0.3 }, { id: 3, x: 1.0, y: 0.45 }],
      cue: { visible: true, tip, dir, bridge },
      hand: { visible: true, x: 0.8, y: -0.3 },
    });
    const by = (id: number) => f.balls.find((b) => b.id === id)!;
    expect(by(12).occluded).toBe(true);
    expect(by(0).occluded).toBe(true);
    expect(by(3).occluded).toBe(false);
    const line = trackLine(f, 60);
    expect(line.balls.find((b) => b.id === 12)?.occluded).toBe(true);
    expect(line.balls.find((b) => b.id === 3)).not.toHaveProperty('occluded');
  });
});

describe('pocket liners', () => {
  it('draws a white liner light at each pocket, where the default dark leather is dark; the rest of the frame is unchanged', () => {
    const opts = { width: 640, height: 360, seed: 5, cloth: 'green' as const, staticSamples: 1, noise: 0 };
    const dark = new TableRenderer(opts).render({ balls: [], frame: 0 });
    const whiteR = new TableRenderer({ ...opts, liner: [236, 236, 230] });
    const white = whiteR.render({ balls: [], frame: 0 });
    const lum = (f: RenderedFrame, u: number, v: number): number => {
      const p = (Math.round(v) * f.width + Math.round(u)) * 3;
      return f.rgb[p]! + f.rgb[p + 1]! + f.rgb[p + 2]!;
    };
    for (const h of whiteR.geometry.holes) {
      // On the liner's rim, 6 mm beyond the hole's edge, on the side away from the bed.
      const out = (h.r + 0.006) / Math.hypot(h.x, h.y);
      const q = whiteR.calibration.tableToImage(h.x * (1 + out), h.y * (1 + out), Z_RAIL);
      expect(lum(dark, q.u, q.v)).toBeLessThan(120);
      expect(lum(white, q.u, q.v)).toBeGreaterThan(300);
    }
    // The bed's centre is the same cloth.
    const c = whiteR.calibration.tableToImage(0, 0, 0);
    expect(Math.abs(lum(white, c.u, c.v) - lum(dark, c.u, c.v))).toBeLessThan(3);
  });
});
