import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { ChoiceDialog } from './choice-dialog.tsx';

function Harness({
  onSave,
  onDiscard,
  initiallyOpen = false,
  saving = false,
}: {
  onSave: () => void;
  onDiscard: () => void;
  initiallyOpen?: boolean;
  saving?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cerrar la pieza
      </Button>
      <ChoiceDialog
        open={open}
        onOpenChange={setOpen}
        title="Tienes cambios sin guardar"
        description="El texto que escribiste en «Reel de lanzamiento» aún no está guardado."
        cancelLabel="Seguir editando"
        busy={saving ? 'Guardar' : null}
        choices={[
          {
            label: 'Descartar',
            variant: 'destructive',
            onSelect: () => {
              onDiscard();
              setOpen(false);
            },
          },
          {
            label: 'Guardar',
            variant: 'default',
            busyLabel: 'Guardando…',
            onSelect: () => {
              onSave();
              setOpen(false);
            },
          },
        ]}
      />
    </>
  );
}

const meta = {
  title: 'Primitives/ChoiceDialog',
  component: Harness,
  args: { onSave: fn(), onDiscard: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Diálogo de elección: ofrece varias salidas y la de volver atrás, como «Guardar · Descartar · Seguir editando» ante cambios sin guardar.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeChoices: Story = {
  name: 'Guardar, descartar o seguir editando',
  play: async ({ canvasElement, args }) => {
    const b = within(canvasElement.ownerDocument.body);
    await userEvent.click(b.getByRole('button', { name: 'Cerrar la pieza' }));
    let dialog = await b.findByRole('alertdialog', { name: 'Tienes cambios sin guardar' });
    // Going back is what the keyboard lands on.
    await expect(within(dialog).getByRole('button', { name: 'Seguir editando' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(b.queryByRole('alertdialog')).toBeNull());
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onDiscard).not.toHaveBeenCalled();

    await userEvent.click(b.getByRole('button', { name: 'Cerrar la pieza' }));
    dialog = await b.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await expect(args.onDiscard).toHaveBeenCalledOnce();
    await waitFor(() => expect(b.queryByRole('alertdialog')).toBeNull());

    await userEvent.click(b.getByRole('button', { name: 'Cerrar la pieza' }));
    dialog = await b.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
  },
};

export const Open: Story = {
  name: 'Abierto',
  args: { initiallyOpen: true },
};

export const Busy: Story = {
  name: 'Guardando',
  args: { initiallyOpen: true, saving: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Guardando…' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Seguir editando' })).toBeDisabled();
  },
};
