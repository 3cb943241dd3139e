import { seriousViolations } from '../../support/axe.ts';
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
  const push = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
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
  // DevTools' delivery to a worker installed a moment ago was sometimes lost on a loaded machine (1 run in 4 on
  // the first test of a worker, the worker activated and running): a push service delivers again what was not
  // acknowledged, so the message is sent again until it shows. The tag makes a second delivery replace the first:
  // exactly one notification, as asserted.
  await expect(async () => {
    await push();
    await expect
      .poll(shown, { message: `versiones vistas por DevTools: ${JSON.stringify(seen)}`, timeout: 5_000 })
      .toEqual([{ title: 'Revisión pendiente', body: '«Reel 1» espera tu revisión', url: '/settings' }]);
  }).toPass({ timeout: 30_000 });
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
  // Not silent (issue 31): beside the switch, why and what to do, in Spanish; the browser's words behind «Detalles».
  const panel = page.getByRole('region', { name: 'Notificaciones', exact: true });
  const problem = panel.getByRole('alert');
  await expect(problem).toContainText('No se pudieron activar las notificaciones push');
  await expect(problem).toContainText(
    'El servicio de notificaciones del navegador rechazó la suscripción: vuelve a intentarlo más tarde o prueba con otro navegador.',
  );
  await expect(page.getByRole('switch', { name: 'Notificaciones push' })).toHaveAccessibleDescription(
    /rechazó la suscripción/,
  );
  const details = problem.getByRole('button', { name: 'Detalles' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(problem.locator('pre')).toBeVisible();
  await expect(problem.locator('pre')).not.toBeEmpty();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/i31-panel-push-1280.png' });
  // «Archivar todas las activas» asks first, over the panel.
  await panel.getByRole('button', { name: 'Archivar todas las activas' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Archivar todas las notificaciones activas?' });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: '/tmp/i31-panel-confirm-1280.png' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(panel).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(problem).toBeVisible();
  await page.screenshot({ path: '/tmp/i31-panel-push-390.png' });
  await panel.getByRole('button', { name: 'Archivar todas las activas' }).click();
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: '/tmp/i31-panel-confirm-390.png' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
});

test('/settings: both switches are named; push blocked by the browser says so and what to do', async ({
  page,
}) => {
  // The browser answers the permission request with "denied" (as after «Bloquear» or a site setting).
  await page.addInitScript(() => {
    Notification.requestPermission = () => Promise.resolve('denied');
  });
  await signIn(page, 'employee');
  await page.goto('/settings');
  const push = page.getByRole('switch', { name: 'Notificaciones push en este dispositivo' });
  await expect(push).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Tema oscuro' })).toBeVisible();
  // Every switch on the screen has a name (the preferences grid's too).
  for (const s of await page.getByRole('switch').all()) {
    expect(
      await s.evaluate((el) => el.getAttribute('aria-label') ?? el.getAttribute('aria-labelledby')),
    ).toBeTruthy();
  }
  await push.click();
  await expect(toast(page, 'Permiso de notificaciones denegado')).toBeVisible();
  await expect(push).toHaveAttribute('aria-checked', 'false');
  const problem = page
    .getByRole('alert')
    .filter({ hasText: 'No se pudieron activar las notificaciones push' });
  await expect(problem).toContainText(
    'Permiso de notificaciones denegado: el navegador las tiene bloqueadas para este sitio. Permítelas en la configuración del sitio',
  );
  await problem.getByRole('button', { name: 'Detalles' }).click();
  await expect(problem).toContainText('Notification.permission = "denied"');
  await page.screenshot({ path: '/tmp/i31-settings-push-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(problem).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/i31-settings-push-390.png', fullPage: true });
});
