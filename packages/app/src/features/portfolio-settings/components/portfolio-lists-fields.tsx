import { Field, TagInput, uiMessages } from '@crw/ui';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { portfolioSettingsMsg as t } from '../messages.ts';
import type { PortfolioLists } from '../store.ts';

const lists = [
  { name: 'pilaresContenido', label: t.fields.pilares },
  { name: 'angulosVenta', label: t.fields.angulos },
  { name: 'formatosCreativos', label: t.fields.formatos },
] as const satisfies ReadonlyArray<{ name: keyof PortfolioLists; label: string }>;

/** Pilares, ángulos and formatos as tag inputs, bound to a react-hook-form form that holds them. */
export function PortfolioListsFields<T extends FieldValues & PortfolioLists>({
  control,
  disabled,
}: {
  control: Control<T>;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="sr-only">{t.fields.listsTitle}</legend>
      <div className="space-y-1">
        <h2 className="text-base font-semibold">{t.fields.listsTitle}</h2>
        <p className="text-sm text-muted-foreground">{t.fields.listsDescription}</p>
      </div>
      {lists.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name as Path<T>}
          render={({ field }) => (
            <Field label={label} hint={uiMessages.tagInput.hint}>
              {(p) => (
                <TagInput
                  {...p}
                  name={field.name}
                  value={field.value as string[]}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={disabled}
                />
              )}
            </Field>
          )}
        />
      ))}
    </fieldset>
  );
}
