import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CheckboxGroup, type CheckboxGroupOption } from './checkbox-group.tsx';

const permissions: CheckboxGroupOption[] = [
  { value: 'portfolio.view', label: 'Ver el portafolio' },
  { value: 'portfolio.edit', label: 'Editar el portafolio', description: 'Configuración e integraciones' },
  { value: 'production.view', label: 'Ver la producción' },
  { value: 'production.edit', label: 'Editar la producción' },
  {
    value: 'comments.write',
    label: 'Escribir comentarios con un nombre de permiso muy largo que ocupa varias líneas en un teléfono',
  },
];

function Harness({
  initial = ['portfolio.view'],
  disabled = false,
  hint,
  options = permissions,
  columns = 2,
}: {
  initial?: string[];
  disabled?: boolean;
  hint?: string;
  options?: CheckboxGroupOption[];
  columns?: 1 | 2;
}) {
  const [value, setValue] = useState(initial);
  return (
    <div className="max-w-xl">
      <CheckboxGroup
        legend="Permisos"
        options={options}
        value={value}
        onValueChange={setValue}
        disabled={disabled}
        hint={hint}
        columns={columns}
      />
      <output data-testid="value" className="mt-3 block text-xs text-muted-foreground">
        {value.join(', ') || 'ninguno'}
      </output>
    </div>
  );
}

const meta = {
  title: 'Primitives/CheckboxGroup',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Grupo de casillas con su leyenda: edita una lista de valores, por ejemplo los permisos de una persona.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ToggleWithMouseAndKeyboard: Story = {
  name: 'Marcar con ratón y teclado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: 'Permisos' })).toBeInTheDocument();
    await userEvent.click(c.getByLabelText('Editar la producción'));
    await expect(c.getByLabelText('Editar la producción')).toBeChecked();
    // The label text toggles too; Space on a focused checkbox as well.
    await userEvent.click(c.getByText('Ver el portafolio'));
    await expect(c.getByLabelText('Ver el portafolio')).not.toBeChecked();
    c.getByLabelText('Editar el portafolio').focus();
    await userEvent.keyboard(' ');
    await expect(c.getByLabelText('Editar el portafolio')).toBeChecked();
    // The value keeps the catalogue's order, whatever the order of the clicks.
    await expect(c.getByTestId('value')).toHaveTextContent('portfolio.edit, production.edit');
    await expect(c.getByLabelText('Editar el portafolio')).toHaveAccessibleDescription(
      'Configuración e integraciones',
    );
  },
};

export const DisabledWithHint: Story = {
  name: 'Desactivado con ayuda',
  args: { disabled: true, hint: 'No puedes cambiar tus propios permisos' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: 'Permisos' })).toHaveAccessibleDescription(
      'No puedes cambiar tus propios permisos',
    );
    for (const box of c.getAllByRole('checkbox')) await expect(box).toBeDisabled();
  },
};

export const Empty: Story = {
  name: 'Sin opciones',
  args: { options: [], initial: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('checkbox')).toHaveLength(0);
  },
};

export const LongAddress: Story = {
  name: 'Descripción sin espacios (una URL)',
  args: {
    initial: [],
    // One column, as on a phone (the two columns start at the sm breakpoint): its track is as wide as its widest
    // word unless the words may break anywhere.
    columns: 1,
    options: [
      {
        value: 'webhook',
        label: 'Redactor externo',
        description:
          'Webhook · http://127.0.0.1:9/una/ruta/bastante/larga/para/ver/como/se/parte?con=parametros',
      },
      {
        value: 'other',
        label: 'Publicador',
        description:
          'Webhook · https://agentes.ejemplo.local/api/v1/redactar-publicaciones-del-ciclo-con-contexto-completo',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    // A long address wraps inside the group: on a phone the page stays as wide as the screen. Its words are
    // measured, not the group's scroll width: a fieldset does not report what its grid's rows overflow.
    const group = within(canvasElement).getByRole('group', { name: 'Permisos' });
    group.style.width = '240px';
    const right = group.getBoundingClientRect().right;
    for (const description of group.querySelectorAll('p')) {
      await expect(description.getBoundingClientRect().right).toBeLessThanOrEqual(right);
    }
  },
};
