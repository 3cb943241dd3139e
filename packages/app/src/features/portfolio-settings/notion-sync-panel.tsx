import type { ListNotionSyncsResponse } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Badge, Button, Card, EmptyState, ErrorDetails } from '@crw/ui';
import { RefreshCwIcon, SendIcon, TriangleAlertIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { LoadingRows } from '../common/loading-rows.tsx';
import { toast } from '../system/store.ts';
import { portfolioSettingsMsg as m } from './messages.ts';

type SyncState = ListNotionSyncsResponse;
type SyncItem = SyncState['items'][number];

const t = m.sync;
/** While something is queued or being sent, the list refreshes this often. */
const POLL_MS = 3000;

const tone: Record<SyncItem['status'], 'secondary' | 'info' | 'success' | 'destructive'> = {
  pending: 'secondary',
  running: 'info',
  done: 'success',
  failed: 'destructive',
};

/**
 * Settings › Integraciones: where each client-approved item stands in Notion (queued, being sent, synced, or
 * the error Notion gave), «Sincronizar ahora», and, without a token on the server, what is missing.
 */
export function NotionSyncPanel({ portfolioId, pages }: { portfolioId: string; pages: number }) {
  const [state, setState] = useState<SyncState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const next = await api.call(
        sdk.listNotionSyncs({ client: api.client, path: { id: portfolioId } }),
        t.loadError,
      );
      if (mine !== seq.current) return;
      setState(next);
      setError(null);
    } catch (e) {
      if (mine !== seq.current) return;
      setError(
        e instanceof Error && e.message !== t.loadError ? `${t.loadError}: ${e.message}` : t.loadError,
      );
    }
  }, [portfolioId]);

  // Again when a page is linked or removed (its queue goes with it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pages` is the reason to reload, not an input.
  useEffect(() => {
    void load();
  }, [load, pages]);

  // Refresh while work is under way (the server sends in the background).
  const working = state?.items.some((i) => i.status === 'pending' || i.status === 'running') ?? false;
  useEffect(() => {
    if (!working || !state?.configured) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [working, state?.configured, load]);

  const syncNow = async () => {
    setBusy(true);
    try {
      const result = await api.call(
        sdk.syncNotionNow({ client: api.client, path: { id: portfolioId } }),
        t.nowError,
      );
      toast.success(t.nowDone(result.retried, result.queued));
      await load();
    } catch (e) {
      toast.error(
        e instanceof Error && e.message !== t.nowError ? `${t.nowError}: ${e.message}` : t.nowError,
      );
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (error && !state) {
    body = (
      <div role="alert" className="space-y-3 rounded-lg border border-destructive/40 p-4 text-sm">
        <p>{error}</p>
        <Button variant="outline" size="sm" onClick={() => void load()}>
          {m.retry}
        </Button>
      </div>
    );
  } else if (!state) {
    body = <LoadingRows rowClassName="h-12 w-full" />;
  } else if (state.items.length === 0) {
    body = (
      <EmptyState
        icon={<SendIcon />}
        title={t.empty}
        description={pages === 0 ? t.noPages : t.emptyDescription}
      />
    );
  } else {
    const count = (s: SyncItem['status'][]) => state.items.filter((i) => s.includes(i.status)).length;
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t.counts(count(['done']), count(['pending', 'running']), count(['failed']))}
        </p>
        <ul aria-label={t.list} className="divide-y divide-border rounded-lg border border-border">
          {state.items.map((item) => (
            <li key={item._id} className="space-y-1 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium break-words">{item.itemTitle}</p>
                <Badge variant={tone[item.status]}>{t.status[item.status]}</Badge>
              </div>
              <p className="text-xs text-muted-foreground">
                {t.page(item.paginaNotionId)}
                {item.syncedAt ? (
                  <>
                    {' · '}
                    <time dateTime={item.syncedAt}>{t.syncedOn(formatDateTime(item.syncedAt))}</time>
                  </>
                ) : null}
                {item.attempts > 1 || item.status === 'failed' ? ` · ${t.attempts(item.attempts)}` : null}
              </p>
              {item.error && item.status !== 'done' ? (
                <ErrorDetails className="p-2" message={item.error} detail={item.errorDetail} />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby="notion-sync-title" className="space-y-4 p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h3 id="notion-sync-title" className="text-base font-semibold">
            {t.title}
          </h3>
          <p className="text-sm text-muted-foreground">{t.description}</p>
        </div>
        {state?.configured ? (
          <Button variant="outline" onClick={() => void syncNow()} disabled={busy} className="shrink-0">
            <RefreshCwIcon
              aria-hidden="true"
              className={busy ? 'animate-spin motion-reduce:animate-none' : ''}
            />
            {busy ? t.syncing : t.now}
          </Button>
        ) : null}
      </div>
      {state && !state.configured ? (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="space-y-1">
            <p className="font-medium">{t.missingTitle}</p>
            <p>{t.missingDescription}</p>
          </div>
        </div>
      ) : null}
      {body}
    </Card>
  );
}
