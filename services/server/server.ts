// Listening: the runtime (sources, pipeline, database) and the app on a port. Nothing else.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime.ts';

export interface ListenOptions {
  port: number;
  host: string;
  logger?: boolean;
  /** Start playing the source (tests that feed lines by hand leave it stopped). */
  play?: boolean;
}

export interface RunningServer {
  app: FastifyInstance;
  runtime: Runtime;
  url: string;
  close(): Promise<void>;
}

export async function startServer(options: Partial<RuntimeOptions>, listen: ListenOptions): Promise<RunningServer> {
  const runtime = createRuntime(options);
  const app = await buildApp({ runtime, logger: listen.logger ? { level: 'info' } : false });
  try {
    await app.listen({ port: listen.port, host: listen.host });
  } catch (e) {
    await runtime.close();
    throw e;
  }
  if (listen.play !== false) runtime.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const host = listen.host === '0.0.0.0' || listen.host === '::' ? '127.0.0.1' : listen.host;
  let closed = false;
  return {
    app, runtime, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await runtime.close();
    },
  };
}
