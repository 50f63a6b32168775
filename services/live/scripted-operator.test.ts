// The demo's operator voids only camera "shots" that overlap no real shot of the recording.
import { describe, expect, it } from 'vitest';
import { ScriptedOperator } from './scripted-operator.ts';

const DEMO_LOG = new URL('../../recordings/demo/truth.jsonl', import.meta.url).pathname;

describe('ScriptedOperator.isPhantom', () => {
  const op = ScriptedOperator.fromFile(DEMO_LOG);
  const [first, second] = op.shots;

  it('knows the real shots, also when the camera read the strike at another time', () => {
    expect(op.isPhantom(first!.t, first!.end)).toBe(false);
    expect(op.isPhantom(first!.t + 3, first!.end - 0.3)).toBe(false);
  });

  it('takes a "shot" between two real ones (a hand moving the cue ball) for a phantom', () => {
    const gapStart = first!.end + 0.4;
    const gapEnd = second!.t - 0.4;
    expect(gapEnd).toBeGreaterThan(gapStart);
    expect(op.isPhantom(gapStart, gapEnd)).toBe(true);
  });
});
