import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { ProgressBar } from './progress-bar.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Gallery() {
  return (
    <div className="grid max-w-md gap-5">
      <div className="space-y-1.5">
        <p id="pb-upload" className="text-sm font-medium">
          Subiendo portada-campaña-primavera.png
        </p>
        <ProgressBar aria-labelledby="pb-upload" value={42.4} showValue />
      </div>
      <ProgressBar aria-label="Subida completada" value={100} tone="success" showValue />
      <ProgressBar aria-label="Subida fallida" value={63} tone="error" showValue />
      <ProgressBar aria-label="Procesando vídeo" value={null} />
      <div className="space-y-2">
        <ProgressBar aria-label="Pequeña" value={25} size="sm" />
        <ProgressBar aria-label="Mediana" value={50} size="md" />
        <ProgressBar aria-label="Grande" value={75} size="lg" />
      </div>
    </div>
  );
}

const meta = {
  title: 'Planificación/ProgressBar',
  component: Gallery,
  parameters: {
    docs: {
      description: {
        component:
          'Barra de progreso determinada (de 0 a 100 %) o indeterminada, por ejemplo para una subida; su valor se anuncia en español.',
      },
    },
  },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TonesAndSizes: Story = {
  name: 'Tonos y tamaños',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const upload = c.getByRole('progressbar', { name: 'Subiendo portada-campaña-primavera.png' });
    await expect(upload).toHaveAttribute('aria-valuenow', '42');
    await expect(upload).toHaveAttribute('aria-valuetext', expect.stringMatching(/^42\s%$/));
    await expect(c.getByText('42 %')).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Subida fallida' })).toHaveAttribute(
      'data-tone',
      'error',
    );
    const indeterminate = c.getByRole('progressbar', { name: 'Procesando vídeo' });
    await expect(indeterminate).not.toHaveAttribute('aria-valuenow');
    await expect(indeterminate).toHaveAttribute('aria-valuetext', 'En curso');
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };

function Upload() {
  const [value, setValue] = useState<number | null>(0);
  return (
    <div className="grid max-w-md gap-3">
      <ProgressBar aria-label="Subida de guion-final.pdf" value={value} showValue />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => setValue((v) => Math.min(100, (v ?? 0) + 30))}>
          Avanzar
        </Button>
        <Button size="sm" variant="outline" onClick={() => setValue(null)}>
          Sin estimación
        </Button>
      </div>
    </div>
  );
}

export const ValueChangesAndOutOfRangeIsClamped: StoryObj<typeof Upload> = {
  name: 'Cambia de valor y se ajusta al rango',
  render: () => <Upload />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = c.getByRole('progressbar', { name: 'Subida de guion-final.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    for (let i = 0; i < 4; i++) await userEvent.click(c.getByRole('button', { name: 'Avanzar' }));
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('data-state', 'complete');
    await userEvent.click(c.getByRole('button', { name: 'Sin estimación' }));
    await expect(bar).toHaveAttribute('data-state', 'indeterminate');
  },
};
