// Counting the situations a recording contains, from the truth log and the referee's calls
// (the same way a test of the referee would see them): fouls by rule id, push-outs, the key ball
// on the break, three-foul penalties, disturbed balls, frozen-ball shots, balls off the table.
import type { BallId } from '../../contract/ids.ts';
import type { Call, LogLine, ShotLine } from '../../contract/log.ts';
import { TABLE_SPECS } from '../../table/spec.ts';
import { frozenCushions, frozenTogether } from '../../rules/shot-facts.ts';
import type { MatchRecording } from './match.ts';

export interface SituationCounts {
  shots: number;
  breaks: number;
  games: number;
  /** Shot calls citing each rule (once per call). */
  scratch: number; // G18c
  noBallOrWrongBall: number; // G18a
  noRail: number; // G18b
  cueOffTable: number; // G18d
  objectOffTable: number; // G18e
  ballsOffTable: number; // shots with an off-table event (14.1: no foul for object balls)
  movingBalls: number; // G10
  simultaneous: number; // G12
  frozenNoRail: number; // G18g / G18j
  frozenShots: number; // cue ball frozen to a ball, or the first ball hit frozen to a cushion
  pushOuts: number;
  keyBallOnBreak: number; // 8 (8-ball) or 9 (9-ball) pocketed on a break
  threeFoulPenalties: number; // N3.4 loss or G19 penalty
  disturbed: number; // disturbed lines
  operatorFouls: number; // foul lines
  warnings: number;
  decisions: number;
  safeties: number; // declared safeties
}

const hasRule = (c: Call, ...rules: string[]): boolean => c.fouls.some((f) => rules.includes(f.rule));

function frozenShot(line: ShotLine, call: Call, tableSize: keyof typeof TABLE_SPECS): boolean {
  const balls = line.start?.balls ?? [];
  const cue = balls.find((b) => b.id === 0);
  if (cue && balls.some((b) => b.id !== 0 && frozenTogether(b, cue))) return true;
  const first = Array.isArray(call.firstContact) ? (call.firstContact as BallId[]) : [];
  return first.some((id) => {
    const b = balls.find((x) => x.id === id);
    return b !== undefined && frozenCushions(TABLE_SPECS[tableSize], b).length > 0;
  });
}

export function countSituations(rec: Pick<MatchRecording, 'lines' | 'calls' | 'match'>): SituationCounts {
  const n: SituationCounts = {
    shots: 0, breaks: 0, games: 0, scratch: 0, noBallOrWrongBall: 0, noRail: 0, cueOffTable: 0, objectOffTable: 0, ballsOffTable: 0,
    movingBalls: 0, simultaneous: 0, frozenNoRail: 0, frozenShots: 0, pushOuts: 0, keyBallOnBreak: 0, threeFoulPenalties: 0,
    disturbed: 0, operatorFouls: 0, warnings: 0, decisions: 0, safeties: 0,
  };
  const key: BallId | null = rec.match.game === '9ball' ? 9 : rec.match.game === '8ball' ? 8 : null;
  const callsByLine = new Map<number, Call>();
  for (const c of rec.calls) callsByLine.set(c.line, c);
  rec.lines.forEach((line: LogLine, i) => {
    const call = callsByLine.get(i + 1);
    if (line.kind === 'disturbed') n.disturbed += 1;
    if (line.kind === 'foul') n.operatorFouls += 1;
    if (line.kind === 'warning') n.warnings += 1;
    if (line.kind === 'decision') n.decisions += 1;
    if (call && (call.gameOver?.rule === 'N3.4' || hasRule(call, 'G19'))) n.threeFoulPenalties += 1;
    if (call?.gameOver) n.games += 1;
    if (line.kind !== 'shot' || !call) return;
    n.shots += 1;
    if (call.break === true) {
      n.breaks += 1;
      if (key !== null && call.pocketed.includes(key)) n.keyBallOnBreak += 1;
    }
    if (line.declared?.safety) n.safeties += 1;
    if (call.pushOut === true) n.pushOuts += 1;
    if (hasRule(call, 'G18c')) n.scratch += 1;
    if (hasRule(call, 'G18a')) n.noBallOrWrongBall += 1;
    if (hasRule(call, 'G18b')) n.noRail += 1;
    if (hasRule(call, 'G18d')) n.cueOffTable += 1;
    if (hasRule(call, 'G18e')) n.objectOffTable += 1;
    if (hasRule(call, 'G10')) n.movingBalls += 1;
    if (hasRule(call, 'G12')) n.simultaneous += 1;
    if (hasRule(call, 'G18g', 'G18j')) n.frozenNoRail += 1;
    if (line.events.some((e) => e.type === 'off-table')) n.ballsOffTable += 1;
    if (frozenShot(line, call, rec.match.table)) n.frozenShots += 1;
  });
  return n;
}

/** Sums of counts over several recordings. */
export function addCounts(a: SituationCounts, b: SituationCounts): SituationCounts {
  const out = { ...a };
  for (const k of Object.keys(b) as (keyof SituationCounts)[]) out[k] = a[k] + b[k];
  return out;
}
