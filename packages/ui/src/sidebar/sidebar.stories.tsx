import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  BellRingIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  LogOutIcon,
  SettingsIcon,
  UsersIcon,
} from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Sidebar } from './sidebar.tsx';

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Menú lateral de la aplicación: una barra de iconos que se expande al pulsarla, con el selector de portafolio. En el móvil se abre como un panel.',
      },
    },
  },
  args: {
    brand: 'Estudio de Contenido',
    onNavigate: fn(),
    onPortfolioChange: fn(),
    mobile: false,
    items: [
      {
        key: 'dashboard',
        label: 'Dashboard',
        icon: <LayoutDashboardIcon />,
        href: '/portfolios/p1/dashboard',
        active: true,
      },
      {
        key: 'production',
        label: 'Plan de Producción',
        icon: <ListChecksIcon />,
        href: '/portfolios/p1/production',
      },
      { key: 'users', label: 'Gestión de Usuarios', icon: <UsersIcon />, href: '/admin/users' },
      { key: 'notify', label: 'Notificar', icon: <BellRingIcon />, href: '/admin/notify' },
      { key: 'settings', label: 'Configuración', icon: <SettingsIcon />, href: '/settings' },
    ],
    portfolios: [
      { id: 'p1', name: 'Café Aurora' },
      { id: 'p2', name: 'Estudio Nube' },
    ],
    activePortfolioId: 'p1',
    footerItems: [{ key: 'logout', label: 'Cerrar Sesión', icon: <LogOutIcon />, onSelect: fn() }],
  },
  decorators: [
    (Story) => {
      localStorage.removeItem('story-sidebar');
      return (
        <div style={{ display: 'flex', minHeight: 500 }}>
          <Story />
          <main style={{ padding: 24 }}>Contenido</main>
        </div>
      );
    },
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CollapsedRail: Story = {
  name: 'Contraído',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const rail = canvasElement.querySelector('[data-slot="sidebar"]')!;
    await expect(rail).toHaveAttribute('data-expanded', 'false');
    // Icons only, but every entry keeps its Spanish accessible name.
    await expect(c.getByRole('link', { name: 'Plan de Producción' })).toBeInTheDocument();
  },
};

export const ExpandsOnClickAndCollapses300msAfterLeaving: Story = {
  name: 'Se expande al pulsar y se contrae al salir (300 ms)',
  args: { storageKey: 'story-sidebar' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const rail = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    await expect(rail).toHaveAttribute('data-expanded', 'true');
    await expect(localStorage.getItem('story-sidebar')).toBe('1');
    (document.activeElement as HTMLElement | null)?.blur();
    rail.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    rail.dispatchEvent(new PointerEvent('pointerleave', { bubbles: false }));
    // Still open right after leaving…
    await new Promise((r) => setTimeout(r, 150));
    await expect(rail).toHaveAttribute('data-expanded', 'true');
    // …closed once 300 ms have passed.
    await waitFor(() => expect(rail).toHaveAttribute('data-expanded', 'false'), { timeout: 1000 });
  },
};

export const StaysOpenWhileKeyboardFocusIsInside: Story = {
  name: 'Sigue abierto con el foco dentro',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const rail = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    c.getByRole('link', { name: 'Configuración' }).focus();
    rail.dispatchEvent(new PointerEvent('pointerleave', { bubbles: false }));
    await new Promise((r) => setTimeout(r, 450));
    await expect(rail).toHaveAttribute('data-expanded', 'true');
  },
};

export const PortfolioSelector: Story = {
  name: 'Selector de portafolio',
  args: { storageKey: 'story-sidebar' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    await userEvent.selectOptions(c.getByLabelText('Portafolio activo'), 'p2');
    await expect(args.onPortfolioChange).toHaveBeenCalledWith('p2');
  },
};

export const MobileDrawer: Story = {
  name: 'Panel en móvil',
  args: { mobile: true },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(c.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await body.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Plan de Producción' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/portfolios/p1/production');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await userEvent.click(c.getByRole('button', { name: 'Abrir menú' }));
    await body.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

export const EscapeCollapses: Story = {
  name: 'Escape lo contrae',
  args: { storageKey: 'story-sidebar' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const rail = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    // From inside (keyboard): the rail closes and the focus goes back to its toggle.
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    await expect(rail).toHaveAttribute('data-expanded', 'true');
    c.getByRole('link', { name: 'Configuración' }).focus();
    await userEvent.keyboard('{Escape}');
    await expect(rail).toHaveAttribute('data-expanded', 'false');
    await expect(c.getByRole('button', { name: 'Expandir menú lateral' })).toHaveFocus();
    await expect(localStorage.getItem('story-sidebar')).toBe('0');
    // From the page, with the pointer over the rail (it would not collapse by itself then).
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    await expect(rail).toHaveAttribute('data-expanded', 'true');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Escape}');
    await expect(rail).toHaveAttribute('data-expanded', 'false');
  },
};

export const NoTooltipAfterAClick: Story = {
  name: 'Sin información emergente tras pulsar',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const link = c.getByRole('link', { name: 'Plan de Producción' });
    // A quick click: the pointer arrives and presses before the 200 ms delay is over.
    await userEvent.hover(link);
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledWith('/portfolios/p1/production');
    // The delay passes with the pointer still there: nothing opens over the page the click showed.
    await new Promise((r) => setTimeout(r, 500));
    await expect(body.queryByRole('tooltip')).toBeNull();
    // Leaving and coming back shows it again.
    await userEvent.unhover(link);
    await userEvent.hover(link);
    await expect(await body.findByRole('tooltip')).toHaveTextContent('Plan de Producción');
  },
};

export const NoActivePortfolio: Story = {
  name: 'Sin portafolio activo',
  args: { activePortfolioId: null },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const tile = c.getByRole('button', { name: 'Portafolio activo' });
    // The selector's icon, never a «·» placeholder.
    await expect(tile.textContent).not.toContain('·');
    await expect(tile.querySelector('svg')).not.toBeNull();
    await userEvent.click(tile);
    await expect(c.getByLabelText('Portafolio activo')).toHaveValue('');
  },
};

export const TouchKeepsItOpenUntilAPressOutside: Story = {
  name: 'Al tacto sigue abierto hasta tocar fuera',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const rail = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    (document.activeElement as HTMLElement | null)?.blur();
    // A finger lifting after the tap "leaves" the rail at once: that is no reason to collapse it.
    rail.dispatchEvent(new PointerEvent('pointerleave', { bubbles: false, pointerType: 'touch' }));
    await new Promise((r) => setTimeout(r, 450));
    await expect(rail).toHaveAttribute('data-expanded', 'true');
    // A press inside does not close it; one on the page does.
    c.getByRole('link', { name: 'Configuración' }).dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }),
    );
    await expect(rail).toHaveAttribute('data-expanded', 'true');
    c.getByText('Contenido').dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }),
    );
    await waitFor(() => expect(rail).toHaveAttribute('data-expanded', 'false'));
  },
};
