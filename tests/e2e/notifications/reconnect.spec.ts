import { demo, signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test('a notification sent while the connection was down shows up once it is back', { tag: '@pg' }, async ({
  page,
  playwright,
  baseURL,
}) => {
  let blocked = false;
  const live: Array<{ close: () => Promise<void> }> = [];
  // Route the app's socket through the test, so the connection can be cut and held down.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (blocked) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    live.push({ close: () => server.close() });
  });
  await page.route(/\/socket\.io\/.*transport=polling/, (route) =>
    blocked ? route.abort() : route.continue(),
  );

  await signIn(page, 'employee');
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await bell.click();
  await page.getByRole('button', { name: 'Archivar todas las activas' }).click();
  await page.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect.poll(() => live.length).toBeGreaterThan(0);

  // The connection drops and stays down.
  blocked = true;
  for (const c of live.splice(0)) await c.close();

  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: demo.admin });
  const { token } = await login.json();
  const sent = await api.post('/api/notifications/broadcast', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Mientras tanto', content: 'Enviada sin conexión', criteria: { roles: ['employee'] } },
  });
  expect(sent.ok()).toBe(true);
  await api.dispose();
  // Not delivered while down.
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Back online: the socket reconnects and the app catches up (reload after reconnect).
  blocked = false;
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });
  await bell.click();
  await expect(
    page.getByRole('region', { name: 'Notificaciones', exact: true }).getByText('Enviada sin conexión'),
  ).toBeVisible();
});
