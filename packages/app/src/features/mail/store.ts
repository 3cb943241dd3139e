import type { GetHealthResponse, ListMailFailuresResponse, ListPendingMailResponse } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { useEffect, useState } from 'react';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { toast } from '../system/store.ts';
import { mailMsg } from './messages.ts';

const t = mailMsg;

export type PendingMail = ListPendingMailResponse['items'][number];
export type MailFailure = ListMailFailuresResponse['items'][number];

interface MailQueueState {
  loaded: boolean;
  /** Email is configured on the server (SMTP_URL). */
  enabled: boolean;
  pending: PendingMail[];
  /** How many wait in all (the list holds the first ones). */
  pendingTotal: number;
  failures: MailFailure[];
  /** The health check says the SMTP server cannot be reached. */
  smtpDown: boolean;
  error: string | null;
  /** The retry under way: one mail's id, `all`, or none. */
  retrying: string | null;
}

const initial = (): MailQueueState => ({
  loaded: false,
  enabled: true,
  pending: [],
  pendingTotal: 0,
  failures: [],
  smtpDown: false,
  error: null,
  retrying: null,
});

/** /admin/notify's mail queue: what waits to be sent, what could not be sent, and whether SMTP answers. */
export const mailQueueStore = proxy<MailQueueState>(initial());
onLogout(() => Object.assign(mailQueueStore, initial()));

/** Whether `/api/health` says SMTP is down (it answers its report with 503 too, when the database is down). */
async function smtpIsDown(signal?: AbortSignal) {
  const result = await sdk.getHealth({ client: api.client, signal });
  const report = (result.data ?? result.error) as GetHealthResponse | undefined;
  return report?.checks?.smtp?.state === 'down';
}

/** Reads the pending and failed mail and SMTP's state (again: the screen polls it while open). */
export async function loadMailQueue(signal?: AbortSignal) {
  try {
    const [pending, failures, smtpDown] = await Promise.all([
      api.call(sdk.listPendingMail({ client: api.client, signal }), t.loadError),
      api.call(sdk.listMailFailures({ client: api.client, signal }), t.loadError),
      smtpIsDown(signal).catch(() => mailQueueStore.smtpDown),
    ]);
    Object.assign(mailQueueStore, {
      loaded: true,
      enabled: pending.enabled,
      pending: pending.items,
      pendingTotal: pending.total,
      failures: failures.items,
      smtpDown,
      error: null,
    });
  } catch (error) {
    if (signal?.aborted) return;
    mailQueueStore.error = error instanceof Error ? error.message : t.loadError;
  }
}

async function retry(key: string, request: () => Promise<{ retried: number }>) {
  if (mailQueueStore.retrying) return;
  mailQueueStore.retrying = key;
  try {
    const { retried } = await request();
    toast.success(t.retried(retried));
    await loadMailQueue();
  } catch (error) {
    toast.error(error instanceof Error ? error.message : t.retryError);
  } finally {
    mailQueueStore.retrying = null;
  }
}

/** «Reintentar»: one failed mail back to the queue, sent now. */
export const retryMail = (id: string) =>
  retry(id, () => api.call(sdk.retryFailedMail({ client: api.client, path: { id } }), t.retryError));

/** «Reintentar todos»: every failed mail back to the queue. */
export const retryAllMail = () =>
  retry('all', () => api.call(sdk.retryAllFailedMail({ client: api.client }), t.retryError));

/**
 * Whether email is configured (SMTP_URL), as the server says with its failures' list: a new user is then invited by
 * email rather than given a password (issue 49). Null until known; asked once per page.
 */
let mailEnabled: Promise<boolean> | null = null;
export function useMailEnabled(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    mailEnabled ??= api
      .call(sdk.listMailFailures({ client: api.client }), t.loadError)
      .then((r) => r.enabled)
      .catch(() => {
        mailEnabled = null;
        return true;
      });
    let live = true;
    void mailEnabled.then((v) => live && setEnabled(v));
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}
