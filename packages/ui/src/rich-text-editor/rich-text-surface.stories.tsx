import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RichTextSurface } from './rich-text-surface.tsx';

const meta = {
  title: 'Primitives/RichTextSurface',
  component: RichTextSurface,
  args: {
    html: '<p>Masa madre de <strong>48 horas</strong>. Recién horneado cada mañana.</p>',
    label: 'Texto (copy)',
    placeholder: 'Escribe el copy tal como se publicará',
    maxLength: 50000,
    onEdit: fn(),
    onType: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'Un texto enriquecido tal como se lee, en la caja del editor (su borde, la fila de su barra, su relleno y su cuenta): lo que muestra una pieza antes de que alguien la edite, sin cargar el editor. Un clic, un toque, el foco o «Editar» piden el editor con el cursor donde fue el clic.',
      },
    },
  },
} satisfies Meta<typeof RichTextSurface>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ClickWhereToWrite: Story = {
  name: 'Clic donde escribir',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const box = c.getByRole('textbox', { name: 'Texto (copy)' });
    await expect(box).toHaveTextContent('Masa madre de 48 horas');
    await expect(c.getByText('52 / 50.000 caracteres')).toBeInTheDocument();
    // A click on «48»: the caret goes after «Masa madre de » and some of «48».
    const strong = box.querySelector('strong')!;
    const rect = strong.getBoundingClientRect();
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: strong,
      coords: { x: rect.left + 1, y: rect.top + rect.height / 2 },
    });
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
    const caret = (args.onEdit as ReturnType<typeof fn>).mock.calls[0]![0];
    await expect(caret).toBeGreaterThanOrEqual(14);
    await expect(caret).toBeLessThanOrEqual(15);
  },
};

export const EditFromTheKeyboard: Story = {
  name: '«Editar» y el foco',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Editar' }));
    await expect(args.onEdit).toHaveBeenLastCalledWith('end');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await userEvent.tab();
    await expect(c.getByRole('textbox', { name: 'Texto (copy)' })).toHaveFocus();
    await expect(args.onEdit).toHaveBeenLastCalledWith('end');
    // Keys typed before the editor takes its place are handed over, not lost.
    await userEvent.keyboard('Hoy');
    await expect(args.onType).toHaveBeenCalledTimes(3);
    await expect(args.onType).toHaveBeenLastCalledWith('y');
  },
};

export const Empty: Story = {
  name: 'Vacío, con su indicación',
  args: { html: '' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('0 / 50.000 caracteres')).toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-placeholder]')).toHaveAttribute(
      'data-placeholder',
      'Escribe el copy tal como se publicará',
    );
  },
};
