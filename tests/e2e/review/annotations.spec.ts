import { readFileSync } from 'node:fs';
import { apiAs, newPortfolio } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

// A 40×20 yellow PNG and a four-second VP8 test pattern (the design system's fixture).
const poster = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGP4cMJmQBDDqMWjFo9aPGrxqMWjFo9aPGrxyLEYAC3nGtu2GeJfAAAAAElFTkSuQmCC',
  'base64',
);
const clip = readFileSync(
  new URL('../../../packages/ui/src/image-annotator/fixtures/clip.webm', import.meta.url),
);

test('a reviewer zooms into the image to pin a comment and pins another on the video at its moment', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const portfolioId = await newPortfolio(request);
  const employee = await apiAs(request, 'employee');
  const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
    cycleDuration: 14,
  });
  const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
    title: 'Reel de otoño',
  });
  const image = await employee.upload(item._id, 'portada.png', 'image/png', poster);
  const video = await employee.upload(item._id, 'reel.webm', 'video/webm', clip);
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: '<p>Reel</p>', files: [image, video] },
  });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.goto(`/portfolios/${portfolioId}/review?item=${item._id}`);
  await expect(page.getByRole('heading', { name: 'Reel de otoño', level: 2 })).toBeVisible();

  // Zoomed to 150 %, a click three quarters across the view lands two thirds across the image.
  const figure = page.locator('[data-slot="image-annotator"]');
  await figure.getByRole('button', { name: 'Acercar' }).click();
  await expect(figure.getByRole('status', { name: 'Nivel de zoom' })).toHaveText(/150/);
  const viewport = figure.locator('[data-slot="image-annotator-viewport"]');
  const box = (await viewport.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.5);
  // The pin's comment box comes into view, focused (issue 31).
  const composer = page.getByRole('textbox', { name: 'Nuevo comentario' });
  await expect(composer).toBeFocused();
  await expect(composer).toBeInViewport({ ratio: 0.5 });
  await page.keyboard.type('Más contraste aquí');
  await page.getByRole('button', { name: 'Comentar', exact: true }).click();
  await expect(figure.getByRole('button', { name: 'Marca 1: Más contraste aquí' })).toBeVisible();

  // The video, paused at 0:02: "Marcar un punto" and a click on the frame.
  const player = page.locator('video');
  await expect(player).toHaveAccessibleName('reel.webm');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await player.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 2.2;
  });
  await page.getByRole('button', { name: 'Marcar un punto en 0:02' }).click();
  const frame = page.getByRole('button', { name: 'reel.webm en 0:02: pulsa para marcar un punto' });
  const frameBox = (await frame.boundingBox())!;
  await frame.click({ position: { x: frameBox.width * 0.25, y: frameBox.height * 0.75 } });
  await expect(composer).toBeFocused();
  await expect(composer).toBeInViewport({ ratio: 0.5 });
  await page.keyboard.type('El logo tapa la cara');
  await page.getByRole('button', { name: 'Comentar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Marca 2 · 0:02' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marca 2: El logo tapa la cara' })).toBeVisible();

  // What was stored: both pins on this version's files, the video's at its moment.
  const comments = await employee.call('get', `/comments?entityType=item&entityId=${item._id}&limit=10`);
  const anchors = Object.fromEntries(
    (comments.items as Array<{ body: string; anchor: Record<string, number | string> }>).map((c) => [
      c.body.replace(/<[^>]+>/g, ''),
      c.anchor,
    ]),
  );
  expect(anchors['Más contraste aquí']).toMatchObject({ versionNumber: 1, fileKey: image.s3Key });
  expect(anchors['Más contraste aquí']!.x as number).toBeCloseTo(2 / 3, 1);
  expect(anchors['Más contraste aquí']!.y as number).toBeCloseTo(0.5, 1);
  expect(anchors['El logo tapa la cara']).toMatchObject({ versionNumber: 1, fileKey: video.s3Key, t: 2.2 });
  expect(anchors['El logo tapa la cara']!.x as number).toBeCloseTo(0.25, 1);

  // Choosing the image pin's comment later, from 0:00, brings the video back to its pin.
  await player.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
  await expect(page.getByRole('button', { name: 'Marca 2: El logo tapa la cara' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar la marca 2' }).click();
  await expect(page.getByRole('button', { name: 'Marca 2: El logo tapa la cara' })).toBeVisible();
  await page.screenshot({ path: '/tmp/review-annotations-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/review-annotations-390.png', fullPage: true });
  await context.close();
});
