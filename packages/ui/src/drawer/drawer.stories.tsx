import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { Drawer } from './drawer.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir pieza</Button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Reel de lanzamiento"
        description="En revisión interna"
      >
        <p>Material, versiones y comentarios.</p>
      </Drawer>
    </>
  );
}

const meta = {
  title: 'Primitives/Drawer',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Panel lateral que se desliza desde la derecha, por ejemplo con el detalle de una pieza. En el móvil ocupa todo el ancho.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;

export const OpensAndClosesWithEscape: StoryObj<typeof meta> = {
  name: 'Se abre y Escape lo cierra',
  play: async ({ canvasElement }) => {
    const b = within(canvasElement.ownerDocument.body);
    const opener = b.getByRole('button', { name: 'Abrir pieza' });
    await userEvent.click(opener);
    const dialog = await b.findByRole('dialog', { name: 'Reel de lanzamiento' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The focus moves in, to its heading (it opens to read), and Tab stays inside; the page beside it is hidden
    // from assistive technology.
    await waitFor(() => expect(b.getByRole('heading', { name: 'Reel de lanzamiento' })).toHaveFocus());
    await userEvent.tab();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await expect(b.queryByRole('button', { name: 'Abrir pieza' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(b.queryByRole('dialog')).toBeNull());
    // The focus returns to what opened it.
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
