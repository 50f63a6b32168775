// Rendering a sequence of scenes straight into an MP4, returning the per-frame truth.
import { VideoEncoder, type EncoderOptions } from './encoder.ts';
import { trackLine, type TableRenderer } from './renderer.ts';
import type { FrameScene } from './scene.ts';

/**
 * Renders every scene (frame index = position unless the scene sets it) and encodes it; resolves
 * with the tracks.jsonl lines once the file is complete. `fps` and the size come from the encoder
 * options and the renderer.
 */
export async function recordVideo(
  r: TableRenderer,
  scenes: Iterable<FrameScene> | AsyncIterable<FrameScene>,
  opts: Omit<EncoderOptions, 'width' | 'height'>,
): Promise<ReturnType<typeof trackLine>[]> {
  const enc = new VideoEncoder({ ...opts, width: r.width, height: r.height });
  const lines: ReturnType<typeof trackLine>[] = [];
  try {
    let k = 0;
    for await (const s of scenes) {
      const f = r.render({ ...s, frame: s.frame ?? k });
      lines.push(trackLine(f, opts.fps));
      await enc.write(f.rgb);
      k++;
    }
    await enc.close();
  } catch (e) {
    enc.abort();
    throw e;
  }
  return lines;
}
