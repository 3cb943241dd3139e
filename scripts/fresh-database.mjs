// A new, empty database on a PostgreSQL server, for one test suite or spec, and its removal (its connections
// too). Shared by `npm test` (scripts/test-all.mjs: the e2e-pg suite) and the scale-out spec (tests/support).
import pg from 'pg';

const withClient = async (connectionString, work) => {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Creates `<prefix>_<time>_<pid>` on the server of `baseUrl`; answers its URL and `drop()`. */
export async function freshDatabase(baseUrl, prefix) {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await withClient(baseUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}
