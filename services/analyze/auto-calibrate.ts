// Calibration from a video's first seconds, for `railbird analyze` without --calibration: the
// first frame that calibrates, trying one frame every half second (the first frames may show a
// player leaning over the table or a hand racking).
import type { TableSize } from '../contract/ids.ts';
import { calibrate, CalibrationError } from '../vision/calibration/calibrate.ts';
import type { VisionCalibration } from '../vision/calibration/calibration-model.ts';
import { decodeStream } from '../vision/decode/decode-stream.ts';

export interface AutoCalibration {
  calibration: VisionCalibration;
  /** Time (s) of the frame it came from. */
  t: number;
  /** Frames tried before it (failures). */
  failures: string[];
}

export async function calibrateFromVideo(
  video: string,
  opts: { table: TableSize; seconds?: number; every?: number; signal?: AbortSignal },
): Promise<AutoCalibration> {
  const seconds = opts.seconds ?? 5;
  const every = opts.every ?? 0.5;
  const failures: string[] = [];
  const stream = decodeStream(video, { signal: opts.signal, queue: 1 });
  let nextT = 0;
  for await (const f of stream) {
    if (f.t > seconds) break;
    if (f.t + 1e-6 < nextT) continue;
    nextT = f.t + every;
    try {
      const calibration = calibrate(f.image.data, f.image.width, f.image.height, { table: opts.table });
      return { calibration, t: f.t, failures };
    } catch (e) {
      if (!(e instanceof CalibrationError)) throw e;
      failures.push(`t ${f.t.toFixed(2)} s: ${e.message}`);
    }
  }
  throw new CalibrationError(`no frame of the first ${seconds} s of ${video} calibrates (${failures.length} tried: ${failures.slice(-1)[0] ?? 'none'})`);
}
