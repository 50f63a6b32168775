// The viewers on /ws: each gets a snapshot on connecting, then every frame, event, call, state and
// status as the pipeline makes them. A slow viewer loses frames (never calls or states).
import type { LiveEvent } from '../live/referee-session.ts';
import type { FrameBody, LivePipeline, PipelineListener, PipelineStatus } from '../live/pipeline.ts';
import type { JudgedCall, StateView } from '../live/types.ts';

/** What the hub needs of a WebSocket (the `ws` socket @fastify/websocket hands over). */
export interface ViewerSocket {
  send(data: string): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
  close(code?: number, reason?: string): void;
  on(event: 'close', listener: () => void): unknown;
}

const OPEN = 1;
/** Frames are skipped for a viewer with more than this much unsent. */
const FRAME_BACKLOG = 512 * 1024;

export class WsHub implements PipelineListener {
  private readonly viewers = new Set<ViewerSocket>();
  framesSent = 0;
  framesDropped = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly pipeline: LivePipeline) {
    this.unsubscribe = pipeline.subscribe(this);
  }

  get count(): number {
    return this.viewers.size;
  }

  add(ws: ViewerSocket): void {
    this.viewers.add(ws);
    ws.on('close', () => this.viewers.delete(ws));
    this.sendTo(ws, this.snapshot());
  }

  close(): void {
    this.unsubscribe();
    for (const v of this.viewers) v.close(1001, 'server shutting down');
    this.viewers.clear();
  }

  snapshot(): string {
    const { type: _t, ...status } = this.statusMessage(this.pipeline.status());
    return JSON.stringify({ type: 'snapshot', state: this.pipeline.state(), calls: this.pipeline.calls().slice(-200), status });
  }

  statusMessage(s: PipelineStatus) {
    return { type: 'status' as const, viewers: this.viewers.size, delivery: { framesSent: this.framesSent, framesDropped: this.framesDropped }, ...s };
  }

  private sendTo(ws: ViewerSocket, text: string): void {
    if (ws.readyState !== OPEN) return;
    try {
      ws.send(text);
    } catch {
      this.viewers.delete(ws);
    }
  }

  private broadcast(text: string, droppable = false): void {
    for (const ws of this.viewers) {
      if (droppable && ws.bufferedAmount > FRAME_BACKLOG) { this.framesDropped += 1; continue; }
      this.sendTo(ws, text);
      if (droppable) this.framesSent += 1;
    }
  }

  frame(f: FrameBody): void {
    if (this.viewers.size > 0) this.broadcast(JSON.stringify({ type: 'frame', ...f, sentAt: Date.now() }), true);
  }
  call(c: JudgedCall): void {
    this.broadcast(JSON.stringify({ type: 'call', ...c }));
  }
  state(s: StateView): void {
    this.broadcast(JSON.stringify({ type: 'state', ...s }));
  }
  event(e: LiveEvent): void {
    this.broadcast(JSON.stringify({ type: 'event', ...e }));
  }
  status(s: PipelineStatus): void {
    this.broadcast(JSON.stringify(this.statusMessage(s)));
  }
  reset(): void {
    if (this.viewers.size > 0) this.broadcast(this.snapshot());
  }
}
