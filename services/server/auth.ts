// Operator actions need the operator token (Authorization: Bearer <token>, or X-Operator-Token);
// viewers and the overlay are read-only. A refusal is audited like any other action.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogStore } from '../storage/catalog-store.ts';
import type { MatchStore } from '../storage/match-store.ts';

export function presentedToken(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim();
  const h = request.headers['x-operator-token'];
  return typeof h === 'string' && h !== '' ? h : null;
}

/** A preValidation hook that refuses (before the body is validated) (401 no token, 403 wrong token) and audits the refusal. */
export function requireOperator(catalog: CatalogStore, store: MatchStore) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = presentedToken(request);
    if (token !== null && catalog.tokenMatches(token)) return;
    const status = token === null ? 401 : 403;
    const params = request.params as { id?: string | number } | undefined;
    const matchId = Number(params?.id);
    store.audit({
      matchId: Number.isInteger(matchId) && matchId > 0 ? matchId : null, actor: `unauthenticated ${request.ip}`,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`, body: request.body ?? null, status,
      outcome: token === null ? 'refused: no operator token' : 'refused: wrong operator token',
    });
    await reply.status(status).send(token === null
      ? { error: 'auth/token-required', message: 'this is an operator action: send the operator token (Authorization: Bearer <token>)' }
      : { error: 'auth/token-refused', message: 'the operator token is not right' });
  };
}
