import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

test('the editor sandbox shows what the editor produces and how it reads, and keeps unsafe links out', async ({
  page,
}) => {
  await signIn(page, 'employee');
  await page.goto('/test/editor');
  await expect(page.getByRole('heading', { name: 'Prueba del editor', level: 1 })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Texto de prueba' });
  const html = page.getByTestId('editor-html');
  // The sample shows every kind of content.
  await expect(html).toContainText('<h2>Lanzamiento de otoño</h2>');
  await expect(
    page.getByRole('region', { name: 'Vista de lectura' }).getByRole('link', { name: 'enlace' }),
  ).toHaveAttribute('href', 'https://example.com');

  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(html).toHaveText('');
  await page.getByRole('button', { name: 'Cita' }).click();
  await page.keyboard.type('Una frase ');
  // The space is in the text before the next key, as a person sees it before pressing Ctrl+I: the editor reads
  // what the browser typed a moment later, and a shortcut pressed within that moment (keys sent back to back on a
  // loaded machine) put the space inside the italics (seen once in a full e2e run here, 2026-11-30).
  await expect(html).toHaveText(/Una frase(\s|&nbsp;)<\/p>/);
  await page.keyboard.press('Control+i');
  await page.keyboard.type('importante');
  await expect(html).toHaveText('<blockquote><p>Una frase <em>importante</em></p></blockquote>');
  await expect(page.getByRole('region', { name: 'Vista de lectura' }).locator('blockquote em')).toHaveText(
    'importante',
  );

  // A link: only http(s) or mailto.
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Enlace' }).click();
  await page.getByLabel('Dirección del enlace').fill('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(page.getByText('El enlace debe empezar por https://, http:// o mailto:')).toBeVisible();
  await page.getByLabel('Dirección del enlace').fill('https://example.com/guia');
  await page.keyboard.press('Enter');
  await expect(html).toContainText('href="https://example.com/guia"');
  await expect(html).not.toContainText('javascript');

  // Undo by keyboard, and the counter follows.
  await editor.click();
  await page.keyboard.press('Control+z');
  await expect(html).not.toContainText('href=');
  await expect(page.getByText(/^\d+ caracteres$/)).toHaveText('20 caracteres');
});
