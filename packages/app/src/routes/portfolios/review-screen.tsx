import type { ProductionItem, GetReviewQueuesResponse as ReviewQueues } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Skeleton,
} from '@crw/ui';
import { KeyboardIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from '../../features/auth/store.ts';
import { onProductionChanged } from '../../features/notifications/realtime.ts';
import { loadMembers } from '../../features/production/store.ts';
import { reviewMsg as t } from '../../features/review/messages.ts';
import { toast } from '../../features/system/store.ts';
import { api } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import type { Action } from './production/review-actions.tsx';
import { QueueList, type QueueName } from './review/queue-list.tsx';
import { ReviewItem } from './review/review-item.tsx';

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    el.closest('[role="dialog"]'));

/**
 * The review panel (issue 11): the viewer's queues — staff reviewers: internal review and client changes;
 * a client: what awaits its review — and the selected item (`?item=`, where notifications point) with its
 * material, versions, decision, comments and history. Keyboard: j/k next and previous, a approve, c request
 * changes, ? help.
 */
export default function ReviewScreen() {
  const { portfolioId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const selected = params.get('item');
  const { user } = useSnapshot(authStore);
  const client = user?.role === 'client';
  const order: QueueName[] = client ? ['client'] : ['internal', 'clientChanges'];
  const [queues, setQueues] = useState<ReviewQueues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [requested, setRequested] = useState<{ action: Action; n: number } | null>(null);
  // The piece that left the viewer's sight while open (the team withdrew it from the client): said in one
  // sentence above the next piece, until the viewer picks another.
  const [gone, setGone] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await api.call(
        sdk.getReviewQueues({ client: api.client, path: { id: portfolioId } }),
        t.loadError,
      );
      setQueues(next);
      setError(null);
      return next;
    } catch (e) {
      setError((e as Error).message);
      return null;
    }
  }, [portfolioId]);
  useEffect(() => {
    setQueues(null);
    void load();
    void loadMembers(portfolioId);
  }, [load, portfolioId]);
  useEffect(
    () => onProductionChanged((e) => e.portfolioId === portfolioId && void load()),
    [portfolioId, load],
  );

  const flat = order.flatMap((q) => queues?.[q] ?? []);
  const select = useCallback(
    (id: string | null) => {
      // A shortcut's request belongs to the item it was made on, never to the next one.
      setRequested(null);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('item', id);
          else next.delete('item');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const pick = useCallback(
    (id: string | null) => {
      setGone(null);
      select(id);
    },
    [select],
  );

  // A piece that is no longer the viewer's (withdrawn from the client) gives way to the next one in the queue.
  const lost = async (id: string) => {
    const next = await load();
    const after = next ? order.flatMap((q) => next[q]).map((e) => e.item._id) : [];
    setGone(id);
    select(after.find((x) => x !== id) ?? null);
  };

  // After a decision the queue advances to the item that followed the decided one.
  const decided = async (item: ProductionItem) => {
    const before = flat.map((e) => e.item._id);
    const at = before.indexOf(item._id);
    const next = await load();
    if (!next) return;
    const after = order.flatMap((q) => next[q]).map((e) => e.item._id);
    const candidate =
      before.slice(at + 1).find((id) => after.includes(id)) ?? after.find((id) => id !== item._id);
    if (candidate) {
      toast.info(t.done);
      pick(candidate);
    } else {
      toast.info(t.allDone);
      pick(null);
    }
  };

  const keys = useRef({ flat, selected, select: pick });
  keys.current = { flat, selected, select: pick };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const { flat: list, selected: current, select: go } = keys.current;
      const index = list.findIndex((x) => x.item._id === current);
      if (e.key === 'j' || e.key === 'k') {
        const to = list[e.key === 'j' ? index + 1 : index <= 0 ? 0 : index - 1] ?? list[0];
        if (to) go(to.item._id);
      } else if ((e.key === 'a' || e.key === 'c') && current) {
        const action: Action =
          e.key === 'a'
            ? client
              ? 'approve-client-review'
              : 'approve-for-client'
            : client
              ? 'request-client-changes'
              : 'request-internal-changes';
        setRequested((r) => ({ action, n: (r?.n ?? 0) + 1 }));
      } else if (e.key === '?') setHelp(true);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [client]);

  const inQueue = selected ? flat.some((e) => e.item._id === selected) : false;

  return (
    <Screen
      title={msg.screens.review}
      actions={
        // Keyboard shortcuts are for a keyboard: not offered where the only pointer is a finger (issue 31).
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setHelp(true)}
          aria-keyshortcuts="?"
          className="pointer-coarse:hidden"
        >
          <KeyboardIcon aria-hidden="true" />
          {t.shortcuts.open}
        </Button>
      }
    >
      {error && !queues ? (
        <EmptyState
          title={t.loadError}
          description={error}
          action={<Button onClick={() => void load()}>{t.retry}</Button>}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <nav aria-label={t.title} className={selected ? 'hidden space-y-6 lg:block' : 'space-y-6'}>
            {queues === null ? (
              <div aria-busy="true" className="space-y-2">
                <Skeleton className="h-5 w-40" />
                <Skeleton className="h-20" />
                <Skeleton className="h-20" />
              </div>
            ) : (
              order.map((q) => (
                <QueueList key={q} name={q} entries={queues[q]} selected={selected} onSelect={pick} />
              ))
            )}
          </nav>
          <div className={selected ? 'min-w-0' : 'hidden min-w-0 lg:block'}>
            {gone ? (
              <p role="status" className="mb-3 rounded-lg bg-muted p-3 text-sm">
                {t.gone}
              </p>
            ) : null}
            {selected ? (
              <>
                {queues && !inQueue && !gone ? (
                  <p role="status" className="mb-3 rounded-lg bg-muted p-3 text-sm">
                    {t.gone}
                  </p>
                ) : null}
                <ReviewItem
                  key={selected}
                  itemId={selected}
                  portfolioId={portfolioId}
                  client={client}
                  canOpenPlan={!client}
                  requested={requested}
                  onDecided={(item) => void decided(item)}
                  onBack={() => pick(null)}
                  onGone={() => void lost(selected)}
                />
              </>
            ) : (
              <EmptyState title={flat.length > 0 ? t.pick : t.nothingToReview} />
            )}
          </div>
        </div>
      )}
      <Dialog open={help} onOpenChange={setHelp}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.shortcuts.title}</DialogTitle>
            <DialogDescription>{t.shortcuts.description}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {(
              [
                ['J', t.shortcuts.next],
                ['K', t.shortcuts.previous],
                ['A', t.shortcuts.approve],
                ['C', t.shortcuts.changes],
                ['?', t.shortcuts.help],
              ] as const
            ).map(([key, label]) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                </dt>
                <dd>{label}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </Screen>
  );
}
