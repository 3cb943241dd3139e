import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { deviceNameFromEndpoint } from '@crw/contracts/devices';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { endpointProblem } from '../../lib/net-guard.ts';

/**
 * Devices kept per user: a push goes to each of them, so one account cannot make every notification fan out to
 * thousands of endpoints. Past the limit the oldest subscriptions are dropped (a browser that still uses one
 * subscribes again on its next visit).
 */
export const MAX_PUSH_DEVICES_PER_USER = 20;

type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

function toDevice(row: PushSubscriptionRow) {
  return {
    _id: row.id,
    endpoint: row.endpoint,
    browser: deviceNameFromEndpoint(row.endpoint),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { auth: string; p256dh: string };
  userAgent?: string;
}

/**
 * Saves this device's push subscription (one per endpoint: a known endpoint moves to this user with its new
 * keys), then keeps the user's newest `MAX_PUSH_DEVICES_PER_USER` devices. An endpoint the server may not call
 * (net-guard) is refused.
 */
export async function savePushDevice(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  allowLoopback: boolean,
) {
  const { endpoint, keys } = input;
  const problem = endpointProblem(endpoint, allowLoopback);
  if (problem) {
    throw new AppError('VALIDATION', `El campo 'endpoint' no es válido: ${problem}`, [
      { field: 'endpoint', message: problem },
    ]);
  }
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint,
        auth: keys.auth,
        p256dh: keys.p256dh,
        userAgent: input.userAgent?.slice(0, 300),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, auth: keys.auth, p256dh: keys.p256dh },
      })
      .returning();
    const beyond = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, saved!.id)))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(MAX_PUSH_DEVICES_PER_USER - 1);
    if (beyond.length > 0)
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          beyond.map((b) => b.id),
        ),
      );
    return saved;
  });
  return toDevice(row!);
}

/** Removes one of the user's subscriptions by its endpoint (404 when the user has none there). */
export async function deletePushDevice(db: Db, userId: string, endpoint: string) {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw notFound('subscription');
}

/** Whether this endpoint is registered for the user. */
export async function isPushDeviceRegistered(db: Db, userId: string, endpoint: string) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return Boolean(row);
}

/** The user's devices subscribed to Web Push, oldest first. */
export async function listPushDevices(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}
