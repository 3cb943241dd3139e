import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { createTokenService, type TokenService } from '../services/people/index.ts';
import { getOrCreateSetting, randomSecret } from '../lib/settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    tokens: TokenService;
  }
}

/** What everything else stands on: the validated environment, the database and the session tokens. */
export const corePlugin = fp(core, { name: 'crw-core' });

async function core(app: FastifyInstance, opts: { env: Env; database: Database }) {
  const { env, database } = opts;
  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSetting(database.db, 'jwt_secret', randomSecret));
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('tokens', createTokenService(database.db, jwtSecret, env.JWT_TTL_SECONDS));
}
