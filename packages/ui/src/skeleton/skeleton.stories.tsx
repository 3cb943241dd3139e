import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { uiMessages } from '../messages.ts';
import { Skeleton } from './skeleton.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

/** A list loading: the skeletons are decoration, one status says what is happening. */
function Harness({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="max-w-md space-y-4">
      <span role="status" className="sr-only">
        {uiMessages.loading}
      </span>
      {Array.from({ length: rows }, (_, i) => `fila-${i + 1}`).map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

const meta = {
  title: 'Primitives/Skeleton',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Esqueleto de carga: reserva el sitio del contenido mientras llega. Es decorativo (aria-hidden); un único estado «Cargando...» lo anuncia a los lectores de pantalla.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement }) => {
    const blocks = canvasElement.querySelectorAll('[data-slot="skeleton"]');
    await expect(blocks).toHaveLength(9);
    for (const block of blocks) await expect(block).toHaveAttribute('aria-hidden', 'true');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const SingleLine: Story = {
  name: 'Una línea',
  render: () => <Skeleton className="h-4 w-48" />,
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('[data-slot="skeleton"]') as HTMLElement;
    await expect(block.getBoundingClientRect().width).toBe(192);
    // It pulses (the reduced-motion rule of styles.css shortens the pulse to nothing).
    await expect(getComputedStyle(block).animationName).toBe('pulse');
  },
};

export const Many: Story = {
  name: 'Muchas filas',
  args: { rows: 8 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(24);
    // Many skeletons, still one announcement.
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(1);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('[data-slot="skeleton"]') as HTMLElement;
    const theme = block.closest('.dark') as HTMLElement;
    const inDark = getComputedStyle(block).backgroundColor;
    theme.classList.remove('dark');
    const inLight = getComputedStyle(block).backgroundColor;
    theme.classList.add('dark');
    await expect(inDark).not.toBe(inLight);
  },
};
