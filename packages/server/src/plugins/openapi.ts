import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorResponse, registeredComponents } from '../lib/schemas.ts';

/**
 * The OpenAPI document, made from the routes' schemas by @fastify/swagger (registered before the routes, so it
 * sees them all). It is always built (gen:api reads it); it is served only when API_DOCS allows.
 */
export const openapiPlugin = fp(openapi, {
  name: 'crw-openapi',
  dependencies: ['crw-core'],
  decorators: { fastify: ['env'] },
});

async function openapi(app: FastifyInstance) {
  app.addSchema(ErrorResponse);
  for (const schema of registeredComponents()) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Workspace de producción y revisión de contenido',
        description:
          'API del workspace. Todas las rutas salvo /auth/login y /health requieren un token Bearer.',
        version: '1.0.0',
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    // Paths in the document are relative to the /api server.
    transform: ({ schema, url }) => ({ schema, url: url.replace(/^\/api/, '') || '/' }),
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (json.$id as string) ?? `def-${i}` },
  });
  if (app.env.apiDocs) {
    await app.register((await import('@fastify/swagger-ui')).default, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
      app.swagger(),
    );
  }
}
