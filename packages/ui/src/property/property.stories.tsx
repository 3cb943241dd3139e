import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DatePicker } from '../date-picker/date-picker.tsx';
import { Property, PropertyOptions } from './property.tsx';

const formats = [
  { value: '', label: 'Sin definir' },
  { value: 'reel', label: 'Reel' },
  { value: 'carrusel', label: 'Carrusel' },
  { value: 'post', label: 'Post' },
];

function Harness({ onChange }: { onChange: (field: string, value: string | null) => void }) {
  const [format, setFormat] = useState('reel');
  const [date, setDate] = useState<string | null>(null);
  return (
    <div className="grid max-w-xl grid-cols-2 gap-1 p-4 sm:grid-cols-4">
      <Property label="Formato" value={formats.find((f) => f.value === format)?.label} empty="Sin definir">
        {(close) => (
          <PropertyOptions
            label="Formato"
            options={formats}
            value={format}
            onChoose={(v) => {
              close();
              setFormat(v);
              onChange('format', v);
            }}
          />
        )}
      </Property>
      <Property label="Fecha de publicación" value={date} empty="Sin definir" popup="dialog">
        {(close) => (
          <div className="p-2">
            <DatePicker
              aria-label="Fecha de publicación"
              today="2026-12-01"
              value={date as never}
              onValueChange={(v) => {
                close();
                setDate(v);
                onChange('publishDate', v);
              }}
            />
          </div>
        )}
      </Property>
      <Property
        label="Pilar"
        value="Pan"
        empty="Sin definir"
        withheld="El cliente está revisando esta pieza: retírala de revisión para cambiar lo que ve"
      >
        {() => null}
      </Property>
      <Property label="Responsable" value={null} empty="Sin asignar">
        {() => null}
      </Property>
    </div>
  );
}

const meta = {
  title: 'Primitives/Property',
  component: Harness,
  args: { onChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Una propiedad de una pieza como un botón compacto con su valor; su lista de opciones o su campo de fecha se montan solo al pulsarlo (clic, toque, Intro, Espacio o flecha abajo), en una ventana anclada al botón, sin mover nada. Una propiedad retenida dice por qué y no abre nada.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const ChooseByKeyboard: Story = {
  name: 'Elegir con el teclado',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const format = c.getByRole('button', { name: 'Formato Reel' });
    // Nothing of the control is mounted before it is used.
    await expect(body().queryByRole('listbox')).toBeNull();
    await expect(format).toHaveAttribute('aria-expanded', 'false');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(format).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const list = await body().findByRole('listbox', { name: 'Formato' });
    await waitFor(() => expect(list).toHaveFocus());
    await expect(body().getByRole('option', { name: 'Reel' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('format', 'carrusel');
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull());
    await expect(format).toHaveAccessibleName('Formato Carrusel');
    await expect(format).toHaveFocus();
    // A letter jumps to the option that starts with it; Escape closes without choosing.
    await userEvent.keyboard('{ArrowDown}');
    await body().findByRole('listbox', { name: 'Formato' });
    await userEvent.keyboard('p{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('format', 'post');
    await userEvent.click(format);
    await body().findByRole('listbox', { name: 'Formato' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull());
    await expect(format).toHaveFocus();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

export const TypeADate: Story = {
  name: 'Escribir una fecha',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const date = c.getByRole('button', { name: 'Fecha de publicación Sin definir' });
    await userEvent.click(date);
    const field = await body().findByRole('textbox', { name: 'Fecha de publicación' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, '14122026');
    await expect(args.onChange).toHaveBeenCalledWith('publishDate', '2026-12-14');
    await waitFor(() => expect(date).toHaveFocus());
  },
};

export const Withheld: Story = {
  name: 'Retenida, con su motivo',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const pilar = c.getByRole('button', { name: 'Pilar Pan' });
    await expect(pilar).toHaveAttribute('aria-disabled', 'true');
    await expect(pilar).toHaveAccessibleDescription(/retírala de revisión/);
    await userEvent.click(pilar);
    await expect(body().queryByRole('listbox')).toBeNull();
    await expect(body().queryByRole('dialog')).toBeNull();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Mobile390: Story = {
  name: 'Teléfono (390 px)',
  globals: { viewport: { value: 'mobile' } },
};
