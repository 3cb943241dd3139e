import type { Comment } from '@crw/api-client';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentThread, type CommentThreadLabels } from './comment-thread.tsx';

afterEach(cleanup);

const labels: CommentThreadLabels = {
  retry: 'Reintentar',
  empty: 'Sin comentarios todavía',
  delete: 'Eliminar',
  deleteOf: (name) => `Eliminar el comentario de ${name}`,
  deleteTitle: '¿Eliminar este comentario?',
};

const comment = (id: string, name: string, body = `<p>Texto de ${name}</p>`): Comment =>
  ({
    _id: id,
    entityType: 'item',
    entityId: 'i1',
    body,
    visibility: 'internal',
    author: { _id: `u-${name}`, name },
    createdAt: '2026-03-02T10:00:00.000Z',
  }) as Comment;

const base = { labels, onRetry: () => {}, canDelete: () => false, onDelete: () => {} };

describe('CommentThread', () => {
  it('shows the failed read with «Reintentar», which reads again', async () => {
    const onRetry = vi.fn();
    render(<CommentThread {...base} comments={null} error="No se pudieron cargar" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('No se pudieron cargar');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says so above the thread when older comments are not shown, and only then', () => {
    const { rerender } = render(<CommentThread {...base} comments={[comment('c1', 'Ana')]} error={null} />);
    expect(screen.queryByText(/comentarios más recientes/)).toBeNull();
    rerender(<CommentThread {...base} comments={[comment('c1', 'Ana')]} more error={null} />);
    expect(screen.getByText('Se muestran los 1000 comentarios más recientes.')).toBeTruthy();
  });

  it('says so when there is no comment', () => {
    render(<CommentThread {...base} comments={[]} error={null} />);
    expect(screen.getByText('Sin comentarios todavía')).toBeTruthy();
  });

  it('lists each comment with its author and text, and offers «Eliminar» only where allowed', () => {
    render(
      <CommentThread
        {...base}
        comments={[comment('c1', 'Ana'), comment('c2', 'Luis')]}
        error={null}
        canDelete={(c) => c.author.name === 'Ana'}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-comment'))).toEqual(['c1', 'c2']);
    expect(within(items[0]!).getByText('Texto de Ana')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar el comentario de Ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar el comentario de Luis' })).toBeNull();
  });

  it('asks before deleting, then hands the comment over', async () => {
    const onDelete = vi.fn();
    render(
      <CommentThread
        {...base}
        comments={[comment('c1', 'Ana')]}
        error={null}
        canDelete={() => true}
        onDelete={onDelete}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar el comentario de Ana' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar este comentario?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(onDelete).toHaveBeenCalledWith('c1');
  });

  it('puts the edit form in place of the comment being edited, without its actions', () => {
    render(
      <CommentThread
        {...base}
        comments={[comment('c1', 'Ana'), comment('c2', 'Luis')]}
        error={null}
        canDelete={() => true}
        actions={(c) => <button type="button">{`Editar ${c.author.name}`}</button>}
        editingId="c1"
        editor={<form aria-label="Editar comentario" />}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByRole('form', { name: 'Editar comentario' })).toBeTruthy();
    expect(within(first!).queryByText('Texto de Ana')).toBeNull();
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(
      within(second!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Editar Luis', 'Eliminar']);
  });
});
