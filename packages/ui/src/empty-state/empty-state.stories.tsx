import type { Meta, StoryObj } from '@storybook/react-vite';
import { InboxIcon } from 'lucide-react';
import { Button } from '../button/button.tsx';
import { EmptyState } from './empty-state.tsx';

const meta = {
  title: 'Primitives/EmptyState',
  component: EmptyState,
  args: { title: 'No tienes portafolios' },
  parameters: {
    docs: {
      description: {
        component:
          'Estado vacío: explica que todavía no hay nada que mostrar y ofrece la acción para empezar.',
      },
    },
  },
} satisfies Meta<typeof EmptyState>;
export default meta;

export const WithAction: StoryObj<typeof meta> = {
  name: 'Con acción',
  args: {
    icon: <InboxIcon />,
    description: 'Crea el primero para empezar a planificar.',
    action: <Button>Crear un portafolio</Button>,
  },
};
