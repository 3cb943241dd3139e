import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FileDropZone } from './file-drop-zone.tsx';

const meta = {
  title: 'Primitives/FileDropZone',
  component: FileDropZone,
  args: {
    onFiles: fn(),
    uploads: [
      { name: 'portada.png', percent: 100 },
      { name: 'video-final.mp4', percent: 42.4 },
      { name: 'virus.exe', percent: 0, error: 'Tipo de archivo no permitido' },
    ],
  },
  parameters: {
    docs: {
      description: {
        component:
          'Zona para soltar archivos o elegirlos con el teclado, con una barra de progreso y los errores de cada subida.',
      },
    },
  },
} satisfies Meta<typeof FileDropZone>;
export default meta;

export const WithProgress: StoryObj<typeof meta> = {
  name: 'Con progreso',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = c.getByRole('progressbar', { name: 'Progreso de subida de video-final.mp4' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(c.getByText('Tipo de archivo no permitido')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'selecciónalos' })).toBeInTheDocument();
  },
};
export const Empty: StoryObj<typeof meta> = { name: 'Vacía', args: { uploads: [] } };
