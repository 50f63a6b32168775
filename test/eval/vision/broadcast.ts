// Calibration of elevated broadcast views against the renderer: random TV-like cameras behind a
// rail, 49–75° from straight down (models/identity/scenes.ts, the identity model's broadcast
// split), ten resting balls. A table looks the same turned half a turn, so each view is scored
// the way round that fits it best (head / foot is the operator's to set). Prints the nose-corner
// error (px) and the resting balls' centre error on the table (mm), per tilt band, and how many
// views the calibration check doubts (bed-check.ts, diamond-check.ts) and how many are off
// undoubted: balls over 1 cm off (median), or a nose corner over 3 cm off on the bed (a bed
// stretched along one axis can place the balls near the centre well and its ends badly).
// `oblique` draws the same from overhead and oblique cameras (9–37° from straight down) instead.
import { randomConfig, randomScene, RESTING_SCENES } from '../../../models/identity/scenes.ts';
import { makeRenderer } from '../../../models/identity/samples.ts';
import { Rng } from '../../../services/sim/render/prng.ts';
import { calibrate, CalibrationError } from '../../../services/vision/calibration/calibrate.ts';
import { imageToTable } from '../../../services/vision/calibration/calibration-model.ts';
import { quantile } from '../../../services/vision/decode/image.ts';

interface BandScore {
  views: number;
  noses: number;
  failed: number;
  cornerPx: number[];
  ballMm: number[];
  /** Views whose median ball error is over 1 cm. */
  off: number;
  /** Views whose calibration carries doubts (bed-check.ts: the operator is asked for the corners). */
  unsure: number;
  /** Views over 1 cm off without a doubt: a silently wrong bed. */
  silent: number;
  /** Views with a nose corner over 3 cm off on the bed, and those of them without a doubt. */
  cornerOff: number;
  cornerSilent: number;
  /** Views whose only doubt is the diamonds' (diamond-check.ts): silent without it. */
  diamondsOnly: number;
}

const BANDS = [[0, 5], [5, 40], [49, 60], [60, 70], [70, 76]] as const;
const zero = (): BandScore => ({ views: 0, noses: 0, failed: 0, cornerPx: [], ballMm: [], off: 0, unsure: 0, silent: 0, cornerOff: 0, cornerSilent: 0, diamondsOnly: 0 });

export function evalBroadcast(base: number, perSize: number, cameras: 'broadcast' | 'oblique' = 'broadcast'): Map<string, BandScore> {
  const out = new Map<string, BandScore>();
  for (const [w, h] of [[1024, 576], [1920, 1080]] as const) {
    for (let seed = base; seed < base + perSize; seed++) {
      const cfg = cameras === 'broadcast' ? randomConfig(seed, [[w, h, 1]], 0, 1) : randomConfig(seed, [[w, h, 1]], 0.5, 0);
      const tilt = (Math.hypot(cfg.tiltX ?? 0, cfg.tiltY ?? 0) * 180) / Math.PI;
      const band = BANDS.find(([a, b]) => tilt >= a && tilt < b) ?? BANDS[BANDS.length - 1]!;
      const key = `${w}×${h} ${band[0]}–${band[1]}°`;
      const s = out.get(key) ?? zero();
      out.set(key, s);
      s.views++;
      const r = makeRenderer(cfg);
      const f = r.render(randomScene(new Rng(seed), cfg.table, 10, RESTING_SCENES));
      let cal;
      try {
        cal = calibrate(f.rgb, f.width, f.height, { table: cfg.table });
      } catch (e) {
        if (!(e instanceof CalibrationError)) throw e;
        s.failed++;
        continue;
      }
      if (cal.fit?.edges === 'cushion-noses') s.noses++;
      const miss = (turn: number): number[] => cal.corners.map((c) => {
        const t = r.calibration.tableToImage(turn * c.x, turn * c.y, 0);
        return Math.hypot(t.u - c.u, t.v - c.v);
      });
      const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
      const turn = sum(miss(1)) <= sum(miss(-1)) ? 1 : -1;
      s.cornerPx.push(...miss(turn));
      const balls = f.balls.filter((b) => !b.occluded).map((b) => {
        const q = imageToTable(cal, b.u, b.v, 'ball');
        return Math.hypot(turn * q.x - b.x, turn * q.y - b.y) * 1000;
      });
      s.ballMm.push(...balls);
      const unsure = (cal.fit?.doubts?.length ?? 0) > 0;
      if (unsure) s.unsure++;
      if (unsure && cal.fit!.doubts!.every((d) => d.code === 'diamonds-off')) s.diamondsOnly++;
      if (quantile(balls, 0.5) > 10) {
        s.off++;
        if (!unsure) s.silent++;
      }
      // Where our bed puts the true nose corners (m from where they are).
      const cornerM = Math.max(...cal.corners.map((c) => {
        const t = r.calibration.tableToImage(turn * c.x, turn * c.y, 0);
        const q = imageToTable(cal, t.u, t.v);
        return Math.hypot(q.x - c.x, q.y - c.y);
      }));
      if (cornerM > 0.03) {
        s.cornerOff++;
        if (!unsure) s.cornerSilent++;
      }
    }
  }
  return out;
}

export function printBroadcast(scores: Map<string, BandScore>, base: number, cameras: 'broadcast' | 'oblique' = 'broadcast'): void {
  const pad = (x: string | number, n: number): string => String(x).padStart(n);
  const what = cameras === 'broadcast' ? 'elevated broadcast views (rendered, cameras behind a rail 49–75° from straight down' : 'overhead and oblique views (rendered, cameras 0–37° from straight down';
  console.log(`\nCalibration of ${what}; seeds from ${base}; scored either way round)`);
  console.log(`${pad('view', 22)} ${pad('views', 6)} ${pad('noses', 6)} ${pad('corner med px', 14)} ${pad('p90 px', 8)} ${pad('ball med mm', 12)} ${pad('p90 mm', 8)} ${pad('views > 1 cm', 13)} ${pad('unsure', 7)} ${pad('> 1 cm, sure', 13)} ${pad('corner > 3 cm', 14)} ${pad('> 3 cm, sure', 13)} ${pad('by diamonds alone', 18)}`);
  const all = zero();
  const row = (name: string, s: BandScore): void => {
    console.log(`${pad(name, 22)} ${pad(s.views, 6)} ${pad(s.noses, 6)} ${pad(quantile(s.cornerPx, 0.5).toFixed(2), 14)} ${pad(quantile(s.cornerPx, 0.9).toFixed(2), 8)} ${pad(quantile(s.ballMm, 0.5).toFixed(1), 12)} ${pad(quantile(s.ballMm, 0.9).toFixed(1), 8)} ${pad(s.off + s.failed, 13)} ${pad(s.unsure, 7)} ${pad(s.silent, 13)} ${pad(s.cornerOff, 14)} ${pad(s.cornerSilent, 13)} ${pad(s.diamondsOnly, 18)}`);
  };
  for (const [k, s] of [...scores].sort()) {
    row(k, s);
    all.views += s.views; all.noses += s.noses; all.failed += s.failed; all.off += s.off; all.unsure += s.unsure; all.silent += s.silent;
    all.cornerOff += s.cornerOff; all.cornerSilent += s.cornerSilent; all.diamondsOnly += s.diamondsOnly;
    all.cornerPx.push(...s.cornerPx); all.ballMm.push(...s.ballMm);
  }
  row('all', all);
}
