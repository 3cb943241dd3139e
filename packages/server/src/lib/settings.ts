import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/** Returns the stored value for `key`, creating it with `make()` the first time (race-safe). */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  const [existing] = await db.select().from(settings).where(eq(settings.key, key));
  if (existing) return existing.value;
  await db.insert(settings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

export const randomSecret = () => randomBytes(48).toString('base64url');
