import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test.use({ permissions: ['notifications'] });

test('the service worker shows a pushed notification with its title, body and link', async ({
  page,
  context,
}) => {
  await signIn(page, 'employee');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  // The browser's own push service is out of reach here: deliver the push message through DevTools, as the
  // push service would, straight to our /sw.js. DevTools reports each version's status as events; listen
  // before enabling the domain, so an early report is not missed.
  const cdp = await context.newCDPSession(page);
  const seen: Array<{ registrationId: string; status: string; runningStatus: string; scriptURL: string }> =
    [];
  const activated = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      for (const v of e.versions) seen.push(v);
      const active = e.versions.find((v) => v.scriptURL.endsWith('/sw.js') && v.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await activated;
  // The worker the page is controlled by answers what it shows: the registration holds the notifications.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      title: 'Revisión pendiente',
      body: '«Reel 1» espera tu revisión',
      url: '/settings',
      tag: 't1',
    }),
  });
  const shown = () =>
    worker.evaluate(async () =>
      (
        await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()
      ).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string })?.url,
      })),
    );
  await expect
    .poll(shown, { message: `versiones vistas por DevTools: ${JSON.stringify(seen)}` })
    .toEqual([{ title: 'Revisión pendiente', body: '«Reel 1» espera tu revisión', url: '/settings' }]);
  // The page reads the same notifications through its registration.
  expect(
    await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
    ),
  ).toEqual(['Revisión pendiente']);
});

test('turning push on asks the server key and calls subscribe; a failure is said in Spanish', async ({
  page,
}) => {
  await signIn(page, 'employee');
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  const keyRequest = page.waitForRequest('**/api/notifications/vapid-public-key');
  await page.getByRole('switch', { name: 'Notificaciones push' }).click();
  await keyRequest;
  // Headless Chromium has no push service to register with, so subscribe() fails here; the app must say so
  // and leave the switch off rather than pretend.
  await expect(toast(page, 'Error al activar las notificaciones push')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Notificaciones push' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});
