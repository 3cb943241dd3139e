import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { CalendarDaysIcon, KanbanIcon, TableIcon } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SegmentedControl, type SegmentedControlProps } from './segmented-control.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const views = [
  { value: 'board', label: 'Tablero', icon: <KanbanIcon /> },
  { value: 'table', label: 'Tabla', icon: <TableIcon /> },
  { value: 'calendar', label: 'Calendario', icon: <CalendarDaysIcon /> },
] as const;

type View = (typeof views)[number]['value'];

function Harness({
  onValueChange,
  ...props
}: Partial<SegmentedControlProps<View>> & { onValueChange?: (v: View) => void }) {
  const [value, setValue] = useState<View>('board');
  return (
    <div className="space-y-3">
      <SegmentedControl<View>
        aria-label="Vista"
        items={views}
        value={value}
        onValueChange={(v) => {
          setValue(v);
          onValueChange?.(v);
        }}
        {...props}
      />
      <p className="text-sm text-muted-foreground" data-testid="current">
        Vista actual: {views.find((v) => v.value === value)?.label}
      </p>
    </div>
  );
}

const meta = {
  title: 'Planificación/SegmentedControl',
  component: Harness,
  args: { onValueChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Control segmentado: elige una vista entre unas pocas (Tablero, Tabla, Calendario) con el ratón o con las flechas del teclado.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ViewSwitcher: Story = {
  name: 'Selector de vista',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const group = c.getByRole('radiogroup', { name: 'Vista' });
    await expect(within(group).getByRole('radio', { name: 'Tablero' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // Mouse.
    await userEvent.click(c.getByRole('radio', { name: 'Tabla' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('table');
    await expect(c.getByTestId('current')).toHaveTextContent('Vista actual: Tabla');
    // Clicking the chosen one again keeps it chosen.
    await userEvent.click(c.getByRole('radio', { name: 'Tabla' }));
    await expect(c.getByRole('radio', { name: 'Tabla' })).toHaveAttribute('aria-checked', 'true');
    // Keyboard: arrows move focus, Space chooses.
    await userEvent.keyboard('{ArrowRight}');
    await expect(c.getByRole('radio', { name: 'Calendario' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(c.getByTestId('current')).toHaveTextContent('Vista actual: Calendario');
    await userEvent.keyboard('{ArrowRight}');
    await expect(c.getByRole('radio', { name: 'Tablero' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('board');
    // Home and End reach the ends; moving the focus chooses nothing.
    await userEvent.keyboard('{End}');
    await expect(c.getByRole('radio', { name: 'Calendario' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(c.getByRole('radio', { name: 'Tablero' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(c.getByRole('radio', { name: 'Calendario' })).toHaveFocus();
    await expect(c.getByTestId('current')).toHaveTextContent('Vista actual: Tablero');
    // The chosen one is the group's one tab stop.
    await expect(c.getByRole('radio', { name: 'Tablero' })).toHaveAttribute('tabindex', '0');
    await expect(c.getByRole('radio', { name: 'Calendario' })).toHaveAttribute('tabindex', '-1');
  },
};

export const Small: Story = { name: 'Pequeño', args: { size: 'sm' } };

export const Disabled: Story = {
  name: 'Desactivado',
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('radio', { name: 'Tabla' })).toBeDisabled();
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const CompactOnMobile: Story = {
  name: 'Compacto en móvil',
  args: { compact: true },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // Labels are visually hidden below 640 px but stay the accessible names.
    await userEvent.click(c.getByRole('radio', { name: 'Calendario' }));
    await expect(c.getByTestId('current')).toHaveTextContent('Calendario');
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };
