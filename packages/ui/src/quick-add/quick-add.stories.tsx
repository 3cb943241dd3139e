import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { QuickAdd } from './quick-add.tsx';

/** A list that grows at the top, as the plan's «Borrador» column does; `fail` rejects titles that contain it. */
function Harness({
  delay = 0,
  fail,
  onAdd,
}: {
  delay?: number;
  fail?: string;
  onAdd?: (text: string) => void;
}) {
  const [added, setAdded] = useState<string[]>([]);
  return (
    <div className="w-72 space-y-2 rounded-xl bg-muted/50 p-2">
      <QuickAdd
        label="Añadir pieza en Borrador"
        placeholder="Añadir pieza…"
        maxLength={200}
        onAdd={async (text) => {
          await new Promise((r) => setTimeout(r, delay));
          if (fail && text.includes(fail)) throw new Error('No tienes permiso para crear piezas.');
          onAdd?.(text);
          setAdded((list) => [text, ...list]);
        }}
      />
      <ul data-testid="added" className="space-y-2 text-sm">
        {added.map((text) => (
          <li key={text} className="rounded-lg bg-background p-2 shadow-sm">
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

const meta = {
  title: 'Primitives/QuickAdd',
  component: Harness,
  args: { onAdd: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Alta rápida: una línea para añadir entradas por su texto (título e Intro), sin abrir nada. El campo se vacía enseguida y conserva el foco para la siguiente; las entradas se guardan en el orden escrito; un fallo dice por qué y devuelve el texto.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const added = (c: ReturnType<typeof within>) =>
  [...c.getByTestId('added').querySelectorAll('li')].map((li) => li.textContent);

export const Default: Story = { name: 'Vacío' };

export const TypeManyInARow: Story = {
  name: 'Varias seguidas con Intro',
  // Each save takes a while: the typist does not wait, nothing typed is lost, the order is kept.
  args: { delay: 80 },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Añadir pieza en Borrador');
    await userEvent.click(input);
    await userEvent.keyboard('Reel · Origen{Enter}Carrusel · Tueste{Enter}   {Enter}Historia · Cata{Enter}');
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await waitFor(() => expect(added(c)).toEqual(['Historia · Cata', 'Carrusel · Tueste', 'Reel · Origen']));
    await expect(args.onAdd).toHaveBeenCalledTimes(3);
    await expect(c.getByRole('status')).toHaveTextContent('Se añadió «Historia · Cata»');
  },
};

export const AFailureGivesTheTextBack: Story = {
  name: 'Un fallo devuelve el texto',
  args: { fail: 'Prohibida' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Añadir pieza en Borrador');
    await userEvent.type(input, 'Pieza Prohibida{Enter}');
    await expect(await c.findByRole('alert')).toHaveTextContent(
      'No se pudo añadir «Pieza Prohibida»: No tienes permiso para crear piezas.',
    );
    await expect(input).toHaveValue('Pieza Prohibida');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // Escape clears the field; the next one clears the error.
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'Otra{Enter}');
    await waitFor(() => expect(added(c)).toEqual(['Otra']));
    await expect(c.queryByRole('alert')).toBeNull();
  },
};

export const TouchAddsWithTheButton: Story = {
  name: 'Con el botón (pantalla táctil)',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Añadir pieza en Borrador'), 'Reel');
    await userEvent.click(c.getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(added(c)).toEqual(['Reel']));
  },
};
