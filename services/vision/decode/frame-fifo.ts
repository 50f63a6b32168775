// ffmpeg's raw frames read in place: ffmpeg writes into a named pipe (FIFO) and Node reads it
// straight into the frame's own buffer (net.Socket `onread` with a buffer we choose), instead of
// through ffmpeg's stdout, where every read of up to 64 KiB is a fresh Buffer (~100 a 1080p
// frame) that lives until a garbage collection. That churn of external memory made V8 run a
// full collection every few frames in a process with the whole CLI loaded (391 for 1354 frames
// in `railbird analyze`), and glibc hand the freed heap back and fault it in again: 4–12 CPU ms
// a frame of Node's time against 1.6–1.8 read in place (test/bench/analyze-speed.ts). The
// FIFO's pipe is widened from 64 KiB to 1 MiB (Linux's F_SETPIPE_SZ), so a 1080p frame comes in a
// few reads, not ~50 event-loop turns: Node has no fcntl, so perl (in every Debian) sets it on our
// descriptor, passed as its stdin; where that fails the pipe stays as it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { Socket, type OnReadOpts, type SocketConstructorOpts } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkerOptions } from 'node:worker_threads';

/**
 * Options for a worker thread that reads frames through a FrameFifo. A worker tracks the file
 * descriptors `fs.open` gives it (to close them when it exits), and the FIFO's descriptor is
 * closed by the socket that takes it over, not by `fs.close`: the worker's list keeps the number,
 * and the next FIFO opened with the same number made Node warn "File descriptor N opened in
 * unmanaged mode twice" on every `railbird analyze`. The socket closes what it owns.
 */
export const FIFO_WORKER_OPTIONS: Pick<WorkerOptions, 'trackUnmanagedFds'> = { trackUnmanagedFds: false };

/** Where the bytes go: `target()` is the free space to read into, `filled(n)` says n bytes came. */
export interface FifoSink {
  target: () => Uint8Array;
  filled: (n: number) => void;
}

export class FrameFifo {
  private fd: number | null;
  private socket: Socket | null = null;
  private onEnd: (() => void) | null = null;

  private constructor(readonly path: string, private readonly dir: string) {
    // Opened now, non-blocking, so that ffmpeg's open for writing does not wait for a reader.
    this.fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    widenPipe(this.fd);
  }

  /** A new FIFO in a temporary folder, opened for reading; null where none can be made (then read stdout). */
  static create(): FrameFifo | null {
    let dir: string | null = null;
    try {
      dir = mkdtempSync(join(tmpdir(), 'railbird-frames-'));
      const path = join(dir, 'frames.rgb');
      execFileSync('mkfifo', ['-m', '600', path], { stdio: 'ignore' });
      return new FrameFifo(path, dir);
    } catch {
      if (dir) rmSync(dir, { recursive: true, force: true });
      return null;
    }
  }

  /** Starts reading into `sink` (once the frame size is known). `onEnd` once the writer closed and every byte was read. */
  start(sink: FifoSink, onEnd: () => void, onError: (e: Error) => void): void {
    if (this.socket || this.fd === null) return;
    // `onread` is taken by the Socket constructor too (Node's typings list it for connect only).
    const opts: SocketConstructorOpts & { onread: OnReadOpts } = {
      fd: this.fd,
      readable: true,
      writable: false,
      onread: { buffer: sink.target, callback: (n: number) => { sink.filled(n); return true; } },
    };
    const socket = new Socket(opts);
    this.fd = null; // the socket owns it now
    this.socket = socket;
    socket.on('end', () => this.end());
    socket.on('close', () => this.end());
    socket.on('error', (e) => onError(e));
    this.onEnd = onEnd;
  }

  get started(): boolean {
    return this.socket !== null;
  }

  pause(): void {
    this.socket?.pause();
  }

  resume(): void {
    this.socket?.resume();
  }

  get paused(): boolean {
    return this.socket?.isPaused() ?? false;
  }

  /** Stops reading (what is unread is dropped; `onEnd` is called) and removes the FIFO. Idempotent. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.socket?.destroy();
    rmSync(this.dir, { recursive: true, force: true });
    this.end();
  }

  /** Calls `onEnd` once. */
  private end(): void {
    const onEnd = this.onEnd;
    this.onEnd = null;
    onEnd?.();
  }
}

/** Linux's fcntl(F_SETPIPE_SZ): a pipe's buffer in bytes (Node has no fcntl; perl is in every Debian). */
const F_SETPIPE_SZ = 1031;
export const PIPE_BYTES = 1 << 20;

/** Widens the FIFO's buffer from 64 KiB to 1 MiB where the system lets it: a 1080p frame then comes in 3 reads instead of 48. */
function widenPipe(fd: number): void {
  if (process.platform !== 'linux') return;
  spawnSync('perl', ['-e', `fcntl(STDIN, ${F_SETPIPE_SZ}, ${PIPE_BYTES}) or exit 1`], { stdio: [fd, 'ignore', 'ignore'], timeout: 2000 });
}
