/** PostgreSQL's own client tools (pg_dump, pg_restore) for `npm run backup` and `npm run restore`. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { RefusedError } from './db-copy.ts';

const run = promisify(execFile);

export const majorOf = (version: string) => Number.parseInt(version, 10);

/**
 * `pg_dump`/`pg_restore` of the server's major version: Debian's /usr/lib/postgresql/<major>/bin first, then
 * the one on PATH when its version matches. An older client cannot dump a newer server, and a newer one
 * writes archives an older pg_restore cannot read: only the matching major is used.
 */
export async function pgTool(name: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const candidates = [`/usr/lib/postgresql/${major}/bin/${name}`, name];
  const found: string[] = [];
  for (const candidate of candidates) {
    const version = await run(candidate, ['--version'])
      .then(({ stdout }) => /(\d+)(?:\.\d+)?/.exec(stdout)?.[1])
      .catch(() => undefined);
    if (version === undefined) continue;
    if (Number(version) === major) return candidate;
    found.push(`${candidate} es de la versión ${version}`);
  }
  throw new RefusedError(
    `No se encontró ${name} de PostgreSQL ${major} (la versión del servidor)` +
      `${found.length ? `: ${found.join('; ')}` : ''}. Instálalo (Debian: apt-get install postgresql-client-${major}).`,
  );
}

/** The connection as libpq arguments: the URL without its password (that goes in PGPASSWORD). */
export function pgArgs(url: string): string[] {
  const u = new URL(url);
  u.password = '';
  return [`--dbname=${u.toString()}`];
}

export function pgEnv(url: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(url).password);
  return { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
}
