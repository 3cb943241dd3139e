import { newItem } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * A piece with more comments than one page of the API (100): its thread shows them all, newest included. It read
 * the oldest 100 only, so on a piece talked about 130 times the 30 newest comments (the latest word on it) never
 * showed.
 */
test('a thread of 130 comments shows all of them, oldest first and the newest last', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Campaña muy comentada ${Date.now() % 1_000_000}`;
  const { portfolioId, item, employee } = await newItem(request, title);
  for (let i = 1; i <= 130; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        employee.call('post', '/comments', {
          entityType: 'item',
          entityId: item._id,
          body: `<p>Comentario número ${i + j}.</p>`,
        }),
      ),
    );

  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.getByRole('tab', { name: 'Comentarios' }).click();
  const thread = drawer.locator('[data-comment]');
  await expect(thread).toHaveCount(130);
  // Oldest first, as written (ten at a time: their order within ten is the server's).
  await expect(thread.first()).toContainText(/Comentario número ([1-9]|10)\./);
  await expect(thread.last()).toContainText(/Comentario número 1(2[1-9]|30)\./);
  await expect(drawer.getByText('Comentario número 130.')).toBeVisible();
  await expect(drawer.getByText(/comentarios más recientes/)).toHaveCount(0);
});
