// The plain words of a call: what the referee says out loud. A headline ("Foul: wrong ball
// first"), each rule applied with its id and text, and what happens next.
import type { BallId } from '../contract/ids.ts';
import type { Call, Foul, GameOver, Respot, Uncertainty } from '../contract/log.ts';
import { codeText, ruleText } from './rule-texts.ts';
import type { CallWords } from './types.ts';

const ball = (id: BallId | number): string => (id === 0 ? 'the cue ball' : `the ${id}`);
const list = (ids: readonly number[]): string => {
  const names = ids.map(ball);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const CHOICE_WORDS: Readonly<Record<string, string>> = {
  play: 'play from the position',
  pass: 'pass the shot back',
  rerack: 're-rack',
  spot8: 'spot the 8 and play on',
  'rebreak-self': 're-rack and break',
  'rebreak-opponent': 're-rack and have the opponent break',
};
export const choiceWords = (c: string): string => CHOICE_WORDS[c] ?? c;

function ballInHandWords(where: string): string {
  if (where === 'anywhere') return ', ball in hand anywhere';
  if (where === 'kitchen') return ', ball in hand behind the head string';
  return '';
}

function respotWords(respot: readonly Respot[]): string {
  if (respot.length === 0) return '';
  return ` Spot ${list(respot.map((r) => r.id))} on the foot spot${respot.length > 1 ? ' and the long string' : ''}.`;
}

function gameOverWords(g: GameOver): string {
  if (!g.winner) return capital(codeText(g.code));
  return `${g.winner} wins the game: ${codeText(g.code)}`;
}

function uniqueFouls(fouls: readonly Foul[]): Foul[] {
  const seen = new Set<string>();
  return fouls.filter((f) => (seen.has(f.code) ? false : (seen.add(f.code), true)));
}

/** What happens next, from the call's `next`. */
export function nextWords(call: Call): string {
  const over = call.matchOver as GameOver | undefined;
  if (over) return `${over.winner ?? 'Nobody'} wins the match.`;
  const n = call.next;
  if (n.awaiting) return `${n.awaiting.by} to choose: ${n.awaiting.choices.map(choiceWords).join(' or ')}.${respotWords(call.respot)}`;
  const breakNext = call.breakNext === true ? ' to break' : ' to shoot';
  const warn = typeof call.warningDue === 'string' ? ` ${call.warningDue} is on two fouls: give the warning (G19).` : '';
  return `${n.player}${breakNext}${ballInHandWords(n.ballInHand)}.${respotWords(call.respot)}${warn}`;
}

/** What the camera could not settle, in words ("the first contact: the 3 or the 4, 1 ms apart"). */
export function uncertainWords(u: Uncertainty): string {
  const pairs = u.alternatives.filter((a): a is (number | string)[] => Array.isArray(a) && a.length === 2);
  const firstBalls = [...new Set(pairs.map((p) => Number(p[0]) === 0 ? Number(p[1]) : Number(p[0])))];
  const ms = `${Math.round(u.margin * 1000)} ms`;
  const mm = `${(u.margin * 1000).toFixed(1)} mm`;
  switch (u.fact) {
    case 'firstContact': return firstBalls.length > 1 ? `the first contact: ${firstBalls.map(ball).join(' or ')}, ${ms} apart` : 'the first contact';
    case 'railAfterContact': return 'a cushion after the contact';
    case 'frozen': return `frozen or not (${mm} from the tolerance)`;
    case 'pocket': return 'what was pocketed';
    case 'moving': return 'a ball still moving at the stroke';
    case 'cross': return 'the head string crossed before the contact';
  }
}

/** The words of a call; `confirmed`: the operator has settled what the camera could not. */
export function callWords(call: Call, confirmed = false): CallWords {
  const words = verdictWords(call);
  const confirm = call.confirm as { uncertain?: Uncertainty[] } | undefined;
  if (confirmed || !confirm?.uncertain?.length) return words;
  const facts = confirm.uncertain.map(uncertainWords);
  return { ...words, headline: `Too close to call: ${[...new Set(facts)].join('; ')}`, tone: 'info', asRead: words.headline };
}

/** The words of a call as the engine made it. */
function verdictWords(call: Call): CallWords {
  const rejected = call.rejected as { code: string; message: string } | undefined;
  const next = nextWords(call);
  if (rejected) return { headline: `Not accepted: ${rejected.message}`, tone: 'rejected', rules: [], next };
  const rules: CallWords['rules'] = [];
  const addRule = (id: string) => { if (!rules.some((r) => r.id === id)) rules.push({ id, text: ruleText(id) }); };
  const fouls = uniqueFouls(call.fouls);
  for (const f of call.fouls) addRule(f.rule);
  if (call.gameOver) addRule(call.gameOver.rule);
  const reasons = Array.isArray(call.reasons) ? (call.reasons as string[]) : [];
  if (fouls.length === 0) for (const r of reasons) addRule(r);

  switch (call.input) {
    case 'shot': {
      const pocketed = call.pocketed.filter((id) => id !== 0);
      const potted = pocketed.length > 0 ? `, pocketed ${list(pocketed)}` : '';
      if (call.gameOver) return { headline: gameOverWords(call.gameOver), tone: call.gameOver.winner === call.shooter ? 'win' : 'foul', rules, next };
      if (fouls.length > 0) {
        const more = fouls.length > 1 ? ` (+${fouls.length - 1} more)` : '';
        return { headline: `Foul: ${codeText(fouls[0]!.code)}${more}`, tone: 'foul', rules, next };
      }
      if (call.pushOut === true) return { headline: `Push-out by ${call.shooter}${potted}`, tone: 'info', rules, next };
      if (call.break === true) return { headline: `Legal break${potted}`, tone: 'legal', rules, next };
      const kept = call.next.player === call.shooter;
      return { headline: `Legal shot${potted}${kept ? '' : pocketed.length > 0 ? '' : ': no ball pocketed'}`, tone: 'legal', rules, next };
    }
    case 'decision':
      return { headline: `${call.shooter} chose to ${choiceWords(String(call.decision))}`, tone: 'info', rules, next };
    case 'foul': {
      if (call.gameOver) return { headline: gameOverWords(call.gameOver), tone: 'foul', rules, next };
      const notes = Array.isArray(call.notes) ? (call.notes as string[]) : [];
      if (fouls.length === 0) return { headline: notes[0] ?? 'Referee\'s ruling', tone: 'info', rules, next };
      return { headline: `Foul on ${call.shooter}: ${codeText(fouls[0]!.code)}`, tone: 'foul', rules, next };
    }
    case 'warning':
      addRule('G19');
      return { headline: `Two-foul warning given to ${String(call.warned)}`, tone: 'info', rules, next };
    case 'disturbed': {
      addRule('G13');
      const ids = Array.isArray(call.disturbed) ? (call.disturbed as number[]) : [];
      return { headline: `Ball moved between shots: ${list(ids)}. Foul?`, tone: 'info', rules, next };
    }
    case 'rack': {
      const check = call.rackCheck as { problems?: { rule: string; code: string }[] } | undefined;
      const problems = check?.problems ?? [];
      for (const p of problems) addRule(p.rule);
      return { headline: `Re-rack: ${problems.map((p) => codeText(p.code)).join('; ') || 'the rack is not right'}`, tone: 'foul', rules, next };
    }
    default:
      return { headline: capital(call.input), tone: 'info', rules, next };
  }
}
