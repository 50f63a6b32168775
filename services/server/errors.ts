// The one error handler: every refusal is a JSON body { error, message[, field] } with a 4xx that
// says what is wrong; anything unexpected is a 500 that says only that (and is logged).
import type { FastifyError, FastifyInstance } from 'fastify';
import { RefereeError } from '../live/referee-session.ts';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "body/choice must be one of: play, pass, …" from ajv's first issue. */
export function describeValidation(context: string, issues: readonly ValidationIssue[]): { message: string; field: string } {
  const first = issues.find((i) => i.params?.allowedValues) ?? issues[0];
  if (!first) return { message: `${context} is invalid`, field: context };
  const field = `${context}${first.instancePath}`;
  const p = first.params ?? {};
  let message = `${field} ${first.message ?? 'is invalid'}`;
  if (Array.isArray(p.allowedValues)) message = `${field} must be one of: ${p.allowedValues.join(', ')}`;
  if (typeof p.additionalProperty === 'string') message = `${field} has an unknown field "${p.additionalProperty}"`;
  if (typeof p.missingProperty === 'string') message = `${field} is missing "${p.missingProperty}"`;
  return { message, field: typeof p.missingProperty === 'string' ? `${field}/${p.missingProperty}` : field };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const d = describeValidation(error.validationContext ?? 'request', error.validation as ValidationIssue[]);
      return reply.status(400).send({ error: 'bad-request', message: d.message, field: d.field });
    }
    if (error instanceof RefereeError) return reply.status(error.status).send({ error: error.code, message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ error: error.code ?? 'bad-request', message: error.message });
    request.log.error(error);
    return reply.status(500).send({ error: 'internal', message: 'internal error: see the server log' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: 'not-found', message: `no route ${request.method} ${request.url.split('?')[0]}` }));
}
