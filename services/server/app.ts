// The live referee's web app as a fastify plugin: the pages (web/), the REST API, the WebSocket,
// one error handler. `buildApp` makes a fastify instance with it (server.ts only listens).
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { installErrorHandler } from './errors.ts';
import { catalogRoutes } from './routes-catalog.ts';
import { liveRoutes } from './routes-live.ts';
import { matchRoutes } from './routes-matches.ts';
import type { Runtime } from './runtime.ts';
import type { RouteDoc } from './openapi.ts';
import { WsHub } from './ws-hub.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One line for the docs. */
    summary?: string;
    /** The route needs the operator token. */
    operator?: boolean;
  }
}

export interface AppOptions {
  runtime: Runtime;
}

const PAGES: Readonly<Record<string, string>> = {
  '/operator': 'operator.html',
  '/overlay': 'overlay.html',
  '/review': 'review.html',
  '/calibration': 'calibration.html',
};

/** The plugin: every route of the app, given a runtime (store, pipeline, catalogs). */
export async function railbirdApp(app: FastifyInstance, opts: AppOptions): Promise<void> {
  const rt = opts.runtime;
  const docs: RouteDoc[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && route.url !== '/ws') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('HEAD') && methods.length === 1) return;
    docs.push({
      method: methods.filter((m) => m !== 'HEAD').join(','), url: route.url, summary: route.config?.summary ?? null,
      operator: route.config?.operator === true, schema: { ...(route.schema ?? {}) } as Record<string, unknown>,
    });
  });
  installErrorHandler(app);
  const hub = new WsHub(rt.pipeline);
  app.decorate('hub', hub);
  app.addHook('onClose', async () => hub.close());
  await app.register(fastifyStatic, { root: rt.webDir, prefix: '/', index: ['index.html'], cacheControl: false });
  for (const [url, file] of Object.entries(PAGES)) app.get(url, (_req, reply) => reply.sendFile(file));
  await liveRoutes(app, rt, hub, docs);
  await matchRoutes(app, rt);
  await catalogRoutes(app, rt);
}

/** A fastify instance serving the app (not listening). */
export async function buildApp(opts: AppOptions & { logger?: FastifyServerOptions['logger'] }): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    bodyLimit: 256 * 1024,
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(railbirdApp, opts);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: WsHub;
  }
}
