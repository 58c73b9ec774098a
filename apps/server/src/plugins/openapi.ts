// The OpenAPI document at /api/openapi.json and a browsable page at /api/docs, generated from the
// same zod schemas the routes validate with.
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { applyDocsPolicy, NONCE_PLACEHOLDER } from './security-headers.ts';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Visa CRM API',
        version: '1.0.0',
        description:
          'REST API of the staff CRM. Cookie session (sign in at POST /api/auth/sign-in). ' +
          'Errors share one shape: { code, message, fieldErrors? }.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'crm_session' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
