import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SwitchGrid, type SwitchGridColumn } from './switch-grid.tsx';

type Row = 'reviews' | 'comments' | 'tasks' | 'team';
type Column = 'app' | 'push' | 'email';

const rows: { key: Row; label: string }[] = [
  { key: 'reviews', label: 'Revisiones' },
  { key: 'comments', label: 'Comentarios y menciones' },
  { key: 'tasks', label: 'Tareas' },
  { key: 'team', label: 'Avisos del equipo' },
];
const names: Record<Column, string> = { app: 'en la app', push: 'por push', email: 'por correo' };

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Harness({
  rowLabels = rows,
  emailDisabled = false,
  onCheckedChange,
}: {
  rowLabels?: { key: Row; label: string }[];
  emailDisabled?: boolean;
  onCheckedChange?: (row: Row, column: Column, next: boolean) => void;
}) {
  const [on, setOn] = useState<Set<string>>(() => new Set(['reviews:app', 'reviews:push', 'comments:app']));
  const columns: SwitchGridColumn<Column>[] = [
    { key: 'app', label: 'En la app' },
    { key: 'push', label: 'Push' },
    { key: 'email', label: 'Correo', disabled: emailDisabled },
  ];
  return (
    <div className="max-w-2xl">
      <SwitchGrid
        caption="Canales por tipo de aviso"
        rows={rowLabels}
        columns={columns}
        checked={(r, c) => on.has(`${r}:${c}`)}
        switchLabel={(r, c) => `${r.label} ${names[c.key]}`}
        onCheckedChange={(r, c, next) => {
          setOn((prev) => {
            const copy = new Set(prev);
            if (next) copy.add(`${r}:${c}`);
            else copy.delete(`${r}:${c}`);
            return copy;
          });
          onCheckedChange?.(r, c, next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/SwitchGrid',
  component: Harness,
  args: { onCheckedChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Cuadrícula de interruptores: una fila por tema y una columna por opción, cada interruptor con su propio nombre accesible. En el móvil cada fila se apila como una lista.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('table', { name: 'Canales por tipo de aviso' })).toBeVisible();
    await expect(c.getByRole('columnheader', { name: 'Correo' })).toBeVisible();
    const sw = c.getByRole('switch', { name: 'Revisiones en la app' });
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith('reviews', 'app', false);
  },
};

export const KeyboardUse: Story = {
  name: 'Con teclado',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(c.getByRole('switch', { name: 'Revisiones en la app' })).toHaveFocus();
    await userEvent.tab();
    const push = c.getByRole('switch', { name: 'Revisiones por push' });
    await expect(push).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith('reviews', 'push', false);
  },
};

export const DisabledColumn: Story = {
  name: 'Columna desactivada',
  args: { emailDisabled: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    for (const name of ['Revisiones por correo', 'Tareas por correo'])
      await expect(c.getByRole('switch', { name })).toBeDisabled();
    await userEvent.click(c.getByRole('switch', { name: 'Tareas por correo' }), { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    await expect(c.getByRole('switch', { name: 'Tareas por push' })).toBeEnabled();
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    rowLabels: [
      { key: 'reviews', label: 'Peticiones de revisión interna y decisiones del cliente sobre tus piezas' },
      ...rows.slice(1),
    ],
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The column names stand beside each switch; the grid does not overflow the phone's width.
    await expect(c.getByRole('switch', { name: 'Avisos del equipo por correo' })).toBeVisible();
    const table = c.getByRole('table');
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };
