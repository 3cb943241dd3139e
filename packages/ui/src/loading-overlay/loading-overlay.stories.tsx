import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingOverlay } from './loading-overlay.tsx';

const meta = {
  title: 'Shell/LoadingOverlay',
  component: LoadingOverlay,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Capa de carga a pantalla completa con «Cargando...», mientras la aplicación prepara la página.',
      },
    },
  },
} satisfies Meta<typeof LoadingOverlay>;
export default meta;

export const Default: StoryObj<typeof meta> = {
  name: 'Por defecto',
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Cargando...');
  },
};
