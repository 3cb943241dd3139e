import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState } from './error-state.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);
/** As wide as a board's column. */
const column: Decorator = (Story) => (
  <div className="w-72 rounded-xl bg-muted/50 p-2">
    <Story />
  </div>
);

const meta = {
  title: 'Primitives/ErrorState',
  component: ErrorState,
  args: { message: 'No se pudo cargar el calendario', onRetry: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Una carga que falló, con «Reintentar»: la franja sobre el calendario, la caja de una columna del tablero y el aviso centrado de la tabla de datos son esta misma pieza.',
      },
    },
  },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Banner: Story = {
  name: 'Franja con reintento',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('No se pudo cargar el calendario');
    await userEvent.click(c.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    // Keyboard: the button is reached with Tab and pressed with Enter.
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(c.getByRole('button', { name: 'Reintentar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(2);
  },
};

export const Compact: Story = {
  name: 'Compacta (columna del tablero)',
  args: { variant: 'compact', message: 'No se pudo cargar la columna' },
  decorators: [column],
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalled();
    // Message above the button, both inside the column's width.
    const box = c.getByRole('alert').getBoundingClientRect();
    await expect(box.width).toBeLessThanOrEqual(288);
  },
};

export const Centered: Story = {
  name: 'Centrada (en lugar de una lista)',
  args: { variant: 'centered', message: 'No se pudieron cargar las piezas' },
  decorators: [
    (Story) => (
      <div className="rounded-xl border border-border">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(getComputedStyle(alert).textAlign).toBe('center');
  },
};

export const WithoutRetry: Story = {
  name: 'Sin reintento',
  args: { onRetry: undefined, message: 'No tienes permiso para ver este calendario' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('No tienes permiso para ver este calendario');
    await expect(c.queryByRole('button')).toBeNull();
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    variant: 'compact',
    message:
      'No se pudo cargar la columna «Cambios solicitados por el cliente»: la conexión se interrumpió antes de recibir la respuesta del servidor',
  },
  decorators: [column],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The text wraps inside the column; the button stays whole below it.
    const alert = c.getByRole('alert');
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
    await expect(c.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  },
};
