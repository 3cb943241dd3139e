import type { Comment } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Button, ConfirmDialog, Field, RichTextContent, Skeleton, Textarea } from '@crw/ui';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormError } from '../../../features/admin/form-dialog.tsx';
import { agentsMsg } from '../../../features/agents/messages.ts';
import { authStore } from '../../../features/auth/store.ts';
import { onCommentsChanged } from '../../../features/notifications/realtime.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';

const t = agentsMsg.comments;
const client = api.client;

/** Plain text as the editor's HTML: escaped, one paragraph per line. */
const toHtml = (text: string) =>
  text
    .trim()
    .split(/\n+/)
    .map(
      (line) =>
        `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</p>`,
    )
    .join('');

/**
 * The team's notes on an agent (internal: agents are never shown to clients), live over the socket. Items
 * have the full thread (rich text, mentions, pins) in the production plan's CommentsPanel; an agent needs
 * only plain notes, which the server stores the same way.
 */
export function AgentComments({ agentId }: { agentId: string }) {
  const { user } = useSnapshot(authStore);
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const form = useForm<{ body: string }>({ defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;

  const load = useCallback(async () => {
    try {
      const page = await api.call(
        sdk.listComments({ client, query: { entityType: 'agent', entityId: agentId, page: 1, limit: 100 } }),
        t.loadError,
      );
      setComments(page.items);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [agentId]);
  useEffect(() => {
    void load();
    return onCommentsChanged((e) => e.entityType === 'agent' && e.entityId === agentId && void load());
  }, [agentId, load]);

  const send = form.handleSubmit(async ({ body }) => {
    try {
      await api.call(
        sdk.createComment({
          client,
          body: { entityType: 'agent', entityId: agentId, body: toHtml(body), visibility: 'internal' },
        }),
        t.error,
      );
      form.reset({ body: '' });
      await load();
    } catch (e) {
      form.setError('root.server', { message: (e as Error).message });
    }
  });
  const remove = async (id: string) => {
    try {
      await api.call(sdk.deleteComment({ client, path: { id } }), t.error);
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
            {agentsMsg.retry}
          </Button>
        </div>
      ) : comments === null ? (
        <Skeleton className="h-20" />
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="space-y-3">
          {comments.map((c) => (
            <li key={c._id} className="rounded-lg border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{c.author.name}</span>
                <span className="text-xs text-muted-foreground">{formatDateTime(c.createdAt)}</span>
              </div>
              <RichTextContent className="mt-1" html={c.body} />
              {c.author._id === user?._id || user?.role === 'admin' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="mt-1"
                  aria-label={t.deleteOf(c.author.name)}
                  onClick={() => setDeleting(c._id)}
                >
                  {agentsMsg.delete}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={send} className="space-y-3">
        <Field label={t.label} error={errors.body?.message}>
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              maxLength={5000}
              {...form.register('body', { validate: (v) => v.trim().length > 0 || t.required })}
            />
          )}
        </Field>
        <FormError message={errors.root?.server?.message} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t.sending : t.send}
        </Button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.deleteTitle}
        confirmLabel={agentsMsg.delete}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}
