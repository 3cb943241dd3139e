import { Button, CheckboxGroup, Field, Input, Label, Switch } from '@crw/ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import {
  type Control,
  Controller,
  type FieldPathByValue,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';

/** A form's validation for a text that must not be left blank. */
export const notBlank = (message: string) => (value: string) => value.trim().length > 0 || message;

/** A one-line text that must not be left blank (a name, a title): its label, its error, no autocomplete. */
export function RequiredTextField({
  label,
  error,
  maxLength,
  registration,
}: {
  label: string;
  error?: string;
  maxLength: number;
  /** `register(name, { validate: notBlank(…) })` of the form. */
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => <Input {...p} autoComplete="off" maxLength={maxLength} {...registration} />}
    </Field>
  );
}

/** A form's on/off choice: a switch named by the label beside it. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  label: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            aria-labelledby={`${id}-label`}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
    </div>
  );
}

/** A form's list of checkboxes whose value is the checked options' values. */
export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<ComponentProps<typeof CheckboxGroup>, 'value' | 'onValueChange'> & {
  control: Control<T>;
  name: FieldPathByValue<T, readonly string[]>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <CheckboxGroup {...props} value={field.value} onValueChange={field.onChange} />}
    />
  );
}

const noticeTones = {
  muted: 'flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground',
  accent: 'flex flex-wrap items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground',
};

/** A line above a form that says something about it (a draft restored, a reply) with one way out. */
export function FormNotice({
  tone = 'muted',
  actionLabel,
  onAction,
  children,
}: {
  tone?: 'muted' | 'accent';
  actionLabel: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <p role="status" className={noticeTones[tone]}>
      {children}
      <Button type="button" size="sm" variant="ghost" onClick={onAction}>
        {actionLabel}
      </Button>
    </p>
  );
}
