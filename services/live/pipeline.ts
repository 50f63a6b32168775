// The live referee's pipeline: ball frames from a BallSource → incremental event inference →
// the match's RefereeSession (the rules engine, storage) → listeners (the WebSocket hub). The
// camera image comes from the VideoSource beside it. A recording's pass starts a new match; a
// restart resumes the source's live match where its log ends.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { TableSize } from '../contract/ids.ts';
import type { MatchLine } from '../contract/log.ts';
import type { MatchLog } from './match-log.ts';
import type { BallSource, SourcedFrame, SourceStatus } from './ball-source.ts';
import { DEFAULT_LIVE_INFERENCE, LiveEventInference, type LiveInferenceOptions } from './live-events.ts';
import { callFoul, decide, declare, giveWarning, overturn } from './operator-actions.ts';
import type { Playhead, PlayheadPosition } from './playhead.ts';
import { RefereeSession, type Actor, type LiveEvent, type SessionListener } from './referee-session.ts';
import type { ScriptedInput, ScriptedOperator } from './scripted-operator.ts';
import { LOW_CONFIDENCE, type JudgedCall, type MatchRecord, type StateView } from './types.ts';
import type { CameraImage } from './video-source.ts';


/** Frames that may reach the viewers at once after a pause (vision's frames queue while the event loop is busy). */
const FRAME_BURST = 3;
export interface LiveSource {
  /** Identifies the source: a restart resumes the live match of the same key. */
  key: string;
  label: string;
  balls: BallSource;
  video: CameraImage | null;
  playhead: Playhead | null;
  script: ScriptedOperator | null;
}

export interface MatchPlan {
  match: MatchLine;
  title: string;
  tableId: number | null;
}

export interface PipelineOptions {
  store: MatchLog;
  source: LiveSource;
  /** The match to start for a pass of the source (pass 0 for live sources). */
  plan: (pass: number) => MatchPlan;
  table: TableSize;
  inference?: Partial<LiveInferenceOptions>;
  /** Frames sent to viewers at most this often on average (Hz; bursts of up to FRAME_BURST frames pass, as frames from vision reach a busy event loop in bunches): a 30 fps source passes whole, a fast replay is thinned. */
  maxFrameRate?: number;
}

export interface FrameBody {
  t: number;
  pass: number;
  frame: number;
  moving: boolean;
  balls: { id: number | null; x: number; y: number; o?: 1 }[];
}

export interface PipelineStatus {
  source: { key: string; label: string };
  balls: SourceStatus;
  video: (SourceStatus & { pid: number | null }) | null;
  matchId: number;
  t: number | null;
  latency: { inferMs: number; callMs: number | null; callMsMax: number | null; callsMeasured: number; frameAgeMs: number | null };
  uptimeS: number;
  /** The server's event loop over the last status period (ms): vision runs in other threads, so this stays small. */
  eventLoop: { p99Ms: number; maxMs: number };
  lastError: string | null;
}

export interface PipelineListener extends SessionListener {
  frame(f: FrameBody): void;
  status(s: PipelineStatus): void;
}

/** Where a recording source starts: after the log of its live match (minus a pre-roll), else at 0. */
export function resumePosition(store: MatchLog, key: string, preRoll = DEFAULT_LIVE_INFERENCE.preRoll): { record: MatchRecord | null; start: PlayheadPosition } {
  const live = store.latestLive();
  if (!live || live.source !== key) return { record: null, start: { pass: 0, t: 0 } };
  return { record: live, start: { pass: live.sourcePass, t: Math.max(0, (live.resumeT ?? 0) - preRoll) } };
}

export class LivePipeline {
  session: RefereeSession;
  private readonly inference: LiveEventInference;
  private readonly listeners = new Set<PipelineListener>();
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private statusTimer: NodeJS.Timeout | null = null;
  private unsubscribe: () => void = () => {};
  private latestT: number | null = null;
  private lastArrival: number | null = null;
  private readonly arrivals: { t: number; at: number }[] = [];
  /** Frames that may be sent to viewers now (a token bucket refilled at maxFrameRate). */
  private frameTokens = 1;
  private tokensAt = 0;
  private lastInferMs = 0;
  private readonly callLatencies: number[] = [];
  private lastError: string | null = null;
  private readonly started = Date.now();
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });
  private loopFigures = { p99Ms: 0, maxMs: 0 };
  private readonly forward: SessionListener;

  constructor(private readonly o: PipelineOptions) {
    this.inference = new LiveEventInference({ ...DEFAULT_LIVE_INFERENCE, table: o.table, ...o.inference });
    const now = () => this.latestT;
    const live = o.store.latestLive();
    if (live && live.source === o.source.key) {
      this.session = RefereeSession.open(o.store, live.id, now);
    } else {
      if (live) o.store.setStatus(live.id, 'closed');
      const pass = o.source.playhead?.position().pass ?? 0;
      this.session = RefereeSession.start(o.store, { ...o.plan(pass), source: o.source.key, sourcePass: pass }, now);
    }
    this.forward = {
      call: (c) => { for (const l of this.listeners) l.call(c); },
      state: (s) => { for (const l of this.listeners) l.state(s); },
      event: (e) => { for (const l of this.listeners) l.event(e); },
      reset: (id) => { for (const l of this.listeners) l.reset(id); },
    };
    this.attach(this.session);
    this.inference.resumeAfter(this.session.inferenceMark());
    const lastT = Math.max(-Infinity, ...o.store.lines(this.session.id).map((l) => l.t ?? -Infinity));
    o.source.script?.skipUntil(lastT, this.session.record.sourcePass);
  }

  private attach(s: RefereeSession): void {
    this.unsubscribe();
    this.session = s;
    this.unsubscribe = s.subscribe(this.forward);
  }

  subscribe(l: PipelineListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  start(): void {
    if (this.running) return;
    this.running = this.run();
    this.loopDelay.enable();
    this.statusTimer = setInterval(() => {
      this.loopFigures = { p99Ms: Math.round(this.loopDelay.percentile(99) / 1e5) / 10, maxMs: Math.round(this.loopDelay.max / 1e5) / 10 };
      this.loopDelay.reset();
      const s = this.status();
      for (const l of this.listeners) l.status(s);
    }, 1000);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.loopDelay.disable();
    await Promise.all([this.running, this.o.source.video?.stop()]);
    this.unsubscribe();
  }

  private async run(): Promise<void> {
    try {
      await this.o.source.balls.prepare?.(this.abort.signal);
      if (this.abort.signal.aborted) return;
      this.o.source.video?.start();
      for await (const f of this.o.source.balls.frames(this.abort.signal)) {
        try {
          this.onFrame(f);
        } catch (e) {
          this.lastError = (e as Error).message;
        }
      }
    } catch (e) {
      this.lastError = (e as Error).message;
    }
  }

  /** Starts a new match (the operator's, or a recording's next pass); the current one is closed. */
  newMatch(plan: MatchPlan, pass: number): RefereeSession {
    const old = this.session;
    if (old.record.status === 'live') old.setStatus('closed');
    const s = RefereeSession.start(this.o.store, { ...plan, source: this.o.source.key, sourcePass: pass }, () => this.latestT);
    this.inference.reset();
    this.attach(s);
    for (const l of this.listeners) l.reset(s.id);
    s.emitState();
    return s;
  }

  private onFrame(f: SourcedFrame): void {
    const arrival = Date.now();
    this.lastArrival = arrival;
    this.arrivals.push({ t: f.t, at: arrival });
    while (this.arrivals.length > 0 && this.arrivals[0]!.at < arrival - 20_000) this.arrivals.shift();
    if (this.o.source.playhead && f.pass !== this.session.record.sourcePass) this.newMatch(this.o.plan(f.pass), f.pass);
    this.latestT = f.t;
    const r = this.inference.push(f);
    if (r.inferMs > 0) this.lastInferMs = Math.round(r.inferMs);
    if (r.motionStarted) this.event({ matchId: this.session.id, t: f.t, kind: 'motion', text: 'balls moving' });
    for (const seen of r.lines) {
      const calls = this.session.ingestCamera(seen);
      if (seen.line.kind === 'shot' && calls.length > 0) {
        this.measureCall(seen.line.end?.t ?? f.t);
        this.reviewPhantom(seen.line.t ?? f.t, seen.line.end?.t ?? f.t, calls[0]!);
      }
    }
    for (const input of this.o.source.script?.due(f.t, f.pass) ?? []) this.runScripted(input);
    this.frameTokens = Math.min(FRAME_BURST, this.frameTokens + ((arrival - this.tokensAt) * (this.o.maxFrameRate ?? 60)) / 1000);
    this.tokensAt = arrival;
    if (this.frameTokens >= 1) {
      this.frameTokens -= 1;
      const body: FrameBody = {
        t: f.t, pass: f.pass, frame: f.frame, moving: this.inference.moving,
        balls: f.balls.map((b) => ({ id: b.id, x: Math.round(b.x * 1e4) / 1e4, y: Math.round(b.y * 1e4) / 1e4, ...(b.occluded ? { o: 1 as const } : {}) })),
      };
      for (const l of this.listeners) l.frame(body);
    }
  }

  /** Rest-to-call latency: from the first frame at rest after the shot to the call being out. */
  private measureCall(endT: number): void {
    const rest = this.arrivals.find((a) => a.t > endT + 1e-6);
    if (!rest) return;
    this.callLatencies.push(Date.now() - rest.at);
    if (this.callLatencies.length > 50) this.callLatencies.shift();
  }

  /** The demo's operator voids a low-confidence "shot" that was no shot of the recording. */
  private reviewPhantom(t: number, end: number, call: JudgedCall): void {
    const script = this.o.source.script;
    if (!script?.isPhantom(t, end) || call.confidence.value >= LOW_CONFIDENCE) return;
    const actor: Actor = { name: 'demo-script', action: 'overturn', body: { seq: call.call.seq, ruling: 'void', reason: 'not a shot: a hand moved the cue ball' } };
    try {
      overturn(this.session, call.call.seq, { kind: 'void' }, actor);
      this.event({ matchId: this.session.id, t, kind: 'overturn', text: `script: call #${call.call.seq} voided by the demo operator (not a shot)` });
    } catch (e) {
      this.event({ matchId: this.session.id, t, kind: 'script-refused', text: `demo operator's overturn not taken: ${(e as Error).message}` });
    }
  }

  private runScripted(input: ScriptedInput): void {
    const actor: Actor = { name: 'demo-script', action: input.kind, body: input };
    try {
      if (input.kind === 'declare') declare(this.session, input.declared, actor);
      else if (input.kind === 'decision') decide(this.session, input.by, input.choice, actor);
      else if (input.kind === 'foul') callFoul(this.session, input.rule, input.by, actor);
      else giveWarning(this.session, input.to, actor);
    } catch (e) {
      this.event({ matchId: this.session.id, t: this.latestT, kind: 'script-refused', text: `demo operator's ${input.kind} not taken: ${(e as Error).message}` });
    }
  }

  private event(e: LiveEvent): void {
    for (const l of this.listeners) l.event(e);
  }

  latestTime(): number | null {
    return this.latestT;
  }

  state(): StateView {
    return this.session.state();
  }

  calls(): JudgedCall[] {
    return this.session.allCalls();
  }

  status(): PipelineStatus {
    const lat = this.callLatencies;
    return {
      source: { key: this.o.source.key, label: this.o.source.label },
      balls: this.o.source.balls.status(),
      video: this.o.source.video?.status() ?? null,
      matchId: this.session.id,
      t: this.latestT,
      latency: {
        inferMs: this.lastInferMs,
        callMs: lat.length > 0 ? lat[lat.length - 1]! : null,
        callMsMax: lat.length > 0 ? Math.max(...lat) : null,
        callsMeasured: lat.length,
        frameAgeMs: this.lastArrival === null ? null : Date.now() - this.lastArrival,
      },
      uptimeS: Math.round((Date.now() - this.started) / 1000),
      eventLoop: this.loopFigures,
      lastError: this.lastError,
    };
  }
}
