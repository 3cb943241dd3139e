import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import {
  CalendarClockIcon,
  CheckCircle2Icon,
  ClockIcon,
  FileTextIcon,
  MessageSquareIcon,
} from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Badge } from '../badge/badge.tsx';
import { Button } from '../button/button.tsx';
import { ProgressBar } from '../progress-bar/progress-bar.tsx';
import { StatCard } from './stat-card.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const grid: Decorator = (Story) => (
  <div className="grid max-w-3xl gap-4 sm:grid-cols-3">
    <Story />
  </div>
);

function Figures() {
  return (
    <>
      <StatCard
        label="Piezas publicadas"
        value={128}
        description="En los últimos 30 días"
        icon={<FileTextIcon />}
      />
      <StatCard
        label="Aprobadas por el cliente"
        value="92 %"
        description="3 más que el mes pasado"
        icon={<CheckCircle2Icon />}
        tone="success"
      />
      <StatCard
        label="Esperan revisión"
        value={7}
        valueLabel="piezas"
        description="La más antigua, desde el lunes"
        icon={<ClockIcon />}
        tone="warning"
      />
    </>
  );
}

const meta = {
  title: 'Primitives/StatCard',
  component: StatCard,
  args: { label: 'Piezas publicadas', value: 128 },
  parameters: {
    docs: {
      description: {
        component:
          'Tarjeta de cifra: una etiqueta y un número (o un dato corto), con una nota, un icono y un tono opcionales; puede ser un enlace al detalle. Muestra marcadores mientras carga, un guion cuando no hay dato y un aviso si el dato no se pudo cargar.',
      },
    },
  },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  decorators: [grid],
  render: () => <Figures />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // Each card is a group named by its label, holding its figure.
    const published = c.getByRole('group', { name: 'Piezas publicadas' });
    await expect(within(published).getByText('128')).toBeVisible();
    await expect(published).toHaveTextContent('En los últimos 30 días');
    // The unit is read after the figure, and only by screen readers.
    const waiting = c.getByRole('group', { name: 'Esperan revisión' });
    await expect(waiting.querySelector('[data-slot="stat-card-value"]')).toHaveTextContent('7 piezas');
    await expect(within(waiting).getByText('piezas')).toHaveClass('sr-only');
    // The icon is decoration: hidden from the accessibility tree.
    await expect(waiting.querySelector('[data-slot="stat-card-icon"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

export const Tones: Story = {
  name: 'Tonos',
  decorators: [
    (Story) => (
      <div className="grid max-w-5xl gap-4 sm:grid-cols-3 lg:grid-cols-5">
        <Story />
      </div>
    ),
  ],
  render: () => (
    <>
      <StatCard label="En producción" value={24} icon={<FileTextIcon />} />
      <StatCard label="Aprobadas" value={18} icon={<CheckCircle2Icon />} tone="success" />
      <StatCard label="Con retraso" value={3} icon={<ClockIcon />} tone="warning" />
      <StatCard label="Comentarios" value={41} icon={<MessageSquareIcon />} tone="info" />
      <StatCard label="Rechazadas" value={2} icon={<ClockIcon />} tone="destructive" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const value = (name: string) =>
      c.getByRole('group', { name }).querySelector('[data-slot="stat-card-value"]') as HTMLElement;
    // A tone colours the figure: an approved count does not look like a plain one.
    await expect(getComputedStyle(value('Aprobadas')).color).not.toBe(
      getComputedStyle(value('En producción')).color,
    );
    await expect(c.getByRole('group', { name: 'Con retraso' })).toHaveAttribute('data-tone', 'warning');
  },
};

const onOpen = fn();

/** Counts that open the list they count: the card is the link (asChild), tiles in a row. */
function Links() {
  const statuses = [
    { label: 'Borrador', variant: 'secondary', count: 2 },
    { label: 'En revisión interna', variant: 'info', count: 1 },
    { label: 'Aprobado', variant: 'success', count: 0 },
  ] as const;
  return (
    <ul className="grid max-w-2xl gap-2 sm:grid-cols-2">
      {statuses.map((s) => (
        <li key={s.label}>
          <StatCard
            asChild
            layout="inline"
            label={<Badge variant={s.variant}>{s.label}</Badge>}
            value={s.count}
            valueLabel={s.count === 1 ? 'pieza' : 'piezas'}
          >
            {/* biome-ignore lint/a11y/useAnchorContent: StatCard fills the link with its label and figure */}
            <a
              href={`#${s.label}`}
              onClick={(e) => {
                e.preventDefault();
                onOpen(s.label);
              }}
            />
          </StatCard>
        </li>
      ))}
    </ul>
  );
}

export const AsLinkWithFocus: Story = {
  name: 'Como enlace, con foco',
  render: () => <Links />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    onOpen.mockClear();
    // The link's name is its label, its figure and the unit: what a screen reader says.
    const drafts = c.getByRole('link', { name: 'Borrador 2 piezas' });
    await expect(c.getByRole('link', { name: 'En revisión interna 1 pieza' })).toBeVisible();
    await expect(drafts).toHaveAttribute('href', '#Borrador');
    await expect(drafts).toHaveAttribute('data-slot', 'stat-card');
    // No group inside a link: the link itself is the card.
    await expect(c.queryByRole('group')).toBeNull();
    // Reached with Tab, it shows the focus ring; Enter opens it.
    (document.activeElement as HTMLElement | null)?.blur();
    const unfocused = getComputedStyle(drafts).boxShadow;
    await userEvent.tab();
    await expect(drafts).toHaveFocus();
    await expect(getComputedStyle(drafts).boxShadow).not.toBe(unfocused);
    await userEvent.keyboard('{Enter}');
    await expect(onOpen).toHaveBeenCalledWith('Borrador');
    await userEvent.click(c.getByRole('link', { name: 'Aprobado 0 piezas' }));
    await expect(onOpen).toHaveBeenLastCalledWith('Aprobado');
  },
};

export const Loading: Story = {
  name: 'Cargando',
  decorators: [grid],
  render: () => (
    <>
      <StatCard label="Piezas publicadas" loading icon={<FileTextIcon />} />
      <StatCard label="Aprobadas por el cliente" loading />
      <StatCard label="Esperan revisión" loading description="La más antigua, desde el lunes" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Piezas publicadas' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(card).toHaveTextContent('Cargando...');
    await expect(card.querySelector('[data-slot="skeleton"]')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-state="loading"]')).toHaveLength(3);
  },
};

export const Empty: Story = {
  name: 'Sin datos',
  decorators: [grid],
  render: () => (
    <>
      <StatCard label="Piezas publicadas" value={null} description="Aún no se ha publicado nada" />
      <StatCard
        label="Ciclo actual"
        value={null}
        empty="No hay un ciclo en curso"
        description="Cuando empiece un ciclo verás aquí sus fechas."
        icon={<CalendarClockIcon />}
      />
      <StatCard label="Comentarios sin leer" value={0} description="Cero es un dato, no un vacío" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const published = c.getByRole('group', { name: 'Piezas publicadas' });
    await expect(published).toHaveAttribute('data-state', 'empty');
    await expect(within(published).getByText('—')).toHaveAttribute('aria-hidden', 'true');
    await expect(within(published).getByText('Sin datos')).toHaveClass('sr-only');
    await expect(c.getByRole('group', { name: 'Ciclo actual' })).toHaveTextContent(
      'No hay un ciclo en curso',
    );
    // A zero is shown as 0, not as missing.
    const zero = c.getByRole('group', { name: 'Comentarios sin leer' });
    await expect(zero).toHaveAttribute('data-state', 'ready');
    await expect(within(zero).getByText('0')).toBeVisible();
  },
};

const onRetry = fn();

export const WithError: Story = {
  name: 'Con error',
  decorators: [grid],
  render: () => (
    <>
      <StatCard label="Piezas publicadas" error icon={<FileTextIcon />} />
      <StatCard label="Aprobadas por el cliente" error="El servicio de métricas no responde">
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          Reintentar
        </Button>
      </StatCard>
    </>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    onRetry.mockClear();
    const failed = c.getByRole('group', { name: 'Piezas publicadas' });
    await expect(failed).toHaveAttribute('data-state', 'error');
    await expect(failed).toHaveTextContent('No se pudo cargar el dato');
    const custom = c.getByRole('group', { name: 'Aprobadas por el cliente' });
    await expect(custom).toHaveTextContent('El servicio de métricas no responde');
    await userEvent.click(within(custom).getByRole('button', { name: 'Reintentar' }));
    await expect(onRetry).toHaveBeenCalledOnce();
  },
};

export const WithContent: Story = {
  name: 'Con contenido y título',
  render: () => (
    <StatCard
      className="max-w-sm"
      headingLevel={3}
      label="Ciclo actual"
      value="Quedan 9 días"
      description="2 jun 2026 – 15 jun 2026"
      icon={<CalendarClockIcon />}
    >
      <div className="mt-3 space-y-2">
        <ProgressBar aria-label="Progreso del ciclo" value={45} showValue />
        <p className="text-sm text-muted-foreground">5 de 11 piezas aprobadas</p>
      </div>
    </StatCard>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // With headingLevel the label is a heading, and still names the card.
    await expect(c.getByRole('heading', { level: 3, name: 'Ciclo actual' })).toBeVisible();
    const card = c.getByRole('group', { name: 'Ciclo actual' });
    await expect(within(card).getByRole('progressbar', { name: 'Progreso del ciclo' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  decorators: [
    (Story) => (
      <div className="grid w-72 gap-4">
        <Story />
      </div>
    ),
  ],
  render: () => (
    <>
      <StatCard
        label="Piezas de la campaña de lanzamiento de la nueva línea de cafés de especialidad pendientes de aprobación"
        value="1.234.567"
        valueLabel="piezas"
        description="Incluye las publicaciones programadas para redes sociales, el boletín mensual y las fichas de producto del catálogo"
        icon={<FileTextIcon />}
      />
      <StatCard
        asChild
        layout="inline"
        label="Cambios solicitados por el cliente en las piezas del segundo trimestre"
        value={1234}
        description="Desde el último ciclo de producción"
      >
        {/* biome-ignore lint/a11y/useAnchorContent: StatCard fills the link with its label and figure */}
        <a href="#cambios" />
      </StatCard>
    </>
  ),
  play: async ({ canvasElement }) => {
    // Long labels wrap inside the card: nothing spills sideways, and the figure keeps its line.
    for (const card of canvasElement.querySelectorAll<HTMLElement>('[data-slot="stat-card"]')) {
      await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
      const label = card.querySelector('[data-slot="stat-card-label"]') as HTMLElement;
      await expect(label.getBoundingClientRect().height).toBeGreaterThan(30);
    }
    const inlineValue = canvasElement.querySelector('a [data-slot="stat-card-value"]') as HTMLElement;
    await expect(inlineValue.getBoundingClientRect().height).toBeLessThan(36);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [grid, dark],
  render: () => (
    <>
      <Figures />
      <StatCard label="Rechazadas" error />
      <StatCard label="Comentarios" loading />
      <StatCard label="Publicadas hoy" value={null} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="stat-card"]') as HTMLElement;
    const inDark = getComputedStyle(card).backgroundColor;
    const theme = card.closest('.dark') as HTMLElement;
    theme.classList.remove('dark');
    const inLight = getComputedStyle(card).backgroundColor;
    theme.classList.add('dark');
    await expect(inDark).not.toBe(inLight);
  },
};
