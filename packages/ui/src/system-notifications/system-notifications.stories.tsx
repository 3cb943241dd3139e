import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type SystemMessageEntry, SystemNotifications } from './system-notifications.tsx';

const long = 'La sincronización con Notion terminó con avisos: revisa las páginas del portafolio Café Aurora';

function Harness({
  initial,
  onOpenChange,
}: {
  initial: SystemMessageEntry[];
  onOpenChange?: (open: boolean) => void;
}) {
  const [messages, setMessages] = useState(initial);
  return (
    <SystemNotifications
      messages={messages}
      onRemove={(id) => setMessages((m) => m.filter((x) => x.id !== id))}
      onClearAll={() => setMessages([])}
      onOpenChange={onOpenChange}
    />
  );
}

const meta = {
  title: 'Shell/SystemNotifications',
  component: Harness,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Notificaciones del sistema: una píldora arriba en el centro con el mensaje actual y, si hay varios, cuántos son. Al pulsarla se abren todos en una ventana.',
      },
    },
  },
  args: { onOpenChange: fn(), initial: [{ id: 'a', type: 'success', message: 'Inicio de sesión exitoso' }] },
  // The dialog is loaded on first use. Loaded before the story draws, so a play test's wait measures the dialog
  // opening, not Vite's dev server transforming its module on the first import of the run (on a loaded CI
  // machine that took over the 1 s Testing Library waits, and the dialog was not found though it opened).
  loaders: [
    async () => {
      await import('./system-notifications-dialog.tsx');
      return {};
    },
  ],
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const One: Story = { name: 'Una notificación' };

export const LongMessageIsCutAt60: Story = {
  name: 'Mensaje largo cortado a 60 caracteres',
  args: { initial: [{ id: 'l', type: 'warning', message: long }] },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByTestId('system-pill-text');
    await expect(text.textContent).toBe(`${long.slice(0, 60)}…`);
  },
};

export const SeveralWithCountModalAndClear: Story = {
  name: 'Varias, con contador, ventana y borrar todo',
  args: {
    initial: [
      { id: '1', type: 'info', message: 'Notificaciones push desactivadas' },
      { id: '2', type: 'success', message: 'Suscripción eliminada correctamente' },
      { id: '3', type: 'warning', message: 'Selecciona un portafolio primero' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const b = within(canvasElement.ownerDocument.body);
    await expect(c.getByTestId('system-pill-count')).toHaveTextContent('3');
    await userEvent.click(c.getByRole('button', { name: /Abrir notificaciones del sistema/ }));
    const dialog = await b.findByRole('dialog', { name: 'Notificaciones del Sistema' });
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Eliminar notificación' })[0]!);
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Limpiar todas' }));
    await expect(within(dialog).getByText('Todo limpio')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onOpenChange).toHaveBeenLastCalledWith(false));
  },
};

export const ErrorAutoOpensAfter3s: Story = {
  name: 'Un error se abre solo a los 3 s',
  args: { initial: [] },
  render: (args) => {
    const [messages, setMessages] = useState<SystemMessageEntry[]>([]);
    return (
      <>
        <button
          type="button"
          onClick={() =>
            setMessages((m) => [
              ...m,
              { id: `e${m.length}`, type: 'error', message: 'Error al cargar portafolios' },
            ])
          }
        >
          Provocar error
        </button>
        <SystemNotifications
          messages={messages}
          onRemove={() => {}}
          onClearAll={() => setMessages([])}
          onOpenChange={args.onOpenChange}
        />
      </>
    );
  },
  play: async ({ canvasElement, args }) => {
    const b = within(canvasElement.ownerDocument.body);
    await userEvent.click(b.getByRole('button', { name: 'Provocar error' }));
    await new Promise((r) => setTimeout(r, 2000));
    await expect(b.queryByRole('dialog')).toBeNull();
    await b.findByRole('dialog', { name: 'Notificaciones del Sistema' }, { timeout: 2500 });
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
  },
};
