import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { isoTimestamp, timestampTextToIso } from '../src/db/timestamps.ts';
import { freshDatabase } from './helpers.ts';

/** What the API answered before: the text through `Date`. */
const viaDate = (text: string) => new Date(text).toISOString();

describe('a timestamp as text, printed as the API prints it', () => {
  it('matches the Date route for every form PostgreSQL writes in UTC', () => {
    for (const text of [
      '2026-11-27 11:39:44.123456+00',
      '2026-11-27 11:39:44+00',
      '2026-11-27 11:39:44.1+00',
      '2026-11-27 11:39:44.12+00',
      '2026-11-27 11:39:44.999999+00',
      '2000-02-29 00:00:00.000001+00',
      '1970-01-01 00:00:00+00',
    ])
      expect(timestampTextToIso(text), text).toBe(viaDate(text));
  });

  it('hands any other form to Date: another offset, a far year; and keeps its refusal of nonsense', () => {
    expect(timestampTextToIso('2026-11-27 12:39:44.5+01')).toBe('2026-11-27T11:39:44.500Z');
    expect(timestampTextToIso('2026-11-27 06:09:44.5-05:30')).toBe('2026-11-27T11:39:44.500Z');
    expect(timestampTextToIso('12026-11-27 11:39:44+00')).toBe(viaDate('12026-11-27 11:39:44+00'));
    expect(() => timestampTextToIso('infinity')).toThrow(RangeError);
    expect(isoTimestamp(new Date('2026-11-27T11:39:44.123Z'))).toBe('2026-11-27T11:39:44.123Z');
  });

  describe('against the database', () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    beforeAll(async () => {
      database = await freshDatabase();
    });
    afterAll(() => database?.close());

    it('prints 20,000 of its timestamps as Date would, microseconds and all', async () => {
      const rows = rowsOf<{ t: string }>(
        await database.db.execute(sql`
          select (timestamptz '1999-12-31 23:59:59.999999+00'
            + make_interval(secs => g * 7919.123457) + make_interval(days => g % 400))::text as t
          from generate_series(0, 19999) g`),
      );
      expect(rows).toHaveLength(20_000);
      const wrong = rows.filter(({ t }) => timestampTextToIso(t) !== viaDate(t));
      expect(wrong).toEqual([]);
      // The UTC form was met (the test proves the fast route, not only the fallback), with and without a fraction.
      expect(rows.every(({ t }) => t.endsWith('+00'))).toBe(true);
    });
  });
});
