// What the server log may hold: one line per request (method, route, status, time) and errors without
// personal data. Names, emails, phone and passport numbers travel in bodies, query strings and SQL
// parameters; none of those is ever written (SECURITY.md).
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { pgErrorCode } from '../db/errors.ts';

/** Keys whose values are never logged, wherever they appear in a logged object. */
const PERSONAL_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'email',
  'firstName',
  'middleName',
  'lastName',
  'contactNumber',
  'phone',
  'passportNumber',
  'dateOfBirth',
];

type LoggedError = { type: string; message: string; stack: string; code?: string };

/**
 * Database errors carry the query's parameters (Drizzle's 'Failed query … params: …') and PostgreSQL
 * quotes values in its messages ('Key (email)=(…) already exists'): only the SQLSTATE and where it
 * happened are kept. Other errors keep their message and stack.
 */
export function sanitizeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const code = pgErrorCode(error);
  if (code) {
    const cause = (error as { cause?: { table?: string; constraint?: string; routine?: string } }).cause;
    const where = [cause?.table && `table ${cause.table}`, cause?.constraint && `constraint ${cause.constraint}`]
      .filter(Boolean)
      .join(', ');
    return { type: 'DatabaseError', code, message: `database error ${code}${where ? ` (${where})` : ''}`, stack: '' };
  }
  return { type: error.name, message: error.message, stack: error.stack ?? '' };
}

/** The logger options of a running server: pino with redaction, errors sanitised, no request objects. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.query',
        'req.body',
        'res.headers["set-cookie"]',
        ...PERSONAL_KEYS.map((key) => `*.${key}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: sanitizeError,
      // Neither the path nor the query: both can carry what someone typed (a search, an email as an id).
      req: (req: { method: string; id: string }) => ({ method: req.method, id: req.id }),
    },
  };
}

/** One line per request instead of Fastify's two, written when the answer has gone out. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        // The route's pattern ('/api/leads/:id'), never the path as sent.
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
