import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { ErrorDetails } from './error-details.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);
const narrow: Decorator = (Story) => (
  <div className="max-w-[358px]">
    <Story />
  </div>
);

const meta = {
  title: 'Primitives/ErrorDetails',
  component: ErrorDetails,
  args: {
    title: 'La prueba de «Publicador» falló',
    message: 'No se encontró el servidor hooks.ejemplo.invalid: revisa que la dirección esté bien escrita',
    detail: 'ENOTFOUND: getaddrinfo ENOTFOUND hooks.ejemplo.invalid',
    role: 'alert',
  },
  parameters: {
    docs: {
      description: {
        component:
          'Un error como lo lee una persona: qué falló y qué hacer, en castellano; el detalle técnico (el error de red, el estado HTTP y la respuesta) queda tras «Detalles».',
      },
    },
  },
} satisfies Meta<typeof ErrorDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  name: 'Con detalles (cerrados)',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('No se encontró el servidor hooks.ejemplo.invalid');
    const toggle = c.getByRole('button', { name: 'Detalles' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The technical detail is not read until asked for.
    await expect(c.getByText(/getaddrinfo/)).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(c.getByText(/getaddrinfo ENOTFOUND/)).toBeVisible();
    await expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveTextContent(
      'getaddrinfo ENOTFOUND hooks.ejemplo.invalid',
    );
    // Keyboard: Enter closes it again.
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Open: Story = {
  name: 'Detalles abiertos, respuesta HTTP larga',
  args: {
    title: 'Error',
    message:
      'Publicador: La herramienta tuvo un error interno (respondió 500): revisa ese servicio o vuelve a intentarlo más tarde',
    detail: `HTTP 500\n${JSON.stringify({ error: 'Internal Server Error', trace: 'x'.repeat(400) })}`,
    defaultOpen: true,
    role: undefined,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Detalles' })).toHaveAttribute('aria-expanded', 'true');
    const pre = c.getByText(/Internal Server Error/);
    await expect(pre).toBeVisible();
    // A long answer wraps inside the box: nothing runs off to the side.
    await expect(pre.scrollWidth).toBeLessThanOrEqual(pre.clientWidth + 1);
  },
};

export const WithoutDetail: Story = {
  name: 'Sin detalle técnico',
  args: {
    title: undefined,
    message:
      'Permiso de notificaciones denegado. Permite las notificaciones de este sitio en el navegador (icono junto a la dirección) y vuelve a activarlas.',
    detail: null,
    tone: 'warning',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('Permiso de notificaciones denegado');
    await expect(c.queryByRole('button', { name: 'Detalles' })).toBeNull();
  },
};

export const WithAction: Story = {
  name: 'Con acción',
  args: {
    children: (
      <Button size="sm" variant="outline" className="mt-1">
        Reintentar
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Detalles' })).toBeVisible();
  },
};

export const Mobile: Story = {
  name: 'Móvil',
  decorators: [narrow],
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector<HTMLElement>('[data-slot="error-details"]')!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 1);
  },
};

export const Dark: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  args: { defaultOpen: true },
};
