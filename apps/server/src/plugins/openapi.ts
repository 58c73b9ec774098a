// The OpenAPI document at /api/openapi.json and a browsable page at /api/docs, generated from the
// same zod schemas the routes validate with. Two wrappers around fastify-type-provider-zod's transforms
// give every operation what a client developer expects (DECISIONS.md §6): an operationId, its 4xx answers
// in the one error shape, and the security that applies, so no route has to repeat them.
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, GENERIC_MESSAGES } from '@crm/domain';
import { closedSchema } from './closed-schemas.ts';
import type { RouteAccess } from './route-access.ts';
import { applyDocsPolicy, NONCE_PLACEHOLDER } from './security-headers.ts';

const ERROR_SCHEMA = 'ApiError';
const JSON_TYPE = 'application/json';
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Marks an operation whose body may be left out; @fastify/swagger copies x- keys onto the operation. */
const OPTIONAL_BODY = 'x-optional-body';

type Operation = { operationId?: string; requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: true };
type DocumentParts = {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Partial<Record<string, Operation>>>;
};

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Visa CRM API',
        version: '1.0.0',
        description:
          'REST API of the staff CRM. Cookie session (sign in at POST /api/auth/sign-in). ' +
          'Errors share one shape: { code, message, fieldErrors? }. PATCH is partial: the fields sent change, ' +
          'a field sent as null or "" is cleared, the others stay; `version` (the one last read) is required ' +
          'and a stale one gets 409.',
      },
      // Paths already start with /api, so the server is the app's own address (relative unless APP_URL is set).
      servers: [{ url: app.config.appUrl?.replace(/\/+$/, '') || '/', description: 'This server' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'crm_session' } },
      },
      security: [{ session: [] }],
    },
    transform: withApiConventions,
    transformObject: withSharedParts,
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  // Its own context, so that only the docs page gets the docs policy (an inline script, by nonce).
  await app.register(async (docs) => {
    applyDocsPolicy(docs);
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      configuration: {
        url: '/api/openapi.json',
        title: 'Visa CRM API',
        nonce: NONCE_PLACEHOLDER,
        // System fonts: Scalar's own come from fonts.scalar.com, which the policy does not allow.
        withDefaultFonts: false,
      },
    });
  });
}

/** The one error shape (plugins/errors.ts sends it for every 4xx and 5xx), as a shared component. */
function errorComponent() {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(apiErrorSchema, { io: 'output' });
  return { ...schema, description: 'Every error answer: a code, a message, and the field messages of a 400.' };
}

const errorResponse = (description: string) => ({
  description,
  content: { [JSON_TYPE]: { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
});

/**
 * The refusals a route's declaration implies (its access, its inputs, its method); whatever else a
 * route may answer (409 on a duplicate, 413, 415, 429) is documented by the 4XX range.
 */
function refusalsOf(route: RouteOptions, schema: FastifySchema): Record<string, string> {
  const access: RouteAccess | undefined = route.config?.access;
  const methods = [route.method].flat();
  const writes = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
  const refusals: Record<string, string> = {};
  if (schema.body || schema.querystring || schema.params) {
    refusals['400'] = 'Invalid input: `fieldErrors` holds the messages per field';
  }
  if (access && !('public' in access)) refusals['401'] = GENERIC_MESSAGES.unauthenticated;
  if (access && ('permission' in access || 'anyPermission' in access)) {
    refusals['403'] = 'The role may not do this' + (writes ? ', or the request came from another site' : '');
  } else if (writes) {
    refusals['403'] = 'The request came from another site';
  }
  if (route.url.includes(':')) refusals['404'] = 'No such record, or not one this user may see';
  if (methods.some((m) => m === 'PATCH' || m === 'PUT')) {
    refusals['409'] = 'The version sent is not the stored one (someone else saved first), or a duplicate';
  }
  return refusals;
}

const uploads = (schema: object) =>
  ((schema as { consumes?: string[] }).consumes ?? []).includes('multipart/form-data');

/** fastify-type-provider-zod's transform, then the error answers and the security of the operation. */
const withApiConventions: SwaggerTransform<Parameters<typeof jsonSchemaTransform>[0]['schema']> = (input) => {
  // The schemas as the routes validate with them: objects closed, so the document says unknown fields are refused.
  const { body, querystring, params } = input.schema as Record<string, z.core.$ZodType | undefined>;
  const out = jsonSchemaTransform({
    ...input,
    schema: {
      ...input.schema,
      ...(body ? { body: closedSchema(body) } : {}),
      ...(querystring ? { querystring: closedSchema(querystring) } : {}),
      ...(params ? { params: closedSchema(params) } : {}),
    },
  });
  if (out.schema.hide) return out;
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(refusalsOf(input.route, out.schema))) {
    responses[status] = errorResponse(description);
  }
  responses['4XX'] = errorResponse('Any other refusal (409, 413, 415, 429, …); `code` and `message` say which');
  responses['5XX'] = errorResponse(GENERIC_MESSAGES.internal);
  const access: RouteAccess | undefined = input.route.config?.access;
  return {
    url: out.url,
    schema: {
      ...out.schema,
      response: { ...responses, ...(out.schema.response as object | undefined) },
      ...(access && 'public' in access ? { security: [] } : {}),
      // @fastify/swagger marks every declared body required; a body the route's schema takes absent (a
      // delete's optional reason) is not, and the document must say so for the typed client to allow it.
      // An upload's file is required all the same: its schema only describes what the handler reads.
      ...(body && !uploads(input.schema) && z.safeParse(body, undefined).success ? { [OPTIONAL_BODY]: true } : {}),
    },
  };
};

/**
 * An operationId from method and path, for routes that declare none: stable (it changes only when the
 * route does), unique (method and path are) and camelCase: GET /api/leads/{id} → getLeadsById.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith('{') ? ['by', segment.slice(1, -1)] : [segment]))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * fastify-type-provider-zod's object transform, then the error component the operations refer to and an
 * operationId for every operation. The ids are given here, on the whole document, because one route may
 * serve several methods (GET and HEAD /api/ping): each gets its own.
 */
const withSharedParts: SwaggerTransformObject = (documentObject) => {
  // The parts read here are the same in every OpenAPI 3 version; the Swagger 2 variant is never made.
  const document = jsonSchemaTransformObject(documentObject) as DocumentParts;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [ERROR_SCHEMA]: errorComponent() },
  };
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const operationId = operation.operationId ?? operationIdOf(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(operationId);
      if (other) throw new Error(`operationId ${operationId} of ${where} is already used by ${other}`);
      seen.set(operationId, where);
      // A copy: the methods of one route share one operation object.
      const { [OPTIONAL_BODY]: optionalBody, ...copy } = { ...operation, operationId };
      if (optionalBody && copy.requestBody) copy.requestBody = { ...copy.requestBody, required: false };
      item[method] = copy;
    }
  }
  return document as ReturnType<SwaggerTransformObject>;
};
