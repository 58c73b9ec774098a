// The OpenAPI document at /api/openapi.json and a browsable page at /api/docs, generated from the
// same zod schemas the routes validate with.
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { url: '/api/openapi.json', title: 'Visa CRM API' },
  });
}
