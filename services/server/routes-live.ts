// The live side: the WebSocket for viewers, the status, the state, the camera image, and the
// docs (every route with its schemas, and the WebSocket messages; the same as OpenAPI 3.1).
import type { FastifyInstance } from 'fastify';
import type { Runtime } from './runtime.ts';
import { openApiOf, type RouteDoc } from './openapi.ts';
import { WS_MESSAGES } from './schemas.ts';
import type { ViewerSocket, WsHub } from './ws-hub.ts';

export async function liveRoutes(app: FastifyInstance, rt: Runtime, hub: WsHub, docs: RouteDoc[]): Promise<void> {
  app.get('/ws', { websocket: true, config: { summary: 'WebSocket: frame, event, call, state, status, snapshot messages (read-only)' } }, (socket) => {
    hub.add(socket as unknown as ViewerSocket);
  });

  app.get('/api/health', { config: { summary: 'liveness' } }, async () => ({ ok: true }));
  app.get('/api/status', { config: { summary: 'sources, fps, latency' } }, async () => hub.statusMessage(rt.pipeline.status()));
  app.get('/api/state', { config: { summary: 'the state of the match on the table' } }, async () => rt.pipeline.state());
  app.get('/api/calls', { config: { summary: 'the calls of the match on the table' } }, async () => rt.pipeline.calls());
  app.get('/api/operator-fouls', { config: { summary: 'fouls the operator can call (rule, label)' } }, async () => (await import('../live/rule-texts.ts')).OPERATOR_FOULS);

  app.get('/api/camera.jpg', { config: { summary: 'the latest camera snapshot (JPEG)' } }, async (_req, reply) => {
    const snap = rt.source.video?.latest;
    if (!snap) return reply.status(503).send({ error: 'camera/no-image', message: rt.source.video ? 'no camera image yet' : 'no video source' });
    return reply.type('image/jpeg').header('cache-control', 'no-store').header('x-snapshot-seq', String(snap.seq)).header('x-snapshot-t', snap.t.toFixed(2)).send(snap.jpeg);
  });

  app.get('/api/openapi.json', { config: { summary: 'the REST routes as an OpenAPI 3.1 document' } }, async () => openApiOf(docs));
  app.get('/api/docs', { config: { summary: 'this list' } }, async () => ({
    name: 'Railbird live referee',
    auth: 'operator actions need Authorization: Bearer <operator token>; everything else is read-only',
    routes: docs,
    websocket: { path: '/ws', messages: WS_MESSAGES },
  }));
}
