import type { ProductionItem } from '@crw/api-client';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A render counter: the card formats its date once per draw.
const formatDay = vi.hoisted(() => vi.fn((d: string) => d));
vi.mock('../../../lib/dates.ts', () => ({ formatDay }));
const { ItemCardBody } = await import('./item-card.tsx');

afterEach(cleanup);

const members = [{ _id: 'u1', name: 'Ana' }];
const piece = (id: string, title: string) =>
  ({ _id: id, title, status: 'draft', publishDate: '2026-12-14', assigneeId: 'u1' }) as ProductionItem;

const Board = ({ items }: { items: ProductionItem[] }) => (
  <>
    {items.map((i) => (
      <ItemCardBody key={i._id} item={i} members={members} />
    ))}
  </>
);

describe('ItemCardBody', () => {
  it('a filter answering new objects for the same pieces draws again only the card that changed', () => {
    const view = render(<Board items={[piece('a', 'Uno'), piece('b', 'Dos'), piece('c', 'Tres')]} />);
    expect(formatDay).toHaveBeenCalledTimes(3);
    formatDay.mockClear();
    view.rerender(<Board items={[piece('a', 'Uno'), piece('b', 'Dos cambiado'), piece('c', 'Tres')]} />);
    expect(formatDay).toHaveBeenCalledTimes(1);
    expect(view.getByText('Dos cambiado')).toBeTruthy();
  });
});
