import type { Role, User } from '@crw/api-client';
import { Button, Field, Input, PasswordField, Select } from '@crw/ui';
import { TriangleAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { adminMsg } from '../../../features/admin/messages.ts';
import { createUser, updateUser } from '../../../features/admin/store.ts';
import { notBlank, RequiredTextField } from '../../../features/common/form-fields.tsx';
import { useMailEnabled } from '../../../features/mail/store.ts';
import { toast } from '../../../features/system/store.ts';
import { roles } from '../../../lib/enums.ts';

const t = adminMsg.users;
/** The form offers the usual choices first and the administrator last. */
const roleOptions = [...roles.filter((r) => r !== 'admin'), 'admin' as const];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface UserForm {
  name: string;
  email: string;
  role: Role;
  password: string;
}

const toForm = (user: User | null): UserForm => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  role: user?.role ?? 'employee',
  password: '',
});

/**
 * Name, email, role and password of a new user (user = null) or of an existing one. A role change is
 * announced before saving (permissions and grants go back to the new role's defaults); one's own role
 * cannot be changed, so the last admin is never demoted from here. The server's refusal shows in the form.
 */
export function UserDataForm({
  user,
  isSelf,
  onSaved,
  onGenerate,
}: {
  user: User | null;
  isSelf: boolean;
  onSaved: (user: User, password: string) => void;
  onGenerate: (password: string) => void;
}) {
  const { register, control, handleSubmit, watch, reset, setError, formState } = useForm<UserForm>({
    defaultValues: toForm(user),
  });
  const { errors, isSubmitting } = formState;
  // A new user: invited by email when it is configured, else given a password as before (issue 49).
  const mail = useMailEnabled();
  const invites = user === null && mail !== false;

  // After a save (or another user), the saved values are the new baseline.
  useEffect(() => {
    reset(toForm(user));
  }, [user, reset]);

  const role = watch('role');
  const roleChanges = user !== null && role !== user.role;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = user
        ? await updateUser(user._id, {
            name: values.name.trim(),
            email: values.email.trim(),
            ...(values.role !== user.role ? { role: values.role } : {}),
            ...(values.password ? { password: values.password } : {}),
          })
        : await createUser({ ...values, name: values.name.trim(), email: values.email.trim() });
      toast.success(
        user ? t.updated(saved.name) : values.password ? t.created(saved.name) : t.invited(saved.email),
      );
      onSaved(saved, values.password);
    } catch (error) {
      showServerError(error, setError, user ? t.updateError : t.createError, {
        name: 'name',
        email: 'email',
        role: 'role',
        password: 'password',
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={adminMsg.users.tabs.data}>
      <div className="grid gap-4 sm:grid-cols-2">
        <RequiredTextField
          label={t.name}
          error={errors.name?.message}
          maxLength={120}
          registration={register('name', { validate: notBlank(t.required) })}
        />
        <Field label={t.email} error={errors.email?.message}>
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="off"
              maxLength={254}
              {...register('email', {
                validate: (v) => (v.trim() ? EMAIL.test(v.trim()) || t.invalidEmail : t.required),
              })}
            />
          )}
        </Field>
      </div>
      <Field label={t.role} hint={isSelf ? t.ownRole : undefined} error={errors.role?.message}>
        {(p) => (
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                {...p}
                disabled={isSelf}
                value={field.value}
                onValueChange={(v) => field.onChange(v as Role)}
                options={roleOptions.map((r) => ({ value: r, label: adminMsg.roles[r] }))}
              />
            )}
          />
        )}
      </Field>
      {roleChanges ? (
        <p
          role="status"
          data-testid="role-warning"
          className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t.roleWarning(adminMsg.roles[role])}
        </p>
      ) : null}
      <Field
        label={user ? t.newPassword : t.password}
        hint={
          user
            ? t.passwordKeepHint
            : mail === null
              ? t.passwordHint
              : invites
                ? t.passwordInviteHint
                : t.passwordNoMailHint
        }
        error={errors.password?.message}
      >
        {(p) => (
          <Controller
            control={control}
            name="password"
            rules={{
              validate: (v) => {
                // A new user without one is invited by email (issue 49); the server says when email is off.
                if (!v) return user !== null || invites || t.passwordRequiredNoMail;
                return v.length >= 8 || t.passwordShort;
              },
            }}
            render={({ field }) => (
              <PasswordField
                {...p}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value}
                onValueChange={field.onChange}
                onGenerate={onGenerate}
                generate
                maxLength={200}
              />
            )}
          />
        )}
      </Field>
      <FormError message={errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? adminMsg.saving : user ? adminMsg.save : t.create}
        </Button>
      </div>
    </form>
  );
}
