import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type ToastEntry, Toaster } from './toaster.tsx';

const all: ToastEntry[] = [
  { id: 's', type: 'success', message: 'Notificaciones push configuradas correctamente' },
  { id: 'e', type: 'error', message: 'Error al eliminar suscripción' },
  { id: 'w', type: 'warning', message: 'Permiso de notificaciones denegado' },
  { id: 'i', type: 'info', message: 'Sesión cerrada' },
];

function Harness({
  initial,
  hold,
  onDismiss,
}: {
  initial: ToastEntry[];
  hold?: boolean;
  onDismiss?: (id: string) => void;
}) {
  const [toasts, setToasts] = useState(initial);
  return (
    <Toaster
      toasts={toasts}
      hold={hold}
      onDismiss={(id) => {
        onDismiss?.(id);
        setToasts((t) => t.filter((x) => x.id !== id));
      }}
    />
  );
}

const meta = {
  title: 'Shell/Toaster',
  component: Harness,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Avisos breves de éxito, error, advertencia o información, anunciados a los lectores de pantalla. Se cierran solos al acabar su tiempo o con «Cerrar».',
      },
    },
  },
  args: { initial: all.map((t) => ({ ...t, duration: 60_000 })), onDismiss: fn() },
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FourTypes: Story = {
  name: 'Cuatro tipos',
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Avisos' });
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(within(region).getByRole('alert')).toHaveTextContent('Error al eliminar suscripción');
    await expect(within(region).getAllByRole('status')).toHaveLength(3);
  },
};

export const CloseButton: Story = {
  name: 'Botón Cerrar',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getAllByRole('button', { name: 'Cerrar' })[0]!);
    await expect(args.onDismiss).toHaveBeenCalledWith('s');
  },
};

export const DismissesAfterItsDuration: Story = {
  name: 'Se cierra al acabar su tiempo',
  args: { initial: [{ id: 'quick', type: 'info', message: 'Sesión cerrada', duration: 400 }] },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText('Sesión cerrada')).toBeInTheDocument();
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledWith('quick'), { timeout: 1500 });
  },
};

export const HeldWhileTheFlagIsOn: Story = {
  name: 'Retenido (no se cierra solo)',
  args: { hold: true, initial: [{ id: 'held', type: 'warning', message: 'Retenido', duration: 300 }] },
  play: async ({ canvasElement, args }) => {
    await new Promise((r) => setTimeout(r, 700));
    await expect(args.onDismiss).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByText('Retenido')).toBeInTheDocument();
  },
};
