import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { VirtualList } from './virtual-list.tsx';

interface Row {
  id: string;
  title: string;
  lines: number;
}

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}`, title: `Pieza ${i + 1}`, lines: (i % 3) + 1 }));

function Harness({
  count,
  threshold,
  viewportEstimate,
  focusable,
  onDraw,
}: {
  count: number;
  threshold?: number;
  viewportEstimate?: number;
  /** Items that take the focus (cards of a board). */
  focusable?: boolean;
  /** Told each time an item's content is drawn. */
  onDraw?: (id: string) => void;
}) {
  const items = useMemo(() => rows(count), [count]);
  return (
    <VirtualList<Row>
      aria-label="Piezas"
      items={items}
      getKey={(r) => r.id}
      threshold={threshold}
      viewportEstimate={viewportEstimate}
      estimateSize={64}
      scrollClassName="h-96 w-80 rounded-lg border border-border p-2"
      renderItem={(r) => (
        <div
          tabIndex={focusable ? 0 : undefined}
          data-row={r.id}
          className="rounded-md border border-border bg-card p-3 text-sm"
          // A new function at each drawing: React calls it each time the item is drawn.
          ref={(el) => {
            if (el) onDraw?.(r.id);
          }}
        >
          <p className="font-medium">{r.title}</p>
          {Array.from({ length: r.lines - 1 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed filler lines.
            <p key={i} className="text-muted-foreground">
              Texto de relleno de una línea más.
            </p>
          ))}
        </div>
      )}
    />
  );
}

const meta = {
  title: 'Primitives/VirtualList',
  component: Harness,
  args: { count: 1000 },
  parameters: {
    docs: {
      description: {
        component:
          'Lista que dibuja solo los elementos cerca de la vista cuando son muchos (una columna de cientos de piezas, una bandeja de miles de avisos). Cada elemento se mide al dibujarse.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Many: Story = {
  name: 'Mil elementos',
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Piezas' });
    const drawn = () => within(list).getAllByRole('listitem');
    // Only a screenful (and a few more) of the thousand is in the document.
    await expect(drawn().length).toBeLessThan(40);
    await expect(drawn()[0]).toHaveAttribute('aria-setsize', '1000');
    // Scrolling to the end draws the last one.
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() => expect(within(list).getByText('Pieza 1000')).toBeInTheDocument());
    await expect(drawn().length).toBeLessThan(40);
  },
};

/** A scroll draws the items it brings into sight, not again those already drawn. */
export const ScrollDrawsOnlyNew: Story = {
  name: 'Un desplazamiento dibuja solo lo nuevo',
  args: { onDraw: fn() },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Piezas' });
    const scroller = list.parentElement as HTMLElement;
    const drawn = args.onDraw as ReturnType<typeof fn>;
    await waitFor(() => expect(drawn).toHaveBeenCalled());
    // Settled: every item in sight measured.
    await new Promise((r) => setTimeout(r, 300));
    drawn.mockClear();
    scroller.scrollTop = 4;
    await new Promise((r) => setTimeout(r, 300));
    await expect(drawn).not.toHaveBeenCalled();
    scroller.scrollTop = 2000;
    await waitFor(() => expect(drawn).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 300));
    const ids = drawn.mock.calls.map(([id]) => id as string);
    // Only what came into sight, each once.
    await expect(ids).not.toContain('r1');
    await expect(new Set(ids).size).toBe(ids.length);
  },
};

/**
 * A list in a box shorter than a screen, told the box's height: its first draw, before the box is measured, is
 * what shows (and its overscan), not 800 px of items drawn and dropped.
 */
export const FirstDrawInShortBox: Story = {
  name: 'Primer dibujo en una caja baja',
  args: { onDraw: fn(), viewportEstimate: 384 },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Piezas' });
    const drawn = args.onDraw as ReturnType<typeof fn>;
    await waitFor(() => expect(drawn).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 300));
    const ids = new Set(drawn.mock.calls.map(([id]) => id as string));
    const shown = within(list).getAllByRole('listitem').length;
    // At most one item more than the settled list holds (the guess of 64 px against the measured heights).
    await expect(ids.size).toBeLessThanOrEqual(shown + 1);
  },
};

/**
 * An item focused at the edge of what is drawn gets its neighbour drawn at once, before the scroll that follows
 * the focus is drawn: arrow keys that come faster than a busy phone draws (key repeat) always find the next item.
 */
export const FocusAtTheEdge: Story = {
  name: 'El foco en el borde dibuja al vecino',
  args: { focusable: true },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Piezas' });
    await new Promise((r) => setTimeout(r, 300));
    const items = () => [...list.querySelectorAll<HTMLElement>('[data-row]')];
    const last = items().at(-1)!;
    const next = `r${Number(last.dataset.row!.slice(1)) + 1}`;
    await expect(list.querySelector(`[data-row="${next}"]`)).toBeNull();
    last.focus();
    // A microtask later: no frame has passed, so no scroll has been drawn.
    await Promise.resolve();
    await expect(list.querySelector(`[data-row="${next}"]`)).not.toBeNull();
    await expect(last).toHaveFocus();
  },
};

export const Few: Story = {
  name: 'Pocos (todos dibujados)',
  args: { count: 12 },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Piezas' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(12);
  },
};

export const Empty: Story = {
  name: 'Vacía',
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Piezas' });
    await expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
  },
};

export const Mobile: Story = {
  name: 'Móvil',
  globals: { viewport: { value: 'mobile' } },
};
