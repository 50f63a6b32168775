// One TypeBox schema per REST body and per WebSocket message: fastify validates the bodies with
// them, `Static<>` gives their types, and GET /api/docs lists them (the OpenAPI-ish docs).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { BREAK_ORDERS, DECISION_CHOICES, GAMES, POCKETS, TABLE_SIZES } from '../contract/ids.ts';

/** A string from a closed list (ajv then says "must be one of: …"). */
const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });
const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export const RULE_ID = '^[GENS][0-9]*(\\.[0-9]+)?[a-z]?$';
const Player = Type.String({ minLength: 1, maxLength: 40, description: 'a player of the match, by name' });

// ---- REST: parameters ----
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParams = Static<typeof IdParams>;
export const NameParams = Type.Object({ name: Type.String({ pattern: '^[A-Za-z0-9._-]+$', maxLength: 80 }) });
export type NameParams = Static<typeof NameParams>;
export const FrameQuery = Type.Object({ t: Type.Number({ minimum: 0, maximum: 36_000, default: 1 }) });
export type FrameQuery = Static<typeof FrameQuery>;
export const TableQuery = Type.Object({ tableId: Type.Optional(Type.Integer({ minimum: 1 })) });
export type TableQuery = Static<typeof TableQuery>;

// ---- REST: operator bodies ----
export const DeclareBody = Type.Object({
  call: Type.Optional(Type.Object({
    ball: Type.Integer({ minimum: 1, maximum: 15, description: 'the called ball' }),
    pocket: literals([...POCKETS, 'obvious' as const], 'the called pocket, or "obvious"'),
  }, { additionalProperties: false })),
  safety: Type.Optional(Type.Boolean({ description: 'safety declared (G22)' })),
  pushOut: Type.Optional(Type.Boolean({ description: 'push-out declared (N2.3)' })),
  clear: Type.Optional(Type.Boolean({ description: 'clear the pending declaration' })),
}, { additionalProperties: false, description: 'the declaration for the next shot' });
export type DeclareBody = Static<typeof DeclareBody>;

export const DecisionBody = Type.Object({
  by: Player,
  choice: literals(DECISION_CHOICES, 'play | pass | rerack | spot8 | rebreak-self | rebreak-opponent'),
}, { additionalProperties: false });
export type DecisionBody = Static<typeof DecisionBody>;

export const FoulBody = Type.Object({
  rule: Type.String({ pattern: RULE_ID, description: 'a rule id of RULES.en.md, e.g. G18h' }),
  by: Player,
}, { additionalProperties: false });
export type FoulBody = Static<typeof FoulBody>;

export const WarningBody = Type.Object({ to: Player }, { additionalProperties: false });
export type WarningBody = Static<typeof WarningBody>;

export const OverturnBody = Type.Object({
  seq: Type.Integer({ minimum: 1, description: 'the call to overturn' }),
  ruling: literals(['void', 'foul', 'first-contact', 'legal'] as const, 'void: strike the input and re-judge; foul: charge a foul to the shooter; first-contact: the cue ball hit `ball` first; legal: the foul was no foul (the camera\'s facts behind it are corrected, `ball` names the ball hit first where that was the foul)'),
  rule: Type.Optional(Type.String({ pattern: RULE_ID })),
  ball: Type.Optional(Type.Integer({ minimum: 1, maximum: 15 })),
  reason: Type.String({ minLength: 2, maxLength: 300, description: 'why (kept in the audit)' }),
}, { additionalProperties: false });
export type OverturnBody = Static<typeof OverturnBody>;

export const ConfirmBody = Type.Object({ seq: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type ConfirmBody = Static<typeof ConfirmBody>;

export const NewMatchBody = Type.Object({
  game: literals(GAMES, '8ball | 9ball | 14.1'),
  players: Type.Tuple([Player, Player]),
  raceTo: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  target: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: '14.1: points to win' })),
  breaks: Type.Optional(literals(BREAK_ORDERS, 'winner | alternate')),
  firstBreak: Type.Optional(Player),
  table: Type.Optional(literals(TABLE_SIZES, '9ft | 8ft | 7ft')),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
}, { additionalProperties: false });
export type NewMatchBody = Static<typeof NewMatchBody>;

export const TableBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  size: literals(TABLE_SIZES, '9ft | 8ft | 7ft'),
}, { additionalProperties: false });
export type TableBody = Static<typeof TableBody>;

export const CalibrationBody = Type.Object({
  base: Type.Integer({ minimum: 1, description: 'the calibration adjusted (its lens and pose are kept)' }),
  tableId: Type.Optional(Type.Integer({ minimum: 1 })),
  label: Type.String({ minLength: 1, maxLength: 80 }),
  corners: Type.Array(Type.Object({ u: Type.Number(), v: Type.Number() }, { additionalProperties: false }), {
    minItems: 4, maxItems: 4, description: 'cushion-nose corners in image pixels: head-left, foot-left, foot-right, head-right',
  }),
}, { additionalProperties: false });
export type CalibrationBody = Static<typeof CalibrationBody>;

// ---- REST: replies ----
const TablePoint = Type.Object({ x: Type.Number(), y: Type.Number() });
const TableSizeGeometry = Type.Object({
  length: Type.Number({ description: 'cushion nose to cushion nose along the table (m)' }),
  width: Type.Number({ description: 'cushion nose to cushion nose across (m)' }),
  headStringX: Type.Number(),
  spots: Type.Object({ head: TablePoint, foot: TablePoint, centre: TablePoint }),
  pockets: Type.Array(Type.Object({
    pocket: literals(POCKETS, 'the pocket'),
    kind: literals(['corner', 'side'] as const, 'corner | side'),
    centre: Type.Object({ x: Type.Number(), y: Type.Number() }, { description: 'where the two cushion noses meet (corner) or the long nose line\'s middle (side)' }),
    mouthCentre: TablePoint,
    axis: Type.Object({ x: Type.Number(), y: Type.Number() }, { description: 'unit vector from the mouth into the pocket' }),
    mouthWidth: Type.Number(),
  })),
});
/** The table geometry the referee uses (services/table), for the pages that draw the table. */
export const TableGeometryReply = Type.Object({
  ballRadius: Type.Number(),
  sizes: Type.Object({ '9ft': TableSizeGeometry, '8ft': TableSizeGeometry, '7ft': TableSizeGeometry }),
});
export type TableGeometryReply = Static<typeof TableGeometryReply>;

export const ErrorReply = Type.Object({ error: Type.String(), message: Type.String(), field: Type.Optional(Type.String()) });

// ---- WebSocket messages (server → viewer), each with a `type` ----
const Foul = Type.Object({ rule: Type.String(), code: Type.String() });
const Respot = Type.Object({ id: Type.Integer(), x: Type.Number(), y: Type.Number() }, { additionalProperties: true });
const GameOver = Type.Object({ winner: Nullable(Type.String()), rule: Type.String(), code: Type.String() });
const Awaiting = Type.Object({ by: Type.String(), choices: Type.Array(Type.String()) }, { additionalProperties: true });
export const CallSchema = Type.Object({
  seq: Type.Integer(), line: Type.Integer(), t: Nullable(Type.Number()), input: Type.String(), shooter: Nullable(Type.String()),
  game: Type.Integer(), legal: Type.Boolean(), fouls: Type.Array(Foul), pocketed: Type.Array(Type.Integer()), respot: Type.Array(Respot),
  next: Type.Object({
    player: Type.String(), ballInHand: Type.String(), consecutiveFouls: Type.Record(Type.String(), Type.Integer()),
    group: Type.Record(Type.String(), Nullable(Type.String())), awaiting: Nullable(Awaiting),
  }),
  gameOver: Nullable(GameOver), score: Type.Record(Type.String(), Type.Number()),
}, { additionalProperties: true, description: "the rules engine's call (shared/contracts/EVENTS.md)" });

const Confidence = Type.Object({ value: Type.Number({ minimum: 0, maximum: 1 }), reasons: Type.Array(Type.String()) });
const Words = Type.Object({
  headline: Type.String(), tone: Type.String(), rules: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })), next: Type.String(),
});
const JudgedCall = Type.Object({
  matchId: Type.Integer(), ord: Type.Integer(), origin: Type.String(), call: CallSchema, words: Words, confidence: Confidence,
  confirmed: Type.Boolean(), paths: Type.Array(Type.Object({ id: Type.Integer(), points: Type.Array(Type.Tuple([Type.Number(), Type.Number()])) })),
});

export const FrameMessage = Type.Object({
  type: Type.Literal('frame'), t: Type.Number(), pass: Type.Integer(), frame: Type.Integer(), moving: Type.Boolean(), sentAt: Type.Number(),
  balls: Type.Array(Type.Object({ id: Nullable(Type.Integer()), x: Type.Number(), y: Type.Number(), o: Type.Optional(Type.Literal(1)) })),
}, { description: 'ball positions (table metres), at the source rate up to 30 Hz' });
export const EventMessage = Type.Object({
  type: Type.Literal('event'), matchId: Type.Integer(), t: Nullable(Type.Number()), kind: Type.String(), text: Type.String(),
  detail: Type.Optional(Type.Unknown()),
}, { description: 'a line of the log (shot with its events, rack, disturbed, operator input) or a happening (motion, refusals)' });
export const CallMessage = Type.Composite([Type.Object({ type: Type.Literal('call') }), JudgedCall], {
  description: "a call: the rules engine's call object, its plain words (rule ids and texts) and a confidence",
});
const StateBody = Type.Object({
  matchId: Type.Integer(), title: Type.String(), status: Type.String(), game: Type.String(), table: Type.String(),
  players: Type.Tuple([Type.String(), Type.String()]), raceTo: Nullable(Type.Integer()), gameNo: Type.Integer(),
  score: Type.Record(Type.String(), Type.Number()), shooter: Type.String(), breaker: Type.String(), breakNext: Type.Boolean(),
  ballInHand: Type.String(), ballInHandZone: Nullable(Type.Object({ x0: Type.Number(), x1: Type.Number(), y0: Type.Number(), y1: Type.Number() })),
  groups: Type.Record(Type.String(), Nullable(Type.String())), consecutiveFouls: Type.Record(Type.String(), Type.Integer()),
  warned: Type.Record(Type.String(), Type.Boolean()), warningDue: Nullable(Type.String()), pushOutAvailable: Type.Boolean(),
  awaiting: Nullable(Type.Object({ by: Type.String(), choices: Type.Array(Type.String()), question: Type.String() })),
  respot: Type.Array(Respot), ballsLeft: Type.Array(Type.Integer()), bed: Type.Array(Type.Object({ id: Type.Integer(), x: Type.Number(), y: Type.Number() })),
  pendingDeclared: Nullable(Type.Object({}, { additionalProperties: true })), gameOver: Nullable(GameOver), matchOver: Nullable(GameOver),
  lastCallSeq: Type.Integer(),
});
export const StateMessage = Type.Composite([Type.Object({ type: Type.Literal('state') }), StateBody], {
  description: 'score, turn, groups, fouls, ball in hand and its zone, respots, the awaited decision',
});
export const StatusMessage = Type.Object({
  type: Type.Literal('status'), viewers: Type.Integer(),
  delivery: Type.Object({ framesSent: Type.Integer(), framesDropped: Type.Integer() }, { description: 'frames sent to viewers, and skipped for slow ones' }),
  source: Type.Object({ key: Type.String(), label: Type.String() }),
  balls: Type.Object({
    kind: Type.String(), description: Type.String(), state: Type.String(), fps: Type.Number(), reconnects: Type.Integer(), lastError: Nullable(Type.String()),
    vision: Type.Optional(Type.Object({
      decodedFps: Type.Number(), processedFps: Type.Number(), droppedFps: Type.Number(), lagMs: Type.Number(), visionMs: Type.Number(),
      calibration: Type.String(), behind: Type.Boolean(), worker: Type.String(),
    }, { description: 'the vision tracker: frames/s decoded, tracked and dropped to keep up, how late it runs, where its calibration comes from' })),
    note: Type.Optional(Nullable(Type.String({ description: 'what the pages should say about the source (vision behind, calibrating)' }))),
  }),
  video: Nullable(Type.Object({ kind: Type.String(), state: Type.String(), fps: Type.Number(), reconnects: Type.Integer() }, { additionalProperties: true })),
  matchId: Type.Integer(), t: Nullable(Type.Number()),
  latency: Type.Object({
    inferMs: Type.Number(), callMs: Nullable(Type.Number()), callMsMax: Nullable(Type.Number()), callsMeasured: Type.Integer(), frameAgeMs: Nullable(Type.Number()),
  }),
  uptimeS: Type.Number(),
  eventLoop: Type.Object({ p99Ms: Type.Number(), maxMs: Type.Number() }, { description: "the server's event-loop delay over the last second" }),
  lastError: Nullable(Type.String()),
}, { description: 'the sources (state, fps, reconnects) and latencies, every second' });
export const SnapshotMessage = Type.Object({
  type: Type.Literal('snapshot'), state: StateBody, calls: Type.Array(JudgedCall), status: Type.Omit(StatusMessage, ['type']),
}, { description: 'sent on connecting and whenever the calls were rewritten (overturn, new match)' });

export const WS_MESSAGES = { frame: FrameMessage, event: EventMessage, call: CallMessage, state: StateMessage, status: StatusMessage, snapshot: SnapshotMessage } as const;
