// Public API of the event-based billiards physics simulator.
export { simulateShot, type BallInput, type PhysicsEvent, type ShotSimulation, type SimulateShotInput } from './simulate.ts';
export { ShotTrajectory, type BallSnapshot } from './trajectory.ts';
export {
  DEFAULT_PHYSICS_PARAMS, physicsParams, ballInertia,
  type BallBallModel, type CushionModel, type OffTableModel, type PhysicsParams,
} from './params.ts';
export {
  DEFAULT_POCKET_DIMENSIONS, buildTableGeometry, standardTable, isOnBed,
  type CushionLine, type JawTip, type PocketDimensions, type PocketGeometry, type TableGeometry,
} from '../../table/geometry.ts';
export { strikeBall, aimDirection, cueBallSpeedFromCueSpeed, DEFAULT_CUE, MAX_TIP_OFFSET, type CueStrike, type CueProperties } from './cue.ts';
export { resolveBallBall, resolveBallCushion, type BallBallOutcome, type CushionOutcome } from './collisions.ts';
export {
  classifyMotion, kinematicsAt, kineticEnergy, slipVelocity, startSegment,
  type BallKinematics, type MotionSegment, type MotionState,
} from './motion.ts';
export { nudgeBall, isSpotFree, layoutProblems, tableClearanceProblem, type BallPlacement } from './layout.ts';
export { nineBallRack, fifteenBallRack, type RackOptions } from './racks.ts';
export { mulberry32, uniform, type Rng } from './rng.ts';
export { IDENTITY_QUATERNION, rotateVector, type Quaternion } from './quaternion.ts';
export { firstDownCrossing, realRootsInInterval, type Polynomial } from './polynomial.ts';
