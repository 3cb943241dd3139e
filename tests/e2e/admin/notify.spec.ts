import { seriousViolations } from '../../support/axe.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test('the broadcast form picks one person by search, counts the audience and keeps it after sending', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/notify');
  await expect(page.getByRole('heading', { name: 'Notificar', level: 1 })).toBeVisible();
  const reach = page.getByTestId('broadcast-reach');
  await expect(reach).toHaveText(/Llegará a \d+ personas/);

  // Keyboard only: type in the people combobox, choose with arrows and Enter.
  const people = page.getByRole('combobox', { name: 'Personas concretas' });
  await people.fill('empleado@demo');
  await expect(page.getByRole('option', { name: /Elena Empleada/ })).toBeVisible();
  await people.press('ArrowDown');
  await people.press('Enter');
  await expect(page.getByRole('button', { name: 'Quitar Elena Empleada' })).toBeVisible();
  await expect(reach).toHaveText('Llegará a 1 persona');

  // The link must be an app path: checked next to the field before sending.
  await page.getByLabel('Título').fill('Solo para Elena');
  await page.getByLabel('Mensaje').fill('Un aviso personal');
  await page.getByLabel('Enlace (opcional)').fill('https://fuera.example');
  await page.getByRole('button', { name: 'Enviar notificación' }).click();
  await expect(page.getByText('Debe empezar por /')).toBeVisible();
  await page.getByLabel('Enlace (opcional)').fill('/settings');
  await page.getByRole('button', { name: 'Enviar notificación' }).click();
  await expect(toast(page, 'Notificación enviada a 1 persona')).toBeVisible();
  await expect(page.getByLabel('Título')).toHaveValue('');
  // The audience stays for the next message.
  await expect(page.getByRole('button', { name: 'Quitar Elena Empleada' })).toBeVisible();
  await expect(reach).toHaveText('Llegará a 1 persona');
});

test('/admin/notify at 390 px fits and has no serious accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.goto('/admin/notify');
  await expect(page.getByTestId('broadcast-reach')).toHaveText(/Llegará a/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/admin-notify-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/admin-notify-1280.png', fullPage: true });
});
