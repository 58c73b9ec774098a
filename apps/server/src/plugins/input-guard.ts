// One guard for text no route can store: before any schema or SQL sees a request, a NUL (PostgreSQL text
// cannot hold U+0000: SQLSTATE 22021 / 22P05) or an unpaired UTF-16 surrogate (no UTF-8 for it) anywhere in
// the JSON body, the query string or the path answers 400, keys included. The API reads UTF-8 JSON only: a
// body declared in another charset, bytes that are not UTF-8, or another type (text/plain included), answer
// 415 — never a body read with U+FFFD where its bytes were.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

export const DISALLOWED_CHARACTERS_MESSAGE = 'Contains characters that are not allowed';

/** A few paths are enough to say what is wrong; a megabyte of NULs must not become a megabyte of errors. */
const MAX_REPORTED_PATHS = 10;

/** NUL, or a surrogate that is not half of a pair (with the u flag a pair reads as one code point). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const DISALLOWED = /[\u0000\p{Surrogate}]/u;
const DISALLOWED_ALL = new RegExp(DISALLOWED.source, 'gu');

/** Whether PostgreSQL can store the text: no NUL, no lone surrogate. */
export const isStorableText = (text: string) => !DISALLOWED.test(text);

/** The key as it can be shown back in the error's field path. */
const printable = (key: string) => key.replace(DISALLOWED_ALL, '\uFFFD');

type Visit = { value: unknown; key: string | null; parent: Visit | null };

/** Segments shown of a path; a body nested a million deep must not echo a megabyte path back. */
const MAX_PATH_SEGMENTS = 32;

const pathOf = (visit: Visit) => {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v?.key != null; v = v.parent) keys.push(v.key);
  keys.reverse();
  const shown = keys.slice(0, MAX_PATH_SEGMENTS).map(printable);
  if (keys.length > MAX_PATH_SEGMENTS) shown.push('…');
  return shown.join('.') || '_';
};

/**
 * The dotted paths ('dependents.0.firstName') of the strings and keys holding disallowed characters.
 * Iterative, with parent links rather than copied paths, so a deeply nested body costs neither stack nor
 * quadratic memory.
 */
export function disallowedTextPaths(value: unknown, limit = MAX_REPORTED_PATHS): string[] {
  const found: string[] = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop() as Visit;
    if (typeof visit.value === 'string') {
      if (DISALLOWED.test(visit.value)) found.push(pathOf(visit));
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) {
        const next = { value: child, key, parent: visit };
        if (DISALLOWED.test(key)) found.push(pathOf(next));
        else stack.push(next);
      }
    }
  }
  return found.slice(0, limit);
}

/** The body's declared charset when it is not UTF-8 ('latin1'), else null. */
export function foreignCharset(contentType: string | undefined): string | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return null;
  return charset;
}

const unsupportedMediaType = (message: string) => Object.assign(new Error(message), { statusCode: 415 });

/** Throws on bytes that are not UTF-8, where Buffer#toString would put U+FFFD and go on. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export const NOT_UTF8_MESSAGE = 'The body is not valid UTF-8: send the body as UTF-8';

export function registerInputGuard(app: FastifyInstance): void {
  // Fastify parses text/plain by default; nothing here sends it, and a JSON API should not half-accept it.
  app.removeContentTypeParser('text/plain');

  // Fastify's own JSON parser (prototype poisoning refused), given text only once it decodes as UTF-8.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(unsupportedMediaType(NOT_UTF8_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const charset = foreignCharset(request.headers['content-type']);
    if (charset !== null) {
      throw unsupportedMediaType(`Unsupported charset '${charset}': send the body as UTF-8`);
    }
    return payload;
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const paths = [request.params, request.query, request.body].flatMap((part) => disallowedTextPaths(part));
    if (paths.length === 0) return;
    const fieldErrors = Object.fromEntries(
      paths.slice(0, MAX_REPORTED_PATHS).map((path) => [path, [DISALLOWED_CHARACTERS_MESSAGE]]),
    );
    throw validationError(fieldErrors);
  });
}
