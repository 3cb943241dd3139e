import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Badge } from '../badge/badge.tsx';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSort } from './data-table.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

interface Row {
  id: string;
  title: string;
  format: string;
  pilar: string;
  date: string;
  assignee: string;
  status: 'Borrador' | 'En revisión interna' | 'Aprobado';
}

const titles = [
  'Reel de lanzamiento',
  'Carrusel de recetas',
  'Historia: detrás de cámaras',
  'Entrevista a la tostadora',
  'Guía de métodos de filtrado',
  'Sorteo de primavera',
  'Post: origen Etiopía',
  'Reel: latte art',
  'Carrusel: molienda',
  'Encuesta de sabores',
  'Resumen del mes',
  'Avance de abril',
];
const formats = ['Reel', 'Carrusel', 'Historia', 'Post'];
const people = ['Laura Gómez', 'Íñigo Martínez', 'Sofía Ramírez'];
const statuses: Row['status'][] = ['Borrador', 'En revisión interna', 'Aprobado'];

const makeRows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i + 1}`,
    title: i < titles.length ? titles[i] : `Pieza ${i + 1}`,
    format: formats[i % formats.length],
    pilar: i % 2 ? 'Comunidad' : 'Origen del café',
    date: `2025-03-${String(3 + ((i * 5) % 26)).padStart(2, '0')}`,
    assignee: people[i % people.length],
    status: statuses[i % statuses.length],
  }));

const day = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tone = { Borrador: 'secondary', 'En revisión interna': 'info', Aprobado: 'success' } as const;

const columns: DataTableColumn<Row>[] = [
  { key: 'title', header: 'Título', cell: (r) => r.title, sortable: true, primary: true },
  { key: 'format', header: 'Formato', cell: (r) => r.format, sortable: true, width: 120 },
  { key: 'pilar', header: 'Pilar', cell: (r) => r.pilar },
  {
    key: 'date',
    header: 'Publicación',
    cell: (r) => day.format(new Date(`${r.date}T00:00:00Z`)),
    sortable: true,
    align: 'right',
    width: 130,
  },
  { key: 'assignee', header: 'Responsable', cell: (r) => r.assignee },
  { key: 'status', header: 'Estado', cell: (r) => <Badge variant={tone[r.status]}>{r.status}</Badge> },
];

function sortRows(rows: Row[], sort?: DataTableSort) {
  if (!sort) return rows;
  const key = sort.key as keyof Row;
  const dir = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => a[key].localeCompare(b[key], 'es') * dir);
}

type HarnessProps = Partial<DataTableProps<Row>> & { count?: number; selectable?: boolean };

function Harness({
  count = 8,
  selectable = true,
  rows,
  onSortChange,
  onSelectionChange,
  ...props
}: HarnessProps) {
  const [sort, setSort] = useState<DataTableSort | undefined>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <div className="space-y-2">
      <DataTable<Row>
        caption="Piezas del ciclo"
        columns={columns}
        rows={sortRows(rows ? [...rows] : makeRows(count), sort)}
        getRowId={(r) => r.id}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          onSortChange?.(s);
        }}
        selectedIds={selectable ? selected : undefined}
        onSelectionChange={
          selectable
            ? (ids) => {
                setSelected(ids);
                onSelectionChange?.(ids);
              }
            : undefined
        }
        mobile={false}
        {...props}
      />
      {selectable ? (
        <output data-testid="selected" className="block text-sm text-muted-foreground">
          {[...selected].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))).join(',') || 'nada'}
        </output>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'Planificación/DataTable',
  component: Harness,
  args: { onRowOpen: fn(), onSortChange: fn(), onSelectionChange: fn(), onRetry: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Tabla de datos con orden por columnas, selección de filas y estados de carga, vacío y error. En el móvil, cada fila se muestra como una tarjeta.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('tbody tr[data-row-id]')];
const titlesOf = (root: HTMLElement) =>
  bodyRows(root).map((r) => r.querySelector('[data-primary]')?.textContent);

export const SortWithTheHeaders: Story = {
  name: 'Ordenar con las cabeceras',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table', { name: 'Piezas del ciclo' });
    const title = within(table).getByRole('columnheader', { name: /Título/ });
    await expect(title).toHaveAttribute('aria-sort', 'none');
    // Not sortable: no aria-sort, no button.
    await expect(within(table).getByRole('columnheader', { name: 'Pilar' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(title).getByRole('button', { name: 'Título' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ key: 'title', direction: 'asc' });
    await expect(title).toHaveAttribute('aria-sort', 'ascending');
    await expect(titlesOf(canvasElement)[0]).toBe('Carrusel de recetas');
    // Keyboard: Enter on the focused header button.
    await userEvent.keyboard('{Enter}');
    await expect(title).toHaveAttribute('aria-sort', 'descending');
    await expect(titlesOf(canvasElement)[0]).toBe('Sorteo de primavera');
    await userEvent.keyboard('{Enter}');
    await expect(title).toHaveAttribute('aria-sort', 'none');
    await expect(args.onSortChange).toHaveBeenLastCalledWith(undefined);
    // Another column starts ascending and clears the first.
    await userEvent.click(c.getByRole('button', { name: 'Publicación' }));
    await expect(within(table).getByRole('columnheader', { name: /Publicación/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(title).toHaveAttribute('aria-sort', 'none');
  },
};

export const SelectARangeWithShiftClick: Story = {
  name: 'Seleccionar un rango con Mayús + clic',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const all = c.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' });
    await expect(all).toHaveAttribute('aria-checked', 'false');
    const user = userEvent.setup();
    await user.click(c.getByRole('checkbox', { name: 'Seleccionar Carrusel de recetas' }));
    await user.keyboard('{Shift>}');
    await user.click(c.getByRole('checkbox', { name: 'Seleccionar Sorteo de primavera' }));
    await user.keyboard('{/Shift}');
    await expect(c.getByTestId('selected')).toHaveTextContent('r2,r3,r4,r5,r6');
    await expect(args.onSelectionChange).toHaveBeenCalledTimes(2);
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await expect(c.getByText('5 seleccionadas')).toBeInTheDocument();
    // Shift-click on a selected row unselects the range from the last one clicked.
    await user.keyboard('{Shift>}');
    await user.click(c.getByRole('checkbox', { name: 'Seleccionar Historia: detrás de cámaras' }));
    await user.keyboard('{/Shift}');
    await expect(c.getByTestId('selected')).toHaveTextContent('r2');
    // Select all on this page, then none.
    await userEvent.click(all);
    await expect(all).toHaveAttribute('aria-checked', 'true');
    await expect(c.getByTestId('selected')).toHaveTextContent('r1,r2,r3,r4,r5,r6,r7,r8');
    await userEvent.click(all);
    await expect(c.getByTestId('selected')).toHaveTextContent('nada');
    const row = bodyRows(canvasElement)[0];
    await expect(row).not.toHaveAttribute('data-state');
  },
};

export const RowsWithTheKeyboard: Story = {
  name: 'Filas con el teclado',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const rows = bodyRows(canvasElement);
    // One Tab stop for the rows, after the header's controls.
    await expect(rows.filter((r) => r.tabIndex === 0)).toHaveLength(1);
    await userEvent.click(c.getByRole('button', { name: 'Publicación' }));
    await userEvent.tab();
    await expect(bodyRows(canvasElement)[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const third = bodyRows(canvasElement)[2];
    await expect(third).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(third).toHaveAttribute('data-state', 'selected');
    // Shift+Space from another row selects the range.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    await expect(bodyRows(canvasElement).filter((r) => r.dataset.state === 'selected')).toHaveLength(3);
    await userEvent.keyboard('{End}');
    await expect(bodyRows(canvasElement).at(-1)).toHaveFocus();
    await userEvent.keyboard('{Home}{Enter}');
    await expect(bodyRows(canvasElement)[0]).toHaveFocus();
    await expect(args.onRowOpen).toHaveBeenCalledWith(bodyRows(canvasElement)[0].dataset.rowId);
    // Up at the top stays there.
    await userEvent.keyboard('{ArrowUp}');
    await expect(bodyRows(canvasElement)[0]).toHaveFocus();
    // Tab leaves the rows; Shift+Tab comes back to the last focused one.
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(bodyRows(canvasElement)[1]).toHaveFocus();
  },
};

export const ClickThePrimaryCellToOpen: Story = {
  name: 'Abrir con la celda principal',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByText('Entrevista a la tostadora'));
    await expect(args.onRowOpen).toHaveBeenCalledWith('r4');
    // Other cells do not open the row (they focus it).
    await userEvent.click(bodyRows(canvasElement)[1].querySelectorAll('td')[3]);
    await expect(args.onRowOpen).toHaveBeenCalledTimes(1);
    await expect(bodyRows(canvasElement)[1]).toHaveFocus();
  },
};

export const StickyHeader: Story = {
  name: 'Cabecera fija',
  args: { count: 30, maxHeight: 320 },
  play: async ({ canvasElement }) => {
    const scroller = canvasElement.querySelector<HTMLElement>('[data-slot="data-table-scroll"]')!;
    const header = within(canvasElement).getByRole('columnheader', { name: /Título/ });
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight);
    scroller.scrollTop = 400;
    await waitFor(() =>
      expect(
        Math.abs(header.getBoundingClientRect().top - scroller.getBoundingClientRect().top),
      ).toBeLessThan(2),
    );
    // Keyboard movement keeps the focused row in view.
    bodyRows(canvasElement)[0].focus();
    await userEvent.keyboard('{End}');
    await expect(bodyRows(canvasElement).at(-1)).toHaveFocus();
  },
};

export const Loading: Story = {
  name: 'Cargando',
  args: { loading: true, rows: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Cargando...')).toHaveAttribute('role', 'status');
    await expect(canvasElement.querySelectorAll('[data-slot="data-table-skeleton"]')).toHaveLength(5);
    await expect(c.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(
      c.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }),
    ).toBeDisabled();
  },
};

export const RefreshingKeepsTheRows: Story = {
  name: 'Actualizando sin perder las filas',
  args: { loading: true, count: 4 },
  play: async ({ canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(4);
    await expect(within(canvasElement).getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Cargando...' })).toBeVisible();
  },
};

export const Empty: Story = {
  name: 'Vacía',
  args: { rows: [], empty: 'No hay piezas con estos filtros' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No hay piezas con estos filtros')).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  name: 'Error con reintento',
  args: { error: 'No se pudieron cargar las piezas' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('No se pudieron cargar las piezas');
    await userEvent.click(c.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const WithoutSelection: Story = {
  name: 'Sin selección',
  args: { selectable: false, onRowOpen: undefined },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('checkbox')).toBeNull();
    await expect(canvasElement.querySelector('[data-primary]')).toBeNull();
  },
};

export const LongSpanishText: Story = {
  name: 'Texto largo',
  args: {
    rows: [
      {
        id: 'l1',
        title:
          'Carrusel educativo sobre la trazabilidad del café de especialidad desde la finca hasta la taza del cliente',
        format: 'Carrusel',
        pilar: 'Educación sobre el origen y los procesos de tueste artesanal',
        date: '2025-03-18',
        assignee: 'María del Carmen Fernández-Villaverde',
        status: 'En revisión interna',
      },
      ...makeRows(2),
    ],
  },
};

export const Mobile390Cards: Story = {
  name: 'Tarjetas en móvil 390 px',
  args: { mobile: undefined },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('table')).toBeNull();
    const list = c.getByRole('list', { name: 'Piezas del ciclo' });
    const cards = within(list).getAllByRole('listitem');
    await expect(cards).toHaveLength(8);
    // Each row's cells as "label: value".
    const first = within(cards[0]);
    await expect(first.getByText('Formato')).toBeVisible();
    await expect(first.getByText('Reel')).toBeVisible();
    await expect(first.getByText('Responsable')).toBeVisible();
    // The title opens; checkboxes select, with Shift for a range.
    await userEvent.click(first.getByRole('button', { name: 'Reel de lanzamiento' }));
    await expect(args.onRowOpen).toHaveBeenCalledWith('r1');
    const user = userEvent.setup();
    await user.click(c.getByRole('checkbox', { name: 'Seleccionar Reel de lanzamiento' }));
    await user.keyboard('{Shift>}');
    await user.click(c.getByRole('checkbox', { name: 'Seleccionar Historia: detrás de cámaras' }));
    await user.keyboard('{/Shift}');
    await expect(c.getByTestId('selected')).toHaveTextContent('r1,r2,r3');
    await userEvent.click(c.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }));
    await expect(c.getByTestId('selected')).toHaveTextContent('r1,r2,r3,r4,r5,r6,r7,r8');
    // Sorting from the "Ordenar por" menu and the direction button.
    await expect(c.getByRole('button', { name: 'Orden ascendente' })).toBeDisabled();
    await userEvent.click(c.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Título' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ key: 'title', direction: 'asc' });
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Carrusel de recetas');
    await userEvent.click(c.getByRole('button', { name: 'Orden ascendente' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ key: 'title', direction: 'desc' });
    await expect(c.getByRole('button', { name: 'Orden descendente' })).toBeVisible();
    // Nothing overflows the phone's width.
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

export const Mobile390Loading: Story = {
  name: 'Cargando en móvil 390 px',
  args: { mobile: true, loading: true, rows: [] },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Cargando...')).toHaveAttribute('role', 'status');
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };
export const DarkThemeMobile390: Story = {
  name: 'Tema oscuro en móvil 390 px',
  decorators: [dark],
  args: { mobile: true },
  globals: { viewport: { value: 'mobile' } },
};
