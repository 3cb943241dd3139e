import { Button, Field, Textarea } from '@crw/ui';
import { useForm } from 'react-hook-form';
import { FormError } from '../../../features/admin/form-dialog.tsx';
import { agentsMsg } from '../../../features/agents/messages.ts';
import { createComment } from '../../../features/comments/comments.ts';
import { CommentThread } from '../../../features/comments/components/comment-thread.tsx';
import { useCommentThread } from '../../../features/comments/use-comment-thread.ts';

const t = agentsMsg.comments;
const threadLabels = {
  retry: agentsMsg.retry,
  empty: t.empty,
  delete: agentsMsg.delete,
  deleteOf: t.deleteOf,
  deleteTitle: t.deleteTitle,
};

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
 * have the full composer (rich text, mentions, pins) in the production plan's CommentsPanel; an agent needs
 * only plain notes, which the server stores the same way. Both draw the one CommentThread.
 */
export function AgentComments({ agentId }: { agentId: string }) {
  const { load, thread } = useCommentThread(
    { entityType: 'agent', entityId: agentId },
    { loadError: t.loadError, error: t.error },
  );
  const form = useForm<{ body: string }>({ defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;

  const send = form.handleSubmit(async ({ body }) => {
    try {
      await createComment(
        { entityType: 'agent', entityId: agentId, body: toHtml(body), visibility: 'internal' },
        t.error,
      );
      form.reset({ body: '' });
      await load();
    } catch (e) {
      form.setError('root.server', { message: (e as Error).message });
    }
  });

  return (
    <div className="space-y-4">
      <CommentThread {...thread} labels={threadLabels} />
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
    </div>
  );
}
