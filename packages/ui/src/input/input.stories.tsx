import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Switch } from '../switch/switch.tsx';
import { Field, Input } from './input.tsx';

const meta = {
  title: 'Primitives/Field',
  component: Field,
  args: { label: 'Correo electrónico', children: (p) => <Input {...p} type="email" /> },
  parameters: {
    docs: {
      description: {
        component:
          'Campo con etiqueta, ayuda y error enlazados al control, para un campo de texto, un interruptor u otro control de formulario.',
      },
    },
  },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Labelled: Story = {
  name: 'Con etiqueta',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Correo electrónico'), 'ana@ejemplo.es');
    await expect(c.getByLabelText('Correo electrónico')).toHaveValue('ana@ejemplo.es');
  },
};
export const WithError: Story = {
  name: 'Con error',
  args: { error: "El campo 'email' no tiene un formato válido", hint: 'Usa el correo de tu empresa' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Correo electrónico');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/formato válido/);
  },
};
export const SwitchControl: Story = {
  name: 'Con interruptor',
  args: {
    label: 'Notificaciones push',
    children: (p) => <Switch id={p.id} aria-label="Notificaciones push" />,
  },
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Notificaciones push' });
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'true');
  },
};
