import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type ItemStatus, itemStatusLabels } from '../messages.ts';
import { StatusBadge } from './status-badge.tsx';

const meta = {
  title: 'Primitives/StatusBadge',
  component: StatusBadge,
  args: { status: 'draft' },
} satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllSixStatuses: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {(Object.keys(itemStatusLabels) as ItemStatus[]).map((s) => (
        <StatusBadge key={s} status={s} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const label of [
      'Borrador',
      'En revisión interna',
      'Cambios internos solicitados',
      'En revisión del cliente',
      'Cambios solicitados por el cliente',
      'Aprobado',
    ]) {
      await expect(c.getByText(label)).toBeInTheDocument();
    }
  },
};
