// A labelled recording: a simulated match filmed by the overhead camera. Writes
// recording.mp4 (H.264), truth.jsonl (the event log), tracks.jsonl (every ball per frame, table
// metres and pixels, occluded where the cue or an arm hides it) and calibration.json. With
// `cuts`, the broadcast cuts away from the table view in every other shot (cuts.ts) and
// cuts.jsonl lists when; truth and tracks stay the table's.
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Game, TableSize } from '../../contract/ids.ts';
import { TABLE_SPECS } from '../../table/spec.ts';
import { simulateMatch, simulationOptions, DEMO_PAUSE, type MatchRecording, type PresetName, type SituationRates } from '../game/index.ts';
import { TableRenderer, VideoEncoder, randomCameraOptions, trackLine, type BallSet, type ClothName } from '../render/index.ts';
import { closeUpCamera, cutAt, cutSceneTime, otherCamera, planCuts, type Cut } from './cuts.ts';
import { toFrameScene } from './frame-scene.ts';

export interface RecordingOptions {
  game: Game;
  shots: number;
  seed: number;
  fps: number;
  width: number;
  height: number;
  out: string;
  players: [string, string];
  table: TableSize;
  preset: PresetName;
  /** The preset's situation rates changed (e.g. more balls nudged by a hand between shots). */
  situations?: Partial<SituationRates>;
  cloth?: ClothName;
  ballSet?: BallSet;
  /** Short pauses between shots (a demo). */
  brisk?: boolean;
  /** Cut away from the table view (a close-up, another camera, a replay) in every other shot. */
  cuts?: boolean;
  crf?: number;
  /** Progress callback: frames done, frames in all. */
  progress?: (done: number, total: number) => void;
}

export interface RecordingResult {
  frames: number;
  duration: number;
  match: MatchRecording;
  cuts: Cut[];
}

const CLOTHS: ClothName[] = ['green', 'blue', 'red', 'grey'];

export async function recordSimulation(o: RecordingOptions): Promise<RecordingResult> {
  mkdirSync(o.out, { recursive: true });
  const options = simulationOptions(o.preset, { ...(o.brisk ? { pause: DEMO_PAUSE } : {}), ...(o.situations ? { situations: o.situations } : {}) });
  const match = simulateMatch({
    game: o.game, shots: o.shots, seed: o.seed, table: o.table, options,
    players: [{ name: o.players[0], skill: 0.9 }, { name: o.players[1], skill: 0.8 }],
  });
  writeFileSync(join(o.out, 'truth.jsonl'), match.jsonl);
  const cloth = o.cloth ?? CLOTHS[o.seed % CLOTHS.length]!;
  const camera = randomCameraOptions(o.seed);
  const look = { width: o.width, height: o.height, table: o.table, cloth, ballSet: o.ballSet ?? 'standard', seed: o.seed, fps: o.fps } as const;
  const renderer = new TableRenderer({ ...look, camera });
  writeFileSync(join(o.out, 'calibration.json'), JSON.stringify({ ...renderer.calibration.toJSON(), table: o.table, tableSpec: TABLE_SPECS[o.table], source: 'simulator' }, null, 2) + '\n');
  const duration = match.timeline.duration + 1;
  const total = Math.ceil(duration * o.fps);
  const cuts = o.cuts ? planCuts(match.shots, o.seed, duration) : [];
  if (o.cuts) writeFileSync(join(o.out, 'cuts.jsonl'), cuts.map((c) => JSON.stringify(c)).join('\n') + (cuts.length ? '\n' : ''));
  // The cameras cut to, made when first needed.
  const away = new Map<'close-up' | 'other-camera', TableRenderer>();
  const awayRenderer = (c: Cut): TableRenderer => {
    const which = c.kind === 'close-up' ? 'close-up' : 'other-camera';
    let r = away.get(which);
    if (!r) {
      r = new TableRenderer({ ...look, camera: which === 'close-up' ? closeUpCamera(camera, o.seed) : otherCamera(camera, o.seed) });
      away.set(which, r);
    }
    return r;
  };
  const encoder = new VideoEncoder({ path: join(o.out, 'recording.mp4'), width: o.width, height: o.height, fps: o.fps, crf: o.crf ?? 23 });
  const tracks = createWriteStream(join(o.out, 'tracks.jsonl'));
  const exposure = 0.5 / o.fps;
  const sceneAt = (t: number) => match.timeline.sceneAt(t);
  try {
    for (let k = 0; k < total; k++) {
      const t = k / o.fps;
      const cut = cutAt(cuts, t);
      const frame = renderer.render(toFrameScene(sceneAt, k, t, exposure));
      const shown = cut ? awayRenderer(cut).render(toFrameScene(sceneAt, k, cutSceneTime(cut, t), exposure)) : frame;
      const line = trackLine(frame, o.fps);
      line.balls = line.balls.map((b) => ({ ...b, x: Math.round(b.x * 1e5) / 1e5, y: Math.round(b.y * 1e5) / 1e5 }));
      if (!tracks.write(JSON.stringify({ ...line, t: Math.round(t * 1e6) / 1e6 }) + '\n')) await new Promise<void>((r) => tracks.once('drain', () => r()));
      await encoder.write(shown.rgb);
      o.progress?.(k + 1, total);
    }
    await encoder.close();
  } catch (e) {
    encoder.abort();
    throw e;
  } finally {
    await new Promise<void>((r) => tracks.end(r));
  }
  return { frames: total, duration, match, cuts };
}
