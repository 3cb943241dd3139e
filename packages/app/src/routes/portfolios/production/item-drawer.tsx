import type { MaterialVersionHistory, ProductionItem } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import {
  Button,
  ChoiceDialog,
  ConfirmDialog,
  DatePicker,
  DiffView,
  Drawer,
  EmptyState,
  Field,
  FileDropZone,
  Input,
  RichTextContent,
  Select,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  type UploadProgress,
} from '@crw/ui';
import { CopyIcon, Trash2Icon } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { type Location, useBlocker } from 'react-router';
import { snapshot, useSnapshot } from 'valtio';
import { authStore } from '../../../features/auth/store.ts';
import { LazyRichTextEditor } from '../../../features/editor/lazy-rich-text-editor.tsx';
import { onProductionChanged } from '../../../features/notifications/realtime.ts';
import { portfoliosStore } from '../../../features/portfolios/store.ts';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { productionStore } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { MoveItemsDialog } from './dialogs.tsx';
import { MaterialFiles } from './file-blob.tsx';
import { FollowButton } from './follow-button.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { ItemComments } from './item-comments.tsx';
import {
  acceptedTypes,
  htmlToText,
  humanSize,
  MAX_COPY_CHARACTERS,
  MAX_COPY_HTML,
  MAX_UPLOAD_BYTES,
  uploadWithProgress,
} from './material.ts';
import { ReviewActions } from './review-actions.tsx';
import { type MaterialEditor, useMaterialEditor } from './use-material-editor.ts';
import { VersionsPanel } from './versions-panel.tsx';

const client = api.client;
const NONE = '__none__';

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
  // The piece as the plan already has it (a card of the board, a row, a day of the calendar): its content shows
  // at once, the server's copy follows and replaces it only if it differs.
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

  const loadHistory = useCallback(async () => {
    historyWanted.current = true;
    try {
      setHistory(
        await api.call(sdk.getMaterialVersionHistory({ client, path: { id: itemId } }), m.loadError),
      );
    } catch (e) {
      setError((e as Error).message);
    }
  }, [itemId]);

  const load = useCallback(async () => {
    try {
      const [next] = await Promise.all([
        api.call(sdk.getItem({ client, path: { id: itemId } }), m.loadError),
        historyWanted.current ? loadHistory() : null,
      ]);
      // The same copy as the one shown: nothing to draw again.
      setItem((shown) => (shown && JSON.stringify(shown) === JSON.stringify(next) ? shown : next));
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
      const copy = await api.call(sdk.duplicateItem({ client, path: { id: itemId } }), m.loadError);
      toast.success(m.actions.duplicated);
      onChanged();
      onOpenItem(copy._id);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  const remove = async () => {
    try {
      await api.call(sdk.deleteItem({ client, path: { id: itemId } }), m.loadError);
      toast.success(m.actions.deleted);
      onChanged();
      leave(onClose);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  const approved = item?.status === 'approved';
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
              {!approved ? (
                <>
                  <Button size="sm" variant="outline" onClick={() => setMoving(true)}>
                    {m.actions.moveTo}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)}>
                    <Trash2Icon aria-hidden="true" />
                    {m.actions.delete}
                  </Button>
                </>
              ) : null}
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
                    setTab('material');
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
            material={editor.canEdit ? () => editor.material() : undefined}
            onDone={(next, action) => {
              if (action === 'mark-for-internal-review' || action === 'create-material-version')
                editor.forgetDraft();
              after(next);
            }}
          />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="details">{m.tabs.details}</TabsTrigger>
              <TabsTrigger value="material">{m.tabs.material}</TabsTrigger>
              <TabsTrigger value="versions">{m.tabs.versions}</TabsTrigger>
              <TabsTrigger value="history">{m.tabs.history}</TabsTrigger>
              <TabsTrigger value="comments">{m.tabs.comments}</TabsTrigger>
            </TabsList>
            <TabsContent value="details" className="pt-4">
              <DetailsForm item={item} onSaved={after} onReload={load} />
            </TabsContent>
            <TabsContent value="material" className="pt-4">
              <MaterialPanel item={item} editor={editor} />
            </TabsContent>
            <TabsContent value="versions" className="pt-4">
              {history ? <VersionsPanel itemId={item._id} versions={history.versions} /> : <PanelLoading />}
            </TabsContent>
            <TabsContent value="history" className="pt-4">
              {history ? <HistoryPanel history={history} /> : <PanelLoading />}
            </TabsContent>
            <TabsContent value="comments" className="pt-4">
              <ItemComments item={item} />
            </TabsContent>
          </Tabs>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={m.actions.deleteTitle}
            description={m.actions.deleteDescription}
            confirmLabel={m.actions.delete}
            onConfirm={() => void remove()}
          />
          <MoveItemsDialog
            open={moving}
            onOpenChange={setMoving}
            itemIds={[item._id]}
            currentCycleId={item.cycleId}
            onMoved={() => void load().then(onChanged)}
          />
        </div>
      )}
      <ChoiceDialog
        open={blocker.state === 'blocked'}
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
                  if (result === 'conflict') setTab('material');
                }
              });
            },
          },
        ]}
      />
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

/** The item as the plan on screen holds it (board, table or calendar), or null. */
function knownItem(itemId: string): ProductionItem | null {
  const plan = snapshot(productionStore);
  for (const page of [...Object.values(plan.board), plan.table, plan.calendar]) {
    const found = page.items.find((i) => i._id === itemId);
    if (found) return found as ProductionItem;
  }
  return null;
}

type Draft = Pick<
  ProductionItem,
  | 'title'
  | 'description'
  | 'format'
  | 'pilar'
  | 'angulo'
  | 'funnelPhase'
  | 'awarenessLevel'
  | 'publishDate'
  | 'assigneeId'
>;
const draftOf = (item: ProductionItem): Draft => ({
  title: item.title,
  description: item.description,
  format: item.format,
  pilar: item.pilar,
  angulo: item.angulo,
  funnelPhase: item.funnelPhase,
  awarenessLevel: item.awarenessLevel,
  publishDate: item.publishDate,
  assigneeId: item.assigneeId,
});

const DetailsForm = memo(function DetailsForm({
  item,
  onSaved,
  onReload,
}: {
  item: ProductionItem;
  onSaved: (i: ProductionItem) => void;
  onReload: () => Promise<void>;
}) {
  const { active } = useSnapshot(portfoliosStore);
  const { members } = useSnapshot(productionStore);
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const base = useRef(item);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'stale'>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A fresh copy of the item (after a reload) keeps what the user typed and moves the base forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's copy changes
  useEffect(() => {
    const previous = base.current;
    // On mount the draft is already the item's: setting it again would draw the form twice.
    if (previous === item) return;
    base.current = item;
    setDraft((d) => {
      const next = draftOf(item);
      for (const key of Object.keys(d) as Array<keyof Draft>) {
        if (d[key] !== draftOf(previous)[key]) (next as Record<string, unknown>)[key] = d[key];
      }
      return next;
    });
    if (state === 'stale') setState('idle');
  }, [item]);

  const changed = (Object.keys(draft) as Array<keyof Draft>).filter((k) => draft[k] !== draftOf(item)[k]);
  const readOnly = item.status === 'approved';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setState('idle');
  };
  const save = async () => {
    if (!draft.title.trim()) return setErrors({ title: m.fields.titleRequired });
    setErrors({});
    setState('saving');
    try {
      const body = Object.fromEntries(changed.map((k) => [k, draft[k]]));
      const saved = await api.call(
        sdk.updateItem({ client, path: { id: item._id }, body: { ...body, version: item.version } }),
        m.saveError,
      );
      setState('saved');
      onSaved(saved);
    } catch (e) {
      const err = e as Error & {
        status?: number;
        body?: { code?: string; details?: Array<{ field?: string; message: string }> };
      };
      if (err.status === 409) return setState('stale');
      setState('idle');
      const fieldErrors = Object.fromEntries(
        (err.body?.details ?? []).filter((d) => d.field).map((d) => [d.field!, d.message]),
      );
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: err.message });
    }
  };
  const data = active?.productionCycleData;
  const options = (values: readonly string[], label: (v: string) => string = (v) => v) => [
    { value: NONE, label: m.fields.none },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  const select = (
    key: 'format' | 'pilar' | 'angulo' | 'funnelPhase' | 'awarenessLevel' | 'assigneeId',
    label: string,
    opts: { value: string; label: string }[],
  ) => (
    <Field label={label} error={errors[key]}>
      {(a) => (
        <Select
          {...a}
          disabled={readOnly}
          options={opts}
          value={(draft[key] as string | null) ?? NONE}
          onValueChange={(v) => set(key, (v === NONE ? null : v) as never)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {state === 'stale' ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm"
        >
          <p>{m.stale}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void onReload()}>
            {m.staleReload}
          </Button>
        </div>
      ) : null}
      <Field label={m.fields.title} error={errors.title}>
        {(a) => (
          <Input
            {...a}
            readOnly={readOnly}
            maxLength={200}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
          />
        )}
      </Field>
      <Field label={m.fields.description} error={errors.description}>
        {(a) => (
          <Textarea
            {...a}
            readOnly={readOnly}
            maxLength={5000}
            rows={3}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('format', m.fields.format, options(data?.formatosCreativos ?? []))}
        {select('pilar', m.fields.pilar, options(data?.pilaresContenido ?? []))}
        {select('angulo', m.fields.angulo, options(data?.angulosVenta ?? []))}
        {select(
          'funnelPhase',
          m.fields.funnelPhase,
          options(Object.keys(t.funnelPhases), (v) => t.funnelPhases[v]!),
        )}
        {select(
          'awarenessLevel',
          m.fields.awarenessLevel,
          options(Object.keys(t.awarenessLevels), (v) => t.awarenessLevels[v]!),
        )}
        {select('assigneeId', m.fields.assignee, [
          { value: NONE, label: t.unassigned },
          ...members.filter((x) => x.staff).map((x) => ({ value: x._id, label: x.name })),
        ])}
        <Field label={m.fields.publishDate} error={errors.publishDate}>
          {(a) => (
            <DatePicker
              {...a}
              disabled={readOnly}
              value={draft.publishDate ?? null}
              onValueChange={(value) => set('publishDate', value)}
            />
          )}
        </Field>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={state === 'saving' || changed.length === 0}>
            {state === 'saving' ? t.saving : m.save}
          </Button>
          <span role="status" className="text-sm text-muted-foreground">
            {state === 'saved' && changed.length === 0 ? m.saved : changed.length > 0 ? m.unsaved : ''}
          </span>
        </div>
      )}
    </form>
  );
});

interface Upload extends UploadProgress {
  file: File;
  abort?: () => void;
}

function MaterialPanel({ item, editor }: { item: ProductionItem; editor: MaterialEditor }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const { copy, setCopy, saving, dirty, canEdit } = editor;
  const tooLong = copy.length > MAX_COPY_HTML;
  const saveMaterial = editor.save;

  const patch = (file: File, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.file === file ? { ...u, ...change } : u)));
  const upload = async (file: File) => {
    setUploads((list) => [...list.filter((u) => u.file !== file), { file, name: file.name, percent: 0 }]);
    try {
      const signed = await api.call(
        sdk.createSignedUploadUrl({
          client,
          path: { id: item._id },
          body: { fileName: file.name, fileType: file.type, size: file.size },
        }),
        m.material.uploadError(file.name),
      );
      const job = uploadWithProgress(signed.url, signed.headers, file, (percent) => patch(file, { percent }));
      patch(file, { abort: job.abort });
      await job.done;
      patch(file, { percent: 100 });
      const entry = { s3Key: signed.s3Key, fileName: file.name, fileType: file.type, size: file.size };
      await saveMaterial([...item.materialData.files, entry]);
      setUploads((list) => list.filter((u) => u.file !== file));
      toast.success(m.material.uploaded(file.name));
    } catch (e) {
      const aborted = (e as Error).name === 'AbortError';
      patch(file, {
        error: aborted ? m.material.cancelled : (e as Error).message || m.material.uploadError(file.name),
      });
    }
  };
  const onFiles = (files: File[]) => {
    for (const file of files) {
      if (!acceptedTypes.includes(file.type)) toast.error(m.material.badType(file.name));
      else if (file.size > MAX_UPLOAD_BYTES)
        toast.error(m.material.tooBig(file.name, humanSize(MAX_UPLOAD_BYTES)));
      else void upload(file);
    }
  };
  return (
    <div className="space-y-5">
      {!canEdit && item.status !== 'approved' ? (
        <p className="rounded-lg bg-muted p-3 text-sm">{m.material.locked}</p>
      ) : null}
      {canEdit && editor.conflict ? (
        <section
          aria-labelledby="material-conflict"
          className="space-y-3 rounded-lg border border-destructive/50 bg-destructive/5 p-3"
        >
          <h3 id="material-conflict" className="text-sm font-medium">
            {m.material.conflictTitle}
          </h3>
          <p role="alert" className="text-sm">
            {m.material.conflictHelp}
          </p>
          <DiffView
            before={htmlToText(editor.conflict.materialData.copy)}
            after={htmlToText(copy)}
            labels={{
              legendAdded: m.material.conflictOnlyMine,
              legendRemoved: m.material.conflictOnlyTheirs,
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={saving} onClick={() => void editor.keepMine()}>
              {m.material.conflictKeepMine}
            </Button>
            <Button size="sm" variant="outline" disabled={saving} onClick={editor.takeTheirs}>
              {m.material.conflictTakeTheirs}
            </Button>
            <Button size="sm" variant="ghost" disabled={saving} onClick={editor.dismissConflict}>
              {m.material.conflictKeepEditing}
            </Button>
          </div>
        </section>
      ) : null}
      {canEdit ? (
        <section aria-labelledby="material-copy" className="space-y-2">
          <h3 id="material-copy" className="text-sm font-medium">
            {m.material.copy}
          </h3>
          <LazyRichTextEditor
            label={m.material.copy}
            value={copy}
            onChange={setCopy}
            mentions={false}
            maxLength={MAX_COPY_CHARACTERS}
            invalid={tooLong}
            placeholder={m.material.copyHint}
          />
          {tooLong ? (
            <p role="alert" className="text-sm text-destructive">
              {m.material.tooLong}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={saving || !dirty || tooLong} onClick={() => void saveMaterial()}>
              {saving ? t.saving : m.material.save}
            </Button>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {saving ? t.saving : dirty ? m.unsaved : m.saved}
            </span>
          </div>
        </section>
      ) : (
        <section aria-labelledby="material-preview" className="space-y-2">
          <h3 id="material-preview" className="text-sm font-medium">
            {m.material.copy}
          </h3>
          <RichTextContent
            className="rounded-lg border border-border p-3"
            html={item.materialData.copy}
            empty={m.material.noCopy}
          />
        </section>
      )}
      <section aria-labelledby="material-files" className="space-y-3">
        <h3 id="material-files" className="text-sm font-medium">
          {m.material.files}
        </h3>
        {item.materialData.files.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.material.noFiles}</p>
        ) : null}
        <MaterialFiles itemId={item._id} files={item.materialData.files} />
        {canEdit ? (
          <>
            <FileDropZone onFiles={onFiles} uploads={uploads} accept={acceptedTypes.join(',')} />
            {uploads.map((u) => (
              <div key={u.name} className="flex gap-2">
                {u.error ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={m.material.retry(u.name)}
                    onClick={() => void upload(u.file)}
                  >
                    {m.material.retry(u.name)}
                  </Button>
                ) : u.percent < 100 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={m.material.cancel(u.name)}
                    onClick={() => u.abort?.()}
                  >
                    {m.material.cancel(u.name)}
                  </Button>
                ) : null}
              </div>
            ))}
          </>
        ) : null}
      </section>
    </div>
  );
}
