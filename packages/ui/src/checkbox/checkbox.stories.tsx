import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useId, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label.tsx';
import { Checkbox } from './checkbox.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Harness({
  label = 'Acepto las condiciones de uso',
  initial = false,
  disabled = false,
  error,
  onCheckedChange,
}: {
  label?: string;
  initial?: boolean | 'indeterminate';
  disabled?: boolean;
  error?: string;
  onCheckedChange?: (checked: boolean | 'indeterminate') => void;
}) {
  const [checked, setChecked] = useState(initial);
  const id = useId();
  return (
    <div className="max-w-sm space-y-2">
      <div className="flex items-start gap-2">
        <Checkbox
          id={id}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onCheckedChange={(next) => {
            setChecked(next);
            onCheckedChange?.(next);
          }}
          className="-mt-0.5"
        />
        <Label htmlFor={id} className="leading-snug peer-disabled:opacity-50">
          {label}
        </Label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'Primitives/Checkbox',
  component: Harness,
  args: { onCheckedChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Casilla de verificación (Radix): marcada, sin marcar o indeterminada, con su etiqueta asociada para que el clic en el texto también la cambie.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Acepto las condiciones de uso' });
    await expect(box).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(box);
    await expect(box).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // The label toggles it too.
    await userEvent.click(within(canvasElement).getByText('Acepto las condiciones de uso'));
    await expect(box).toHaveAttribute('aria-checked', 'false');
  },
};

export const KeyboardFocus: Story = {
  name: 'Foco con teclado',
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    // A visible focus ring, drawn only for the keyboard, around the drawn box (the span inside the target).
    await expect(getComputedStyle(box.firstElementChild as Element).outlineStyle).toBe('solid');
    await userEvent.keyboard(' ');
    await expect(box).toHaveAttribute('aria-checked', 'true');
    // Enter does not toggle a checkbox (WAI-ARIA; it would submit a form around it).
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveAttribute('aria-checked', 'true');
  },
};

export const Indeterminate: Story = {
  name: 'Indeterminada',
  args: { label: 'Seleccionar todas las piezas', initial: 'indeterminate' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await expect(box).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(box);
    await expect(box).toHaveAttribute('aria-checked', 'true');
  },
};

export const Disabled: Story = {
  name: 'Desactivada',
  args: { disabled: true, initial: true },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await expect(box).toBeDisabled();
    await userEvent.click(box, { pointerEventsCheck: 0 });
    await expect(box).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  name: 'Con error',
  args: { error: 'Debes aceptar las condiciones para continuar' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('Debes aceptar las condiciones para continuar');
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    label:
      'Quiero recibir un resumen semanal con las piezas pendientes de revisión, los comentarios de los clientes y las publicaciones programadas para los próximos siete días',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    // The box keeps its size however long the label is: 16 px drawn, in a 24×24 px target (WCAG 2.2, 2.5.8).
    const drawn = (box.firstElementChild as Element).getBoundingClientRect();
    await expect(drawn.width).toBe(16);
    await expect(drawn.height).toBe(16);
    await expect(box.getBoundingClientRect().width).toBe(24);
    await expect(box.getBoundingClientRect().height).toBe(24);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  args: { initial: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await userEvent.click(box);
    await expect(box).toHaveAttribute('aria-checked', 'false');
  },
};
