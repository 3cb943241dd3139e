/**
 * The raw baseline of `npm run bench`: node:http + `jose` + `pg` (PostgreSQL) or `@electric-sql/pglite` (PGlite),
 * doing the work of each benchmarked route by hand and nothing else: verify the token, read the user, run the
 * equivalent SQL, `JSON.stringify` the same answer shape. No framework, no validation library, no logging.
 *
 * It serves only what the bench calls, for the viewer the bench uses (staff with a grant, or an admin): a
 * client's filtered view of items is not implemented and answers 501.
 *
 * Environment: PORT, JWT_SECRET, and RAW_DATABASE_URL (PostgreSQL) or RAW_PGLITE_DIR (a PGlite data folder the
 * workspace server created; never open while that server runs).
 *
 * RAW_MODE=floor: the floor of issue 30 instead — the simplest possible server for the item page. It verifies the
 * token (no user read, no grant check) and runs ONE indexed query: the page's columns, `order by created_at desc,
 * id desc limit $2 offset $3`, no count; the answer is `{ items, total: null, page, limit }` (the total is
 * omitted). Only the item list and /api/health answer in this mode.
 */
import { randomUUID } from 'node:crypto';
import { fsyncSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { jwtVerify } from 'jose';
import pg from 'pg';

type Row = Record<string, unknown>;
type Query = (text: string, params: unknown[]) => Promise<Row[]>;

const port = Number(process.env.PORT ?? 0);
const floor = process.env.RAW_MODE === 'floor';
const key = new TextEncoder().encode(process.env.JWT_SECRET ?? '');

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (process.env.RAW_DATABASE_URL) {
    // The same pool size as the workspace server's.
    const pool = new pg.Pool({ connectionString: process.env.RAW_DATABASE_URL, max: 10 });
    pool.on('error', () => undefined);
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const dir = process.env.RAW_PGLITE_DIR;
  if (!dir) throw new Error('set RAW_DATABASE_URL or RAW_PGLITE_DIR');
  // The same durability as the workspace's embedded database (src/db/client.ts, openDurablePglite): fsync on,
  // wal_sync_method=fsync, and the Emscripten file system's fsync routed to the real file. Without it the raw
  // server's commits would skip the disk and its writes would look faster than any durable server's.
  const client = new PGlite(dir, {
    startParams: [
      ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
      '-c',
      'fsync=on',
      '-c',
      'wal_sync_method=fsync',
      '-c',
      'synchronous_commit=on',
    ],
  });
  await client.waitReady;
  const nodefs = (
    client as unknown as { Module: { NODEFS?: { stream_ops: { fsync?: (s: { nfd?: number }) => number } } } }
  ).Module.NODEFS;
  if (nodefs?.stream_ops) {
    nodefs.stream_ops.fsync = (stream) => {
      if (stream.nfd !== undefined) fsyncSync(stream.nfd);
      return 0;
    };
  }
  return {
    query: async (text, params) => (await client.query<Row>(text, params)).rows,
    close: () => client.close(),
  };
}

const { query, close } = await openQuery();

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

interface User {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'employee' | 'client';
  permissions: string[];
  created_at: Date;
}

/** Verify the token, read the user, check its token version: what the workspace's auth hook does. */
async function authenticate(req: IncomingMessage): Promise<User> {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!token) throw new HttpError(401, 'UNAUTHORIZED');
  let sub: string | undefined;
  let tv: unknown;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    sub = payload.sub;
    tv = payload.tv;
  } catch {
    throw new HttpError(401, 'INVALID_TOKEN');
  }
  const [row] = await query(
    'select id, email, name, role, permissions, token_version, created_at from users where id = $1 and deleted_at is null',
    [sub],
  );
  if (!row || row.token_version !== tv) throw new HttpError(401, 'INVALID_TOKEN');
  return row as unknown as User;
}

const publicUser = (u: User) => ({
  _id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  permissions: u.permissions,
  createdAt: iso(u.created_at),
});

/** The grant check of src/policy.ts, for a permission list read in the same query as the data. */
function access(user: User, grant: unknown, permission: string) {
  const perms = new Set<string>(user.role === 'admin' ? [permission] : ((grant as string[] | null) ?? []));
  if (user.role !== 'admin' && !perms.has('portfolio.view')) throw new HttpError(404, 'NOT_FOUND');
  if (!perms.has(permission)) throw new HttpError(403, 'FORBIDDEN');
  const internal =
    user.role === 'admin' ||
    (user.role !== 'client' &&
      (perms.has('production.edit') || perms.has('review.internal') || perms.has('agents.manage')));
  return { internal };
}

const itemColumns = `id, portfolio_id, cycle_id, title, description, format, pilar, angulo, funnel_phase,
  awareness_level, publish_date::text as publish_date, assignee_id, author_id, status, current_version,
  material_data, change_description, version, created_at, updated_at`;

const toItem = (r: Row) => ({
  _id: r.id,
  portfolioId: r.portfolio_id,
  cycleId: r.cycle_id,
  title: r.title,
  description: r.description,
  format: r.format,
  pilar: r.pilar,
  angulo: r.angulo,
  funnelPhase: r.funnel_phase,
  awarenessLevel: r.awareness_level,
  publishDate: r.publish_date,
  assigneeId: r.assignee_id,
  authorId: r.author_id,
  status: r.status,
  currentVersion: r.current_version,
  materialData: r.material_data,
  changeDescription: r.change_description,
  version: r.version,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** GET /api/production/cycles/:id/items?page&limit&sort=createdAt&order=asc|desc */
async function listItems(user: User, cycleId: string, params: URLSearchParams) {
  const limit = Math.min(Math.max(Number(params.get('limit') ?? 10), 1), 1000);
  const page = Math.max(Number(params.get('page') ?? 1), 1);
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const [cycle] = await query(
    `select c.portfolio_id, a.permissions as grant from cycles c
     left join portfolio_access a on a.portfolio_id = c.portfolio_id and a.user_id = $2 where c.id = $1`,
    [cycleId, user.id],
  );
  if (!cycle) throw new HttpError(404, 'NOT_FOUND');
  const { internal } = access(user, cycle.grant, 'production.view');
  if (!internal) throw new HttpError(501, 'NOT_IMPLEMENTED');
  const rows = await query(
    `select ${itemColumns}, count(*) over ()::int as total from items where cycle_id = $1
     order by created_at ${order}, id limit $2 offset $3`,
    [cycleId, limit, (page - 1) * limit],
  );
  return { items: rows.map(toItem), total: Number(rows[0]?.total ?? 0), page, limit };
}

/** Since migration 0013 a recipient's copy of a notification is a `notification_receipts` row (before: `recipients`). */
const receipts =
  (await query(`select to_regclass('notification_receipts') is not null as ok`, []))[0]?.ok === true;

/** GET /api/notifications: the newest 200 not archived. */
async function listNotifications(user: User) {
  const rows = await query(
    receipts
      ? `select n.id, n.title, n.content, n.payload, r.read, r.archived, n.created_at
         from notification_receipts r join notifications n on n.id = r.notification_id
         where r.user_id = $1 and r.archived = false
         order by r.created_at desc, r.notification_id desc limit 200`
      : `select n.id, n.title, n.content, n.payload, coalesce(s.read, false) as read,
           coalesce(s.archived, false) as archived, n.created_at
         from notifications n left join notification_states s on s.notification_id = n.id and s.user_id = $1
         where n.recipients @> array[$1]::text[] and s.archived is not true
         order by n.created_at desc, n.id desc limit 200`,
    [user.id],
  );
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    content: r.content,
    createdAt: iso(r.created_at),
    read: r.read,
    archived: r.archived,
    payload: r.payload,
  }));
}

const clientVisible = new Set(['client_review', 'client_changes', 'approved']);

/** POST /api/comments on an item: one read (item + grant), one insert. The body is stored as sent. */
async function createComment(
  user: User,
  input: { entityId?: string; entityType?: string; body?: string; visibility?: string },
) {
  if (input.entityType !== 'item' || !input.entityId || !input.body?.trim())
    throw new HttpError(400, 'VALIDATION');
  const [item] = await query(
    `select i.portfolio_id, i.status, a.permissions as grant from items i
     left join portfolio_access a on a.portfolio_id = i.portfolio_id and a.user_id = $2 where i.id = $1`,
    [input.entityId, user.id],
  );
  if (!item) throw new HttpError(404, 'NOT_FOUND');
  const { internal } = access(user, item.grant, 'comments.write');
  const sent = clientVisible.has(String(item.status));
  if (!internal && !sent) throw new HttpError(404, 'NOT_FOUND');
  const visibility = !internal ? 'client' : (input.visibility ?? (sent ? 'client' : 'internal'));
  const id = randomUUID();
  const body = input.body.trim();
  const [row] = await query(
    `insert into comments (id, portfolio_id, entity_id, entity_type, body, visibility, anchor, author_id)
     values ($1, $2, $3, 'item', $4, $5, null, $6) returning created_at, updated_at`,
    [id, item.portfolio_id, input.entityId, body, visibility, user.id],
  );
  return {
    _id: id,
    entityId: input.entityId,
    entityType: 'item',
    body,
    visibility,
    anchor: null,
    author: { _id: user.id, name: user.name },
    createdAt: iso(row!.created_at),
    updatedAt: iso(row!.updated_at),
  };
}

/** The floor (RAW_MODE=floor): a verified token, one indexed query, JSON.stringify. */
async function floorItems(req: IncomingMessage, cycleId: string, params: URLSearchParams) {
  const header = req.headers.authorization ?? '';
  try {
    await jwtVerify(header.slice(7), key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
  } catch {
    throw new HttpError(401, 'INVALID_TOKEN');
  }
  const limit = Math.min(Math.max(Number(params.get('limit') ?? 10), 1), 1000);
  const page = Math.max(Number(params.get('page') ?? 1), 1);
  const rows = await query(
    `select ${itemColumns} from items where cycle_id = $1 order by created_at desc, id desc limit $2 offset $3`,
    [cycleId, limit, (page - 1) * limit],
  );
  return { items: rows.map(toItem), total: null, page, limit };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, value: unknown) {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const itemsPath = /^\/api\/production\/cycles\/([^/]+)\/items$/;

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/api/health') {
    await query('select 1', []);
    return send(res, 200, { status: 'ok' });
  }
  if (floor) {
    const items = itemsPath.exec(url.pathname);
    if (req.method === 'GET' && items)
      return send(res, 200, await floorItems(req, items[1]!, url.searchParams));
    throw new HttpError(404, 'ROUTE_NOT_FOUND');
  }
  const user = await authenticate(req);
  if (req.method === 'GET' && url.pathname === '/api/auth/me') return send(res, 200, publicUser(user));
  if (req.method === 'GET' && url.pathname === '/api/notifications')
    return send(res, 200, await listNotifications(user));
  const items = itemsPath.exec(url.pathname);
  if (req.method === 'GET' && items)
    return send(res, 200, await listItems(user, items[1]!, url.searchParams));
  if (req.method === 'POST' && url.pathname === '/api/comments') {
    const input = JSON.parse(await readBody(req)) as Parameters<typeof createComment>[1];
    return send(res, 201, await createComment(user, input));
  }
  throw new HttpError(404, 'ROUTE_NOT_FOUND');
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (error instanceof HttpError) send(res, error.status, { message: error.code, code: error.code });
    else {
      console.error(error);
      send(res, 500, { message: 'Internal error', code: 'INTERNAL' });
    }
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`raw ${floor ? 'floor' : 'baseline'} on 127.0.0.1:${(server.address() as AddressInfo).port}`);
});

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
