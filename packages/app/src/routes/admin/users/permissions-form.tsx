import type { User } from '@crw/api-client';
import { Button } from '@crw/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormError } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { adminMsg } from '../../../features/admin/messages.ts';
import { adminStore, setPermissions } from '../../../features/admin/store.ts';
import { CheckboxGroupField } from '../../../features/common/form-fields.tsx';
import { toast } from '../../../features/system/store.ts';

const t = adminMsg.users;

/** The user's global permissions as labelled checkboxes from the catalogue. */
export function PermissionsForm({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { catalogue } = useSnapshot(adminStore);
  const options = catalogue
    .filter((p) => p.scope === 'global')
    .map((p) => ({ value: p.key, label: p.label }));
  const { control, handleSubmit, reset, setError, formState } = useForm<{ permissions: string[] }>({
    defaultValues: { permissions: [...user.permissions] },
  });
  const { errors, isSubmitting, isDirty } = formState;
  const locked = isSelf || user.role === 'admin';

  useEffect(() => {
    reset({ permissions: [...user.permissions] });
  }, [user, reset]);

  const submit = handleSubmit(async ({ permissions }) => {
    try {
      await setPermissions(user._id, permissions);
      toast.success(t.permissionsSaved);
    } catch (error) {
      showServerError(error, setError, t.permissionsError);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t.permissionsLegend}>
      <CheckboxGroupField
        control={control}
        name="permissions"
        legend={t.permissionsLegend}
        hint={isSelf ? t.ownPermissions : user.role === 'admin' ? t.adminPermissions : t.permissionsHint}
        options={options}
        disabled={locked}
      />
      <FormError message={errors.root?.server?.message} />
      {locked ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? adminMsg.saving : t.savePermissions}
          </Button>
        </div>
      )}
    </form>
  );
}
