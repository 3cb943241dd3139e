import type { ProductionItem } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Textarea,
} from '@crw/ui';
import { useEffect, useRef, useState } from 'react';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import type { MaterialInput } from './use-material-editor.ts';

/** The review-flow calls a button can make (update-material is the editor's «Guardar material»). */
export type Action = Exclude<ProductionItem['allowedActions'][number], 'update-material'>;

/** The decisions of a review (the review panel offers only these). */
export const decisions: readonly Action[] = [
  'approve-for-client',
  'request-internal-changes',
  'approve-client-review',
  'request-client-changes',
];

/** The client's own decisions: offered on the client's screens, never in the team's drawer. */
const clientDecisions: readonly Action[] = ['approve-client-review', 'request-client-changes'];

/**
 * What the viewer may do with the item now, as the server computed it for this viewer
 * (`item.allowedActions`: the workflow table, the permissions, the four-eyes rule); the screen only chooses
 * which of them it offers.
 */
export const allowedActions = (item: ProductionItem, client: boolean): Action[] =>
  item.allowedActions.filter(
    (a): a is Action => a !== 'update-material' && clientDecisions.includes(a as Action) === client,
  );

/** Calls that carry the material on screen: they write a version, so they carry the item's version too. */
const writesVersion = (a: Action) => a === 'mark-for-internal-review' || a === 'create-material-version';

const calls = {
  'mark-for-internal-review': sdk.markForInternalReview,
  'approve-for-client': sdk.approveForClient,
  'request-internal-changes': sdk.requestInternalChanges,
  'create-material-version': sdk.createMaterialVersion,
  'approve-client-review': sdk.approveClientReview,
  'request-client-changes': sdk.requestClientChanges,
  'withdraw-from-client-review': sdk.withdrawFromClientReview,
} as const;

/** Refusals about the dialog's comments field, shown under it. */
const fieldError = (error: string | null) =>
  error === m.review.commentsRequired ||
  error === m.review.reasonRequired ||
  error === m.review.nothingToChange;

/** Only the transitions the item's status allows; each asks in a dialog for what its call needs. */
export function ReviewActions({
  item,
  material,
  onDone,
  client = false,
  only,
  requested,
  className,
}: {
  item: ProductionItem;
  /**
   * The material on screen (the drawer's editor): what «Enviar a revisión interna» and «Nueva versión» send,
   * in the same request, so the version is what was typed even if it was never saved.
   */
  material?: () => MaterialInput;
  /** Called with the item as answered and the call that was made. */
  onDone: (item: ProductionItem, action: Action) => void;
  /** The viewer is the client (its decisions, not the team's). */
  client?: boolean;
  /** Offer only these calls (the review panel: the decisions). */
  only?: readonly Action[];
  /** Opens an action's dialog from outside (a keyboard shortcut); `n` changes on every request. */
  requested?: { action: Action; n: number } | null;
  className?: string;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [comments, setComments] = useState('');
  const [description, setDescription] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actions = allowedActions(item, client).filter((a) => !only || only.includes(a));
  // A new request object (a keyboard shortcut) opens its dialog, if the item allows that call now.
  const allowedNow = useRef(actions);
  allowedNow.current = actions;
  useEffect(() => {
    if (requested && allowedNow.current.includes(requested.action)) {
      setAction(requested.action);
      setComments('');
      setDescription('');
      setReason('');
      setError(null);
    }
  }, [requested]);
  // Steps a rule stops (the four-eyes rule), with the server's reason: said, not hidden.
  const blocked = item.blockedActions.filter(
    (b) =>
      b.action !== 'update-material' &&
      (!only || only.includes(b.action as Action)) &&
      clientDecisions.includes(b.action as Action) === client,
  );
  if (actions.length === 0 && blocked.length === 0) return null;

  const open = (a: Action) => {
    setAction(a);
    setComments('');
    setDescription('');
    setReason('');
    setError(null);
  };
  // The server says which steps need comments (the workflow table's `needsComments`). A client's request for
  // changes needs none when she already commented on the piece; the server decides (she may have commented since
  // the item was read) and its refusal is shown under the field.
  const needsComments = action !== null && item.needsComments.includes(action);
  const commentsStandIn = action === 'request-client-changes';
  const submit = async () => {
    if (!action) return;
    if (needsComments && !commentsStandIn && !comments.trim())
      return setError(
        action === 'withdraw-from-client-review' ? m.review.reasonRequired : m.review.commentsRequired,
      );
    setBusy(true);
    setError(null);
    try {
      const body =
        action === 'create-material-version'
          ? {
              materialData: material?.() ?? { ...item.materialData },
              changeReason: reason || undefined,
              changeDescription: description || undefined,
            }
          : action === 'mark-for-internal-review'
            ? {
                ...(material ? { materialData: material() } : {}),
                changeDescription: description || undefined,
              }
            : action === 'request-internal-changes'
              ? { reviewComments: comments, changeDescription: description || undefined }
              : action === 'withdraw-from-client-review'
                ? { reviewComments: comments }
                : { reviewComments: comments || undefined };
      // A decision decides the version on screen; a new version is written over the item as it was read.
      const guard = writesVersion(action)
        ? { version: item.version }
        : decisions.includes(action) && item.currentVersion > 0
          ? { versionNumber: item.currentVersion }
          : {};
      const call = calls[action] as (o: {
        client: typeof api.client;
        path: { id: string };
        body: unknown;
      }) => ReturnType<typeof sdk.approveForClient>;
      const next = await api.call(
        call({ client: api.client, path: { id: item._id }, body: { ...body, ...guard } }),
        m.saveError,
      );
      toast.success(m.review[action].done);
      setAction(null);
      onDone(next, action);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className ?? 'flex flex-wrap gap-2'}>
      {blocked.map((b) => (
        <p key={b.action} className="basis-full text-sm text-muted-foreground">
          {b.reason}
        </p>
      ))}
      {actions.map((a) => (
        <Button
          key={a}
          size="sm"
          variant={
            a === 'create-material-version' ||
            a === 'request-internal-changes' ||
            a === 'request-client-changes' ||
            a === 'withdraw-from-client-review'
              ? 'outline'
              : 'default'
          }
          onClick={() => open(a)}
        >
          {m.review[a].label}
        </Button>
      ))}
      <Dialog open={action !== null} onOpenChange={(o) => !o && setAction(null)}>
        <DialogContent>
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <DialogHeader>
              <DialogTitle>{action ? m.review[action].label : ''}</DialogTitle>
              <DialogDescription>{item.title}</DialogDescription>
            </DialogHeader>
            {action === 'create-material-version' ? (
              <Field label={m.review.changeReason}>
                {(a) => (
                  <Input {...a} maxLength={5000} value={reason} onChange={(e) => setReason(e.target.value)} />
                )}
              </Field>
            ) : null}
            {action && action !== 'create-material-version' && action !== 'mark-for-internal-review' ? (
              <Field
                label={
                  action === 'withdraw-from-client-review' ? m.review.withdrawReason : m.review.reviewComments
                }
                hint={
                  action === 'withdraw-from-client-review'
                    ? m.review.withdrawHint
                    : commentsStandIn && !needsComments
                      ? m.review.commentsStandIn
                      : undefined
                }
                error={fieldError(error) ? error : null}
              >
                {(a) => (
                  <Textarea
                    {...a}
                    rows={3}
                    maxLength={5000}
                    value={comments}
                    onChange={(e) => setComments(e.target.value)}
                  />
                )}
              </Field>
            ) : null}
            {action === 'create-material-version' ||
            action === 'mark-for-internal-review' ||
            action === 'request-internal-changes' ? (
              <Field label={m.review.changeDescription}>
                {(a) => (
                  <Textarea
                    {...a}
                    rows={2}
                    maxLength={5000}
                    value={description}
                    onChange={(e) => setDescription(e.target.value)}
                  />
                )}
              </Field>
            ) : null}
            {error && !fieldError(error) ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setAction(null)}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t.saving : m.review.confirm}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
