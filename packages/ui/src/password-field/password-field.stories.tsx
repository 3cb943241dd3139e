import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Field } from '../input/input.tsx';
import { generatePassword, PasswordField } from './password-field.tsx';

function Harness({ generate = true, disabled = false }: { generate?: boolean; disabled?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <div className="max-w-md">
      <Field label="Contraseña" hint="Al menos 8 caracteres">
        {(p) => (
          <PasswordField
            {...p}
            value={value}
            onValueChange={setValue}
            generate={generate}
            disabled={disabled}
          />
        )}
      </Field>
      <div data-testid="value" className="sr-only">
        {value}
      </div>
    </div>
  );
}

const meta = {
  title: 'Primitives/PasswordField',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Campo de contraseña que permite mostrar lo escrito y, si se pide, generar una contraseña segura al azar.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TypeAndReveal: Story = {
  name: 'Escribir y mostrar',
  args: { generate: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Contraseña');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(c.queryByRole('button', { name: 'Generar' })).toBeNull();
    await userEvent.type(input, 'secreto-123');
    await userEvent.click(c.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('secreto-123');
    await userEvent.click(c.getByRole('button', { name: 'Ocultar contraseña' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const GenerateShowsItOnce: Story = {
  name: 'Generar y verla una vez',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Contraseña');
    // Keyboard only: Tab to the reveal toggle, then to "Generar", Enter.
    await userEvent.click(input);
    await userEvent.tab();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Generar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'text');
    const generated = (input as HTMLInputElement).value;
    await expect(generated).toMatch(/^[A-Za-z2-9]{16}$/);
    await expect(c.getByTestId('value')).toHaveTextContent(generated);
    await expect(c.getByRole('status')).toHaveTextContent('no se volverá a mostrar');
    // Editing it by hand makes it the user's own: the hint goes.
    await userEvent.type(input, 'x');
    await expect(c.queryByRole('status')).toBeNull();
  },
};

export const Disabled: Story = {
  name: 'Desactivado',
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Contraseña')).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Generar' })).toBeDisabled();
  },
};

export const GeneratedPasswordsDiffer: Story = {
  name: 'Las contraseñas generadas son distintas',
  play: async () => {
    const a = generatePassword();
    const b = generatePassword(24);
    await expect(a).toHaveLength(16);
    await expect(b).toHaveLength(24);
    await expect(a).not.toBe(b.slice(0, 16));
    await expect(a).not.toMatch(/[0O1lI]/);
  },
};
