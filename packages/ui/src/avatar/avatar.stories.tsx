import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './avatar.tsx';

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  args: { name: 'Elena Empleada' },
  parameters: {
    docs: {
      description: {
        component:
          'Avatar: la foto de una persona o, si no la tiene, sus iniciales. El nombre de la persona es su etiqueta accesible.',
      },
    },
  },
} satisfies Meta<typeof Avatar>;
export default meta;

export const Initials: StoryObj<typeof meta> = {
  name: 'Iniciales',
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Elena Empleada' })).toHaveTextContent('EE');
  },
};
