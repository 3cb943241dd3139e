import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Eliminar
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Estás seguro de que quieres eliminar la suscripción de este dispositivo?"
        confirmLabel="Eliminar"
        onConfirm={onConfirm}
      />
    </>
  );
}

const meta = {
  title: 'Primitives/ConfirmDialog',
  component: Harness,
  args: { onConfirm: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Diálogo de confirmación: pide permiso antes de una acción que destruye datos, como eliminar.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ConfirmsBeforeDestroying: Story = {
  name: 'Confirma antes de eliminar',
  play: async ({ canvasElement, args }) => {
    const b = within(canvasElement.ownerDocument.body);
    await userEvent.click(b.getByRole('button', { name: 'Eliminar' }));
    let dialog = await b.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(b.queryByRole('alertdialog')).toBeNull());
    // The focus is back on the button that asked (the dialog has no Radix trigger).
    await waitFor(() => expect(b.getByRole('button', { name: 'Eliminar' })).toHaveFocus());
    await userEvent.click(b.getByRole('button', { name: 'Eliminar' }));
    dialog = await b.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};
