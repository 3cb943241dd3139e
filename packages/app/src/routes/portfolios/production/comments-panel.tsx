import type { Comment, ProductionItem } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Button, ConfirmDialog, cn, RichTextContent, Select, Skeleton } from '@crw/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { authStore } from '../../../features/auth/store.ts';
import { LazyRichTextEditor, mentionablesFor } from '../../../features/editor/lazy-rich-text-editor.tsx';
import { onCommentsChanged, onProductionChanged } from '../../../features/notifications/realtime.ts';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { productionStore } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { readDraft, useDraftKeeper } from '../../../lib/drafts.ts';
import { clientCanSee, MAX_COMMENT_CHARACTERS, MAX_COMMENT_HTML } from './material.ts';

const client = api.client;

/**
 * An item's comments, live: written in the rich-text editor with mentions, internal or for the client
 * (staff choose; a client's are always for the client), edited and deleted by their author or an admin.
 */
export type DraftAnchor = NonNullable<Comment['anchor']>;

export function CommentsPanel({
  item,
  anchor = null,
  onAnchorUsed,
  onComments,
  pinNumbers,
  highlighted = null,
  onHighlight,
}: {
  item: ProductionItem;
  /** A pin being placed (review panel): the next comment is written about it. */
  anchor?: DraftAnchor | null;
  onAnchorUsed?: () => void;
  /** The comments as loaded (the review panel draws their pins). */
  onComments?: (comments: Comment[]) => void;
  /** The number of each pinned comment's pin. */
  pinNumbers?: ReadonlyMap<string, number>;
  highlighted?: string | null;
  onHighlight?: (id: string | null) => void;
}) {
  const { members } = useSnapshot(productionStore);
  const { user } = useSnapshot(authStore);
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<'internal' | 'client'>(
    clientCanSee(item.status) ? 'client' : 'internal',
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const isClient = user?.role === 'client';
  // The comment being written is kept as a draft (per user and item) and comes back after a close, a tab
  // change, a reload or a crash; sending it clears it.
  const userId = user?._id;
  const [draftFor, setDraftFor] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (!userId) return;
    const found = readDraft<string>({ kind: 'comment', userId, id: item._id });
    setBody(found?.value ?? '');
    setRestored(Boolean(found?.value));
    setDraftFor(item._id);
  }, [item._id, userId]);
  const keeper = useDraftKeeper({
    key: userId ? { kind: 'comment', userId, id: item._id } : null,
    value: body,
    saved: '',
    paused: draftFor !== item._id,
  });
  // A comment for the client may mention the client; an internal one only the team.
  const mentionables = mentionablesFor(members, visibility === 'client' && clientCanSee(item.status));

  const reported = useRef(onComments);
  reported.current = onComments;
  const list = useRef<HTMLUListElement>(null);
  // A pin chosen on the image brings its comment into view.
  useEffect(() => {
    if (highlighted)
      list.current?.querySelector(`[data-comment="${highlighted}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);

  const load = useCallback(async () => {
    try {
      const page = await api.call(
        sdk.listComments({ client, query: { entityType: 'item', entityId: item._id, page: 1, limit: 100 } }),
        m.loadError,
      );
      setComments(page.items);
      reported.current?.(page.items);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [item._id]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    const offItem = onProductionChanged((e) => e.itemId === item._id && void load());
    // Another reader's comment (or an edit, a deletion) shows up without a reload.
    const offComments = onCommentsChanged(
      (e) => e.entityType === 'item' && e.entityId === item._id && void load(),
    );
    return () => {
      offItem();
      offComments();
    };
  }, [item._id, load]);

  const send = async () => {
    if (!body.trim()) return setProblem(m.comments.required);
    if (body.length > MAX_COMMENT_HTML) return setProblem(m.comments.tooLong);
    setProblem(null);
    setBusy(true);
    try {
      await api.call(
        sdk.createComment({
          client,
          body: {
            entityType: 'item',
            entityId: item._id,
            body,
            ...(isClient ? {} : { visibility }),
            ...(anchor ? { anchor } : {}),
          },
        }),
        m.comments.error,
      );
      setBody('');
      setRestored(false);
      keeper.discard();
      if (anchor) onAnchorUsed?.();
      await load();
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const saveEdit = async () => {
    if (!editing) return;
    if (!editing.body.trim()) return toast.error(m.comments.required);
    if (editing.body.length > MAX_COMMENT_HTML) return toast.error(m.comments.tooLong);
    try {
      await api.call(
        sdk.updateComment({ client, path: { id: editing.id }, body: { body: editing.body } }),
        m.comments.error,
      );
      setEditing(null);
      await load();
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  const remove = async (id: string) => {
    try {
      await api.call(sdk.deleteComment({ client, path: { id } }), m.comments.error);
      await load();
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <div className="space-y-4">
      {error ? (
        <div role="alert" className="space-y-2 text-sm text-destructive">
          <p>{error}</p>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {m.retry}
          </Button>
        </div>
      ) : comments === null ? (
        <Skeleton className="h-20" />
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.comments.empty}</p>
      ) : (
        <ul ref={list} className="space-y-3">
          {comments.map((c) => {
            const mine = c.author._id === user?._id || user?.role === 'admin';
            const pin = pinNumbers?.get(c._id);
            return (
              <li
                key={c._id}
                data-comment={c._id}
                className={cn(
                  'rounded-lg border border-border p-3 text-sm',
                  highlighted === c._id && 'border-warning ring-2 ring-warning/40',
                )}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2 font-medium">
                    {pin ? (
                      <button
                        type="button"
                        aria-pressed={highlighted === c._id}
                        onClick={() => onHighlight?.(highlighted === c._id ? null : c._id)}
                        className="grid size-6 place-items-center rounded-full bg-primary text-xs text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                      >
                        {pin}
                        <span className="sr-only">{m.comments.showPin(pin)}</span>
                      </button>
                    ) : null}
                    {c.author.name}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatDateTime(c.createdAt)}
                    {isClient ? null : (
                      <> · {c.visibility === 'internal' ? m.comments.internal : m.comments.client}</>
                    )}
                  </span>
                </div>
                {editing?.id === c._id ? (
                  <form
                    className="mt-2 space-y-2"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void saveEdit();
                    }}
                  >
                    <LazyRichTextEditor
                      label={m.comments.editLabel}
                      value={editing.body}
                      onChange={(html) => setEditing({ id: c._id, body: html })}
                      mentionables={mentionables}
                      maxLength={MAX_COMMENT_CHARACTERS}
                    />
                    <div className="flex gap-2">
                      <Button type="submit" size="sm">
                        {m.comments.save}
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
                        {m.comments.cancel}
                      </Button>
                    </div>
                  </form>
                ) : (
                  <RichTextContent className="mt-1" html={c.body} />
                )}
                {mine && editing?.id !== c._id ? (
                  <div className="mt-1 flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={m.comments.editOf(c.author.name)}
                      onClick={() => setEditing({ id: c._id, body: c.body })}
                    >
                      {m.comments.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={m.comments.deleteOf(c.author.name)}
                      onClick={() => setDeleting(c._id)}
                    >
                      {m.comments.delete}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h3 className="text-sm font-medium">{m.comments.label}</h3>
        {anchor ? (
          <p
            role="status"
            className="flex flex-wrap items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground"
          >
            {m.comments.aboutPin}
            <Button type="button" size="sm" variant="ghost" onClick={() => onAnchorUsed?.()}>
              {m.comments.removePin}
            </Button>
          </p>
        ) : null}
        {restored ? (
          <p
            role="status"
            className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground"
          >
            {m.comments.draftRestored}
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setBody('');
                setRestored(false);
                keeper.discard();
              }}
            >
              {m.comments.discardDraft}
            </Button>
          </p>
        ) : null}
        <LazyRichTextEditor
          label={m.comments.label}
          value={body}
          onChange={(html) => {
            setBody(html);
            if (problem) setProblem(null);
          }}
          mentionables={mentionables}
          maxLength={MAX_COMMENT_CHARACTERS}
          invalid={problem !== null}
          describedBy={problem ? 'comment-problem' : undefined}
        />
        {problem ? (
          <p id="comment-problem" role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          {isClient ? null : (
            <div className="w-48">
              <Select
                aria-label={m.comments.visibility}
                options={[
                  { value: 'internal', label: m.comments.internal },
                  { value: 'client', label: m.comments.client },
                ]}
                value={visibility}
                onValueChange={(v) => setVisibility(v as 'internal' | 'client')}
              />
            </div>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? m.comments.sending : m.comments.send}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={m.comments.deleteTitle}
        confirmLabel={m.comments.delete}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}
