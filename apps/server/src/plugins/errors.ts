// Typed errors thrown by services, and the one handler that maps every error to the API's JSON shape.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type ApiErrorBody, type ErrorCode, GENERIC_MESSAGES } from '@crm/domain';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/errors.ts';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  constructor(code: ErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}) };
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = () => new AppError('CONFLICT', GENERIC_MESSAGES.conflict);

/** A 400 whose message joins the field messages, as the spec's 'Validation failed: ...'. */
export function validationError(fieldErrors: Record<string, string[]>): AppError {
  const messages = [...new Set(Object.values(fieldErrors).flat())];
  return new AppError('VALIDATION_FAILED', `Validation failed: ${messages.join('; ')}`, fieldErrors);
}

/**
 * A request that its route's schema refuses (plugins/closed-schemas.ts). Not an AppError: Fastify writes
 * `statusCode` and `code` onto the error a validator returns, which AppError's getter would not take.
 */
export class RequestValidationError extends Error {
  statusCode = 400;
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super('Validation failed');
  }
}

export const unknownFieldMessage = (key: string) => `Unknown field '${key}'`;

/**
 * The field messages of a failed parse, per dotted path. An unrecognised key (plugins/closed-schemas.ts)
 * becomes its own entry at its own path ('items.0.colour': ["Unknown field 'colour'"]).
 */
export function fieldErrorsFromZod(error: z.core.$ZodError): Record<string, string[]> {
  // No prototype: a field sent as '__proto__' is a key like any other.
  const out: Record<string, string[]> = Object.create(null);
  const add = (path: PropertyKey[], message: string) => {
    (out[path.map(String).join('.') || '_'] ??= []).push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], unknownFieldMessage(key));
    } else {
      add(issue.path, issue.message);
    }
  }
  return out;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (error instanceof RequestValidationError) {
      return reply.status(400).send(validationError(error.fieldErrors).toBody());
    }
    // Every write checks for duplicates first; two saves racing past the check meet a unique index instead.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      return reply.status(409).send(new AppError('CONFLICT', GENERIC_MESSAGES.duplicateRecord).toBody());
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: codeForStatus(status), message: error.message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: GENERIC_MESSAGES.internal } satisfies ApiErrorBody);
  });
}

/** The code of a 4xx that is no AppError (Fastify's own: 413 body too large, 415 media type, ...). */
function codeForStatus(status: number): ErrorCode {
  const codes: Partial<Record<number, ErrorCode>> = {
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    429: 'RATE_LIMITED',
  };
  return codes[status] ?? 'VALIDATION_FAILED';
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
};

/**
 * Fastify's `frameworkErrors` option: the few requests Fastify answers before any route, hook or error
 * handler runs (a URL it cannot decode, a path parameter over maxParamLength) get the API's shape too.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
  void reply.status(status).send({ code: codeForStatus(status), message } satisfies ApiErrorBody);
}
