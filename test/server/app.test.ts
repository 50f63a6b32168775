// The app through its HTTP surface (fastify inject) and its WebSocket: validation, the operator
// token, an operator action's round trip into the rules engine, overturning, the docs.
import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import { judgeText } from '../../services/rules/judge.ts';
import type { InferredLine } from '../../services/events/infer.ts';
import { WS_MESSAGES } from '../../services/server/schemas.ts';
import { connectViewer, startTestServer, TEST_TOKEN, waitFor, type TestServer } from '../support/server.ts';

const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
const shots = truth.filter((l): l is ShotLine => l.kind === 'shot').map(({ declared: _d, ...camera }) => camera as ShotLine);
const auth = { authorization: `Bearer ${TEST_TOKEN}` };

describe('the live referee app', () => {
  let s: TestServer;
  const camera = (line: InferredLine) => s.runtime.pipeline.session.ingestCamera({ line, frames: [] });
  const id = () => s.runtime.pipeline.session.id;
  const post = (url: string, payload: unknown, headers: Record<string, string> = auth) =>
    s.app.inject({ method: 'POST', url: `/api/matches/${id()}${url}`, payload: payload as object, headers });
  const counts = () => ({ lines: s.runtime.store.lines(id()).length, calls: s.runtime.store.calls(id()).length, declared: s.runtime.pipeline.session.record.pendingDeclared });

  beforeAll(async () => { s = await startTestServer({ script: false }, false); }, 60_000);
  afterAll(async () => { await s.dispose(); }, 30_000);

  it('serves the pages, the state and the status', async () => {
    for (const page of ['/', '/operator', '/overlay', '/review', '/calibration']) {
      const r = await s.app.inject(page);
      expect(r.statusCode, page).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
    }
    const state = (await s.app.inject('/api/state')).json();
    expect(state).toMatchObject({ game: '9ball', players: ['Ann', 'Bob'], shooter: 'Ann', breakNext: true, ballInHand: 'kitchen' });
    expect(Value.Check(WS_MESSAGES.state, { type: 'state', ...state })).toBe(true);
    const status = (await s.app.inject('/api/status')).json();
    expect(Value.Check(WS_MESSAGES.status, status), JSON.stringify([...Value.Errors(WS_MESSAGES.status, status)][0])).toBe(true);
  });

  it('refuses operator actions without the token (401) or with a wrong one (403), and audits the refusal', async () => {
    const before = counts();
    const none = await post('/warning', { to: 'Ann' }, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('auth/token-required');
    const wrong = await post('/foul', { rule: 'G18h', by: 'Ann' }, { authorization: 'Bearer nope' });
    expect(wrong.statusCode).toBe(403);
    // Refused before validation: a wrong token learns nothing about the body.
    expect((await post('/decision', { by: 'Ann', choice: 'maybe' }, { authorization: 'Bearer nope' })).statusCode).toBe(403);
    expect(counts()).toEqual(before);
    const audit = (await s.app.inject({ url: `/api/matches/${id()}/audit`, headers: auth })).json() as { status: number; outcome: string }[];
    expect(audit.filter((a) => a.status === 401 || a.status === 403).length).toBeGreaterThanOrEqual(3);
    expect((await s.app.inject(`/api/matches/${id()}/audit`)).statusCode).toBe(401);
  });

  it('answers bad input with a 400 that names the field, and changes nothing', async () => {
    const before = counts();
    const bad = [
      [{ by: 'Ann', choice: 'maybe' }, '/decision', /body\/choice must be one of: play, pass/],
      [{ by: 'Ann' }, '/decision', /missing "choice"/],
      [{ rule: 'foot', by: 'Ann' }, '/foul', /body\/rule must match pattern/],
      [{ to: 'Ann', extra: 1 }, '/warning', /unknown field "extra"/],
      [{ call: { ball: 16, pocket: 'foot-left' } }, '/declare', /body\/call\/ball must be <= 15/],
      [{ call: { ball: 5, pocket: 'corner' } }, '/declare', /body\/call\/pocket must be one of/],
      [{ seq: 1, ruling: 'foul', reason: 'no rule given' }, '/overturn', /body\/rule is required/],
    ] as const;
    for (const [payload, url, message] of bad) {
      const r = await post(url, payload);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().message, url).toMatch(message);
    }
    expect((await post('/decision', { by: 'Zed', choice: 'play' })).json().message).toMatch(/by: "Zed" is not a player|player/);
    expect((await s.app.inject({ method: 'POST', url: `/api/matches/${id()}/warning`, payload: 'not json', headers: { ...auth, 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await s.app.inject({ url: '/api/matches/abc' })).statusCode).toBe(400);
    expect((await s.app.inject({ url: '/api/matches/999' })).statusCode).toBe(404);
    expect(counts()).toEqual(before);
  });

  it('round-trips operator actions into the rules engine and out to a WebSocket viewer', async () => {
    const viewer = await connectViewer(s.url);
    const got = viewer.messages;
    await waitFor(() => got.find((m) => m.type === 'snapshot'), 3000, 'the snapshot');

    camera(truth[1] as InferredLine); // the rack
    const brk = camera(shots[0]!);
    expect(brk[0]!.call).toMatchObject({ input: 'shot', legal: true, pocketed: [5], break: true });
    // A push-out is only for the shot after a legal break: now it is available.
    const declared = await post('/declare', { pushOut: true });
    expect(declared.statusCode).toBe(200);
    expect(declared.json().state.pendingDeclared).toEqual({ pushOut: true });
    const push = camera(shots[1]!);
    expect(push[0]!.call).toMatchObject({ pushOut: true, next: { awaiting: { by: 'Bob', choices: ['play', 'pass'] } } });
    expect(s.runtime.pipeline.session.record.pendingDeclared).toBeNull();

    const decided = await post('/decision', { by: 'Bob', choice: 'pass' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().result[0].call).toMatchObject({ input: 'decision', decision: 'pass', next: { player: 'Ann' } });
    expect(decided.json().result[0].words.headline).toBe('Bob chose to pass the shot back');

    // The same decision again: nobody awaits one. 409 with the engine's reason, nothing changes.
    const before = counts();
    const again = await post('/decision', { by: 'Bob', choice: 'pass' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'decision/not-awaited', message: 'no decision is awaited' });
    expect((await post('/warning', { to: 'Ann' })).json().error).toBe('warning/not-due');
    expect((await post('/declare', { pushOut: true })).json().error).toBe('declare/no-push-out');
    expect(counts()).toEqual(before);

    const calls = await waitFor(() => { const c = got.filter((m) => m.type === 'call'); return c.length >= 3 ? c : undefined; }, 3000, 'three calls');
    expect(calls.map((c) => (c.call as { input: string }).input)).toEqual(['shot', 'shot', 'decision']);
    for (const m of got) expect(Value.Check(WS_MESSAGES[m.type as keyof typeof WS_MESSAGES], m), `${m.type}: ${JSON.stringify([...Value.Errors(WS_MESSAGES[m.type as keyof typeof WS_MESSAGES], m)][0])}`).toBe(true);
    expect(got.some((m) => m.type === 'state' && (m.pendingDeclared as object | null)?.constructor === Object)).toBe(true);
    viewer.close();

    // The stored log judges to the same calls as the live referee made.
    const jsonl = (await s.app.inject(`/api/matches/${id()}/lines?format=jsonl`)).body;
    const stored = (await s.app.inject(`/api/matches/${id()}/calls`)).json() as { call: unknown }[];
    expect(judgeText(jsonl).calls).toEqual(stored.map((c) => c.call));
    const audit = (await s.app.inject({ url: `/api/matches/${id()}/audit`, headers: auth })).json() as { action: string; status: number }[];
    expect(audit.filter((a) => a.status === 200).map((a) => a.action).reverse()).toEqual(['declare', 'decision']);
  });

  it('overturns a call of the current shot (void, foul, first contact) and refuses one after the next shot (G24.2)', async () => {
    const third = camera(shots[2]!)[0]!;
    expect(third.call.legal).toBe(true);
    const foul = await post('/overturn', { seq: third.call.seq, ruling: 'foul', rule: 'G18h', reason: 'foot off the floor' });
    expect(foul.statusCode).toBe(200);
    expect(foul.json().result.calls[0].call).toMatchObject({ input: 'foul', fouls: [{ rule: 'G18h', code: 'foul/foot-off-floor' }], next: { player: 'Bob', ballInHand: 'anywhere' } });
    const fourth = camera(shots[3]!)[0]!;
    const tooLate = await post('/overturn', { seq: third.call.seq, ruling: 'void', reason: 'too late' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toMatch(/G24.2/);
    // The cue ball hit another ball first: the shot is re-judged with that contact.
    const fc = await post('/overturn', { seq: fourth.call.seq, ruling: 'first-contact', ball: 4, reason: 'it hit the 4' });
    expect(fc.statusCode).toBe(200);
    const rejudged = (await s.app.inject(`/api/matches/${id()}/calls`)).json() as { call: { seq: number; fouls: { code: string }[] }; ord: number }[];
    expect(rejudged.find((c) => c.call.seq === fourth.call.seq)!.call.fouls.map((f) => f.code)).toContain('foul/wrong-ball-first');
    const lines = (await s.app.inject(`/api/matches/${id()}/lines`)).json() as { ord: number; originalText: string | null }[];
    expect(lines.find((l) => l.ord === fourth.ord)!.originalText).not.toBeNull();
    const voided = await post('/overturn', { seq: fourth.call.seq, ruling: 'void', reason: 'not a shot' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().result.voided).toEqual([fourth.ord]);
    const after = (await s.app.inject(`/api/matches/${id()}/calls`)).json() as { call: { seq: number; input: string } }[];
    expect(after.at(-1)!.call.input).toBe('foul');
    expect(s.runtime.pipeline.state().shooter).toBe('Bob');
  });

  it('overturns a foul to legal: the camera facts behind it corrected (audited), an operator foul voided', async () => {
    const fifth = camera(shots[4]!)[0]!;
    expect(fifth.call.fouls.map((f) => f.code)).toEqual(['foul/wrong-ball-first']);
    const legal = await post('/overturn', { seq: fifth.call.seq, ruling: 'legal', reason: 'it hit the lowest ball first' });
    expect(legal.statusCode, legal.body).toBe(200);
    const calls = (await s.app.inject(`/api/matches/${id()}/calls`)).json() as { call: { seq: number; legal: boolean; fouls: unknown[] }; ord: number }[];
    const rejudged = calls.find((c) => c.ord === fifth.ord)!;
    expect(rejudged.call).toMatchObject({ legal: true, fouls: [] });
    const line = (await s.app.inject(`/api/matches/${id()}/lines`)).json().find((l: { ord: number }) => l.ord === fifth.ord) as { text: string; originalText: string };
    expect(JSON.parse(line.originalText)).toEqual(JSON.parse(JSON.stringify(shots[4])));
    const lowest = Math.min(...shots[4]!.start!.balls.map((b) => b.id).filter((b) => b !== 0));
    expect((JSON.parse(line.text) as ShotLine).events.find((e) => e.type === 'contact')).toMatchObject({ a: 0, b: lowest });
    const again = await post('/overturn', { seq: rejudged.call.seq, ruling: 'legal', reason: 'twice' });
    expect(again.json()).toMatchObject({ error: 'overturn/already-legal' });
    // The other direction and back: the operator's foul, then that foul overturned to legal.
    const foul = await post('/overturn', { seq: rejudged.call.seq, ruling: 'foul', rule: 'G18h', reason: 'foot off the floor' });
    const foulCall = foul.json().result.calls[0] as { call: { seq: number }; ord: number };
    const undo = await post('/overturn', { seq: foulCall.call.seq, ruling: 'legal', reason: 'the foot stayed down' });
    expect(undo.json().result.voided).toEqual([foulCall.ord]);
    const audit = (await s.app.inject({ url: `/api/matches/${id()}/audit`, headers: auth })).json() as { action: string; status: number; body: { ruling?: string } }[];
    expect(audit.filter((a) => a.action === 'overturn' && a.status === 200).slice(0, 3).map((a) => a.body.ruling)).toEqual(['legal', 'foul', 'legal']);
  });

  it('starts a new match on the table (operator) and lists it', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/api/matches', headers: auth, payload: { game: '8ball', players: ['Cy', 'Di'], raceTo: 3 } });
    expect(r.statusCode).toBe(201);
    expect(r.json().state).toMatchObject({ game: '8ball', players: ['Cy', 'Di'], raceTo: 3, breakNext: true });
    expect((await s.app.inject({ method: 'POST', url: '/api/matches', headers: auth, payload: { game: '8ball', players: ['Cy', 'Cy'] } })).statusCode).toBe(400);
    const list = (await s.app.inject('/api/matches')).json() as { id: number; status: string; current: boolean }[];
    expect(list[0]).toMatchObject({ current: true, status: 'live' });
    expect(list[1]).toMatchObject({ status: 'closed' });
  });

  it('documents every route and message', async () => {
    const docs = (await s.app.inject('/api/docs')).json() as { routes: { url: string; operator: boolean; summary: string | null }[]; websocket: { messages: Record<string, unknown> } };
    expect(docs.routes.find((r) => r.url === '/api/matches/:id/decision')).toMatchObject({ operator: true });
    expect(docs.routes.every((r) => r.summary)).toBe(true);
    expect(Object.keys(docs.websocket.messages)).toEqual(['frame', 'event', 'call', 'state', 'status', 'snapshot']);
    const api = (await s.app.inject('/api/openapi.json')).json() as { openapi: string; paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[]; anyOf?: { const: string }[] }> } }> }; parameters?: { name: string; in: string }[] }>> };
    expect(api.openapi).toBe('3.1.0');
    const overturn = api.paths['/api/matches/{id}/overturn']!.post!;
    expect(overturn.security).toEqual([{ operatorToken: [] }]);
    expect(overturn.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(JSON.stringify(overturn.requestBody!.content['application/json']!.schema.properties.ruling)).toContain('legal');
    expect(api.paths['/api/state']!.get!.security).toBeUndefined();
  });

  it('serves recordings, a still frame, calibrations and the review of a recording', async () => {
    expect((await s.app.inject('/api/recordings')).json().map((r: { name: string }) => r.name)).toContain('demo');
    const video = await s.app.inject({ url: '/api/recordings/demo/video', headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.length).toBe(100);
    expect((await s.app.inject('/api/recordings/..%2Fetc/log')).statusCode).toBe(400);
    const review = (await s.app.inject('/api/recordings/demo/review?log=truth')).json() as { calls: unknown[]; entries: unknown[] };
    expect(review.calls.length).toBe(judgeText(truth.map((l) => JSON.stringify(l)).join('\n')).calls.length);
    const tables = (await s.app.inject('/api/tables')).json() as { id: number; calibrationId: number }[];
    const cal = (await s.app.inject(`/api/calibrations/${tables[0]!.calibrationId}`)).json() as { id: number; corners: { u: number; v: number }[] };
    expect(cal.corners).toHaveLength(4);
    const moved = cal.corners.map((c, i) => (i === 0 ? { u: c.u + 3, v: c.v - 2 } : { u: c.u, v: c.v }));
    const saved = await s.app.inject({ method: 'POST', url: '/api/calibrations', headers: auth, payload: { base: cal.id, label: 'nudged', corners: moved } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().residualPx).toBeLessThan(0.5);
    const crossed = [moved[0], moved[2], moved[1], moved[3]];
    expect((await s.app.inject({ method: 'POST', url: '/api/calibrations', headers: auth, payload: { base: cal.id, label: 'x', corners: crossed } })).statusCode).toBe(400);
    expect((await s.app.inject('/api/tables')).json()[0].calibrationId).toBe(saved.json().id);
  });
});
