import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Badge } from '../badge/badge.tsx';
import {
  KanbanBoard,
  type KanbanBoardProps,
  KanbanCard,
  KanbanColumn,
  type KanbanColumnData,
} from './index.ts';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

interface Piece {
  id: string;
  title: string;
  format: string;
  date: string;
  assignee: string;
}

const piece = (
  id: string,
  title: string,
  format = 'Reel',
  date = '18 mar',
  assignee = 'Laura Gómez',
): Piece => ({
  id,
  title,
  format,
  date,
  assignee,
});

const draftPages: Piece[][] = [
  [
    piece('d1', 'Reel de lanzamiento'),
    piece('d2', 'Carrusel de recetas', 'Carrusel', '19 mar', 'Íñigo Martínez'),
    piece('d3', 'Historia: detrás de cámaras', 'Historia', '20 mar'),
  ],
  [
    piece('d4', 'Guía de molienda', 'Carrusel'),
    piece('d5', 'Post: origen Etiopía', 'Post'),
    piece('d6', 'Encuesta'),
  ],
];

function columnsFrom(draft: Piece[]): KanbanColumnData<Piece>[] {
  return [
    { id: 'draft', title: 'Borrador', count: 6, tone: 'muted', cards: draft, hasMore: draft.length < 6 },
    {
      id: 'internal_review',
      title: 'En revisión interna',
      count: 2,
      tone: 'info',
      cards: [piece('r1', 'Entrevista a la tostadora', 'Vídeo'), piece('r2', 'Sorteo de primavera', 'Post')],
    },
    { id: 'internal_changes', title: 'Cambios internos solicitados', count: 0, tone: 'warning', cards: [] },
    {
      id: 'client_review',
      title: 'En revisión del cliente',
      count: 1,
      tone: 'default',
      cards: [piece('c1', 'Reel: latte art', 'Reel', '22 mar', 'Sofía Ramírez')],
    },
    { id: 'client_changes', title: 'Cambios solicitados por el cliente', count: 0, tone: 'error', cards: [] },
    {
      id: 'approved',
      title: 'Aprobado',
      count: 2,
      tone: 'success',
      cards: [
        piece('a1', 'Resumen de febrero', 'Post'),
        piece('a2', 'Carrusel: métodos de filtrado', 'Carrusel'),
      ],
    },
  ];
}

function CardBody({ card }: { card: Piece }) {
  return (
    <div className="space-y-2">
      <p className="font-medium break-words">{card.title}</p>
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <Badge variant="secondary">{card.format}</Badge>
        <span>{card.date}</span>
        <span aria-hidden="true">·</span>
        <span>{card.assignee}</span>
      </div>
    </div>
  );
}

type HarnessProps = Partial<KanbanBoardProps<Piece>> & { columns?: KanbanColumnData<Piece>[] };

/** A board whose "Borrador" column loads its second page 300 ms after asking. */
function Harness({ columns: fixed, onLoadMore, ...props }: HarnessProps) {
  const [draft, setDraft] = useState(draftPages[0]);
  const [loadingMore, setLoadingMore] = useState(false);
  const columns = fixed ?? columnsFrom(draft).map((c) => (c.id === 'draft' ? { ...c, loadingMore } : c));
  return (
    <KanbanBoard<Piece>
      aria-label="Tablero del ciclo"
      mobile={false}
      columns={columns}
      getCardId={(c) => c.id}
      renderCard={(card) => <CardBody card={card} />}
      onCardOpen={fn()}
      onLoadMore={(columnId) => {
        onLoadMore?.(columnId);
        if (loadingMore) return;
        setLoadingMore(true);
        setTimeout(() => {
          setDraft((d) => [...d, ...draftPages[1]]);
          setLoadingMore(false);
        }, 300);
      }}
      {...props}
    />
  );
}

const meta = {
  title: 'Planificación/KanbanBoard',
  component: Harness,
  args: { onCardOpen: fn(), onLoadMore: fn(), onRetry: fn(), autoLoadMore: false },
  parameters: {
    docs: {
      description: {
        component:
          'Tablero kanban: las piezas en columnas por estado, que se abren con un clic o con el teclado y cargan más tarjetas por páginas.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const card = (root: HTMLElement, title: string) =>
  within(root).getByRole('button', { name: new RegExp(`^${title}`) });

export const KeyboardAndMouse: Story = {
  name: 'Teclado y ratón',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const board = c.getByRole('region', { name: 'Tablero del ciclo' });
    // Each column is a named group with its count.
    await expect(c.getByRole('group', { name: 'Borrador, 6 tarjetas' })).toBeInTheDocument();
    await expect(
      c.getByRole('group', { name: 'Cambios internos solicitados, 0 tarjetas' }),
    ).toHaveTextContent('Sin tarjetas');
    // One Tab stop for all the cards.
    await userEvent.tab();
    await expect(card(board, 'Reel de lanzamiento')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(card(board, 'Historia: detrás de cámaras')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(card(board, 'Sorteo de primavera')).toHaveFocus();
    // Right skips the empty column.
    await userEvent.keyboard('{ArrowRight}');
    await expect(card(board, 'Reel: latte art')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{End}');
    await expect(card(board, 'Carrusel: métodos de filtrado')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(card(board, 'Resumen de febrero')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCardOpen).toHaveBeenLastCalledWith('a1', 'approved');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft} ');
    await expect(args.onCardOpen).toHaveBeenLastCalledWith('r1', 'internal_review');
    // Tab leaves the board and Shift+Tab comes back to the last card.
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(card(board, 'Entrevista a la tostadora')).toHaveFocus();
    await expect(card(board, 'Reel de lanzamiento')).toHaveAttribute('tabindex', '-1');
    // Mouse.
    await userEvent.click(card(board, 'Carrusel de recetas'));
    await expect(args.onCardOpen).toHaveBeenLastCalledWith('d2', 'draft');
  },
};

export const LoadMoreWithTheButton: Story = {
  name: 'Cargar más con el botón',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const column = c.getByRole('group', { name: 'Borrador, 6 tarjetas' });
    await expect(within(column).getAllByRole('button', { name: /Reel|Carrusel|Historia/ })).toHaveLength(3);
    // Down from the last loaded card reaches "Cargar más".
    card(column, 'Historia: detrás de cámaras').focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(column).getByRole('button', { name: 'Cargar más' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLoadMore).toHaveBeenCalledWith('draft');
    await expect(within(column).getByRole('button', { name: 'Cargando más…' })).toBeDisabled();
    await expect(column).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(card(column, 'Encuesta')).toBeVisible());
    await expect(within(column).queryByRole('button', { name: 'Cargar más' })).toBeNull();
  },
};

export const LoadsMoreWhenTheEndScrollsIntoView: Story = {
  name: 'Carga más al llegar al final',
  args: { autoLoadMore: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // The column's end is on screen: the next page is asked for once, without a click.
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledWith('draft'));
    await waitFor(() => expect(card(canvasElement, 'Encuesta')).toBeVisible());
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
    await expect(c.getByRole('group', { name: 'Borrador, 6 tarjetas' })).not.toHaveAttribute('aria-busy');
  },
};

const loadingColumns = columnsFrom([]).map((c) => ({ ...c, cards: [], loading: true }));

export const Loading: Story = {
  name: 'Cargando',
  args: { columns: loadingColumns },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('status')).toHaveLength(6);
    await expect(c.getByRole('group', { name: /Borrador/ })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Refreshing: Story = {
  name: 'Actualizando (filtro)',
  args: { columns: columnsFrom(draftPages[0]).map((c) => ({ ...c, refreshing: true })) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The cards stay while a filter reloads the columns: busy, without skeletons nor spinner.
    const drafts = c.getByRole('group', { name: /Borrador/ });
    await expect(drafts).toHaveAttribute('aria-busy', 'true');
    await expect(card(canvasElement, 'Reel de lanzamiento')).toBeVisible();
    await expect(c.queryAllByRole('status')).toHaveLength(0);
    await expect(within(drafts).getByRole('button', { name: 'Cargar más' })).toBeDisabled();
  },
};

export const ColumnError: Story = {
  name: 'Columna con error',
  args: {
    columns: columnsFrom(draftPages[0]).map((c) =>
      c.id === 'internal_review' ? { ...c, cards: [], error: 'No se pudo cargar la columna' } : c,
    ),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('No se pudo cargar la columna');
    await userEvent.click(c.getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalledWith('internal_review');
  },
};

export const EmptyBoard: Story = {
  name: 'Tablero vacío',
  args: {
    columns: columnsFrom([]).map((c) => ({
      ...c,
      count: 0,
      cards: [],
      hasMore: false,
      emptyText: c.id === 'draft' ? 'Crea el primer ítem del ciclo' : undefined,
    })),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Crea el primer ítem del ciclo')).toBeVisible();
    await expect(c.getAllByText('Sin tarjetas')).toHaveLength(5);
  },
};

export const LongSpanishText: Story = {
  name: 'Texto largo',
  args: {
    columns: columnsFrom([
      piece(
        'l1',
        'Carrusel educativo sobre la trazabilidad del café de especialidad desde la finca hasta la taza del cliente',
        'Carrusel',
        '18 mar',
        'María del Carmen Fernández-Villaverde',
      ),
    ]).map((c) => (c.id === 'draft' ? { ...c, hasMore: false, count: 1 } : c)),
  },
  play: async ({ canvasElement }) => {
    // Long titles wrap inside the card: nothing overflows the column.
    const column = within(canvasElement).getByRole('group', { name: /Borrador/ });
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  args: { mobile: undefined },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const board = c.getByRole('region', { name: 'Tablero del ciclo' });
    const tabs = c.getByRole('navigation', { name: 'Columnas del tablero' });
    // One column fills the screen.
    const first = c.getByRole('group', { name: /Borrador/ });
    await expect(Math.abs(first.getBoundingClientRect().width - board.clientWidth)).toBeLessThan(2);
    await expect(within(tabs).getByRole('button', { name: 'Borrador, 6' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // A tab jumps to its column.
    await userEvent.click(within(tabs).getByRole('button', { name: 'Aprobado, 2' }));
    const approved = c.getByRole('group', { name: /Aprobado/ });
    // A smooth scroll: on a busy machine it takes longer than waitFor's default second.
    await waitFor(
      () =>
        expect(
          Math.abs(approved.getBoundingClientRect().left - board.getBoundingClientRect().left),
        ).toBeLessThan(2),
      { timeout: 5000 },
    );
    await expect(within(tabs).getByRole('button', { name: 'Aprobado, 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Arrows still work and bring the next column into view.
    card(board, 'Resumen de febrero').focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(card(board, 'Reel: latte art')).toHaveFocus();
    await waitFor(
      () =>
        expect(within(tabs).getByRole('button', { name: 'En revisión del cliente, 1' })).toHaveAttribute(
          'aria-current',
          'true',
        ),
      { timeout: 5000 },
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onCardOpen).toHaveBeenCalledWith('c1', 'client_review');
  },
};

/** A screen names its columns in its own words for screen readers («Borrador: 3»); nothing visible changes. */
export const ColumnLabels: Story = {
  name: 'Columnas con nombre propio',
  args: {
    columns: columnsFrom(draftPages[0]).map((c) => ({ ...c, label: `${c.title}: ${c.count}` })),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const column = c.getByRole('group', { name: 'Borrador: 6' });
    await expect(within(column).getByRole('heading', { name: 'Borrador: 6' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Cambios internos solicitados: 0' })).toBeVisible();
    // The visible title and number stay as they are.
    await expect(column.querySelector('h3')).toHaveTextContent(/^Borrador6Borrador: 6$/);
    await expect(c.queryByRole('group', { name: /tarjetas/ })).toBeNull();
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };

/** A total the API counted up to its cap is a lower bound: «1000+», and more still loads while pages come full. */
export const CountIsALowerBound: StoryObj<typeof KanbanColumn> = {
  name: 'Total mínimo',
  render: () => (
    <KanbanColumn id="draft" title="Borrador" count={1000} countAtLeast hasMore className="max-w-xs">
      <KanbanCard onOpen={fn()}>
        <CardBody card={piece('m1', 'Reel de lanzamiento')} />
      </KanbanCard>
    </KanbanColumn>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const column = c.getByRole('group', { name: 'Borrador, 1000 tarjetas o más' });
    await expect(column.querySelector('h3')).toHaveTextContent(/^Borrador1000\+$/);
  },
};

/** The parts on their own: a column with hand-written cards (e.g. a review queue). */
export const ColumnOnItsOwn: StoryObj<typeof KanbanColumn> = {
  name: 'Columna suelta',
  render: () => (
    <KanbanColumn id="queue" title="Pendientes de mi revisión" count={2} tone="info" className="max-w-xs">
      <KanbanCard onOpen={fn()}>
        <CardBody card={piece('q1', 'Reel de lanzamiento')} />
      </KanbanCard>
      <KanbanCard onOpen={fn()}>
        <CardBody card={piece('q2', 'Carrusel de recetas', 'Carrusel')} />
      </KanbanCard>
    </KanbanColumn>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.tab();
    await expect(card(canvasElement, 'Reel de lanzamiento')).toHaveFocus();
    await expect(c.getByRole('group', { name: 'Pendientes de mi revisión, 2 tarjetas' })).toBeVisible();
  },
};

const many = Array.from({ length: 500 }, (_, i) =>
  piece(`m${i + 1}`, `Pieza ${i + 1}`, ['Reel', 'Carrusel', 'Post'][i % 3]),
);

/** A column of 500 cards: it scrolls on its own and draws only the cards near its visible part. */
export const HundredsInAColumn: Story = {
  name: 'Cientos en una columna',
  args: {
    columns: columnsFrom([]).map((c) =>
      c.id === 'draft' ? { ...c, count: 500, cards: many, hasMore: false } : c,
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const column = c.getByRole('group', { name: 'Borrador, 500 tarjetas' });
    const drawn = () => column.querySelectorAll('[data-slot="kanban-card"]').length;
    await expect(drawn()).toBeLessThan(40);
    // Arrows walk the whole column: the next card is drawn as the focus reaches it.
    await userEvent.tab();
    await expect(card(canvasElement, 'Pieza 1(?!\\d)')).toHaveFocus();
    for (let i = 0; i < 12; i++) await userEvent.keyboard('{ArrowDown}');
    await expect(card(canvasElement, 'Pieza 13(?!\\d)')).toHaveFocus();
    const focused = card(canvasElement, 'Pieza 13(?!\\d)').dataset.cardId;
    const body = column.querySelector<HTMLElement>('[data-slot="kanban-column-body"]')!;
    body.scrollTop = body.scrollHeight;
    await waitFor(() => expect(card(canvasElement, 'Pieza 500')).toBeInTheDocument());
    await expect(drawn()).toBeLessThan(40);
    // Back at the top, the cards drawn again are not Tab stops: the one that had the focus still is, alone.
    body.scrollTop = 0;
    await waitFor(() => expect(card(canvasElement, 'Pieza 1(?!\\d)')).toBeInTheDocument());
    const stops = () =>
      [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="kanban-card"][tabindex="0"]')].map(
        (el) => el.dataset.cardId,
      );
    await expect(card(canvasElement, 'Pieza 1(?!\\d)')).toHaveAttribute('tabindex', '-1');
    await expect(stops().filter((id) => id !== focused)).toEqual([]);
    // A click moves the stop to the card clicked.
    await userEvent.click(card(canvasElement, 'Pieza 2(?!\\d)'));
    await expect(stops()).toEqual([card(canvasElement, 'Pieza 2(?!\\d)').dataset.cardId]);
  },
};

/** The board says which columns are in sight: a phone shows one, and a jump to another says so. */
export const ColumnsInSight: Story = {
  name: 'Columnas a la vista',
  args: { mobile: undefined, onVisibleColumnsChange: fn() },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const seen = args.onVisibleColumnsChange as ReturnType<typeof fn>;
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(['draft']));
    const tabs = c.getByRole('navigation', { name: 'Columnas del tablero' });
    await userEvent.click(within(tabs).getByRole('button', { name: 'Aprobado, 2' }));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(['approved']), { timeout: 5000 });
  },
};
