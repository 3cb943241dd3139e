import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as `METHOD /api/path` (for the authorisation matrix test and docs). */
    apiRoutes: string[];
  }
}

/** Collects the API routes registered after it (the documentation's own routes left out). */
export const routeListPlugin = fp(routeList, { name: 'crw-route-list' });

async function routeList(app: FastifyInstance) {
  const apiRouteList: string[] = [];
  app.decorate('apiRoutes', apiRouteList);
  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.url === '/api/openapi.json'
    )
      return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') apiRouteList.push(`${method} ${route.url}`);
  });
}
