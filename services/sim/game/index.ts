// Public API of the game simulator ("the truth machine"): player models play whole 9-ball,
// 8-ball and 14.1 matches through the real referee, writing the truth event log and a timeline
// a renderer can film.
export { simulateMatch, DEFAULT_PLAYERS, type MatchRecording } from './match.ts';
export type { MatchConfig, ShotRecord } from './turn-context.ts';
export {
  simulationOptions, DEFAULT_OPTIONS, STRESS_OPTIONS, PRESETS, DEFAULT_SITUATIONS, STRESS_SITUATIONS, QUIET_SITUATIONS,
  DEFAULT_PAUSE, DEMO_PAUSE, DEFAULT_PLANNING, FAST_PLANNING,
  type PlayerProfile, type SituationRates, type SimulationOptions, type PauseRange, type PlanningEffort, type PresetName,
} from './options.ts';
export {
  MatchTimeline, type Scene, type SceneBall, type BallStatus, type HandPose, type HandAction, type ShooterPose, type TableSide,
} from './timeline.ts';
export { cuePoseAt, strokeTimes, contactPoint, FOLLOW_THROUGH, type CueStickPose, type CuePhase, type StrokeSpec, type StrokeTimes } from './cue-motion.ts';
export { Player, type PlannedShot, type ShotIntent, type ShotRequest, type TurnContext } from './player.ts';
export { countSituations, addCounts, type SituationCounts } from './stats.ts';
export { legalTargets, illegalTargets, type GameView } from './targets.ts';
