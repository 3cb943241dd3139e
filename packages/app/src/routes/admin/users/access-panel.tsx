import type { User } from '@crw/api-client';
import { Badge, Button, Combobox, EmptyState, Field, IconButton, Skeleton } from '@crw/ui';
import { PencilIcon, PlusIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormError } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { adminMsg } from '../../../features/admin/messages.ts';
import {
  type Access,
  adminStore,
  grantAccess,
  loadAccess,
  revokeAccess,
} from '../../../features/admin/store.ts';
import { ConfirmFor } from '../../../features/common/confirm-for.tsx';
import { CheckboxGroupField } from '../../../features/common/form-fields.tsx';
import { loadPortfolios, portfoliosStore } from '../../../features/portfolios/store.ts';
import { toast, toastOutcome } from '../../../features/system/store.ts';

const t = adminMsg.users;

/** The user's portfolio grants: list, add by searching portfolios, edit a grant's permissions, remove one. */
export function AccessPanel({ user }: { user: User }) {
  const { access, catalogue } = useSnapshot(adminStore);
  const [editing, setEditing] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Access | null>(null);
  // Badges carry the short label (without the parenthesised detail the checkboxes show).
  const labels = new Map(catalogue.map((p) => [p.key, p.label.replace(/\s*\(.*\)$/, '')]));

  useEffect(() => {
    void loadAccess(user._id);
  }, [user._id]);

  const revoke = (grant: Access) =>
    toastOutcome(
      () => revokeAccess(user._id, grant.portfolioId),
      t.revoked(grant.businessName),
      t.revokeError,
    );

  const mine = access.userId === user._id;
  return (
    <section aria-labelledby="access-title" className="space-y-4">
      <h3 id="access-title" className="text-sm font-medium">
        {t.accessTitle}
      </h3>
      {user.role === 'admin' ? <p className="text-sm text-muted-foreground">{t.accessAdmin}</p> : null}
      {access.error && mine ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{access.error}</span>
          <Button size="sm" variant="outline" onClick={() => void loadAccess(user._id)}>
            <RotateCwIcon aria-hidden="true" />
            {adminMsg.retry}
          </Button>
        </div>
      ) : access.loading && (!mine || access.items.length === 0) ? (
        <div className="space-y-2" aria-busy="true">
          <span className="sr-only" role="status">
            {adminMsg.loading}
          </span>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : access.items.length === 0 ? (
        <EmptyState title={t.accessEmpty} className="p-4" />
      ) : (
        <ul aria-label={t.accessTitle} className="divide-y divide-border rounded-lg border border-border">
          {(access.items as Access[]).map((grant) => (
            <li key={grant.portfolioId} className="space-y-2 p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 space-y-1.5">
                  <p className="font-medium break-words">{grant.businessName}</p>
                  <div className="flex flex-wrap gap-1">
                    {grant.permissions.length === 0 ? (
                      <span className="text-xs text-muted-foreground">{t.noPermissions}</span>
                    ) : (
                      grant.permissions.map((key) => (
                        <Badge key={key} variant="secondary" className="whitespace-normal">
                          {labels.get(key) ?? key}
                        </Badge>
                      ))
                    )}
                  </div>
                </div>
                <div className="flex shrink-0 gap-1">
                  <IconButton
                    size="icon-sm"
                    label={t.editAccess(grant.businessName)}
                    aria-expanded={editing === grant.portfolioId}
                    onClick={() => setEditing(editing === grant.portfolioId ? null : grant.portfolioId)}
                  >
                    <PencilIcon aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    size="icon-sm"
                    label={t.revoke(grant.businessName)}
                    onClick={() => setRevoking(grant)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </IconButton>
                </div>
              </div>
              {editing === grant.portfolioId ? (
                <GrantForm userId={user._id} grant={grant} onDone={() => setEditing(null)} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AddGrantForm user={user} granted={access.items.map((a) => a.portfolioId)} />
      <ConfirmFor
        target={revoking}
        onClose={() => setRevoking(null)}
        title={(grant) => t.confirmRevoke(grant.businessName)}
        description={t.confirmRevokeDescription}
        confirmLabel={t.revokeConfirm}
        onConfirm={(grant) => void revoke(grant)}
      />
    </section>
  );
}

/** One grant's permissions (the catalogue's portfolio-scoped ones). */
function GrantForm({ userId, grant, onDone }: { userId: string; grant: Access; onDone: () => void }) {
  const { catalogue } = useSnapshot(adminStore);
  const options = catalogue
    .filter((p) => p.scope === 'portfolio')
    .map((p) => ({ value: p.key, label: p.label }));
  const { control, handleSubmit, setError, formState } = useForm<{ permissions: string[] }>({
    defaultValues: { permissions: [...grant.permissions] },
  });
  const submit = handleSubmit(async ({ permissions }) => {
    try {
      await grantAccess(userId, grant.portfolioId, permissions);
      toast.success(t.accessSaved(grant.businessName));
      onDone();
    } catch (error) {
      showServerError(error, setError, t.grantError);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-md bg-muted/40 p-3">
      <CheckboxGroupField
        control={control}
        name="permissions"
        legend={t.accessPermissions(grant.businessName)}
        options={options}
        columns={2}
      />
      <FormError message={formState.errors.root?.server?.message} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {adminMsg.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? adminMsg.saving : t.saveAccess}
        </Button>
      </div>
    </form>
  );
}

/** Adds a grant: search a portfolio by business name or identifier, with the role's default permissions. */
function AddGrantForm({ user, granted }: { user: User; granted: readonly string[] }) {
  const { portfolios, error: portfoliosError } = useSnapshot(portfoliosStore);
  const { control, handleSubmit, reset, setError, formState } = useForm<{ portfolioId: string | null }>({
    defaultValues: { portfolioId: null },
  });

  // Fresh on open: portfolios created since sign-in are offered too.
  useEffect(() => {
    void loadPortfolios().catch(() => undefined);
  }, []);

  const options = portfolios
    .filter((p) => !granted.includes(p._id))
    .map((p) => ({ value: p._id, label: p.accountData.businessName, description: p.identifier }));

  const submit = handleSubmit(async ({ portfolioId }) => {
    if (!portfolioId) return;
    try {
      const grant = await grantAccess(user._id, portfolioId);
      toast.success(t.granted(grant.businessName));
      reset({ portfolioId: null });
    } catch (error) {
      showServerError(error, setError, t.grantError);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          label={t.addAccess}
          hint={t.addAccessHint}
          error={portfoliosError ? t.portfoliosError : undefined}
          className="min-w-0 flex-1"
        >
          {(p) => (
            <Controller
              control={control}
              name="portfolioId"
              rules={{ required: true }}
              render={({ field }) => (
                <Combobox
                  {...p}
                  options={options}
                  value={field.value}
                  onValueChange={field.onChange}
                  emptyText={t.noPortfolios}
                />
              )}
            />
          )}
        </Field>
        <Button type="submit" disabled={formState.isSubmitting} className="sm:mb-[1.625rem]">
          <PlusIcon aria-hidden="true" />
          {t.grant}
        </Button>
      </div>
      <FormError message={formState.errors.root?.server?.message} />
    </form>
  );
}
