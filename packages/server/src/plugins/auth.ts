import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PublicUser } from '../services/people/index.ts';

export type AuthUser = PublicUser & { id: string; tokenVersion: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no session. */
    public?: boolean;
    /** Only these roles may call the route (others get 403). */
    roles?: Role[];
  }
  interface FastifyRequest {
    /** The signed-in user; set on every non-public /api route. */
    user: AuthUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Authenticates every non-public route and enforces its role list, before the body is parsed. */
export const authPlugin = fp(auth, {
  name: 'crw-auth',
  dependencies: ['crw-core'],
  decorators: { fastify: ['tokens'] },
});

async function auth(app: FastifyInstance) {
  app.decorateRequest('user', undefined as unknown as AuthUser);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs') || config.public) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    const user = await app.tokens.authenticate(token);
    request.user = { ...user, id: user._id };
    if (config.roles && !config.roles.includes(user.role)) throw new AppError('FORBIDDEN');
  });
}
