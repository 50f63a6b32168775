// End-to-end referee accuracy on simulated matches: infer the event log from tracks, take the
// operator's inputs (declarations, decisions, operator fouls, warnings) from the truth, judge
// both logs and compare the call of every shot.
import type { Call, LogLine, ShotLine } from '../../services/contract/log.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { inferEvents, type InferredLine } from '../../services/events/infer.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { simulateMatch, simulationOptions, type MatchRecording, type PresetName } from '../../services/sim/game/index.ts';
import { mulberry32 } from '../../services/sim/physics/index.ts';
import type { Game } from '../../services/contract/ids.ts';

export interface MatchEvalOptions {
  game: Game;
  seed: number;
  shots: number;
  fps: number;
  /** Position noise σ (m) added to the true tracks, as a vision system's error. */
  noise: number;
  preset: PresetName;
}

function gaussian(r: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(1e-12, r()))) * Math.cos(2 * Math.PI * r());
}

/** Tracks sampled from the match timeline: every ball on the bed, with noise. */
export function tracksOf(rec: MatchRecording, fps: number, noise: number, seed: number): TrackFrame[] {
  const r = mulberry32(seed * 31 + 7);
  const frames: TrackFrame[] = [];
  const n = Math.ceil((rec.timeline.duration + 1) * fps);
  for (let k = 0; k < n; k++) {
    const t = k / fps;
    const balls = rec.timeline.sceneAt(t).balls
      .filter((b) => b.status === 'bed')
      .map((b) => ({ id: b.id, x: b.x + noise * gaussian(r), y: b.y + noise * gaussian(r) }));
    frames.push({ frame: k, t, balls });
  }
  return frames;
}

const callKey = (c: Call): string => JSON.stringify({
  legal: c.legal, fouls: c.fouls.map((f) => f.rule).sort(), pocketed: [...c.pocketed].sort(),
  next: { player: c.next.player, ballInHand: c.next.ballInHand, group: c.next.group, awaiting: c.next.awaiting }, gameOver: c.gameOver,
});

export interface MatchEvalResult {
  shots: number;
  matched: number;
  equal: number;
  firstContact: number;
  error: string | null;
  /** Truth shots (0-based among the truth's shots) with no inferred shot, or whose calls differ. */
  unmatched: number[];
  differing: number[];
  /** Inferred shots at no truth shot (a phantom strike). */
  extra: number;
}

/**
 * Compares an inferred log with the truth: each truth shot paired with the inferred shot within
 * half a second, the operator's inputs (declarations, decisions, fouls, warnings) taken from the
 * truth, the camera's lines (racks, disturbed balls) from the inferred log, and both logs judged.
 */
export function compareLogs(truth: readonly LogLine[], inferred: readonly InferredLine[], match: LogLine = truth[0]!): MatchEvalResult {
  const inferredShots = inferred.filter((l): l is ShotLine => l.kind === 'shot');
  const lines: LogLine[] = [match];
  const pairs: { truthLine: number; inferredLine: number; shot: number }[] = [];
  const used = new Set<ShotLine>();
  const unmatched: number[] = [];
  let firstContact = 0;
  let shot = -1;
  truth.forEach((line, i) => {
    if (line.kind === 'match' || line.kind === 'rack' || line.kind === 'disturbed') return;
    if (line.kind !== 'shot') { lines.push(line); return; }
    shot++;
    const m = inferredShots.find((s) => !used.has(s) && Math.abs((s.t ?? 0) - (line.t ?? 0)) < 0.5);
    if (!m) { unmatched.push(shot); return; }
    used.add(m);
    // Camera lines (racks, disturbed balls) seen since the previous shot go before it.
    for (const l of inferred) if (l.kind !== 'shot' && (l.t ?? 0) <= (m.t ?? 0) && !lines.includes(l) && (l.t ?? 0) > (lines.filter((x) => x.kind === 'shot').pop()?.t ?? -Infinity)) lines.push(l);
    lines.push({ ...m, ...(line.declared ? { declared: line.declared } : {}) });
    pairs.push({ truthLine: i + 1, inferredLine: lines.length, shot });
    const fc = (s: ShotLine) => JSON.stringify(s.events.filter((e) => e.type === 'contact' && e.a === 0).slice(0, 1).map((e) => (e as { b: number }).b));
    if (fc(line) === fc(m)) firstContact++;
  });
  const truthCalls = judgeText(truth.map((l) => JSON.stringify(l)).join('\n')).calls;
  const got = judgeText(lines.map((l) => JSON.stringify(l)).join('\n'));
  const differing: number[] = [];
  for (const p of pairs) {
    const a = truthCalls.find((c) => c.line === p.truthLine);
    const b = got.calls.find((c) => c.line === p.inferredLine);
    if (!(a && b && callKey(a) === callKey(b))) differing.push(p.shot);
  }
  return {
    shots: shot + 1, matched: pairs.length, equal: pairs.length - differing.length, firstContact, error: got.error?.message ?? null,
    unmatched, differing, extra: inferredShots.length - used.size,
  };
}

export function evaluateMatch(o: MatchEvalOptions): MatchEvalResult {
  const rec = simulateMatch({ game: o.game, shots: o.shots, seed: o.seed, options: simulationOptions(o.preset) });
  const inferred = inferEvents(tracksOf(rec, o.fps, o.noise, o.seed), { table: rec.match.table });
  return compareLogs(rec.lines, inferred, rec.match);
}
