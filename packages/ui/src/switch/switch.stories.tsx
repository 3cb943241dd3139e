import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useId, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label.tsx';
import { Switch } from './switch.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Harness({
  label = 'Notificaciones push',
  initial = false,
  disabled = false,
  hint,
  error,
  onCheckedChange,
}: {
  label?: string;
  initial?: boolean;
  disabled?: boolean;
  hint?: string;
  error?: string;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const [checked, setChecked] = useState(initial);
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="max-w-sm space-y-1">
      <div className="flex items-center justify-between gap-4">
        <Label id={`${id}-label`} htmlFor={id} className="leading-snug">
          {label}
        </Label>
        <Switch
          id={id}
          aria-labelledby={`${id}-label`}
          checked={checked}
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          onCheckedChange={(next) => {
            setChecked(next);
            onCheckedChange?.(next);
          }}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'Primitives/Switch',
  component: Harness,
  args: { onCheckedChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Interruptor (Radix): activa o desactiva un ajuste al momento. Se cambia con clic, con Espacio o desde su etiqueta.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement, args }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Notificaciones push' });
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(within(canvasElement).getByText('Notificaciones push'));
    await expect(sw).toHaveAttribute('aria-checked', 'false');
  },
};

export const KeyboardFocus: Story = {
  name: 'Foco con teclado',
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(sw).toHaveFocus();
    await expect(getComputedStyle(sw).outlineStyle).toBe('solid');
    await userEvent.keyboard(' ');
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(sw).toHaveAttribute('aria-checked', 'false');
  },
};

export const Disabled: Story = {
  name: 'Desactivado',
  args: { disabled: true, initial: true, hint: 'Tu navegador no admite notificaciones push.' },
  play: async ({ canvasElement, args }) => {
    const sw = within(canvasElement).getByRole('switch');
    await expect(sw).toBeDisabled();
    await userEvent.click(sw, { pointerEventsCheck: 0 });
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    await expect(sw).toHaveAccessibleDescription('Tu navegador no admite notificaciones push.');
  },
};

export const WithError: Story = {
  name: 'Con error',
  args: { error: 'No se pudo guardar el ajuste. Inténtalo de nuevo.' },
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch');
    await expect(sw).toHaveAccessibleDescription('No se pudo guardar el ajuste. Inténtalo de nuevo.');
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    label:
      'Avisarme por correo electrónico cuando un cliente apruebe, rechace o comente cualquier pieza de los portafolios que sigo',
    hint: 'Los avisos se agrupan en un único correo cada hora para no llenar tu bandeja de entrada.',
  },
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch');
    // The long label wraps; the switch keeps its 44 × 24 px.
    await expect(sw.getBoundingClientRect().width).toBe(44);
    await expect(sw.getBoundingClientRect().height).toBe(24);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  args: { initial: true },
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch');
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'false');
  },
};
