// The match simulator: two player models play a whole 9-ball, 8-ball or 14.1 match through the
// real referee. Every line of the truth log is fed to the Judge as it is written, and the
// referee's instructions are applied to the physical table (respots, re-racks, ball in hand,
// who shoots). The result: the truth log (contract JSON Lines), the referee's calls, a record
// per shot, and a timeline a renderer can film (timeline.ts: sceneAt(t)).
//
//   simulateMatch({ game: '9ball', shots: 100, seed: 7 })                       // defaults
//   simulateMatch({ game: '8ball', shots: 60, seed: 1, options: simulationOptions('stress') })
//
// Times are seconds from the start of the recording: shot lines carry the strike time, their
// end the rest time; pauses between shots come from options.pause.
import type { BallId } from '../../contract/ids.ts';
import { objectBallsOf } from '../../contract/ids.ts';
import type { Call, LogLine, MatchLine } from '../../contract/log.ts';
import type { RefereeState } from '../../rules/state.ts';
import { DEFAULT_PHYSICS_PARAMS, standardTable, type PhysicsParams, type TableGeometry } from '../physics/index.ts';
import { Player } from './player.ts';
import { DEFAULT_OPTIONS, type PlayerProfile, type SimulationOptions } from './options.ts';
import { stream } from './random.ts';
import { SituationDirector } from './situations.ts';
import { Stage } from './staging.ts';
import { TableState } from './table-state.ts';
import { MatchTimeline } from './timeline.ts';
import { TruthLog } from './truth-log.ts';
import { playTurn } from './turn.ts';
import type { MatchConfig, ShotRecord, TurnDeps } from './turn-context.ts';

export interface MatchRecording {
  readonly config: MatchConfig;
  readonly match: MatchLine;
  readonly lines: readonly LogLine[];
  /** The truth log, one JSON object per line. */
  readonly jsonl: string;
  readonly calls: readonly Call[];
  readonly shots: readonly ShotRecord[];
  readonly timeline: MatchTimeline;
  /** Disagreements between the physical table and the referee's record, rejected inputs: empty when all is well. */
  readonly problems: readonly string[];
  readonly final: RefereeState;
}

export const DEFAULT_PLAYERS: readonly [PlayerProfile, PlayerProfile] = [
  { name: 'Ann', skill: 0.9 },
  { name: 'Bob', skill: 0.8 },
];

/** The physics of the real strokes: the options' overrides, the off-table chance scaled. */
function strokePhysics(options: SimulationOptions): Partial<PhysicsParams> {
  const base = { ...DEFAULT_PHYSICS_PARAMS, ...options.physics };
  const off = base.offTable;
  return {
    ...options.physics,
    offTable: off ? { ...off, maxProbability: Math.min(1, off.maxProbability * options.offTableScale) } : null,
  };
}

export function simulateMatch(config: MatchConfig): MatchRecording {
  const options = config.options ?? DEFAULT_OPTIONS;
  const profiles = config.players ?? DEFAULT_PLAYERS;
  const tableSize = config.table ?? '9ft';
  const table: TableGeometry = standardTable(tableSize);
  const names: [string, string] = [profiles[0].name, profiles[1].name];
  const match: MatchLine = {
    kind: 'match', game: config.game, table: tableSize, players: names,
    ...(config.game === '14.1' ? { target: config.target ?? 100 } : { raceTo: config.raceTo ?? 7 }),
    breaks: config.breaks ?? 'winner', firstBreak: names[0],
  };
  const ids: BallId[] = [0 as BallId, ...objectBallsOf(config.game)];
  const timeline = new MatchTimeline(ids, table.ballRadius);
  const phys = new TableState(ids);
  const deps: TurnDeps = {
    config,
    options,
    table,
    log: new TruthLog(),
    timeline,
    phys,
    stage: new Stage(timeline, table, phys),
    players: new Map(profiles.map((p) => [p.name, new Player(p, stream(config.seed, `player:${p.name}`))])),
    director: new SituationDirector(options.situations, stream(config.seed, 'situations')),
    timing: stream(config.seed, 'timing'),
    racks: stream(config.seed, 'racks'),
    physicsRng: stream(config.seed, 'physics'),
    physics: strokePhysics(options),
    shots: [],
    problems: [],
    clock: 0,
    cueFree: 0,
    carry: null,
    lastShooter: null,
  };
  deps.log.write(match);
  deps.clock = 0.5;
  let idle = 0;
  while (deps.shots.length < config.shots) {
    const s = deps.log.state;
    if (s.matchOver) break;
    const before = deps.shots.length;
    playTurn(deps, s);
    idle = deps.shots.length > before ? 0 : idle + 1;
    if (idle > 100) throw new Error(`the match makes no progress at line ${deps.log.lineCount}`);
  }
  timeline.duration = Math.max(timeline.duration, deps.clock + 1);
  for (const c of deps.log.rejected) deps.problems.push(`line ${c.line}: rejected ${JSON.stringify(c.rejected)}`);
  return {
    config, match, lines: deps.log.lines, jsonl: deps.log.jsonl, calls: deps.log.calls, shots: deps.shots,
    timeline, problems: deps.problems, final: deps.log.state,
  };
}

