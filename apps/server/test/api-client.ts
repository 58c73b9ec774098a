// The typed API client of the tests: openapi-fetch with the types generated from the OpenAPI document
// (packages/domain/src/api-contract.ts, which the web's client uses too), sending through `app.inject`, so no port is opened. A renamed route, field or status in
// the document breaks the typecheck of every test that uses it.
import type { FastifyInstance, InjectOptions } from 'fastify';
import createClient from 'openapi-fetch';
import { expect } from 'vitest';
import type { paths } from '@crm/domain';

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** A client signed in with the given Cookie header value (TestApp.signIn), or signed out. */
export function apiClient(app: FastifyInstance, cookie?: string) {
  return createClient<paths>({
    baseUrl: 'http://localhost',
    headers: cookie ? { cookie } : {},
    // A filter's several values as 'a|b', the server's multi-value form, as the web sends them.
    querySerializer: { array: { style: 'pipeDelimited', explode: false } },
    fetch: (request) => injectFetch(app, request),
  });
}
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * The JSON body of an operation as the document types it: `JsonBody<'/api/clients', 'post'>`, the same whether
 * the document marks the body required or optional (where the server takes it absent).
 */
export type JsonBody<P extends keyof paths, M extends 'post' | 'put' | 'patch' | 'delete'> = JsonBodyOf<paths[P][M]>;
type JsonBodyOf<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** The query parameters of a GET as the document types them, all optional: `Query<'/api/leads'>`. */
export type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

/** `{ params: { path: { id } } }`: most routes name one record by its id, and tests spread it beside a body. */
export const idPath = (id: string) => ({ params: { path: { id } } });

/** The data of an answer that must have the status (200 unless told), the error in the message when not. */
export function ok<T>(res: { data?: T; error?: unknown; response: Response }, status = 200): T {
  expect(res.response.status, JSON.stringify(res.error)).toBe(status);
  return res.data!;
}

async function injectFetch(app: FastifyInstance, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const res = await app.inject({
    method: request.method as InjectOptions['method'],
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, String(one));
  }
  const hasBody = !NO_BODY.has(res.statusCode) && request.method !== 'HEAD';
  return new Response(hasBody ? res.rawPayload : null, { status: res.statusCode, headers });
}
