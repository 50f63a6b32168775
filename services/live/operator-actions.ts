// The operator's inputs (shared/rules/RULES.en.md marks them [operator]): a declaration for the
// next shot (called ball and pocket, safety, push-out), decisions, fouls the camera cannot see,
// the two-foul warning, confirming a low-confidence call and overturning a call. Each becomes a
// contract line fed to the rules engine, or is refused with the reason and changes nothing.
import { BALL_IDS, isOneOf, objectBallsOf, type BallId, type DecisionChoice, type Pocket } from '../contract/ids.ts';
import type { Declared, ShotLine } from '../contract/log.ts';
import { TABLE_SPECS } from '../table/spec.ts';
import { legalShot, withFirstContact } from './overturn-legal.ts';
import { RefereeError, type Actor, type RefereeSession } from './referee-session.ts';
import type { JudgedCall } from './types.ts';

export interface DeclareInput {
  call?: { ball: number; pocket: Pocket | 'obvious' };
  safety?: boolean;
  pushOut?: boolean;
  /** Clears the pending declaration. */
  clear?: boolean;
}

export function declare(session: RefereeSession, input: DeclareInput, actor: Actor): Declared | null {
  if (session.record.status !== 'live') throw new RefereeError(409, 'match/not-live', `match ${session.id} is ${session.record.status}`);
  if (input.clear) {
    session.setDeclared(null, actor);
    return null;
  }
  const s = session.refereeState();
  const declared: Declared = {};
  if (input.call) {
    const ball = input.call.ball;
    if (!isOneOf(BALL_IDS, ball) || !objectBallsOf(session.match.game).includes(ball)) {
      throw new RefereeError(400, 'declare/ball', `ball ${ball} is not an object ball of ${session.match.game}`);
    }
    if (s && !s.bed.some((b) => b.id === ball)) throw new RefereeError(409, 'declare/ball-not-on-table', `the ${ball} is not on the table`);
    declared.call = { ball, pocket: input.call.pocket };
  }
  if (input.safety) declared.safety = true;
  if (input.pushOut) {
    if (s && !s.pushOutAvailable) throw new RefereeError(409, 'declare/no-push-out', 'no push-out now: only the shot right after a legal break may be one (N2.3)');
    declared.pushOut = true;
  }
  if (!declared.call && !declared.safety && !declared.pushOut) throw new RefereeError(400, 'declare/empty', 'declare a call, a safety or a push-out (or clear)');
  session.setDeclared(declared, actor);
  return declared;
}

export const decide = (session: RefereeSession, by: string, choice: DecisionChoice, actor: Actor): JudgedCall[] =>
  session.operatorLine({ kind: 'decision', by, choice }, actor, originOf(actor));

export const callFoul = (session: RefereeSession, rule: string, by: string, actor: Actor): JudgedCall[] =>
  session.operatorLine({ kind: 'foul', rule, by }, actor, originOf(actor));

export const giveWarning = (session: RefereeSession, to: string, actor: Actor): JudgedCall[] =>
  session.operatorLine({ kind: 'warning', to }, actor, originOf(actor));

const originOf = (actor: Actor) => (actor.name === 'demo-script' ? 'script' as const : 'operator' as const);

export type OverturnRuling =
  | { kind: 'void' }
  | { kind: 'foul'; rule: string }
  | { kind: 'first-contact'; ball: number }
  /** The call was a foul but the play was legal: the camera's facts behind the foul are corrected (or an operator's foul voided). */
  | { kind: 'legal'; ball?: number };

/** The call with this seq, which may still be protested (G24.2: not after the next shot). */
function protestable(session: RefereeSession, seq: number): JudgedCall {
  const calls = session.allCalls();
  const call = calls.find((c) => c.call.seq === seq);
  if (!call) throw new RefereeError(404, 'call/not-found', `no call ${seq} in match ${session.id}`);
  const lastShot = [...calls].reverse().find((c) => c.call.input === 'shot' && !c.call.rejected);
  if (lastShot && call.ord < lastShot.ord) throw new RefereeError(409, 'overturn/too-late', 'the next shot has been played: a protest after it is void (G24.2)');
  return call;
}

export function overturn(session: RefereeSession, seq: number, ruling: OverturnRuling, actor: Actor): { voided: number[]; calls: JudgedCall[] } {
  if (session.record.status === 'closed') throw new RefereeError(409, 'match/not-live', `match ${session.id} is closed`);
  const target = protestable(session, seq);
  switch (ruling.kind) {
    case 'void':
      if (target.call.input === 'match') throw new RefereeError(409, 'overturn/match-line', 'the match line cannot be voided');
      return session.rewrite({ void: [target.ord] }, actor);
    case 'foul': {
      const by = target.call.shooter;
      if (!by) throw new RefereeError(409, 'overturn/no-shooter', `call ${seq} has no shooter to charge a foul to`);
      const calls = session.operatorLine({ kind: 'foul', rule: ruling.rule, by }, actor);
      return { voided: [], calls };
    }
    case 'first-contact': {
      if (target.call.input !== 'shot') throw new RefereeError(409, 'overturn/not-a-shot', `call ${seq} is not a shot`);
      const line = session.lineText(target.ord);
      const shot = JSON.parse(line) as ShotLine;
      if (!isOneOf(BALL_IDS, ruling.ball) || ruling.ball === 0 || !shot.start?.balls.some((b) => b.id === ruling.ball)) {
        throw new RefereeError(400, 'overturn/ball', `the ${ruling.ball} was not on the table for that shot`);
      }
      const amended = withFirstContact(shot, ruling.ball);
      return session.rewrite({ amend: [{ ord: target.ord, text: JSON.stringify(amended) }] }, actor);
    }
    case 'legal':
      return overturnToLegal(session, target, ruling.ball, actor);
  }
}

function overturnToLegal(session: RefereeSession, target: JudgedCall, ball: number | undefined, actor: Actor): { voided: number[]; calls: JudgedCall[] } {
  if (target.call.input === 'foul') return session.rewrite({ void: [target.ord] }, actor);
  if (target.call.input !== 'shot') throw new RefereeError(409, 'overturn/not-a-foul', `call ${target.call.seq} is a ${target.call.input}, not a foul`);
  if (target.call.fouls.length === 0) throw new RefereeError(409, 'overturn/already-legal', `call ${target.call.seq} is legal already`);
  if (ball !== undefined && (!isOneOf(BALL_IDS, ball) || ball === 0)) throw new RefereeError(400, 'overturn/ball', `ball ${ball} is not an object ball`);
  const shot = JSON.parse(session.lineText(target.ord)) as ShotLine;
  const fixed = legalShot(shot, target.call.fouls, {
    game: session.match.game, table: TABLE_SPECS[session.match.table], paths: target.paths, ...(ball !== undefined ? { ball: ball as BallId } : {}),
  });
  const change = { amend: [{ ord: target.ord, text: JSON.stringify(fixed) }] };
  const after = session.preview(change).find((c) => c.ord === target.ord && c.call.input === 'shot');
  if (!after || after.call.fouls.length > 0) {
    const left = after ? after.call.fouls.map((f) => `${f.rule} ${f.code}`).join(', ') : 'the shot is refused';
    throw new RefereeError(409, 'overturn/still-a-foul', `corrected, the shot is still a foul (${left}); void it or name the ball hit first`);
  }
  return session.rewrite(change, actor);
}

export function confirmCall(session: RefereeSession, seq: number, actor: Actor): JudgedCall {
  const call = session.allCalls().find((c) => c.call.seq === seq);
  if (!call) throw new RefereeError(404, 'call/not-found', `no call ${seq} in match ${session.id}`);
  const r = session.rewrite({ confirm: [call.ord] }, actor);
  return r.calls.find((c) => c.call.seq === seq) ?? call;
}
