import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Breadcrumb } from './breadcrumb.tsx';

const meta = {
  title: 'Shell/Breadcrumb',
  component: Breadcrumb,
  args: {
    onNavigate: fn(),
    items: [
      { label: 'Inicio', href: '/' },
      { label: 'Café Aurora', href: '/portfolios/p1/dashboard' },
      { label: 'Revisión' },
    ],
  },
  parameters: {
    docs: {
      description: {
        component:
          'Ruta de navegación: dice dónde está el usuario y lo lleva a los niveles anteriores. Con más de tres niveles, los del medio se agrupan en un menú.',
      },
    },
  },
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeItems: Story = {
  name: 'Tres niveles',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('navigation', { name: 'Ruta de navegación' })).toBeInTheDocument();
    await expect(c.getByText('Revisión')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(c.getByRole('link', { name: 'Café Aurora' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/portfolios/p1/dashboard');
    await expect(c.queryByRole('button', { name: 'Mostrar más niveles' })).toBeNull();
  },
};

export const MoreThanThreeCollapseIntoAMenu: Story = {
  name: 'Más de tres se agrupan en un menú',
  args: {
    items: [
      { label: 'Inicio', href: '/' },
      { label: 'Café Aurora', href: '/p1' },
      { label: 'Producción', href: '/p1/production' },
      { label: 'Ciclo de noviembre', href: '/p1/production/c1' },
      { label: 'Revisión' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByText('Producción')).toBeNull();
    await expect(c.getByRole('link', { name: 'Inicio' })).toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: 'Mostrar más niveles' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('menuitem', { name: 'Producción' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/p1/production');
  },
};

export const HomeOnly: Story = { name: 'Solo inicio', args: { items: [{ label: 'Inicio' }] } };
