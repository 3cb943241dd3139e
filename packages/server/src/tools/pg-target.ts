/**
 * The PostgreSQL database that `npm run db:move` and `npm run restore` write into: connected with a message
 * that names it, refused unless it is new (no table at all in the schemas the project writes, and the rights
 * to create them), and, when the work fails after it started writing, put back as it was by dropping every
 * object the work created (compared with a list of them taken before).
 */
import pg from 'pg';
import { RefusedError } from './db-copy.ts';

export const redact = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/** A pg client on `url`, with a message that names the database when it does not answer. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new RefusedError(`No se pudo conectar a PostgreSQL (${redact(url)}): ${(error as Error).message}`);
  }
  return client;
}

/** Runs `work` on a new connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The schemas the project's migrations and dumps write: the tables and drizzle's bookkeeping. */
const OWN_SCHEMAS = ['public', 'drizzle'];

/** Whether a pg_class/pg_proc/pg_type row belongs to an extension (pg_trgm's functions, say): not ours. */
const notOfExtension = (catalog: string, alias: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${alias}.oid and d.deptype = 'e')`;

/**
 * Refuses a database that holds any table in the schemas the project writes (empty ones too: a stray `users`
 * table, or a database a server already migrated), or where the connected user may not create them. `what`
 * names the command in the message.
 */
export async function refuseUsedDatabase(client: pg.Client, url: string, what: string): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f') and ${notOfExtension('pg_class', 'c')}
     order by 1`,
    [OWN_SCHEMAS],
  );
  if (rows.length > 0) {
    const names = rows.slice(0, 5).map((r) => `«${r.name}»`);
    const more = rows.length > 5 ? ` y ${rows.length - 5} más` : '';
    throw new RefusedError(
      `La base de datos de destino ${redact(url)} no está vacía: ya ${
        rows.length === 1 ? 'tiene la tabla' : 'tiene las tablas'
      } ${names.join(', ')}${more}. ${what} solo escribe en una base de datos PostgreSQL nueva, sin ninguna tabla ` +
        '(aunque estén vacías): crea una (p. ej. `createdb estudio`) y vuelve a intentarlo.',
    );
  }
  const { rows: rights } = await client.query<{ user: string; database: boolean; schema: boolean }>(
    `select current_user as "user", has_database_privilege(current_database(), 'CREATE') as database,
            coalesce((select has_schema_privilege(oid, 'CREATE') from pg_namespace where nspname = 'public'), false)
              as schema`,
  );
  const { user, database, schema } = rights[0]!;
  if (!database || !schema)
    throw new RefusedError(
      `El usuario «${user}» no puede crear tablas en la base de datos de destino ${redact(url)} (le falta el ` +
        `permiso CREATE ${database ? 'en el esquema public' : 'en la base de datos'}): usa el dueño de la base de ` +
        `datos (p. ej. \`createdb -O ${user} estudio\`) o dale ese permiso, y vuelve a intentarlo.`,
    );
}

/** Every object of the database that a migration or a dump can create, each with the DROP that removes it. */
export type Footprint = Set<string>;

/**
 * The database's objects as DROP statements, in the order that removes them: schemas other than the system's,
 * extensions, then the relations, functions, types and text search configurations (migration 0026's crw_es) of
 * schema public (an extension's members excluded).
 */
export async function footprint(client: pg.ClientBase): Promise<Footprint> {
  const { rows } = await client.query<{ drop: string }>(
    `select 'drop schema if exists ' || quote_ident(nspname) || ' cascade' as drop, 1 as step
       from pg_namespace where nspname not like 'pg\\_%' and nspname not in ('information_schema', 'public')
     union all
     select 'drop extension if exists ' || quote_ident(extname) || ' cascade', 2 from pg_extension
     union all
     select 'drop ' || case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                      when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end
            || ' if exists ' || c.oid::regclass::text || ' cascade', 3
       from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and ${notOfExtension('pg_class', 'c')}
     union all
     select 'drop ' || case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end
            || ' if exists ' || p.oid::regprocedure::text || ' cascade', 4
       from pg_proc p where p.pronamespace = 'public'::regnamespace and ${notOfExtension('pg_proc', 'p')}
     union all
     select 'drop type if exists ' || t.oid::regtype::text || ' cascade', 5
       from pg_type t
       where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'c')
         and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')
         and ${notOfExtension('pg_type', 't')}
     union all
     select 'drop text search configuration if exists ' || c.oid::regconfig::text || ' cascade', 6
       from pg_ts_config c where c.cfgnamespace = 'public'::regnamespace and ${notOfExtension('pg_ts_config', 'c')}
     order by step, drop`,
  );
  return new Set(rows.map((r) => r.drop));
}

/**
 * Drops, in one transaction, every object that is in the database now and was not in `before`: what a
 * migration, a copy or a restore created, nothing that was there already (CASCADE reaches only what depends on
 * a new object, which is new too). Answers how many objects it dropped.
 */
export async function dropCreatedSince(url: string, before: Footprint): Promise<number> {
  return withClient(url, async (client) => {
    await client.query('begin');
    try {
      const created = [...(await footprint(client))].filter((drop) => !before.has(drop));
      for (const drop of created) await client.query(drop);
      await client.query('commit');
      return created.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}
