// Instantaneous collision models. Every model is a rigid-body impulse at one contact
// point with restitution along the contact normal and Coulomb friction in the contact
// plane (the impulse sticks the contact if friction allows, else it slides at μ times
// the normal impulse). For a sphere the normal and tangential parts decouple:
//   Δu_n = P_n · (1/m_eff_n),  Δu_t = P_t · (7/2)/m per ball,
// so each part is solved in closed form and can only remove energy. Balls stay on the
// bed: any vertical velocity an impulse would give is dropped (it only lowers energy).
import type { PhysicsParams } from './params.ts';
import { ballInertia } from './params.ts';
import type { BallKinematics } from './motion.ts';
import { cross3, dot3, type Vec2, type Vec3 } from './vector.ts';

const ALCIATORE_A = 9.951e-3;
const ALCIATORE_B = 0.108;
const ALCIATORE_C = 1.088;

function ballBallFriction(p: PhysicsParams, slidingSpeed: number): number {
  if (p.ballBallModel === 'alciatore-throw') return ALCIATORE_A + ALCIATORE_B * Math.exp(-ALCIATORE_C * slidingSpeed);
  return p.ballFriction;
}

const velocityOf = (k: BallKinematics): Vec3 => ({ x: k.vx, y: k.vy, z: 0 });
const spinOf = (k: BallKinematics): Vec3 => ({ x: k.wx, y: k.wy, z: k.wz });

/** Applies impulse P at contact offset rho (from the centre); drops vertical velocity. */
function applyImpulse(k: BallKinematics, impulse: Vec3, rho: Vec3, p: PhysicsParams): BallKinematics {
  const dw = cross3(rho, impulse);
  const inertia = ballInertia(p);
  return {
    x: k.x,
    y: k.y,
    vx: k.vx + impulse.x / p.ballMass,
    vy: k.vy + impulse.y / p.ballMass,
    wx: k.wx + dw.x / inertia,
    wy: k.wy + dw.y / inertia,
    wz: k.wz + dw.z / inertia,
  };
}

/**
 * The tangential impulse for a contact-plane slip velocity `slip`, given the normal
 * impulse and the tangential effective mass: stick when friction suffices, else slide.
 */
function frictionImpulse(slip: Vec3, normalImpulse: number, tangentialMass: number, mu: number): Vec3 {
  const stick = { x: -tangentialMass * slip.x, y: -tangentialMass * slip.y, z: -tangentialMass * slip.z };
  const stickMagnitude = Math.hypot(stick.x, stick.y, stick.z);
  const limit = mu * normalImpulse;
  if (stickMagnitude <= limit || stickMagnitude === 0) return stick;
  const k = limit / stickMagnitude;
  return { x: stick.x * k, y: stick.y * k, z: stick.z * k };
}

export interface BallBallOutcome {
  readonly a: BallKinematics;
  readonly b: BallKinematics;
  /** Speed at which the centres approached along the line of centres (m/s). */
  readonly approachSpeed: number;
}

/** Resolves a collision between touching balls a and b. */
export function resolveBallBall(a: BallKinematics, b: BallKinematics, p: PhysicsParams): BallBallOutcome {
  const R = p.ballRadius;
  const m = p.ballMass;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const distance = Math.hypot(dx, dy);
  const n: Vec3 = { x: dx / distance, y: dy / distance, z: 0 };
  const rhoA: Vec3 = { x: R * n.x, y: R * n.y, z: 0 };
  const rhoB: Vec3 = { x: -rhoA.x, y: -rhoA.y, z: 0 };
  const va = velocityOf(a);
  const vb = velocityOf(b);
  const wa = cross3(spinOf(a), rhoA);
  const wb = cross3(spinOf(b), rhoB);
  // Velocity of a's contact point relative to b's.
  const u: Vec3 = { x: va.x + wa.x - vb.x - wb.x, y: va.y + wa.y - vb.y - wb.y, z: wa.z - wb.z };
  const approachSpeed = dot3(u, n);
  if (approachSpeed <= 0) return { a, b, approachSpeed };
  const normalImpulse = ((1 + p.ballRestitution) * m * approachSpeed) / 2;
  const slip: Vec3 = { x: u.x - approachSpeed * n.x, y: u.y - approachSpeed * n.y, z: u.z };
  const mu = ballBallFriction(p, Math.hypot(slip.x, slip.y, slip.z));
  // An impulse J_t on a (and −J_t on b) changes the relative slip by (7/m) J_t.
  const friction = frictionImpulse(slip, normalImpulse, m / 7, mu);
  const onA: Vec3 = { x: -normalImpulse * n.x + friction.x, y: -normalImpulse * n.y + friction.y, z: friction.z };
  const onB: Vec3 = { x: -onA.x, y: -onA.y, z: -onA.z };
  const separated = enforceBallSeparation(applyImpulse(a, onA, rhoA, p), applyImpulse(b, onB, rhoB, p), n, p);
  return { a: separated.a, b: separated.b, approachSpeed };
}

/**
 * If the balls separate slower than minSpeed along n, turn their relative velocity (same
 * magnitude, so the kinetic energy is unchanged) until they separate at minSpeed. If the
 * relative speed itself is below minSpeed, they are set to separate at minSpeed and the
 * energy that takes (under ¼ m minSpeed², ~2e-7 J with the defaults) is paid from their
 * spin, then from their common motion; if even that is not enough, they separate with
 * all the energy they have. No energy is ever created.
 */
function enforceBallSeparation(a: BallKinematics, b: BallKinematics, n: Vec3, p: PhysicsParams): { a: BallKinematics; b: BallKinematics } {
  const minSpeed = p.minSeparationSpeed;
  const m = p.ballMass;
  const rx = b.vx - a.vx;
  const ry = b.vy - a.vy;
  if (rx * n.x + ry * n.y >= minSpeed) return { a, b };
  const relativeSpeed = Math.hypot(rx, ry);
  let cx = 0.5 * (a.vx + b.vx);
  let cy = 0.5 * (a.vy + b.vy);
  if (relativeSpeed >= minSpeed) {
    const [nx, ny] = turnedToSeparate(rx, ry, n.x, n.y, minSpeed);
    return { a: { ...a, vx: cx - nx / 2, vy: cy - ny / 2 }, b: { ...b, vx: cx + nx / 2, vy: cy + ny / 2 } };
  }
  const spinEnergy = rotationalEnergy([a, b], p);
  const commonEnergy = m * (cx * cx + cy * cy);
  const relativeEnergy = 0.25 * m * relativeSpeed * relativeSpeed;
  const budget = spinEnergy + commonEnergy + relativeEnergy;
  const separation = Math.min(minSpeed, Math.sqrt((4 * budget) / m));
  const needed = Math.max(0, 0.25 * m * separation * separation - relativeEnergy);
  const fromSpin = Math.min(needed, spinEnergy);
  const [spunA, spunB] = scaleSpins([a, b], spinEnergy > 0 ? Math.sqrt(Math.max(0, 1 - fromSpin / spinEnergy)) : 0);
  if (needed > fromSpin && commonEnergy > 0) {
    const keep = Math.sqrt(Math.max(0, 1 - (needed - fromSpin) / commonEnergy));
    cx *= keep;
    cy *= keep;
  }
  const half = separation / 2;
  return {
    a: { ...spunA!, vx: cx - half * n.x, vy: cy - half * n.y },
    b: { ...spunB!, vx: cx + half * n.x, vy: cy + half * n.y },
  };
}

function rotationalEnergy(balls: BallKinematics[], p: PhysicsParams): number {
  const inertia = ballInertia(p);
  return balls.reduce((sum, k) => sum + 0.5 * inertia * (k.wx * k.wx + k.wy * k.wy + k.wz * k.wz), 0);
}

const scaleSpins = (balls: BallKinematics[], factor: number): BallKinematics[] =>
  balls.map((k) => ({ ...k, wx: k.wx * factor, wy: k.wy * factor, wz: k.wz * factor }));

/** A velocity with normal component ≥ minSpeed along (nx, ny) and, when possible, the same magnitude. */
function turnedToSeparate(vx: number, vy: number, nx: number, ny: number, minSpeed: number): [number, number] {
  const speed = Math.hypot(vx, vy);
  const tangential = vx * -ny + vy * nx;
  if (speed <= minSpeed) return [nx * minSpeed, ny * minSpeed];
  const newTangential = Math.sign(tangential || 1) * Math.sqrt(speed * speed - minSpeed * minSpeed);
  return [nx * minSpeed - ny * newTangential, ny * minSpeed + nx * newTangential];
}

export interface CushionOutcome {
  readonly ball: BallKinematics;
  /** Horizontal speed into the cushion before the impact (m/s). */
  readonly normalSpeed: number;
}

/**
 * Resolves a ball hitting a cushion (nose line, jaw facing or jaw tip) whose horizontal
 * unit normal `normal` points from the cushion towards the ball centre.
 */
export function resolveBallCushion(k: BallKinematics, normal: Vec2, p: PhysicsParams): CushionOutcome {
  const normalSpeed = -(k.vx * normal.x + k.vy * normal.y);
  if (normalSpeed <= 0) return { ball: k, normalSpeed };
  let after: BallKinematics;
  if (p.cushionModel === 'frictionless-planar') {
    const dv = (1 + p.cushionRestitution) * normalSpeed;
    after = { ...k, vx: k.vx + dv * normal.x, vy: k.vy + dv * normal.y };
  } else {
    after = han2005Impulse(k, normal, p);
  }
  const separating = after.vx * normal.x + after.vy * normal.y;
  if (separating < p.minSeparationSpeed) after = enforceCushionSeparation(after, normal, p);
  return { ball: after, normalSpeed };
}

/** As enforceBallSeparation, for a ball leaving a fixed cushion. */
function enforceCushionSeparation(k: BallKinematics, normal: Vec2, p: PhysicsParams): BallKinematics {
  const minSpeed = p.minSeparationSpeed;
  const speed = Math.hypot(k.vx, k.vy);
  if (speed >= minSpeed) {
    const [vx, vy] = turnedToSeparate(k.vx, k.vy, normal.x, normal.y, minSpeed);
    return { ...k, vx, vy };
  }
  const spinEnergy = rotationalEnergy([k], p);
  const translational = 0.5 * p.ballMass * speed * speed;
  const separation = Math.min(minSpeed, Math.sqrt((2 * (spinEnergy + translational)) / p.ballMass));
  const needed = Math.max(0, 0.5 * p.ballMass * separation * separation - translational);
  const factor = spinEnergy > 0 ? Math.sqrt(Math.max(0, 1 - Math.min(needed, spinEnergy) / spinEnergy)) : 0;
  const [spun] = scaleSpins([k], factor);
  return { ...spun!, vx: separation * normal.x, vy: separation * normal.y };
}

function han2005Impulse(k: BallKinematics, normal: Vec2, p: PhysicsParams): BallKinematics {
  const R = p.ballRadius;
  const m = p.ballMass;
  const sinTheta = Math.max(-1, Math.min(1, (p.cushionNoseHeight - R) / R));
  const cosTheta = Math.sqrt(1 - sinTheta * sinTheta);
  // Contact normal, from the contact point (on the nose, above the equator) to the centre.
  const contactNormal: Vec3 = { x: normal.x * cosTheta, y: normal.y * cosTheta, z: -sinTheta };
  const rho: Vec3 = { x: -R * contactNormal.x, y: -R * contactNormal.y, z: -R * contactNormal.z };
  const spinPart = cross3(spinOf(k), rho);
  const u: Vec3 = { x: k.vx + spinPart.x, y: k.vy + spinPart.y, z: spinPart.z };
  const un = dot3(u, contactNormal);
  if (un >= 0) return k;
  const normalImpulse = -(1 + p.cushionRestitution) * m * un;
  const slip: Vec3 = { x: u.x - un * contactNormal.x, y: u.y - un * contactNormal.y, z: u.z - un * contactNormal.z };
  const friction = frictionImpulse(slip, normalImpulse, (2 * m) / 7, p.cushionFriction);
  const impulse: Vec3 = {
    x: normalImpulse * contactNormal.x + friction.x,
    y: normalImpulse * contactNormal.y + friction.y,
    z: normalImpulse * contactNormal.z + friction.z,
  };
  return applyImpulse(k, impulse, rho, p);
}
