import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Field } from '../input/input.tsx';
import { Textarea } from './textarea.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Harness({
  label = 'Comentario',
  hint,
  error,
  defaultValue,
  disabled = false,
  placeholder = 'Escribe tu comentario',
}: {
  label?: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error} className="max-w-md">
      {(p) => <Textarea {...p} defaultValue={defaultValue} disabled={disabled} placeholder={placeholder} />}
    </Field>
  );
}

const meta = {
  title: 'Primitives/Textarea',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Área de texto de varias líneas. Dentro de un Field recibe su etiqueta, su ayuda y su error, asociados con aria-describedby.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Comentario' });
    await expect(box).toHaveAttribute('placeholder', 'Escribe tu comentario');
    await userEvent.type(box, 'Me gusta el encuadre.{Enter}Falta el logotipo.');
    await expect(box).toHaveValue('Me gusta el encuadre.\nFalta el logotipo.');
  },
};

export const KeyboardFocus: Story = {
  name: 'Foco con teclado',
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await expect(getComputedStyle(box).outlineStyle).toBe('solid');
  },
};

export const Disabled: Story = {
  name: 'Desactivada',
  args: { disabled: true, defaultValue: 'Comentario enviado: ya no se puede editar.' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox');
    await expect(box).toBeDisabled();
    await userEvent.type(box, 'más texto', { pointerEventsCheck: 0 });
    await expect(box).toHaveValue('Comentario enviado: ya no se puede editar.');
  },
};

export const WithError: Story = {
  name: 'Con error',
  args: {
    hint: 'Máximo 500 caracteres.',
    error: 'El comentario no puede estar vacío',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Comentario' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    // The hint and the error are read with the field, in that order.
    await expect(box).toHaveAccessibleDescription(
      'Máximo 500 caracteres. El comentario no puede estar vacío',
    );
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'El comentario no puede estar vacío',
    );
    // The border turns to the error colour, as an Input's does.
    const invalid = getComputedStyle(box).borderColor;
    box.removeAttribute('aria-invalid');
    const valid = getComputedStyle(box).borderColor;
    box.setAttribute('aria-invalid', 'true');
    await expect(invalid).not.toBe(valid);
  },
};

const long =
  'La pieza necesita algunos cambios antes de publicarse: el titular es demasiado largo para el formato de historia, el logotipo queda tapado por el texto en la versión vertical y la llamada a la acción debería invitar a visitar la tienda en lugar de la web. Además, convendría revisar la paleta de la segunda imagen, que se aleja de la guía de estilo de la marca, y añadir los subtítulos al vídeo para quien lo vea sin sonido.';

export const LongText: Story = {
  name: 'Texto largo',
  args: { label: 'Cambios solicitados por el cliente', defaultValue: long },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox') as HTMLTextAreaElement;
    await expect(box).toHaveValue(long);
    // The text wraps and scrolls inside the box, never sideways.
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  args: { hint: 'Máximo 500 caracteres.', defaultValue: 'Me gusta el encuadre.' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox');
    await userEvent.type(box, ' Falta el logotipo.');
    await expect(box).toHaveValue('Me gusta el encuadre. Falta el logotipo.');
  },
};
