import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  NotificationBell,
  type NotificationEntry,
  NotificationPanel,
  type NotificationPanelProps,
} from './notification-panel.tsx';

const at = (minutesAgo: number) =>
  new Date(Date.UTC(2026, 10, 20, 10, 30) - minutesAgo * 60_000).toISOString();
const many: NotificationEntry[] = Array.from({ length: 45 }, (_, i) => ({
  id: `n${i}`,
  title: i % 3 === 0 ? 'Producción' : '',
  content: `«Reel ${i + 1}» espera tu revisión`,
  createdAt: at(i * 37),
  read: i > 3,
}));

function Harness(props: Partial<NotificationPanelProps>) {
  const [open, setOpen] = useState(props.open ?? true);
  const [showArchived, setShowArchived] = useState(false);
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 640 }}>
      <NotificationPanel
        open={open}
        onOpenChange={setOpen}
        count={props.count ?? 0}
        countAtLeast={props.countAtLeast}
        items={props.items ?? []}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        showArchived={showArchived}
        onToggleArchived={() => setShowArchived((v) => !v)}
        onMarkAllRead={props.onMarkAllRead ?? fn()}
        onArchiveAll={props.onArchiveAll ?? fn()}
        pushEnabled={props.pushEnabled ?? false}
        onPushChange={props.onPushChange ?? fn()}
        pushProblem={props.pushProblem}
        onItemClick={props.onItemClick ?? fn()}
        onMarkRead={props.onMarkRead ?? fn()}
        onArchive={props.onArchive ?? fn()}
        hasMore={props.hasMore}
        loadingMore={props.loadingMore}
        onLoadMore={props.onLoadMore}
      />
    </div>
  );
}

const meta = {
  title: 'Shell/NotificationPanel',
  component: Harness,
  args: {
    onItemClick: fn(),
    onMarkRead: fn(),
    onArchive: fn(),
    onMarkAllRead: fn(),
    onArchiveAll: fn(),
    onPushChange: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'Campana con el número de notificaciones sin leer y su panel, donde se abren, se marcan como leídas o se archivan.',
      },
    },
  },
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = (el: HTMLElement) => within(el.ownerDocument.body);

export const Empty: Story = {
  name: 'Vacío',
  play: async ({ canvasElement }) => {
    const panel = await body(canvasElement).findByRole('region', { name: 'Notificaciones' });
    await expect(within(panel).getByText('Sin notificaciones')).toBeInTheDocument();
    await expect(body(canvasElement).queryByTestId('notification-badge')).toBeNull();
  },
};

export const ManyWithActions: Story = {
  name: 'Muchas, con acciones',
  args: { items: many, count: 4 },
  play: async ({ canvasElement, args }) => {
    const b = body(canvasElement);
    const panel = within(await b.findByRole('region', { name: 'Notificaciones' }));
    // Long lists are paged: 30 first, then "Cargar más"; only those near the list's visible part are drawn.
    const list = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-slot="notification-list"]')!;
    const listed = () => list.querySelector('[data-slot="virtual-list"] > li')?.getAttribute('aria-setsize');
    const drawn = () => list.querySelectorAll('[data-slot="notification-item"]').length;
    await expect(listed()).toBe('30');
    await expect(drawn()).toBeLessThan(20);
    await userEvent.click(panel.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(listed()).toBe('45'));
    await expect(drawn()).toBeLessThan(20);
    list.scrollTop = 0;
    await waitFor(() => expect(panel.getAllByRole('img', { name: 'No leída' })).toHaveLength(4));
    await userEvent.click(panel.getByRole('button', { name: /Reel 1»/ }));
    await expect(args.onItemClick).toHaveBeenCalledWith('n0');
    await userEvent.click(panel.getAllByRole('button', { name: 'Marcar como leída' })[0]!);
    await expect(args.onMarkRead).toHaveBeenCalledWith('n0');
    await userEvent.click(panel.getAllByRole('button', { name: 'Archivar' })[1]!);
    await expect(args.onArchive).toHaveBeenCalledWith('n1');
    await userEvent.click(panel.getByRole('button', { name: 'Marcar todas como leídas' }));
    await expect(args.onMarkAllRead).toHaveBeenCalledOnce();
    // Archiving everything asks first, and the button is not beside ✕ (it sits in the footer).
    const archiveAll = panel.getByRole('button', { name: 'Archivar todas las activas' });
    await expect(archiveAll.closest('footer')).not.toBeNull();
    await expect(archiveAll.closest('header')).toBeNull();
    await userEvent.click(archiveAll);
    let confirm = await b.findByRole('alertdialog', { name: '¿Archivar todas las notificaciones activas?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await expect(args.onArchiveAll).not.toHaveBeenCalled();
    await waitFor(() => expect(b.queryByRole('alertdialog')).toBeNull());
    // The panel stayed open underneath, and the focus is back on the button.
    await expect(b.getByRole('region', { name: 'Notificaciones' })).toBeVisible();
    await waitFor(() => expect(archiveAll).toHaveFocus());
    await userEvent.click(archiveAll);
    confirm = await b.findByRole('alertdialog', { name: '¿Archivar todas las notificaciones activas?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Archivar todas' }));
    await expect(args.onArchiveAll).toHaveBeenCalledOnce();
    await expect(b.getByRole('region', { name: 'Notificaciones' })).toBeVisible();
    await userEvent.click(panel.getByRole('switch', { name: 'Notificaciones push' }));
    await expect(args.onPushChange).toHaveBeenCalledWith(true);
    await userEvent.click(panel.getByRole('button', { name: 'Mostrar notificaciones archivadas' }));
    await expect(panel.getByRole('button', { name: 'Mostrar notificaciones activas' })).toBeInTheDocument();
  },
};

export const KeyboardOpenAndClose: Story = {
  name: 'Abrir y cerrar con el teclado',
  args: { open: false, count: 2, items: many.slice(0, 2) },
  play: async ({ canvasElement }) => {
    const b = body(canvasElement);
    const bell = b.getByRole('button', { name: /^Notificaciones/ });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    await b.findByRole('region', { name: 'Notificaciones' });
    await userEvent.keyboard('{Escape}');
    await expect(b.queryByRole('region', { name: 'Notificaciones' })).toBeNull();
    await expect(bell).toHaveFocus();
  },
};

export const Loading: Story = { name: 'Cargando', args: { loading: true } };
export const ErrorState: Story = {
  name: 'Con error',
  args: { error: 'No se pudieron cargar las notificaciones', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
export const LongText: Story = {
  name: 'Texto largo',
  args: {
    count: 1,
    items: [
      {
        id: 'x',
        title: 'Difusión',
        content: 'Un aviso muy largo '.repeat(20),
        createdAt: at(5),
        read: false,
      },
    ],
  },
};
export const Mobile390: Story = {
  name: 'Móvil 390 px',
  args: { items: many.slice(0, 5), count: 5 },
  globals: { viewport: { value: 'mobile' } },
};

export const BadgeCounts: StoryObj<typeof NotificationBell> = {
  name: 'Contadores de la campana',
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      <NotificationBell count={0} />
      <NotificationBell count={3} />
      <NotificationBell count={9} />
      <NotificationBell count={10} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const badges = within(canvasElement).getAllByTestId('notification-badge');
    await expect(badges.map((b) => b.textContent)).toEqual(['3', '9', '9+']);
  },
};

const older = (from: number): NotificationEntry[] =>
  Array.from({ length: 20 }, (_, i) => ({
    id: `p${from + i}`,
    content: `Aviso ${from + i + 1} de 10.000`,
    createdAt: at((from + i) * 11),
    read: false,
  }));

/** Pages of 20 from "the server" (300 ms each), asked for as the end of the list scrolls into view. */
function ServerPaged({ onLoadMore }: { onLoadMore: () => void }) {
  const [items, setItems] = useState(() => older(0));
  const [loadingMore, setLoadingMore] = useState(false);
  return (
    <Harness
      count={100}
      countAtLeast
      items={items}
      hasMore={items.length < 60}
      loadingMore={loadingMore}
      onLoadMore={() => {
        onLoadMore();
        setLoadingMore(true);
        setTimeout(() => {
          setItems((list) => [...list, ...older(list.length)]);
          setLoadingMore(false);
        }, 300);
      }}
    />
  );
}

export const PagedByTheServer: StoryObj<typeof ServerPaged> = {
  name: 'Por páginas del servidor, sin contar exacto',
  render: (args) => <ServerPaged {...args} />,
  args: { onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const b = body(canvasElement);
    const panel = await b.findByRole('region', { name: 'Notificaciones' });
    const list = panel.querySelector<HTMLElement>('[data-slot="notification-list"]')!;
    const listed = () => list.querySelector('[data-slot="virtual-list"] > li')?.getAttribute('aria-setsize');
    await expect(listed()).toBe('20');
    await expect(b.getByTestId('notification-badge')).toHaveTextContent('9+');
    // The end of the list scrolled into view: the next page, without a click.
    list.scrollTop = list.scrollHeight;
    await waitFor(() => expect(listed()).toBe('40'));
    // Only a screenful of them is drawn, the last ones once scrolled there.
    await expect(list.querySelectorAll('[data-slot="notification-item"]').length).toBeLessThan(20);
    await expect(args.onLoadMore).toHaveBeenCalledOnce();
  },
};

export const PushProblem: Story = {
  name: 'Push: no se pudo activar',
  args: {
    items: many.slice(0, 3),
    count: 3,
    pushProblem: {
      title: 'No se pudieron activar las notificaciones push',
      message:
        'El servicio de notificaciones del navegador rechazó la suscripción: vuelve a intentarlo más tarde o prueba con otro navegador.',
      detail: 'AbortError: Registration failed - push service not available',
    },
  },
  play: async ({ canvasElement }) => {
    const panel = within(await body(canvasElement).findByRole('region', { name: 'Notificaciones' }));
    const sw = panel.getByRole('switch', { name: 'Notificaciones push' });
    await expect(sw).toHaveAccessibleDescription(/rechazó la suscripción/);
    await expect(panel.getByRole('alert')).toHaveTextContent('vuelve a intentarlo más tarde');
    await userEvent.click(panel.getByRole('button', { name: 'Detalles' }));
    await expect(panel.getByText(/push service not available/)).toBeVisible();
  },
};
