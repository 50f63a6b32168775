import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { FIFO_WORKER_OPTIONS, FrameFifo, PIPE_BYTES } from './frame-fifo.ts';

/** What a worker thread writes to stderr while it reads two FIFOs in turn (as one analysis segment after calibration does). */
async function workerStderr(options: WorkerOptions): Promise<string> {
  const fifoModule = new URL('./frame-fifo.ts', import.meta.url).href;
  const code = `(async () => {
    (await import('tsx/esm/api')).register();
    const { FrameFifo } = await import(${JSON.stringify(fifoModule)});
    for (let k = 0; k < 2; k++) {
      const f = FrameFifo.create();
      await new Promise((done) => { f.start({ target: () => new Uint8Array(16), filled: () => {} }, done, done); f.close(); });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();`;
  const w = new Worker(code, { ...options, eval: true, stderr: true });
  let err = '';
  w.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  await new Promise((resolve, reject) => { w.on('exit', resolve); w.on('error', reject); });
  return err;
}

describe('FrameFifo', () => {
  it.runIf(process.platform === 'linux')('widens the pipe to 1 MiB, so that a 1080p frame comes in a few reads, not ~50 of 64 KiB', () => {
    const f = FrameFifo.create()!;
    // F_GETPIPE_SZ (1032) on the same FIFO, opened read-write (it never blocks) while our end holds the pipe.
    const got = spawnSync('perl', ['-e', 'open(my $f, "+<", $ARGV[0]) or die; print fcntl($f, 1032, 0)', f.path], { encoding: 'utf8' });
    f.close();
    expect(Number(got.stdout)).toBe(PIPE_BYTES);
  });

  it('reads a writer\'s bytes in place into the buffers it is given, ends when the writer closes, and is removed on close', async () => {
    const fifo = FrameFifo.create();
    expect(fifo).not.toBeNull();
    const f = fifo!;
    expect(existsSync(f.path)).toBe(true);
    // 3 "frames" of more than one pipe buffer each: byte i of frame k is (i + 7k) mod 251.
    const size = PIPE_BYTES + 100_000;
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

  it('reads FIFOs on a worker thread without Node\'s "opened in unmanaged mode twice" warning (FIFO_WORKER_OPTIONS)', async () => {
    expect(await workerStderr(FIFO_WORKER_OPTIONS)).toBe('');
    // A worker that tracks its descriptors warns on the second FIFO (the first one's number, closed by its socket, is still listed).
    expect(await workerStderr({})).toMatch(/opened in unmanaged mode twice/);
  }, 60_000);
});
