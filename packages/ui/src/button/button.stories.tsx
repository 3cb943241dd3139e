import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2Icon } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, IconButton } from './button.tsx';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { children: 'Guardar', onClick: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Botón con sus variantes (principal, contorno, secundario, destructivo, fantasma y enlace) y el botón de solo icono, cuyo nombre accesible se da en español.',
      },
    },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  name: 'Variantes',
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button {...args}>Guardar</Button>
      <Button variant="outline">Cancelar</Button>
      <Button variant="secondary">Secundario</Button>
      <Button variant="destructive">Eliminar</Button>
      <Button variant="ghost">Fantasma</Button>
      <Button variant="link">Enlace</Button>
      <Button disabled>Desactivado</Button>
      <IconButton label="Eliminar pieza">
        <Trash2Icon />
      </IconButton>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Guardar' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
    await expect(c.getByRole('button', { name: 'Eliminar pieza' })).toBeInTheDocument();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Guardar' })).toHaveFocus();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  },
};
