import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FrameFifo } from './frame-fifo.ts';

describe('FrameFifo', () => {
  it('reads a writer\'s bytes in place into the buffers it is given, ends when the writer closes, and is removed on close', async () => {
    const fifo = FrameFifo.create();
    expect(fifo).not.toBeNull();
    const f = fifo!;
    expect(existsSync(f.path)).toBe(true);
    // 3 "frames" of 100 000 bytes (more than one pipe buffer each): byte i of frame k is (i + 7k) mod 251.
    const size = 100_000;
    const writer = spawn(process.execPath, ['-e', `
      const fs = require('fs'); const fd = fs.openSync(process.argv[1], 'w');
      for (let k = 0; k < 3; k++) { const b = Buffer.alloc(${size}); for (let i = 0; i < b.length; i++) b[i] = (i + 7 * k) % 251; fs.writeSync(fd, b); }
      fs.closeSync(fd);`, f.path], { stdio: 'ignore' });
    const frames: Uint8Array[] = [];
    let frame = new Uint8Array(size);
    let filled = 0;
    let reads = 0;
    await new Promise<void>((resolve, reject) => {
      f.start({
        target: () => frame.subarray(filled),
        filled: (n) => {
          reads++;
          filled += n;
          if (filled === size) { frames.push(frame); frame = new Uint8Array(size); filled = 0; }
        },
      }, resolve, reject);
    });
    await new Promise((r) => writer.on('close', r));
    expect(frames).toHaveLength(3);
    expect(reads).toBeGreaterThan(3);
    frames.forEach((b, k) => {
      let wrong = 0;
      for (let i = 0; i < size; i++) if (b[i] !== (i + 7 * k) % 251) wrong++;
      expect(wrong).toBe(0);
    });
    f.close();
    expect(existsSync(f.path)).toBe(false);
  });

  it('close before any reading removes the FIFO and calls no one', () => {
    const f = FrameFifo.create()!;
    f.close();
    f.close();
    expect(existsSync(f.path)).toBe(false);
  });
});
