import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './avatar.tsx';

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  args: { name: 'Elena Empleada' },
} satisfies Meta<typeof Avatar>;
export default meta;

export const Initials: StoryObj<typeof meta> = {
  name: 'Iniciales',
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Elena Empleada' })).toHaveTextContent('EE');
  },
};
