import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Field } from '../input/input.tsx';
import { DatePicker, type DatePickerProps } from './date-picker.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Harness({
  initial = null,
  onValueChange,
  label = 'Fecha de publicación',
  ...props
}: Partial<Omit<DatePickerProps, 'value'>> & { initial?: string | null; label?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div className="max-w-xs space-y-2">
      <Field label={label}>
        {(p) => (
          <DatePicker
            {...p}
            today="2025-03-18"
            value={value}
            onValueChange={(v) => {
              setValue(v);
              onValueChange?.(v);
            }}
            {...props}
          />
        )}
      </Field>
      <output data-testid="value" className="block text-sm text-muted-foreground">
        {value ?? 'sin fecha'}
      </output>
    </div>
  );
}

const meta = {
  title: 'Planificación/DatePicker',
  component: Harness,
  args: { onValueChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Selector de fecha: se escribe en formato dd/mm/aaaa o se elige en un calendario mensual, también con el teclado.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const PickWithTheKeyboard: Story = {
  name: 'Elegir con el teclado',
  args: { initial: '2025-03-18' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Fecha de publicación')).toHaveValue('18/03/2025');
    await userEvent.click(c.getByRole('button', { name: /^Elegir fecha/ }));
    const dialog = await body().findByRole('dialog', { name: 'Calendario' });
    const grid = within(dialog).getByRole('grid', { name: 'Marzo de 2025' });
    // Spanish weekday headers, Monday first.
    const headers = within(grid).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual(['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do']);
    // Focus starts on the chosen day, which is also today.
    const chosen = within(grid).getByRole('button', { name: 'martes, 18 de marzo de 2025' });
    await waitFor(() => expect(chosen).toHaveFocus());
    await expect(chosen).toHaveAttribute('aria-current', 'date');
    await expect(chosen.closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
    // Arrows: a day, a week.
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    await expect(
      within(dialog).getByRole('button', { name: 'miércoles, 26 de marzo de 2025' }),
    ).toHaveFocus();
    // Home/End: the week's ends (Monday to Sunday).
    await userEvent.keyboard('{End}');
    await expect(within(dialog).getByRole('button', { name: 'domingo, 30 de marzo de 2025' })).toHaveFocus();
    // PageDown: next month, same day.
    await userEvent.keyboard('{PageDown}');
    await expect(within(dialog).getByRole('grid', { name: 'Abril de 2025' })).toBeInTheDocument();
    await expect(
      within(dialog).getByRole('button', { name: 'miércoles, 30 de abril de 2025' }),
    ).toHaveFocus();
    // Crossing the month end with an arrow turns the page too.
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(dialog).getByRole('grid', { name: 'Mayo de 2025' })).toBeInTheDocument();
    await userEvent.keyboard('{Shift>}{PageUp}{/Shift}');
    await expect(within(dialog).getByRole('button', { name: 'miércoles, 1 de mayo de 2024' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2024-06-01');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(c.getByLabelText('Fecha de publicación')).toHaveValue('01/06/2024');
    // Focus returns to the calendar button.
    await expect(c.getByRole('button', { name: /^Elegir fecha/ })).toHaveFocus();
  },
};

export const PickWithTheMouseAndClear: Story = {
  name: 'Elegir con el ratón y borrar',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Elegir fecha' }));
    const dialog = await body().findByRole('dialog', { name: 'Calendario' });
    // With no value, it opens on today.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'martes, 18 de marzo de 2025' })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mes siguiente' }));
    await expect(within(dialog).getByRole('heading', { name: 'Abril de 2025' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'viernes, 11 de abril de 2025' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2025-04-11');
    await expect(c.getByLabelText('Fecha de publicación')).toHaveValue('11/04/2025');
    await userEvent.click(c.getByRole('button', { name: 'Borrar fecha' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
    await expect(c.getByLabelText('Fecha de publicación')).toHaveValue('');
    // "Hoy" picks today.
    await userEvent.click(c.getByRole('button', { name: 'Elegir fecha' }));
    await userEvent.click(await body().findByRole('button', { name: 'Hoy' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2025-03-18');
  },
};

export const EscapeClosesWithoutChoosing: Story = {
  name: 'Escape cierra sin elegir',
  args: { initial: '2025-03-05' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Fecha de publicación');
    // Alt+ArrowDown in the field opens the calendar too.
    input.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const dialog = await body().findByRole('dialog', { name: 'Calendario' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'miércoles, 5 de marzo de 2025' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(input).toHaveValue('05/03/2025');
    // Opened from the field, Escape returns to it; opened from its button, to the button.
    await expect(input).toHaveFocus();
    const button = c.getByRole('button', { name: /^Elegir fecha/ });
    await userEvent.click(button);
    await body().findByRole('dialog', { name: 'Calendario' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(button).toHaveFocus();
  },
};

export const TypeADate: Story = {
  name: 'Escribir una fecha',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Fecha de publicación');
    await userEvent.type(input, '7/4/2025{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2025-04-07');
    await expect(input).toHaveValue('07/04/2025');
    // A day that does not exist is explained in Spanish and changes nothing.
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2025');
    await userEvent.tab();
    const message = 'No se puede leer la fecha «31/02/2025»: escríbela como dd/mm/aaaa';
    await expect(c.getByRole('alert')).toHaveTextContent(message);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
    await expect(input).toHaveValue('31/02/2025');
    await expect(c.getByTestId('value')).toHaveTextContent('2025-04-07');
    // Emptying the field clears the date.
    await userEvent.clear(input);
    await userEvent.tab();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
    await expect(c.queryByRole('alert')).toBeNull();
  },
};

export const TypedFormats: Story = {
  name: 'Formatos escritos',
  args: { initial: '2025-03-05' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Fecha de publicación');
    // Each form is read on blur or Enter and shown as dd/mm/aaaa; day and month alone are this year (today is
    // 18/03/2025 here).
    const forms: [string, string, string][] = [
      ['14122026', '2026-12-14', '14/12/2026'],
      ['1/2/2027', '2027-02-01', '01/02/2027'],
      ['15-12-2026', '2026-12-15', '15/12/2026'],
      ['16.12.2026', '2026-12-16', '16/12/2026'],
      ['14/12', '2025-12-14', '14/12/2025'],
      ['2026-12-14', '2026-12-14', '14/12/2026'],
      ['29/02/2028', '2028-02-29', '29/02/2028'],
    ];
    for (const [index, [typed, iso, shown]] of forms.entries()) {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      await userEvent.keyboard(index % 2 ? '{Enter}' : '{Tab}');
      await expect(args.onValueChange).toHaveBeenLastCalledWith(iso);
      await expect(input).toHaveValue(shown);
      await expect(input).not.toHaveAttribute('aria-invalid');
      await expect(c.queryByRole('alert')).toBeNull();
    }
    // While typing, «14/1» on its way to «14/12/2026» is not taken.
    await userEvent.clear(input);
    await userEvent.type(input, '14/1');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2028-02-29');
    // What cannot be read is named, announced and leaves the date as it was.
    for (const typed of ['hola', '14/13', '29/02/2027']) {
      await userEvent.clear(input);
      await userEvent.type(input, `${typed}{Enter}`);
      const alert = c.getByRole('alert');
      await expect(alert).toHaveTextContent(
        `No se puede leer la fecha «${typed}»: escríbela como dd/mm/aaaa`,
      );
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveValue(typed);
      await expect(input).toHaveFocus();
      await expect(c.getByTestId('value')).toHaveTextContent('2028-02-29');
    }
    await expect(args.onValueChange).toHaveBeenCalledTimes(forms.length);
    // Corrected, the message goes.
    await userEvent.clear(input);
    await userEvent.type(input, '28/02/2027{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2027-02-28');
    await expect(c.queryByRole('alert')).toBeNull();
    await expect(input).not.toHaveAttribute('aria-invalid');
    // The last state is the message, for the visual baseline.
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    await expect(c.getByRole('alert')).toHaveTextContent(
      'No se puede leer la fecha «31/02/2026»: escríbela como dd/mm/aaaa',
    );
  },
};

/** In a form whose «Guardar» waits for a change: a typed date enables it at once, and Enter saves. */
function FormHarness({ onSubmit }: { onSubmit: (value: string | null) => void }) {
  const [saved, setSaved] = useState<string | null>('2025-03-10');
  const [value, setValue] = useState<string | null>(saved);
  return (
    <form
      className="max-w-xs space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(value);
        onSubmit(value);
      }}
    >
      <Field label="Fecha de publicación">
        {(p) => <DatePicker {...p} today="2025-03-18" value={value} onValueChange={setValue} />}
      </Field>
      <button
        type="submit"
        disabled={value === saved}
        className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground disabled:opacity-50"
      >
        Guardar
      </button>
    </form>
  );
}

export const TypeAndSave: StoryObj<typeof FormHarness> = {
  name: 'Escribir y guardar',
  args: { onSubmit: fn() },
  render: (args) => <FormHarness {...args} />,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Fecha de publicación');
    const save = c.getByRole('button', { name: 'Guardar' });
    await expect(save).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '7/4/2025');
    // Counted before the field is left: «Guardar» is ready for one click.
    await expect(input).toHaveFocus();
    await expect(save).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('2025-04-07');
    await expect(input).toHaveValue('07/04/2025');
    await expect(save).toBeDisabled();
    // A date that is not complete or not valid is not taken, and Enter explains instead of saving.
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2025{Enter}');
    await expect(c.getByRole('alert')).toHaveTextContent(
      'No se puede leer la fecha «31/02/2025»: escríbela como dd/mm/aaaa',
    );
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

export const MinAndMax: Story = {
  name: 'Fechas mínima y máxima',
  args: { initial: '2025-03-10', min: '2025-03-03', max: '2025-03-23', label: 'Fecha dentro del ciclo' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: /^Elegir fecha/ }));
    const dialog = await body().findByRole('dialog', { name: 'Calendario' });
    await expect(within(dialog).getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
    const before = within(dialog).getByRole('button', { name: 'domingo, 2 de marzo de 2025' });
    await expect(before).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(before);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    // The keyboard stops at the bounds.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'lunes, 10 de marzo de 2025' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await expect(within(dialog).getByRole('button', { name: 'lunes, 3 de marzo de 2025' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    await expect(within(dialog).getByRole('button', { name: 'domingo, 23 de marzo de 2025' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.type(
      c.getByLabelText('Fecha dentro del ciclo'),
      '{Control>}a{/Control}01/04/2025{Enter}',
    );
    await expect(c.getByRole('alert')).toHaveTextContent('La fecha está fuera del intervalo permitido');
  },
};

export const Disabled: Story = {
  name: 'Desactivado',
  args: { initial: '2025-03-10', disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Fecha de publicación')).toBeDisabled();
    await expect(c.getByRole('button', { name: /^Elegir fecha/ })).toBeDisabled();
    await expect(c.queryByRole('button', { name: 'Borrar fecha' })).toBeNull();
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  args: { initial: '2025-03-18' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: /^Elegir fecha/ }));
    const dialog = await body().findByRole('dialog', { name: 'Calendario' });
    await expect(dialog).toHaveClass('dark');
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  globals: { viewport: { value: 'mobile' } },
  args: { initial: '2025-03-18' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: /^Elegir fecha/ }));
    const dialog = await body().findByRole('dialog', { name: 'Calendario' });
    const rect = dialog.getBoundingClientRect();
    await expect(rect.left).toBeGreaterThanOrEqual(0);
    await expect(rect.right).toBeLessThanOrEqual(390);
  },
};
