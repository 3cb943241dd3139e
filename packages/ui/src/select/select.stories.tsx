import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './select.tsx';

const meta = {
  title: 'Primitives/Select',
  component: Select,
  args: {
    'aria-label': 'Fase del embudo',
    onValueChange: fn(),
    options: [
      { value: 'awareness', label: 'Reconocimiento' },
      { value: 'consideration', label: 'Consideración' },
      { value: 'conversion', label: 'Conversión' },
      { value: 'loyalty', label: 'Fidelización' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: { description: { component: 'Lista desplegable para elegir una sola opción de una lista corta.' } },
  },
} satisfies Meta<typeof Select>;
export default meta;

export const PickAnOption: StoryObj<typeof meta> = {
  name: 'Elegir una opción',
  play: async ({ canvasElement, args }) => {
    const b = within(canvasElement.ownerDocument.body);
    await userEvent.click(b.getByRole('combobox', { name: 'Fase del embudo' }));
    await userEvent.click(await b.findByRole('option', { name: 'Conversión' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('conversion');
  },
};
