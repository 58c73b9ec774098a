// The typed API client of the tests: openapi-fetch with the types generated from the OpenAPI document
// (packages/domain/src/api-contract.ts, which the web's client uses too), sending through `app.inject`, so no port is opened. A renamed route, field or status in
// the document breaks the typecheck of every test that uses it.
import type { FastifyInstance, InjectOptions } from 'fastify';
import createClient from 'openapi-fetch';
import type { paths } from '@crm/domain';

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** A client signed in with the given Cookie header value (TestApp.signIn), or signed out. */
export function apiClient(app: FastifyInstance, cookie?: string) {
  return createClient<paths>({
    baseUrl: 'http://localhost',
    headers: cookie ? { cookie } : {},
    fetch: (request) => injectFetch(app, request),
  });
}
export type ApiClient = ReturnType<typeof apiClient>;

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
