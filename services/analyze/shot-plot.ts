// One picture per shot: the table from above, every ball that moved with its path (from the
// tracks), where it started (ring) and stopped (disc), numbered markers where the events were
// inferred (contacts, cushions, pockets, balls off the table, head-string crossings), and a
// panel listing those events and the referee's call.
import type { BallId } from '../contract/ids.ts';
import type { Call, ShotEvent, ShotLine } from '../contract/log.ts';
import { BALL_RADIUS, headStringX, pocketCentre, type TableSpec } from '../table/spec.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { Canvas, type Colour } from './canvas.ts';

const BALL_COLOURS: Record<number, Colour> = {
  0: [245, 245, 240], 1: [250, 200, 20], 2: [30, 80, 220], 3: [220, 30, 30], 4: [120, 40, 170], 5: [250, 120, 20],
  6: [20, 150, 60], 7: [130, 30, 40], 8: [15, 15, 15],
};
const colourOf = (id: BallId | null): Colour => (id === null ? [160, 160, 160] : BALL_COLOURS[id > 8 ? id - 8 : id]!);
const CLOTH: Colour = [28, 100, 66];
const RAIL: Colour = [90, 55, 30];
const WHITE: Colour = [255, 255, 255];
const MARK: Colour = [255, 240, 90];

export interface ShotPicture {
  shot: ShotLine;
  /** 1-based shot number in the log. */
  number: number;
  call: Call | null;
  notes: string[];
  /** The track frames from the strike to the end of the shot. */
  frames: TrackFrame[];
  table: TableSpec;
}

/** A ball's position at time t, interpolated between the frames that saw it (null if never seen). */
export function positionAt(frames: readonly TrackFrame[], id: BallId, t: number): { x: number; y: number } | null {
  let before: { t: number; x: number; y: number } | null = null;
  for (const f of frames) {
    const b = f.balls.find((x) => x.id === id);
    if (!b) continue;
    if (f.t >= t) {
      if (!before || f.t === before.t) return { x: b.x, y: b.y };
      const w = (t - before.t) / (f.t - before.t);
      return { x: before.x + w * (b.x - before.x), y: before.y + w * (b.y - before.y) };
    }
    before = { t: f.t, x: b.x, y: b.y };
  }
  return before;
}

function eventText(e: ShotEvent): string {
  switch (e.type) {
    case 'strike': return 'strike';
    case 'contact': return `contact ${e.a}-${e.b}`;
    case 'cushion': return `cushion ${e.ball} ${e.cushion}`;
    case 'pocket': return `pocket ${e.ball} ${e.pocket}`;
    case 'off-table': return `off table ${e.ball}`;
    case 'cross': return `cross ${e.ball} head string`;
  }
}

function callText(c: Call | null): string[] {
  if (!c) return ['no call'];
  const head = `${c.shooter ?? '-'}: ${c.legal ? 'legal' : 'foul'}${c.fouls.length ? ' ' + c.fouls.map((f) => `${f.rule} ${f.code}`).join(', ') : ''}`;
  const pocketed = c.pocketed.length ? ` pocketed ${c.pocketed.join(',')}` : '';
  const next = `next ${c.next.player}${c.next.ballInHand !== 'none' ? `, ball in hand ${c.next.ballInHand}` : ''}${c.gameOver ? `. game over: ${c.gameOver.winner ?? '-'} (${c.gameOver.rule})` : ''}`;
  return [head + pocketed, next];
}

/** Splits a text into lines of at most `n` characters, at spaces where it can. */
function wrap(s: string, n: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (rest.length > n) {
    const cut = rest.lastIndexOf(' ', n) > n / 2 ? rest.lastIndexOf(' ', n) : n;
    out.push(rest.slice(0, cut));
    rest = '  ' + rest.slice(cut).trimStart();
  }
  return [...out, rest];
}

/** Draws the picture of one shot. */
export function drawShot(p: ShotPicture, pixelsPerMetre = 320): Canvas {
  const { table, shot } = p;
  const rail = 0.09 * pixelsPerMetre;
  const tw = table.length * pixelsPerMetre;
  const th = table.width * pixelsPerMetre;
  const events = shot.events.filter((e) => e.type !== 'strike');
  const width = Math.round(tw + 2 * rail);
  const texts = [`shot ${p.number}  t ${(shot.t ?? 0).toFixed(2)} s`, ...callText(p.call), ...events.map((e, k) => `${k + 1} ${eventText(e)}  ${e.t.toFixed(2)}`), ...p.notes.map((n) => `note: ${n}`)];
  const lines = texts.flatMap((s) => wrap(s, Math.floor((width - 20) / Canvas.textWidth('x', 2))));
  const panel = 12 + lines.length * 20;
  const c = new Canvas(width, Math.round(th + 2 * rail + panel), [24, 24, 28]);
  const px = (x: number, y: number): [number, number] => [rail + (x + table.length / 2) * pixelsPerMetre, rail + (table.width / 2 - y) * pixelsPerMetre];
  c.rect(0, 0, tw + 2 * rail, th + 2 * rail, RAIL);
  c.rect(rail, rail, tw, th, CLOTH);
  for (const pocket of ['head-left', 'head-right', 'side-left', 'side-right', 'foot-left', 'foot-right'] as const) {
    const q = pocketCentre(table, pocket);
    c.disc(...px(q.x, q.y), 0.06 * pixelsPerMetre, [10, 10, 10]);
  }
  const hs = px(headStringX(table), 0);
  c.line(hs[0], rail, hs[0], rail + th, [70, 140, 100], 1, 6);
  const r = BALL_RADIUS * pixelsPerMetre;
  // Paths of the balls that moved, then start rings and end discs.
  const ids = new Set<BallId>();
  for (const f of p.frames) for (const b of f.balls) if (b.id !== null) ids.add(b.id);
  for (const id of ids) {
    const path = p.frames.flatMap((f) => f.balls.filter((b) => b.id === id).map((b) => ({ x: b.x, y: b.y })));
    const first = path[0]!;
    const last = path[path.length - 1]!;
    const moved = path.some((q) => Math.hypot(q.x - first.x, q.y - first.y) > 0.01);
    const col = colourOf(id);
    if (moved) {
      for (let k = 1; k < path.length; k++) c.line(...px(path[k - 1]!.x, path[k - 1]!.y), ...px(path[k]!.x, path[k]!.y), col, 2);
      c.disc(...px(first.x, first.y), r, col, 2);
    }
    const [ei, ej] = px(last.x, last.y);
    c.disc(ei, ej, r, col);
    if (id > 8) c.disc(ei, ej, r * 0.55, WHITE);
    const label = String(id);
    c.text(ei - Canvas.textWidth(label, 1) / 2 + 0.5, ej - 3, label, id === 8 || id === 2 || id === 4 || id === 7 ? WHITE : [0, 0, 0], 1);
  }
  // Event markers, numbered as in the panel.
  events.forEach((e, k) => {
    let at: { x: number; y: number } | null = null;
    if (e.type === 'contact') at = positionAt(p.frames, e.a, e.t);
    else if (e.type === 'pocket') at = pocketCentre(table, e.pocket);
    else at = positionAt(p.frames, e.ball, e.t);
    if (!at) return;
    const [i, j] = px(at.x, at.y);
    c.disc(i, j, r + 3, e.type === 'pocket' ? [255, 80, 80] : MARK, 2);
    c.text(i + r + 4, j - r - 12, String(k + 1), MARK, 2);
  });
  lines.forEach((s, k) => c.text(10, th + 2 * rail + 8 + k * 20, s, k === 0 ? MARK : WHITE, 2));
  return c;
}
