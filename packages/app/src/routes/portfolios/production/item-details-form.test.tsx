import type { ProductionItem } from '@crw/api-client';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The save answers at once with the item as saved (the server's side is the e2e plan spec's).
const updateItemDetails = vi.hoisted(() =>
  vi.fn(async (id: string, body: { description?: string; version: number }) => ({
    ...piece,
    _id: id,
    description: body.description ?? piece.description,
    version: body.version + 1,
  })),
);
vi.mock('../../../features/production/item.ts', () => ({ updateItemDetails }));
const { PieceText } = await import('./item-details-form.tsx');

afterEach(cleanup);

const piece = {
  _id: 'p1',
  title: 'Reel de lanzamiento',
  description: '',
  version: 1,
  final: false,
  frozenFields: [],
} as unknown as ProductionItem;

describe('PieceText', () => {
  it('after «Guardar», focus is back on «Editar título y descripción» in the same commit, not a frame later', async () => {
    const view = render(
      <PieceText item={piece} onSaved={() => undefined} onReload={async () => undefined} />,
    );
    fireEvent.click(view.getByRole('button', { name: 'Editar título y descripción' }));
    expect(document.activeElement).toBe(view.getByLabelText('Título'));
    fireEvent.change(view.getByLabelText('Descripción'), { target: { value: 'Pan de masa madre' } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'Guardar' }));
    });
    expect(updateItemDetails).toHaveBeenCalledWith('p1', { description: 'Pan de masa madre', version: 1 });
    // No frame has passed: a focus deferred to one would leave it on the page here (and under load, for good).
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'Editar título y descripción' }));
  });

  it('«Guardar» with nothing changed closes the fields and focuses the button too', async () => {
    updateItemDetails.mockClear();
    const view = render(
      <PieceText item={piece} onSaved={() => undefined} onReload={async () => undefined} />,
    );
    fireEvent.click(view.getByRole('button', { name: 'Editar título y descripción' }));
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'Guardar' }));
    });
    expect(updateItemDetails).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'Editar título y descripción' }));
  });
});
