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
  WithheldButton,
} from '@crw/ui';
import { memo, useEffect, useRef, useState } from 'react';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import type { MaterialInput } from './use-material-editor.ts';

/** What the server may answer a viewer may do: the review steps and the piece's own calls. */
type Call = ProductionItem['allowedActions'][number];

/**
 * The review-flow calls a button here can make (update-material is the editor's «Guardar material»; the piece's
 * own calls, its details, cycle and deletion, are the drawer's).
 */
export type Action = Exclude<Call, 'update-material' | 'update-item' | 'move-item' | 'delete-item'>;

/** The decisions of a review (the review panel offers only these). */
export const decisions: readonly Action[] = [
  'approve-for-client',
  'request-internal-changes',
  'approve-client-review',
  'request-client-changes',
];

/** The client's own decisions: offered on the client's screens, never in the team's drawer. */
const clientDecisions: readonly Action[] = ['approve-client-review', 'request-client-changes'];

const calls = {
  'mark-for-internal-review': sdk.markForInternalReview,
  'approve-for-client': sdk.approveForClient,
  'request-internal-changes': sdk.requestInternalChanges,
  'create-material-version': sdk.createMaterialVersion,
  'approve-client-review': sdk.approveClientReview,
  'request-client-changes': sdk.requestClientChanges,
  'withdraw-from-client-review': sdk.withdrawFromClientReview,
} as const;

const isStep = (a: Call): a is Action => a in calls;

/**
 * What the viewer may do with the item now, as the server computed it for this viewer
 * (`item.allowedActions`: the workflow table, the permissions, the four-eyes rule); the screen only chooses
 * which of them it offers.
 */
export const allowedActions = (item: ProductionItem, client: boolean): Action[] =>
  item.allowedActions.filter((a): a is Action => isStep(a) && clientDecisions.includes(a) === client);

/** Calls that carry the material on screen: they write a version, so they carry the item's version too. */
const writesVersion = (a: Action) => a === 'mark-for-internal-review' || a === 'create-material-version';

/** Refusals about the dialog's comments field, shown under it. */
const fieldError = (error: string | null) =>
  error === m.review.commentsRequired ||
  error === m.review.reasonRequired ||
  error === m.review.nothingToChange;

/** Only the transitions the item's status allows; each asks in a dialog for what its call needs. */
export const ReviewActions = memo(function ReviewActions({
  item,
  material,
  onDone,
  client = false,
  only,
  requested,
  className,
  reasonSaid,
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
  /** A reason the screen already says in text (its element's id): the buttons it withholds point to it. */
  reasonSaid?: { reason: string; id: string };
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
  // Steps withheld (the four-eyes rule, the client reviewing the piece, a permission), with the server's reason:
  // shown disabled with it, not hidden.
  const blocked = item.blockedActions.flatMap(({ action: a, reason }) =>
    isStep(a) && (!only || only.includes(a)) && clientDecisions.includes(a) === client
      ? [{ action: a, reason }]
      : [],
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
      // One change, one version: the same material again writes none, and that is said, not «Versión creada».
      if (action === 'create-material-version' && next.currentVersion === item.currentVersion)
        toast.info(m.review.sameVersion(next.currentVersion));
      else toast.success(m.review[action].done);
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
      {blocked.map((b) => (
        <WithheldButton
          key={b.action}
          size="sm"
          variant="outline"
          reason={b.reason}
          describedBy={reasonSaid?.reason === b.reason ? reasonSaid.id : undefined}
        >
          {m.review[b.action].label}
        </WithheldButton>
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
});
