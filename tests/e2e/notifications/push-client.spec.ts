import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test.use({ permissions: ['notifications'] });

test('the service worker shows a pushed notification with its title, body and link', async ({
  page,
  context,
}) => {
  await signIn(page, 'employee');
  const registrationId = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(registrationId).toMatch(/\/$/);
  // The browser's own push service is out of reach here: deliver the push message through DevTools, as the
  // push service would, straight to our /sw.js.
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const versions = await new Promise<Array<{ registrationId: string; scriptURL: string }>>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      const active = e.versions.filter(
        (v: { scriptURL: string; status: string }) =>
          v.scriptURL.endsWith('/sw.js') && v.status === 'activated',
      );
      if (active.length) resolve(active);
    });
  });
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: versions[0]!.registrationId,
    data: JSON.stringify({
      title: 'Revisión pendiente',
      body: '«Reel 1» espera tu revisión',
      url: '/settings',
      tag: 't1',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url?: string })?.url,
        }));
      }),
    )
    .toEqual([{ title: 'Revisión pendiente', body: '«Reel 1» espera tu revisión', url: '/settings' }]);
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
