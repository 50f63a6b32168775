// The REST routes as an OpenAPI 3.1 document, built from the same TypeBox schemas fastify
// validates with (JSON Schema as they are): paths, parameters, bodies, the operator's bearer
// token. The WebSocket messages are listed as components (OpenAPI has no WebSocket paths).
import { WS_MESSAGES } from './schemas.ts';

/** What a route says about itself, for the OpenAPI document (from its fastify schema). */
export interface RouteDoc {
  method: string;
  url: string;
  summary: string | null;
  operator: boolean;
  schema: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** Parameters of a JSON-Schema object (path or query), as OpenAPI parameter objects. */
function parameters(schema: unknown, where: 'path' | 'query'): Json[] {
  const s = schema as { properties?: Record<string, Json>; required?: string[] } | undefined;
  if (!s?.properties) return [];
  return Object.entries(s.properties).map(([name, p]) => ({ name, in: where, required: where === 'path' || (s.required ?? []).includes(name), schema: p }));
}

export function openApiOf(docs: readonly RouteDoc[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const d of docs) {
    if (d.url === '/ws') continue;
    const url = d.url.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...d.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    for (const method of d.method.split(',')) {
      const params = [...parameters(d.schema.params, 'path'), ...parameters(d.schema.querystring, 'query')];
      for (const name of pathParams) if (!params.some((p) => p.name === name)) params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      const op: Json = {
        summary: d.summary ?? '',
        ...(params.length > 0 ? { parameters: params } : {}),
        ...(d.schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: d.schema.body } } } } : {}),
        responses: {
          '200': { description: 'done' },
          '4XX': { description: 'refused: { error, message } says what is wrong; nothing changed', content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } } } } },
        },
        ...(d.operator ? { security: [{ operatorToken: [] }] } : {}),
      };
      (paths[url] ??= {})[method.toLowerCase()] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Railbird live referee', version: '1', description: 'Operator actions need the operator token (Authorization: Bearer); everything else is read-only. Viewers use the WebSocket /ws (messages under components.schemas, by type).' },
    paths,
    components: {
      securitySchemes: { operatorToken: { type: 'http', scheme: 'bearer' } },
      schemas: Object.fromEntries(Object.entries(WS_MESSAGES).map(([k, v]) => [`ws-${k}`, v])),
    },
  };
}
