import type { Comment, ProductionItem } from '@crw/api-client';
import { Button, Select, Textarea } from '@crw/ui';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { authStore } from '../../../features/auth/store.ts';
import { canChangeComment, createComment, updateComment } from '../../../features/comments/comments.ts';
import { CommentThread } from '../../../features/comments/components/comment-thread.tsx';
import { useCommentThread } from '../../../features/comments/use-comment-thread.ts';
import { FormNotice } from '../../../features/common/form-fields.tsx';
import { LazyRichTextEditor, mentionablesFor } from '../../../features/editor/lazy-rich-text-editor.tsx';
import { onProductionChanged } from '../../../features/notifications/realtime.ts';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { productionStore } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { readDraft, useDraftKeeper } from '../../../lib/drafts.ts';
import { ApplyAll, QuoteActions, QuotedWords, splitThread } from './comment-quotes.tsx';
import { focusComposer } from './focus-composer.ts';
import { MAX_COMMENT_CHARACTERS, MAX_COMMENT_HTML } from './material.ts';
import { isQuote } from './pins.ts';

export type DraftAnchor = NonNullable<Comment['anchor']>;

const threadLabels = {
  retry: m.retry,
  empty: m.comments.empty,
  delete: m.comments.delete,
  deleteOf: m.comments.deleteOf,
  deleteTitle: m.comments.deleteTitle,
};

/**
 * An item's comments, live: written in the rich-text editor with mentions, internal or for the client (staff
 * choose, «Solo el equipo» unless they reply to a client's comment; a client's are always for the client),
 * edited and deleted by their author or an admin. A pin placed on the image brings the box into view, focused.
 */
export function CommentsPanel({
  item,
  anchor = null,
  placed = 0,
  onAnchorUsed,
  onComments,
  pinNumbers,
  highlighted = null,
  onHighlight,
  suggesting = false,
  onShowQuote,
}: {
  item: ProductionItem;
  /** A pin being placed (review panel): the next comment is written about it. */
  anchor?: DraftAnchor | null;
  /** Grows each time a pin is placed (not when it is moved): the comment box comes into view, focused. */
  placed?: number;
  onAnchorUsed?: () => void;
  /** The comments as loaded (the review panel draws their pins). */
  onComments?: (comments: Comment[]) => void;
  /** The number of each pinned comment's pin. */
  pinNumbers?: ReadonlyMap<string, number>;
  highlighted?: string | null;
  onHighlight?: (id: string | null) => void;
  /** The quoted words (`anchor` a quote) are to be replaced: the box asks for the replacement. */
  suggesting?: boolean;
  /** The copy shown beside highlights the quotes: «Ver en el texto» on each. */
  onShowQuote?: (id: string) => void;
}) {
  const { members } = useSnapshot(productionStore);
  const { user } = useSnapshot(authStore);
  const { load, thread } = useCommentThread(
    { entityType: 'item', entityId: item._id },
    { loadError: m.loadError, error: m.comments.error },
    onComments,
  );
  const [body, setBody] = useState('');
  // Staff write for the team unless they answer a client (product design §5).
  const [visibility, setVisibility] = useState<'internal' | 'client'>('internal');
  const [replyTo, setReplyTo] = useState<{ id: string; name: string } | null>(null);
  const composer = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (placed > 0) focusComposer(composer.current);
  }, [placed]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  const [showResolved, setShowResolved] = useState(false);
  const quoted = isQuote(anchor) ? anchor.quote : null;
  const [replacement, setReplacement] = useState('');
  // A new suggestion starts from the quoted words.
  useEffect(() => {
    if (suggesting && quoted !== null) setReplacement(quoted);
  }, [suggesting, quoted]);
  const suggestion = suggesting && quoted !== null;
  const isClient = user?.role === 'client';
  const clients = new Set(members.filter((p) => p.role === 'client').map((p) => p._id));
  const reply = (c: Comment) => {
    setReplyTo({ id: c._id, name: c.author.name });
    setVisibility(item.clientVisible ? 'client' : 'internal');
    focusComposer(composer.current);
  };
  const endReply = () => {
    setReplyTo(null);
    setVisibility('internal');
  };
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
    setReplyTo(null);
    setVisibility('internal');
  }, [item._id, userId]);
  const keeper = useDraftKeeper({
    key: userId ? { kind: 'comment', userId, id: item._id } : null,
    value: body,
    saved: '',
    paused: draftFor !== item._id,
  });
  // A comment for the client may mention the client; an internal one only the team.
  const mentionables = mentionablesFor(members, visibility === 'client' && item.clientVisible);

  const list = useRef<HTMLUListElement>(null);
  // A pin chosen on the image brings its comment into view.
  useEffect(() => {
    if (highlighted)
      list.current?.querySelector(`[data-comment="${highlighted}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);

  // A change to the item (a review decision, a new version) may bring comments with it.
  useEffect(() => onProductionChanged((e) => e.itemId === item._id && void load()), [item._id, load]);

  const send = async () => {
    if (!body.trim() && !suggestion) return setProblem(m.comments.required);
    if (body.length > MAX_COMMENT_HTML) return setProblem(m.comments.tooLong);
    setProblem(null);
    setBusy(true);
    try {
      await createComment(
        {
          entityType: 'item',
          entityId: item._id,
          body: body.trim() ? body : `<p>${m.comments.suggested}</p>`,
          ...(isClient ? {} : { visibility }),
          ...(anchor ? { anchor } : {}),
          ...(suggestion ? { suggestion: { replacement } } : {}),
        },
        m.comments.error,
      );
      setBody('');
      setRestored(false);
      keeper.discard();
      endReply();
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
      await updateComment(editing.id, editing.body, m.comments.error);
      setEditing(null);
      await load();
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  const parts = splitThread(thread.comments ?? []);
  const shownComments =
    thread.comments === null ? null : showResolved ? [...parts.open, ...parts.resolved] : parts.open;
  return (
    <div className="space-y-4">
      <ApplyAll itemId={item._id} comments={parts.open} onChanged={() => void load()} />
      <CommentThread
        {...thread}
        comments={shownComments}
        quote={(c) => <QuotedWords comment={c} chosen={highlighted === c._id} onShow={onShowQuote} />}
        labels={threadLabels}
        listRef={list}
        highlighted={highlighted}
        badge={(c) => {
          const pin = pinNumbers?.get(c._id);
          return pin ? (
            <button
              type="button"
              aria-pressed={highlighted === c._id}
              onClick={() => onHighlight?.(highlighted === c._id ? null : c._id)}
              className="grid size-6 place-items-center rounded-full bg-primary text-xs text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {pin}
              <span className="sr-only">{m.comments.showPin(pin)}</span>
            </button>
          ) : null;
        }}
        meta={(c) =>
          isClient ? null : <> · {c.visibility === 'internal' ? m.comments.internal : m.comments.client}</>
        }
        actions={(c) => {
          const answerable = !isClient && clients.has(c.author._id);
          const mine = canChangeComment(c);
          return (
            <>
              <QuoteActions comment={c} onChanged={() => void load()} />
              {answerable ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={m.comments.replyOf(c.author.name)}
                  aria-pressed={replyTo?.id === c._id}
                  onClick={() => reply(c)}
                >
                  {m.comments.reply}
                </Button>
              ) : null}
              {mine ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={m.comments.editOf(c.author.name)}
                  onClick={() => setEditing({ id: c._id, body: c.body })}
                >
                  {m.comments.edit}
                </Button>
              ) : null}
            </>
          );
        }}
        editingId={editing?.id ?? null}
        editor={
          editing ? (
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
                onChange={(html) => setEditing({ id: editing.id, body: html })}
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
          ) : null
        }
      />
      {parts.resolved.length > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showResolved}
          onClick={() => setShowResolved((v) => !v)}
        >
          {m.comments.resolvedToggle(parts.resolved.length)}
        </Button>
      ) : null}
      {parts.orphaned.length > 0 ? (
        <section aria-labelledby="orphaned-quotes" className="space-y-2">
          <h3 id="orphaned-quotes" className="text-sm font-medium">
            {m.comments.orphanedTitle}
          </h3>
          <CommentThread
            comments={parts.orphaned}
            error={null}
            onRetry={() => void load()}
            onDelete={thread.onDelete}
            canDelete={thread.canDelete}
            labels={threadLabels}
            quote={(c) => <QuotedWords comment={c} />}
            actions={(c) => <QuoteActions comment={c} onChanged={() => void load()} />}
          />
        </section>
      ) : null}
      <form
        ref={composer}
        className="scroll-my-24 space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h3 className="text-sm font-medium">{m.comments.label}</h3>
        {quoted !== null ? (
          <FormNotice tone="accent" actionLabel={m.comments.removeQuote} onAction={() => onAnchorUsed?.()}>
            {m.comments.aboutQuote(quoted)}
          </FormNotice>
        ) : anchor ? (
          <FormNotice tone="accent" actionLabel={m.comments.removePin} onAction={() => onAnchorUsed?.()}>
            {m.comments.aboutPin}
          </FormNotice>
        ) : null}
        {suggestion ? (
          <div className="space-y-1 text-sm">
            <label htmlFor="suggestion-replacement" className="font-medium">
              {m.comments.replacement}
            </label>
            <Textarea
              id="suggestion-replacement"
              value={replacement}
              maxLength={5000}
              onChange={(e) => setReplacement(e.target.value)}
            />
          </div>
        ) : null}
        {replyTo ? (
          <FormNotice actionLabel={m.comments.cancelReply} onAction={endReply}>
            {m.comments.replyingTo(replyTo.name)}
          </FormNotice>
        ) : null}
        {restored ? (
          <FormNotice
            actionLabel={m.comments.discardDraft}
            onAction={() => {
              setBody('');
              setRestored(false);
              keeper.discard();
            }}
          >
            {m.comments.draftRestored}
          </FormNotice>
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
    </div>
  );
}
