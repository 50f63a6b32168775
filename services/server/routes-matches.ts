// Matches (REST): the list, one match with its state, its log lines, its calls, its audit, a
// review of it; starting a match; and the operator's actions on the match on the table.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DecisionChoice } from '../contract/ids.ts';
import type { MatchLine } from '../contract/log.ts';
import { callFoul, confirmCall, decide, declare, giveWarning, overturn, type OverturnRuling } from '../live/operator-actions.ts';
import { RefereeError, type Actor, type RefereeSession } from '../live/referee-session.ts';
import { judgeLines } from '../live/referee-session.ts';
import { requireOperator } from './auth.ts';
import type { Runtime } from './runtime.ts';
import {
  ConfirmBody, DeclareBody, DecisionBody, FoulBody, IdParams, NewMatchBody, OverturnBody, WarningBody,
} from './schemas.ts';

const actorOf = (request: FastifyRequest, action: string): Actor => {
  const name = request.headers['x-operator-name'];
  return { name: typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 40) : 'operator', action, body: request.body ?? null };
};

export async function matchRoutes(app: FastifyInstance, rt: Runtime): Promise<void> {
  const operator = requireOperator(rt.catalog, rt.store);

  app.get('/api/matches', { config: { summary: 'matches, newest first' } }, async () =>
    rt.store.matches().map((m) => ({ ...m, current: m.id === rt.pipeline.session.id })));

  app.get<{ Params: IdParams }>('/api/matches/:id', { schema: { params: IdParams }, config: { summary: 'a match and its state' } }, async (req) => {
    const record = rt.store.match(req.params.id);
    if (!record) throw new RefereeError(404, 'match/not-found', `no match ${req.params.id}`);
    const current = record.id === rt.pipeline.session.id;
    return { match: record, current, state: current ? rt.pipeline.state() : null, calls: rt.store.calls(record.id).length };
  });

  app.get<{ Params: IdParams }>('/api/matches/:id/lines', { schema: { params: IdParams }, config: { summary: 'the log lines (JSON Lines: ?format=jsonl)' } }, async (req, reply) => {
    const lines = rt.store.lines(req.params.id);
    if (!rt.store.match(req.params.id)) throw new RefereeError(404, 'match/not-found', `no match ${req.params.id}`);
    if ((req.query as { format?: string }).format === 'jsonl') {
      return reply.type('application/x-ndjson').send(lines.filter((l) => !l.voided).map((l) => l.text + '\n').join(''));
    }
    return lines;
  });

  app.get<{ Params: IdParams }>('/api/matches/:id/calls', { schema: { params: IdParams }, config: { summary: 'the calls, with words and confidence' } }, async (req) => {
    if (!rt.store.match(req.params.id)) throw new RefereeError(404, 'match/not-found', `no match ${req.params.id}`);
    return rt.store.calls(req.params.id);
  });

  app.get<{ Params: IdParams }>('/api/matches/:id/review', { schema: { params: IdParams }, config: { summary: 'the log and calls for the review page' } }, async (req) => {
    const record = rt.store.match(req.params.id);
    if (!record) throw new RefereeError(404, 'match/not-found', `no match ${req.params.id}`);
    const lines = rt.store.lines(record.id, false);
    const recording = record.source.startsWith('recording:') ? record.source.slice('recording:'.length) : null;
    const entries = lines.map((l) => ({ ord: l.ord, origin: l.origin, line: JSON.parse(l.text) as unknown }));
    return { name: record.title, log: 'match', matchId: record.id, recording, entries, calls: judgeLines(record.id, lines).calls };
  });

  app.get<{ Params: IdParams }>('/api/matches/:id/audit', { preValidation: operator, config: { operator: true, summary: 'operator actions (audit)' }, schema: { params: IdParams } }, async (req) =>
    rt.store.auditLog(req.params.id));

  app.post<{ Body: NewMatchBody }>('/api/matches', { preValidation: operator, config: { operator: true, summary: 'start a match on the table (the current one is closed)' }, schema: { body: NewMatchBody } }, async (req, reply) => {
    const b = req.body;
    if (b.players[0] === b.players[1]) throw new RefereeError(400, 'match/players', 'the two players need different names');
    const firstBreak = b.firstBreak ?? b.players[0];
    if (!b.players.includes(firstBreak)) throw new RefereeError(400, 'match/first-break', `firstBreak must be ${b.players.join(' or ')}`);
    const match: MatchLine = {
      kind: 'match', game: b.game, table: b.table ?? rt.tableSize, players: [b.players[0], b.players[1]],
      ...(b.game === '14.1' ? { target: b.target ?? 100 } : { raceTo: b.raceTo ?? 7 }), breaks: b.breaks ?? 'winner', firstBreak,
    };
    const actor = actorOf(req, 'new-match');
    const s = rt.pipeline.newMatch({ match, title: b.title ?? `${match.players[0]} v ${match.players[1]}`, tableId: rt.tableId }, rt.pipeline.session.record.sourcePass);
    s.audit(actor, 201, 'match started');
    return reply.status(201).send({ match: s.record, state: s.state() });
  });

  /** An operator action on the match on the table; refusals are audited too. */
  const act = <B>(name: string, run: (s: RefereeSession, body: B, actor: Actor) => unknown) =>
    async (req: FastifyRequest) => {
      const session = rt.pipeline.session;
      const actor = actorOf(req, name);
      const { id } = req.params as IdParams; // validated by the route's schema
      const body = req.body as B;
      try {
        if (id !== session.id) throw new RefereeError(409, 'match/not-current', `match ${id} is not the match on the table (that is ${session.id})`);
        const result = run(session, body, actor);
        return { ok: true, result, state: session.state() };
      } catch (e) {
        if (e instanceof RefereeError) rt.store.audit({ matchId: id, actor: actor.name, action: name, body, status: e.status, outcome: `refused: ${e.message}` });
        throw e;
      }
    };
  const opts = (body: object, summary: string) => ({ preValidation: operator, config: { operator: true, summary }, schema: { params: IdParams, body } });

  app.post('/api/matches/:id/declare', opts(DeclareBody, 'declare the next shot: called ball and pocket, safety, push-out'),
    act<DeclareBody>('declare', (s, b, a) => declare(s, b, a)));
  app.post('/api/matches/:id/decision', opts(DecisionBody, 'a decision: play/pass after a push-out, the break options'),
    act<DecisionBody>('decision', (s, b, a) => decide(s, b.by, b.choice as DecisionChoice, a)));
  app.post('/api/matches/:id/foul', opts(FoulBody, 'a foul the camera cannot see'),
    act<FoulBody>('foul', (s, b, a) => callFoul(s, b.rule, b.by, a)));
  app.post('/api/matches/:id/warning', opts(WarningBody, 'the two-foul warning (G19)'),
    act<WarningBody>('warning', (s, b, a) => giveWarning(s, b.to, a)));
  app.post('/api/matches/:id/confirm', opts(ConfirmBody, 'confirm a call (low-confidence calls ask for it)'),
    act<ConfirmBody>('confirm', (s, b, a) => confirmCall(s, b.seq, a)));
  app.post('/api/matches/:id/overturn', opts(OverturnBody, 'overturn a call of the current shot (G24.2)'),
    act<OverturnBody>('overturn', (s, b, a) => overturn(s, b.seq, rulingOf(b), a)));
}

function rulingOf(b: OverturnBody): OverturnRuling {
  if (b.ruling === 'void') return { kind: 'void' };
  if (b.ruling === 'foul') {
    if (!b.rule) throw new RefereeError(400, 'overturn/rule', 'body/rule is required for a foul ruling (e.g. G18h)');
    return { kind: 'foul', rule: b.rule };
  }
  if (b.ruling === 'legal') return { kind: 'legal', ...(b.ball !== undefined ? { ball: b.ball } : {}) };
  if (b.ball === undefined) throw new RefereeError(400, 'overturn/ball', 'body/ball is required for a first-contact ruling');
  return { kind: 'first-contact', ball: b.ball };
}
