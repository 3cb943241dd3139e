import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../src/db/client.ts';
import { migrationsFolder } from '../src/paths.ts';

/** The committed migrations up to `tag` (inclusive): a copy of the folder with a shortened journal. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'crw-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migrations', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /** A database in memory with the migrations up to `tag` applied. */
  async function migratedUpTo(tag: string) {
    const client = new PGlite({ extensions: await pgliteExtensions() });
    const db = drizzle({ client });
    const before = migrationsUpTo(tag);
    folders.push(before);
    await migrate(db, { migrationsFolder: before });
    return { client, db };
  }

  it('0006 turns the copies of a notification into one row with its recipients, keeping who read or archived it', async () => {
    const { client, db } = await migratedUpTo('0005_notification_shared_id');

    await client.exec(`
      insert into users (id, email, name, password_hash, role) values
        ('u1', 'u1@x.es', 'Uno', 'x', 'employee'), ('u2', 'u2@x.es', 'Dos', 'x', 'employee'),
        ('u3', 'u3@x.es', 'Tres', 'x', 'client');
      insert into notifications (id, user_id, title, content, payload, read, archived, created_at) values
        ('n1', 'u1', 'Aviso', 'Para todos', '{"url":"/"}', true, false, '2026-01-01T10:00:00Z'),
        ('n1', 'u2', 'Aviso', 'Para todos', '{"url":"/"}', false, false, '2026-01-01T10:00:00Z'),
        ('n1', 'u3', 'Aviso', 'Para todos', '{"url":"/"}', true, true, '2026-01-01T10:00:00Z'),
        ('n2', 'u2', 'Mención', 'Solo dos', '{}', false, false, '2026-01-02T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: migrationsUpTo('0012_notify_channels') });

    const messages = await client.query<{
      id: string;
      recipients: string[];
      payload: unknown;
      created_at: Date;
    }>('select id, recipients, payload, created_at from notifications order by id');
    expect(messages.rows.map((r) => [r.id, r.recipients, r.payload])).toEqual([
      ['n1', ['u1', 'u2', 'u3'], { url: '/' }],
      ['n2', ['u2'], {}],
    ]);
    expect(messages.rows[0]!.created_at.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    const states = await client.query(
      'select user_id, notification_id, read, archived from notification_states order by user_id',
    );
    // Only what someone did is a row; an untouched copy is the default (unread, not archived).
    expect(states.rows).toEqual([
      { user_id: 'u1', notification_id: 'n1', read: true, archived: false },
      { user_id: 'u3', notification_id: 'n1', read: true, archived: true },
    ]);
    // The recipients' index answers "sent to this user".
    const explained = await client.exec(
      "set enable_seqscan = off; explain select id from notifications where recipients @> array['u2']::text[]",
    );
    expect(JSON.stringify(explained.at(-1)?.rows)).toContain('notifications_recipients_idx');
    await client.close();
  });

  it("0008 lets the recipients' index take writes into its pending list, bounded at 512 kB", async () => {
    const { client, db } = await migratedUpTo('0007_comments_list_order');
    const options = async () =>
      (
        await client.query<{ reloptions: string[] | null }>(
          "select reloptions from pg_class where relname = 'notifications_recipients_idx'",
        )
      ).rows[0]?.reloptions;
    expect(await options()).toEqual(['fastupdate=false']);
    await migrate(db, { migrationsFolder: migrationsUpTo('0012_notify_channels') });
    expect(await options()).toEqual(['fastupdate=true', 'gin_pending_list_limit=512']);
    await client.close();
  });

  it("0009 stores a notification's recipients out of line without compression, keeping the rows written before", async () => {
    const { client, db } = await migratedUpTo('0008_notification_pending_list');
    const storage = async () =>
      (
        await client.query<{ attstorage: string }>(
          "select attstorage from pg_attribute where attrelid = 'notifications'::regclass and attname = 'recipients'",
        )
      ).rows[0]?.attstorage;
    // Ids that do compress, so that the storage shows: pglz before, none after.
    const write = (id: string) =>
      client.query(
        `insert into notifications (id, recipients, content)
         select $1, array_agg(repeat('a', 35) || g), 'Aviso' from generate_series(1, 1000) g`,
        [id],
      );
    const compression = async (id: string) =>
      (
        await client.query<{ method: string | null; n: number }>(
          'select pg_column_compression(recipients) as method, cardinality(recipients) as n from notifications where id = $1',
          [id],
        )
      ).rows[0];
    expect(await storage()).toBe('x');
    await write('antes');
    expect(await compression('antes')).toEqual({ method: 'pglz', n: 1000 });
    await migrate(db, { migrationsFolder: migrationsUpTo('0012_notify_channels') });
    expect(await storage()).toBe('e');
    await write('despues');
    expect(await compression('despues')).toEqual({ method: null, n: 1000 });
    expect(await compression('antes')).toEqual({ method: 'pglz', n: 1000 });
    const { rows } = await client.query<{ id: string }>(
      `select id from notifications where recipients @> array[repeat('a', 35) || '7'] order by id`,
    );
    expect(rows.map((r) => r.id)).toEqual(['antes', 'despues']);
    await client.close();
  });

  it('0013 gives every recipient a receipt with their state, tallies the items and files history by portfolio', async () => {
    const { client, db } = await migratedUpTo('0012_notify_channels');
    await client.exec(`
      insert into users (id, email, name, password_hash, role) values
        ('u1', 'u1@x.es', 'Uno', 'x', 'employee'), ('u2', 'u2@x.es', 'Dos', 'x', 'employee');
      insert into notifications (id, recipients, title, content, created_at) values
        ('n1', array['u1', 'u2'], 'Aviso', 'Para dos', '2026-01-01T10:00:00Z'),
        ('n2', array['u2', 'gone'], 'Aviso', 'Para uno', '2026-01-02T10:00:00Z');
      insert into notification_states (user_id, notification_id, read, archived) values
        ('u1', 'n1', true, false), ('u2', 'n2', true, true);
      insert into portfolios (id, identifier, account_data, created_by) values ('p1', 'p', '{}', 'u1');
      insert into cycles (id, portfolio_id, start_date, end_date) values ('c1', 'p1', '2026-01-01', '2026-01-31');
      insert into items (id, portfolio_id, cycle_id, title, status, format) values
        ('i1', 'p1', 'c1', 'Uno', 'draft', 'Reel'), ('i2', 'p1', 'c1', 'Dos', 'draft', 'Reel'),
        ('i3', 'p1', 'c1', 'Tres', 'approved', null);
      insert into item_history (id, item_id, action) values ('h1', 'i1', 'create');
    `);
    await migrate(db, { migrationsFolder });
    const receipts = await client.query(
      'select notification_id, user_id, created_at, read, archived from notification_receipts order by 1, 2',
    );
    expect(receipts.rows).toEqual([
      {
        notification_id: 'n1',
        user_id: 'u1',
        created_at: new Date('2026-01-01T10:00:00Z'),
        read: true,
        archived: false,
      },
      {
        notification_id: 'n1',
        user_id: 'u2',
        created_at: new Date('2026-01-01T10:00:00Z'),
        read: false,
        archived: false,
      },
      {
        notification_id: 'n2',
        user_id: 'u2',
        created_at: new Date('2026-01-02T10:00:00Z'),
        read: true,
        archived: true,
      },
    ]);
    const tallies = async () =>
      (await client.query('select status, format, n from cycle_item_tallies where n <> 0 order by 1, 2'))
        .rows;
    expect(await tallies()).toEqual([
      { status: 'approved', format: '', n: 1 },
      { status: 'draft', format: 'Reel', n: 2 },
    ]);
    // The triggers keep them from now on: an insert, a change of status, a delete.
    await client.exec(`
      insert into items (id, portfolio_id, cycle_id, title, format) values ('i4', 'p1', 'c1', 'Cuatro', 'Reel');
      update items set status = 'internal_review' where id = 'i1';
      update items set title = 'Otro' where id = 'i2';
      delete from items where id = 'i3';
      insert into item_history (id, item_id, action) values ('h2', 'i4', 'create');
    `);
    expect(await tallies()).toEqual([
      { status: 'draft', format: 'Reel', n: 2 },
      { status: 'internal_review', format: 'Reel', n: 1 },
    ]);
    const history = await client.query('select id, portfolio_id from item_history order by id');
    expect(history.rows).toEqual([
      { id: 'h1', portfolio_id: 'p1' },
      { id: 'h2', portfolio_id: 'p1' },
    ]);
    await client.close();
  });
});
