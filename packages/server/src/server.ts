import { buildApp } from './app.ts';
import { DataDirLockedError, openDatabase, pgliteDirFor } from './db/client.ts';
import { EnvError, loadEnv } from './env.ts';
import { createShutdown } from './lib/shutdown.ts';
import { type Credentials, ensureFirstAdmin, seedDemo } from './services/people/index.ts';
import { startControlSocket } from './tools/control.ts';

/** Starts the workspace: database + migrations, first admin, optional demo seed, HTTP + sockets. */
async function main() {
  const demo = process.argv.includes('--demo');
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: pgliteDirFor(env.dataDir),
  });
  // Loaded only when configured (as PGlite, the S3 SDK and the API reference): a start loads what it uses.
  // Its clients handle their own errors and fail fast while Redis is down (lib/redis).
  const redis = env.REDIS_URL ? await (await import('./lib/redis.ts')).createRedis(env.REDIS_URL) : undefined;
  const app = await buildApp({ env, database, redis });
  // A fault of a dependency must never end the process (issue 45): every client handles its own errors, and
  // anything that still escapes is logged as one structured line (the fault suite fails on it) instead of
  // ending the process. Only SIGTERM/SIGINT or a failed start end it.
  process.on('uncaughtException', (err) =>
    app.log.fatal({ err, event: 'uncaughtException' }, 'excepción no controlada'),
  );
  process.on('unhandledRejection', (err) =>
    app.log.fatal({ err, event: 'unhandledRejection' }, 'promesa rechazada sin controlar'),
  );

  const demoCredentials = demo ? await seedDemo(database.db) : [];
  const firstAdmin = await ensureFirstAdmin(database.db, env);

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  // The embedded database can be copied only by this process: `npm run backup` asks through this socket.
  const control = database.snapshot
    ? await startControlSocket({
        dataDir: env.dataDir,
        snapshot: database.snapshot,
        warn: (message) => app.log.warn(message),
      })
    : undefined;
  const port = new URL(address).port;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [
    '',
    `  Workspace listo en ${url}`,
    `  Base de datos: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${pgliteDirFor(env.dataDir)})`}`,
    ...(env.apiDocs ? [`  API: ${url}/api/docs`] : []),
  ];
  const show = (c: Credentials) => `    ${c.role.padEnd(8)} ${c.email} / ${c.password}`;
  if (firstAdmin?.password) {
    lines.push(
      '  Primer administrador creado (guarda esta contraseña: no se volverá a mostrar):',
      show({ ...firstAdmin, password: firstAdmin.password }),
    );
  } else if (firstAdmin) {
    lines.push(`  Primer administrador creado: ${firstAdmin.email} (con la contraseña de ADMIN_PASSWORD)`);
  }
  if (demoCredentials.length) lines.push('  Usuarios de demostración:', ...demoCredentials.map(show));
  if (!firstAdmin && !demo)
    lines.push('  Inicia sesión con tu cuenta (o ejecuta `npm run demo` para datos de ejemplo).');
  console.log(`${lines.join('\n')}\n`);

  const shutdown = createShutdown({ app, database, redis, control });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
