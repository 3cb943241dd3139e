import { archiveAllNotifications, demo, signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// Its routes must see the page's requests: the service worker is blocked (support/test.ts, refuseRoutes).
test.use({ serviceWorkers: 'block' });

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
  await archiveAllNotifications(page);
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

test('a handshake the server refuses once is tried again: the bell still rings live', async ({
  page,
  playwright,
  baseURL,
}) => {
  let refusals = 0;
  // The first handshake is answered as the server answers a failed session check (socket.io's CONNECT_ERROR);
  // socket.io does not retry that by itself, so without the app's retry the tab would stay deaf.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (refusals > 0) {
      ws.connectToServer();
      return;
    }
    refusals += 1;
    ws.send(
      '0{"sid":"rechazada","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}',
    );
    ws.onMessage((message) => {
      if (String(message).startsWith('40')) ws.send('44{"message":"Sesión inválida o expirada"}');
    });
  });
  await signIn(page, 'employee');
  await expect.poll(() => refusals).toBe(1);
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await bell.click();
  await archiveAllNotifications(page);
  await page.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Once the retry has connected (a second, real handshake), a broadcast reaches the open page live.
  const api = await playwright.request.newContext({ baseURL });
  const { token } = await (await api.post('/api/auth/login', { data: demo.admin })).json();
  await expect(async () => {
    const sent = await api.post('/api/notifications/broadcast', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: 'Tras el rechazo',
        content: `Seguimos aquí ${Date.now()}`,
        criteria: { roles: ['employee'] },
      },
    });
    expect(sent.ok()).toBe(true);
    await expect(page.getByTestId('notification-badge')).not.toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await api.dispose();
});
