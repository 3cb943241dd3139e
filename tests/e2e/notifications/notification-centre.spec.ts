import type { Browser, Page } from '@playwright/test';
import { archiveAllNotifications, signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

async function asRole(browser: Browser, role: 'admin' | 'employee') {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

async function broadcastFromScreen(admin: Page, title: string, content: string) {
  await admin.getByLabel('Título').fill(title);
  await admin.getByLabel('Mensaje').fill(content);
  await admin.getByRole('button', { name: 'Enviar notificación' }).click();
  // The previous send's toast shows the same text: this send is done when the form has been cleared.
  await expect(admin.getByLabel('Título')).toHaveValue('');
  await expect(admin.getByText(/Notificación enviada a \d+ personas?/).first()).toBeVisible();
  // The same result again replaces its toast: a stack of copies grew over «Enviar notificación» and held the
  // next click back until the oldest faded (5 s a send, 45 s for this test).
  await expect(toast(admin, /Notificación enviada/)).toHaveCount(1);
}

test('an admin broadcasts to employees and the employee bell updates live, up to 9+; mark all read and archive', {
  tag: '@pg',
}, async ({ browser }) => {
  const employee = await asRole(browser, 'employee');
  // Start from a clean slate: whatever the demo or earlier tests left is archived.
  await employee.getByRole('button', { name: /^Notificaciones/ }).click();
  await archiveAllNotifications(employee);
  await employee.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
  const bell = employee.getByRole('button', { name: /^Notificaciones/ });
  await expect(employee.getByTestId('notification-badge')).toHaveCount(0);

  const admin = await asRole(browser, 'admin');
  await admin.goto('/admin/notify');
  await admin.getByRole('checkbox', { name: 'Empleados' }).click();
  await expect(admin.getByTestId('broadcast-reach')).toHaveText(/Llegará a \d+ persona/);

  // This run's own texts: the archived list keeps an earlier run's on the same database (--repeat-each).
  const run = Date.now().toString(36);
  const tenth = `Difusión número 10 (${run})`;
  await broadcastFromScreen(admin, 'Aviso 1', `Primera difusión (${run})`);
  await expect(employee.getByTestId('notification-badge')).toHaveText('1');
  for (let i = 2; i <= 10; i++)
    await broadcastFromScreen(admin, `Aviso ${i}`, `Difusión número ${i} (${run})`);
  await expect(employee.getByTestId('notification-badge')).toHaveText('9+');

  await bell.click();
  const panel = employee.getByRole('region', { name: 'Notificaciones', exact: true });
  await expect(panel.getByText(tenth)).toBeVisible();
  await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(employee.getByTestId('notification-badge')).toHaveCount(0);

  // Archiving everything asks first; the button is in the footer, away from ✕ (issue 31).
  const archiveAll = panel.getByRole('button', { name: 'Archivar todas las activas' });
  await expect(
    panel.locator('footer').getByRole('button', { name: 'Archivar todas las activas' }),
  ).toBeVisible();
  await expect(
    panel.locator('header').getByRole('button', { name: 'Archivar todas las activas' }),
  ).toHaveCount(0);
  await archiveAll.click();
  const confirm = employee.getByRole('alertdialog', { name: '¿Archivar todas las notificaciones activas?' });
  await expect(confirm).toContainText('Mostrar notificaciones archivadas');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByText(tenth)).toBeVisible();
  await expect(archiveAll).toBeFocused();
  await archiveAllNotifications(employee);
  await expect(panel.getByText('Sin notificaciones')).toBeVisible();
  await panel.getByRole('button', { name: 'Mostrar notificaciones archivadas' }).click();
  await expect(panel.getByText(tenth)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mostrar notificaciones activas' })).toBeVisible();
});

test('a click on a notification marks it read, follows its link and closes the panel', async ({
  browser,
}) => {
  const employee = await asRole(browser, 'employee');
  const admin = await asRole(browser, 'admin');
  await admin.goto('/admin/notify');
  await admin.getByRole('checkbox', { name: 'Empleados' }).click();
  await admin.getByLabel('Enlace (opcional)').fill('/settings');
  await broadcastFromScreen(admin, 'Con enlace', 'Revisa tus dispositivos');
  await employee.getByRole('button', { name: /^Notificaciones/ }).click();
  await employee.getByRole('button', { name: /Revisa tus dispositivos/ }).click();
  await expect(employee).toHaveURL(/\/settings$/);
  await expect(employee.getByRole('region', { name: 'Notificaciones', exact: true })).toHaveCount(0);
});

test('/settings lists a subscribed device and deletes it after the confirm', async ({ page }) => {
  await signIn(page, 'employee');
  // Headless Chromium has no push service: register the subscription the way the app would save one.
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}-abcdefghijklmnopqrstuvwxyz`;
  const status = await page.evaluate(async (url) => {
    const res = await fetch('/api/notifications/push-subscription', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('token')}`,
      },
      body: JSON.stringify({ endpoint: url, keys: { auth: 'YXV0aA', p256dh: 'cDI1NmRo' } }),
    });
    return res.status;
  }, endpoint);
  expect(status).toBe(200);
  await page.goto('/settings');
  const row = page.getByRole('listitem').filter({ hasText: endpoint.slice(-30) });
  await expect(row.getByText('Chrome/Android')).toBeVisible();
  await row.getByRole('button', { name: /Eliminar/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText('¿Estás seguro de que quieres eliminar la suscripción de este dispositivo?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Suscripción eliminada correctamente')).toBeVisible();
  await expect(page.getByText(endpoint.slice(-30))).toHaveCount(0);
});
