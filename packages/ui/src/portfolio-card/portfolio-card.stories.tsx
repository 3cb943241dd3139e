import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PortfolioCard } from './portfolio-card.tsx';

const meta = {
  title: 'Shell/PortfolioCard',
  component: PortfolioCard,
  args: { businessName: 'Café Aurora', identifier: 'cafe-aurora', onOpen: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PortfolioCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('button', { name: /Café Aurora/ });
    await expect(card).toHaveTextContent('ID: cafe-aurora');
    card.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};
export const LongName: Story = {
  args: { businessName: 'Distribuidora Internacional de Cafés de Especialidad del Norte S.A.' },
};
