import type { MaterialVersionHistory, ProductionItem } from '@crw/api-client';
import {
  Button,
  ChoiceDialog,
  ConfirmDialog,
  Drawer,
  EmptyState,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@crw/ui';
import { CopyIcon, Trash2Icon } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Location, useBlocker } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from '../../../features/auth/store.ts';
import { onProductionChanged } from '../../../features/notifications/realtime.ts';
import {
  deleteItem,
  duplicateItem,
  fetchItem,
  fetchItemHistory,
  knownItem,
} from '../../../features/production/item.ts';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { toast } from '../../../features/system/store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { sameJson } from '../../../lib/same-json.ts';
import type { DraftAnchor } from './comments-panel.tsx';
import { MoveItemsDialog } from './dialogs.tsx';
import { FollowButton } from './follow-button.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { ItemComments } from './item-comments.tsx';
import { PieceText } from './item-details-form.tsx';
import { MaterialPanel } from './material-panel.tsx';
import { PieceCall } from './piece-call.tsx';
import { PieceProperties } from './piece-properties.tsx';
import { ReviewActions } from './review-actions.tsx';
import { useMaterialEditor } from './use-material-editor.ts';
import { VersionsPanel } from './versions-panel.tsx';

/** Leaving `from` for `to` closes this drawer or opens another item in it (the drawer is `?item=`). */
const leavesItem = (from: Location, to: Location) =>
  from.pathname !== to.pathname ||
  new URLSearchParams(from.search).get('item') !== new URLSearchParams(to.search).get('item');

/**
 * The item workspace, over the plan (deep link: `?item={id}`): details, material with uploads, versions with
 * compare, history, comments, review actions, duplicate, move and delete. Updates live when someone else
 * changes the item; a stale save is refused by the server and nothing typed is lost.
 */
export function ItemDrawer({
  itemId,
  onClose,
  onChanged,
  onOpenItem,
}: {
  itemId: string;
  onClose: () => void;
  onChanged: () => void;
  onOpenItem: (id: string) => void;
}) {
  const { user } = useSnapshot(authStore);
  // The piece as the plan already has it (a card of the board, a row of the table): its content shows at once, the
  // server's copy follows and replaces it only if it differs. The calendar holds only what it draws of a piece: one
  // opened from it shows its loading state until the server's copy comes, as a link to it does.
  const [item, setItem] = useState<ProductionItem | null>(() => knownItem(itemId));
  const [shownId, setShownId] = useState(itemId);
  if (shownId !== itemId) {
    setShownId(itemId);
    setItem(knownItem(itemId));
  }
  // Versions and history: asked for when one of their tabs is first shown (null: not asked for yet).
  const [history, setHistory] = useState<MaterialVersionHistory | null>(null);
  const historyWanted = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moving, setMoving] = useState(false);
  const [tab, setTab] = useState('details');
  // Words of the copy chosen in the Material tab, waiting in the comments tab's box (of that piece only).
  const [quote, setQuote] = useState<{
    itemId: string;
    anchor: DraftAnchor;
    suggest: boolean;
    n: number;
  } | null>(null);

  const loadHistory = useCallback(async () => {
    historyWanted.current = true;
    try {
      setHistory(await fetchItemHistory(itemId));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [itemId]);

  const load = useCallback(async () => {
    try {
      const [next] = await Promise.all([fetchItem(itemId), historyWanted.current ? loadHistory() : null]);
      // The same copy as the one shown: nothing to draw again.
      setItem((shown) => (shown && sameJson(shown, next) ? shown : next));
      setError(null);
      setChangedElsewhere(false);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [itemId, loadHistory]);

  useEffect(() => {
    historyWanted.current = false;
    setHistory(null);
    void load();
  }, [load]);

  const historyTab = tab === 'versions' || tab === 'history';
  useEffect(() => {
    if (historyTab && !historyWanted.current) void loadHistory();
  }, [historyTab, loadHistory]);

  // One function while the item is the same: the details form (memoised) is not drawn again when the drawer
  // is (the material's copy arriving, a draft offered).
  const after = useCallback(
    (next: ProductionItem) => {
      setItem(next);
      onChanged();
      if (historyWanted.current) void loadHistory();
    },
    [onChanged, loadHistory],
  );

  const editor = useMaterialEditor({ itemId, item, userId: user?._id, onSaved: after });
  // Typed copy not saved: closing the drawer, opening another item or another screen asks first (Guardar ·
  // Descartar · Seguir editando), and leaving the page warns. A deleted item leaves without asking.
  const leaving = useRef(false);
  const dirty = useRef(false);
  dirty.current = editor.dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && !leaving.current && leavesItem(currentLocation, nextLocation),
  );
  const [unsavedBusy, setUnsavedBusy] = useState<string | null>(null);
  useEffect(() => {
    if (!editor.dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the warning only when a value is returned.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editor.dirty]);
  const leave = (close: () => void) => {
    leaving.current = true;
    editor.forgetDraft();
    close();
  };

  useEffect(
    () =>
      onProductionChanged((event) => {
        if (event.itemId !== itemId || event.actorId === user?._id) return;
        if (event.kind === 'item.deleted') {
          toast.info(m.notFound);
          leaving.current = true;
          onClose();
        } else setChangedElsewhere(true);
      }),
    [itemId, user?._id, onClose],
  );

  const duplicate = async () => {
    try {
      const copy = await duplicateItem(itemId);
      toast.success(m.actions.duplicated);
      onChanged();
      onOpenItem(copy._id);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  const remove = async () => {
    try {
      await deleteItem(itemId);
      toast.success(m.actions.deleted);
      onChanged();
      leave(onClose);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  // The end of the flow, as the server answers it (`final`): nothing about the piece changes any more.
  const approved = item?.final === true;
  // What the piece's status locks (the client is reviewing it), said once for every control it withholds.
  const lockId = useId();
  const lockReason = approved ? undefined : item?.frozenFields[0]?.reason;
  const lockSaid = useMemo(
    () => (lockReason ? { reason: lockReason, id: lockId } : undefined),
    [lockReason, lockId],
  );
  // One function each for the drawer's life: the review actions (memoised) are not drawn again at each key
  // typed in the copy, whose state lives here.
  const latestEditor = useRef(editor);
  latestEditor.current = editor;
  const canEditMaterial = editor.canEdit;
  const materialOnScreen = useCallback(() => latestEditor.current.material(), []);
  const afterReview = useCallback(
    (next: ProductionItem, action: string) => {
      if (action === 'mark-for-internal-review' || action === 'create-material-version')
        latestEditor.current.forgetDraft();
      after(next);
    },
    [after],
  );
  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={item?.title ?? m.loading}
      className="max-w-none sm:max-w-2xl"
    >
      {error ? (
        <EmptyState
          title={m.loadError}
          description={error}
          action={<Button onClick={() => void load()}>{t.retry}</Button>}
        />
      ) : !item ? (
        <div aria-busy="true" className="space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={item.status} />
            <span className="text-xs text-muted-foreground">
              {item.currentVersion > 0 ? m.versions.number(item.currentVersion) : m.versions.none}
            </span>
            <fieldset className="ml-auto flex flex-wrap gap-2">
              <legend className="sr-only">{m.actions.label}</legend>
              <FollowButton itemId={item._id} />
              <Button size="sm" variant="outline" onClick={() => void duplicate()}>
                <CopyIcon aria-hidden="true" />
                {m.actions.duplicate}
              </Button>
              <PieceCall item={item} call="move-item" reasonSaid={lockSaid} onClick={() => setMoving(true)}>
                {m.actions.moveTo}
              </PieceCall>
              <PieceCall
                item={item}
                call="delete-item"
                reasonSaid={lockSaid}
                onClick={() => setConfirmDelete(true)}
              >
                <Trash2Icon aria-hidden="true" />
                {m.actions.delete}
              </PieceCall>
            </fieldset>
          </div>
          {changedElsewhere ? (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-muted/60 p-3 text-sm"
            >
              {m.changedElsewhere}
              <Button size="sm" variant="outline" onClick={() => void load()}>
                {m.staleReload}
              </Button>
            </div>
          ) : null}
          {approved ? <p className="rounded-lg bg-success/10 p-3 text-sm">{m.approvedFinal}</p> : null}
          {lockSaid ? (
            <p id={lockSaid.id} className="rounded-lg border border-border bg-muted/60 p-3 text-sm">
              {lockSaid.reason}
            </p>
          ) : null}
          {editor.offer ? (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
            >
              <span className="min-w-0 flex-1 basis-60">
                {m.material.draftFound(formatDateTime(new Date(editor.offer.savedAt).toISOString()))}
              </span>
              <span className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => {
                    editor.recover();
                    setTab('details');
                  }}
                >
                  {m.material.recoverDraft}
                </Button>
                <Button size="sm" variant="outline" onClick={editor.discardOffer}>
                  {m.material.discardDraft}
                </Button>
              </span>
            </div>
          ) : null}
          <ReviewActions
            item={item}
            reasonSaid={lockSaid}
            material={canEditMaterial ? materialOnScreen : undefined}
            onDone={afterReview}
          />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="details">{m.tabs.details}</TabsTrigger>
              <TabsTrigger value="versions">{m.tabs.versions}</TabsTrigger>
              <TabsTrigger value="history">{m.tabs.history}</TabsTrigger>
              <TabsTrigger value="comments">{m.tabs.comments}</TabsTrigger>
            </TabsList>
            <TabsContent value="details" className="space-y-5 pt-4">
              <PieceProperties item={item} onSaved={after} onReload={load} frozenSaid={lockSaid?.id} />
              <PieceText item={item} onSaved={after} onReload={load} frozenSaid={lockSaid?.id} />
              <MaterialPanel
                key={item._id}
                item={item}
                editor={editor}
                reasonSaid={lockSaid?.reason}
                onQuote={(anchor, suggest) => {
                  setQuote((q) => ({ itemId: item._id, anchor, suggest, n: (q?.n ?? 0) + 1 }));
                  setTab('comments');
                }}
              />
            </TabsContent>
            <TabsContent value="versions" className="pt-4">
              {history ? <VersionsPanel itemId={item._id} versions={history.versions} /> : <PanelLoading />}
            </TabsContent>
            <TabsContent value="history" className="pt-4">
              {history ? <HistoryPanel history={history} /> : <PanelLoading />}
            </TabsContent>
            <TabsContent value="comments" className="pt-4">
              <ItemComments
                item={item}
                quote={quote?.itemId === item._id ? quote : null}
                onQuoteUsed={() => setQuote(null)}
              />
            </TabsContent>
          </Tabs>
          {/* The drawer's dialogs mount when they open (issue 48: three closed Radix dialogs were ~40 components
              of every piece's first frame); closing unmounts them, and the focus goes back where it was. */}
          {confirmDelete ? (
            <ConfirmDialog
              open
              onOpenChange={setConfirmDelete}
              title={m.actions.deleteTitle}
              description={m.actions.deleteDescription}
              confirmLabel={m.actions.delete}
              onConfirm={() => void remove()}
            />
          ) : null}
          {moving ? (
            <MoveItemsDialog
              open
              onOpenChange={setMoving}
              itemIds={[item._id]}
              currentCycleId={item.cycleId}
              onMoved={() => void load().then(onChanged)}
            />
          ) : null}
        </div>
      )}
      {blocker.state === 'blocked' ? (
        <ChoiceDialog
          open
          onOpenChange={(open) => !open && blocker.reset?.()}
          title={m.material.unsavedTitle}
          description={m.material.unsavedDescription(item?.title ?? '')}
          cancelLabel={m.material.unsavedKeepEditing}
          busy={unsavedBusy}
          choices={[
            {
              label: m.material.unsavedDiscard,
              variant: 'destructive',
              onSelect: () => {
                editor.discard();
                blocker.proceed?.();
              },
            },
            {
              label: m.material.unsavedSave,
              variant: 'default',
              busyLabel: t.saving,
              onSelect: () => {
                setUnsavedBusy(m.material.unsavedSave);
                void editor.save().then((result) => {
                  setUnsavedBusy(null);
                  if (result === 'saved') blocker.proceed?.();
                  else {
                    blocker.reset?.();
                    // Someone else's newer copy: shown beside this one, in the material tab.
                    if (result === 'conflict') setTab('details');
                  }
                });
              },
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

/** A tab's content on its way. */
function PanelLoading() {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">{m.loading}</span>
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
    </div>
  );
}
