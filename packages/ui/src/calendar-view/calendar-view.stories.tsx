import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  type CalendarEvent,
  type CalendarMode,
  CalendarView,
  type CalendarViewProps,
} from './calendar-view.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const events: CalendarEvent[] = [
  { id: 'e1', date: '2025-03-03', title: 'Reel de lanzamiento', tone: 'info' },
  { id: 'e2', date: '2025-03-05', title: 'Carrusel de recetas', tone: 'warning' },
  { id: 'e3', date: '2025-03-05', title: 'Historia: detrás de cámaras' },
  { id: 'e4', date: '2025-03-12', title: 'Entrevista a la tostadora', tone: 'success' },
  { id: 'e5', date: '2025-03-18', title: 'Guía de métodos de filtrado', tone: 'error' },
  { id: 'e6', date: '2025-03-20', title: 'Sorteo de primavera' },
  { id: 'e7', date: '2025-03-20', title: 'Post: origen Etiopía', tone: 'info' },
  { id: 'e8', date: '2025-03-20', title: 'Reel: latte art', tone: 'success' },
  { id: 'e9', date: '2025-03-20', title: 'Carrusel: molienda', tone: 'warning' },
  { id: 'e10', date: '2025-03-20', title: 'Historia: encuesta', tone: 'muted' },
  { id: 'e11', date: '2025-03-27', title: 'Resumen del mes', tone: 'muted' },
  { id: 'e12', date: '2025-02-27', title: 'Cierre de febrero', tone: 'success' },
  { id: 'e13', date: '2025-04-02', title: 'Avance de abril', tone: 'info' },
];

function Harness({
  initialDate = '2025-03-18',
  initialMode = 'month',
  onDateChange,
  onModeChange,
  ...props
}: Partial<CalendarViewProps> & { initialDate?: string; initialMode?: CalendarMode }) {
  const [date, setDate] = useState(initialDate);
  const [mode, setMode] = useState<CalendarMode>(initialMode);
  return (
    <CalendarView
      aria-label="Calendario de publicación"
      today="2025-03-18"
      events={events}
      onEventOpen={fn()}
      mobile={false}
      {...props}
      date={date}
      mode={mode}
      onDateChange={(d) => {
        setDate(d);
        onDateChange?.(d);
      }}
      onModeChange={(m) => {
        setMode(m);
        onModeChange?.(m);
      }}
    />
  );
}

const meta = {
  title: 'Planificación/CalendarView',
  component: Harness,
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Calendario de eventos por mes o por semana, empezando en lunes, que se recorre con el teclado. En el móvil se muestra como una agenda.',
      },
    },
  },
  args: { onEventOpen: fn(), onDateChange: fn(), onModeChange: fn() },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const cell = (root: HTMLElement, date: string) =>
  root.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`)!;

export const MonthWithTheKeyboard: Story = {
  name: 'Mes con el teclado',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const grid = c.getByRole('grid', { name: 'Marzo de 2025' });
    // Monday first, Spanish names.
    const headers = within(grid).getAllByRole('columnheader');
    await expect(headers.map((h) => h.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
      'lun',
      'mar',
      'mié',
      'jue',
      'vie',
      'sáb',
      'dom',
    ]);
    await expect(headers[0]).toHaveAccessibleName('lunes');
    await expect(headers[2]).toHaveAccessibleName('miércoles');
    // Today is marked, and it is the one focusable day.
    const today = within(grid).getByRole('gridcell', { name: /^martes, 18 de marzo de 2025, 1 evento/ });
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(today).toHaveAttribute('tabindex', '0');
    await userEvent.tab(); // "Hoy"
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab(); // Mes/Semana
    await userEvent.tab();
    await expect(today).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(cell(canvasElement, '2025-03-20')).toHaveFocus();
    await expect(args.onDateChange).toHaveBeenLastCalledWith('2025-03-20');
    // Enter goes into the day's events; Enter opens one; Escape goes back to the day.
    await userEvent.keyboard('{Enter}');
    await expect(
      within(cell(canvasElement, '2025-03-20')).getByRole('button', { name: 'Sorteo de primavera' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onEventOpen).toHaveBeenCalledWith('e6');
    await userEvent.keyboard('{Escape}');
    await expect(cell(canvasElement, '2025-03-20')).toHaveFocus();
    // Down past the month's end turns the page.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(c.getByRole('grid', { name: 'Abril de 2025' })).toBeInTheDocument();
    await expect(cell(canvasElement, '2025-04-03')).toHaveFocus();
    await userEvent.keyboard('{PageUp}{Home}');
    await expect(cell(canvasElement, '2025-03-03')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(cell(canvasElement, '2025-03-09')).toHaveFocus();
  },
};

export const WithARange: Story = {
  name: 'Con un periodo (el ciclo)',
  args: { range: { start: '2025-03-10', end: '2025-03-23', outsideLabel: 'fuera del ciclo' } },
  play: async ({ canvasElement }) => {
    // Days outside the span are marked and say so; the ones inside do not.
    await expect(cell(canvasElement, '2025-03-05')).toHaveAttribute('data-off-range', 'true');
    await expect(cell(canvasElement, '2025-03-24')).toHaveAttribute('data-off-range', 'true');
    await expect(cell(canvasElement, '2025-03-10')).not.toHaveAttribute('data-off-range');
    const grid = within(canvasElement).getByRole('grid', { name: 'Marzo de 2025' });
    await expect(
      within(grid).getByRole('gridcell', {
        name: /^miércoles, 5 de marzo de 2025, fuera del ciclo, 2 eventos/,
      }),
    ).toBeInTheDocument();
    await expect(
      within(grid).getByRole('gridcell', { name: /^miércoles, 12 de marzo de 2025, 1 evento/ }),
    ).toBeInTheDocument();
  },
};

export const MoreEventsPopover: Story = {
  name: 'Más eventos en un día',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const day = cell(canvasElement, '2025-03-20');
    // Five events, three fit: two shown and "+3 más".
    await expect(within(day).getAllByRole('button')).toHaveLength(3);
    // The popover mounts on the first press, by keyboard too: Enter opens it with the focus inside, Escape gives
    // the focus back to «+N más».
    const more = within(day).getByRole('button', { name: '+3 más, jueves, 20 de marzo de 2025' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await userEvent.keyboard('{Enter}');
    const first = await body().findByRole('dialog', { name: 'jueves, 20 de marzo de 2025' });
    await waitFor(() => expect(first.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    const again = within(day).getByRole('button', { name: '+3 más, jueves, 20 de marzo de 2025' });
    await expect(again).toHaveFocus();
    await expect(again).toHaveAttribute('aria-expanded', 'false');
    // Then by a click, mounted.
    await userEvent.click(within(day).getByRole('button', { name: '+3 más, jueves, 20 de marzo de 2025' }));
    const dialog = await body().findByRole('dialog', { name: 'jueves, 20 de marzo de 2025' });
    await expect(within(dialog).getAllByRole('button')).toHaveLength(5);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Historia: encuesta' }));
    await expect(args.onEventOpen).toHaveBeenCalledWith('e10');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // Events of the neighbouring months are on their days too.
    await expect(c.getByRole('button', { name: 'Cierre de febrero' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Reel de lanzamiento' }));
    await expect(args.onEventOpen).toHaveBeenLastCalledWith('e1');
  },
};

export const ToolbarAndWeekMode: Story = {
  name: 'Barra de herramientas y vista semanal',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Mes siguiente' }));
    await expect(c.getByRole('heading', { name: 'Abril de 2025' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Mes anterior' }));
    await userEvent.click(c.getByRole('button', { name: 'Mes anterior' }));
    await expect(c.getByRole('heading', { name: 'Febrero de 2025' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Hoy' }));
    await expect(args.onDateChange).toHaveBeenLastCalledWith('2025-03-18');
    await userEvent.click(c.getByRole('radio', { name: 'Semana' }));
    await expect(args.onModeChange).toHaveBeenLastCalledWith('week');
    await expect(c.getByRole('heading', { name: '17 – 23 mar 2025' })).toBeVisible();
    const grid = c.getByRole('grid', { name: '17 – 23 mar 2025' });
    await expect(within(grid).getAllByRole('gridcell')).toHaveLength(7);
    // Every event of the week is shown, no "+N más".
    await expect(within(cell(canvasElement, '2025-03-20')).getAllByRole('button')).toHaveLength(5);
    await userEvent.click(c.getByRole('button', { name: 'Semana siguiente' }));
    await expect(c.getByRole('heading', { name: '24 – 30 mar 2025' })).toBeVisible();
    cell(canvasElement, '2025-03-25').focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(c.getByRole('heading', { name: '17 – 23 mar 2025' })).toBeVisible();
    await expect(cell(canvasElement, '2025-03-18')).toHaveFocus();
  },
};

export const WeekMode: Story = { name: 'Vista semanal', args: { initialMode: 'week' } };

export const Empty: Story = { name: 'Vacío', args: { events: [] } };

export const LoadingAndError: Story = {
  name: 'Cargando y con error',
  args: { loading: true, error: 'No se pudo cargar el calendario', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Cargando...');
    await expect(c.getByRole('region', { name: 'Calendario de publicación' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(c.getByRole('alert')).toHaveTextContent('No se pudo cargar el calendario');
    await userEvent.click(c.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const LongSpanishTitles: Story = {
  name: 'Títulos largos',
  args: {
    events: [
      {
        id: 'l1',
        date: '2025-03-18',
        title:
          'Carrusel educativo sobre la trazabilidad del café de especialidad desde la finca hasta la taza',
        tone: 'info',
      },
      {
        id: 'l2',
        date: '2025-03-18',
        title: 'Entrevista extensa con la responsable de calidad del tostadero',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    // Long titles are cut with an ellipsis inside their day; the full title is the button's name and tooltip.
    const button = within(canvasElement).getByRole('button', { name: /trazabilidad del café/ });
    await expect(button.scrollWidth).toBeGreaterThan(button.clientWidth);
    await expect(button).toHaveAttribute('title', expect.stringContaining('desde la finca hasta la taza'));
  },
};

export const MobileAgenda390: Story = {
  name: 'Agenda en móvil 390 px',
  args: { mobile: undefined },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('grid')).toBeNull();
    const agenda = c.getByRole('list', { name: 'Marzo de 2025' });
    // Only the days of March with events, in order; today is marked.
    const days = within(agenda).getAllByRole('heading', { level: 3 });
    await expect(days).toHaveLength(6);
    await expect(days[0]).toHaveTextContent('lunes, 3 de marzo de 2025');
    await expect(days[3]).toHaveTextContent('martes, 18 de marzo de 2025Hoy');
    await userEvent.click(c.getByRole('button', { name: 'Guía de métodos de filtrado' }));
    await expect(args.onEventOpen).toHaveBeenCalledWith('e5');
    await userEvent.click(c.getByRole('radio', { name: 'Semana' }));
    await expect(
      within(c.getByRole('list', { name: '17 – 23 mar 2025' })).getAllByRole('heading'),
    ).toHaveLength(2);
    for (let i = 0; i < 3; i++) await userEvent.click(c.getByRole('button', { name: 'Semana siguiente' }));
    await expect(c.getByRole('heading', { name: '7 – 13 abr 2025' })).toBeVisible();
    await expect(c.getByText('Sin eventos en este periodo')).toBeVisible();
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };
export const DarkThemeWeek: Story = {
  name: 'Tema oscuro, vista semanal',
  decorators: [dark],
  args: { initialMode: 'week' },
};
