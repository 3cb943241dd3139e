import type { Comment } from '@crw/api-client';
import { Button } from '@crw/ui';
import { useState } from 'react';
import {
  applySuggestion,
  applySuggestions,
  dismissSuggestion,
  setResolved,
} from '../../../features/comments/comments.ts';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { isQuote } from './pins.ts';

/**
 * The parts of an item's thread about its copy (issue 47, point 6): the words a comment quotes (a suggestion:
 * struck through, then its replacement), «Aplicar», «Descartar», «Resolver» / «Reabrir», «Aplicar todas»,
 * the resolved threads folded away and the comments whose words are no longer in the copy listed apart. What
 * the reader may do on each comment is the server's answer (`canApply`, `canDismiss`).
 */

/** How a thread splits: open comments on the current copy, resolved ones, and quotes of text that is gone. */
export function splitThread(comments: readonly Comment[]) {
  const open: Comment[] = [];
  const resolved: Comment[] = [];
  const orphaned: Comment[] = [];
  for (const c of comments) {
    if (c.resolved) resolved.push(c);
    else if (c.anchorState === 'orphaned') orphaned.push(c);
    else open.push(c);
  }
  return { open, resolved, orphaned };
}

/** The open suggestions the reader may apply now (for «Aplicar todas»: two or more). */
export const applicable = (comments: readonly Comment[]) =>
  comments.filter((c) => c.canApply && c.suggestionState === 'open');

/**
 * The words a comment quotes, with its suggestion. With `onShow` (the copy beside it highlights its quotes),
 * «Ver en el texto» chooses the comment and so its highlight (`chosen`: it is the one chosen).
 */
export function QuotedWords({
  comment,
  chosen = false,
  onShow,
}: {
  comment: Comment;
  chosen?: boolean;
  onShow?: (id: string) => void;
}) {
  if (!isQuote(comment.anchor)) return null;
  const quote = comment.anchor.quote;
  const s = comment.suggestion;
  return (
    <div className="mt-1 space-y-1 rounded-md bg-muted px-2 py-1 text-sm">
      {s ? (
        <p>
          <span className="text-xs font-medium text-muted-foreground">{m.comments.suggested}: </span>
          <del className="text-muted-foreground">{quote}</del> →{' '}
          <ins className="no-underline font-medium">{s.replacement}</ins>
          {comment.suggestionState === 'applied' ? (
            <span className="ml-2 text-xs text-success">{m.comments.appliedState}</span>
          ) : comment.suggestionState === 'dismissed' ? (
            <span className="ml-2 text-xs text-muted-foreground">{m.comments.dismissedState}</span>
          ) : null}
        </p>
      ) : (
        <blockquote className="border-l-2 border-warning pl-2 italic">«{quote}»</blockquote>
      )}
      {comment.anchorState === 'moved' ? (
        <p className="text-xs text-muted-foreground">{m.comments.movedNote}</p>
      ) : null}
      {onShow && comment.anchorState !== 'orphaned' ? (
        <Button
          size="sm"
          variant="ghost"
          className="-ml-2"
          aria-label={m.comments.showQuoteOf(quote)}
          aria-pressed={chosen}
          onClick={() => onShow(comment._id)}
        >
          {m.comments.showQuote}
        </Button>
      ) : null}
    </div>
  );
}

/** Runs an action on a comment, then reloads; its error is told. */
async function act(run: () => Promise<unknown>, done: () => void, success?: string) {
  try {
    await run();
    if (success) toast.success(success);
    done();
  } catch (e) {
    toast.error((e as Error).message || m.comments.actionError);
  }
}

/** «Aplicar», «Descartar», «Resolver» / «Reabrir» on one comment. */
export function QuoteActions({ comment, onChanged }: { comment: Comment; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = (f: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    void act(f, onChanged, success).finally(() => setBusy(false));
  };
  return (
    <>
      {comment.canApply ? (
        <Button
          size="sm"
          disabled={busy}
          onClick={() => run(() => applySuggestion(comment._id, m.comments.actionError), m.comments.applied)}
        >
          {m.comments.apply}
        </Button>
      ) : null}
      {comment.canDismiss ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => run(() => dismissSuggestion(comment._id, m.comments.actionError))}
        >
          {m.comments.dismiss}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => run(() => setResolved(comment._id, !comment.resolved, m.comments.actionError))}
      >
        {comment.resolved ? m.comments.reopen : m.comments.resolve}
      </Button>
    </>
  );
}

/** «Aplicar todas»: shown with two or more suggestions the reader may apply. */
export function ApplyAll({
  itemId,
  comments,
  onChanged,
}: {
  itemId: string;
  comments: readonly Comment[];
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const ready = applicable(comments);
  if (ready.length < 2) return null;
  return (
    <div className="flex items-center justify-end">
      <Button
        size="sm"
        disabled={busy}
        aria-label={m.comments.applyAllOf(ready.length)}
        onClick={() => {
          setBusy(true);
          void act(
            () =>
              applySuggestions(
                itemId,
                ready.map((c) => c._id),
                m.comments.actionError,
              ),
            onChanged,
            m.comments.appliedAll(ready.length),
          ).finally(() => setBusy(false));
        }}
      >
        {m.comments.applyAll}
      </Button>
    </div>
  );
}
