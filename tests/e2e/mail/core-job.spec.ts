import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SmtpPeer } from '../../../packages/server/test/support/smtp-peer.ts';
import { freePort, type Instance, startInstance, stop } from '../../support/cluster.ts';
import { apiAs, grantDemoClient, newItem } from '../../support/production.ts';
import { demo, signIn } from '../../support/session.ts';
import { e2eServerEnv, expect, test } from '../../support/test.ts';

/**
 * Issue 29's core job: someone who is not in the app is asked by email, and one tap on its button signs them in
 * on the piece. A server of its own with email on (SMTP_URL → a local SMTP peer on loopback that parses every
 * message), the demo's people, and fresh browsers with no session: the client on a phone approves, then
 * pins a comment and asks for changes; an internal reviewer on a desktop approves for the client. Each run
 * counts the taps from the link to the saved decision and prints the wall time.
 */

// 40×20 yellow PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGP4cMJmQBDDqMWjFo9aPGrxqMWjFo9aPGrxyLEYAC3nGtu2GeJfAAAAAElFTkSuQmCC',
  'base64',
);

/** A server of its own with email on, and the SMTP peer it sends to (one per worker, as the suite's servers). */
const mailTest = test.extend<object, { mail: { server: Instance; peer: SmtpPeer } }>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern (none).
    async ({}, use) => {
      const peer = new SmtpPeer();
      await peer.start();
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'crw-e2e-mail-'));
      const server = await startInstance({
        name: 'servidor con correo',
        port,
        demo: true,
        env: {
          ...e2eServerEnv(dataDir),
          DATABASE_URL: '',
          REDIS_URL: '',
          SMTP_URL: peer.url,
          MAIL_FROM: 'Estudio <estudio@demo.local>',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
      });
      await use({ server, peer });
      await stop(server);
      await peer.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ mail }, use) => use(mail.server.url),
});

/** The one email `address` got about `title`, once it has arrived: its button's link and its unsubscribe link. */
async function emailAbout(peer: SmtpPeer, address: string, title: string) {
  let found: Awaited<ReturnType<SmtpPeer['to']>> = [];
  await expect
    .poll(
      async () => {
        found = (await peer.to(address)).filter((m) => m.subject?.includes(title));
        return found.length;
      },
      { message: `the email to ${address} about «${title}»`, timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  expect(found, 'exactly one email').toHaveLength(1);
  const text = found[0]!.text ?? '';
  const button = /Abrir la pieza (\S+)/.exec(text)?.[1];
  const unsubscribe = /Dejar de recibir estos correos (\S+)/.exec(text)?.[1];
  expect(button, text).toMatch(/\/auth\/link\?token=/);
  expect(unsubscribe, text).toMatch(/\/api\/mail\/unsubscribe\?token=/);
  return { mail: found[0]!, button: button!, subject: found[0]!.subject ?? '' };
}

/** A fresh browser with no session, as someone opening the email on that device. */
async function freshBrowser(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    hasTouch: width < 600,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  return context.newPage();
}

/** Counts the taps (clicks) made through `tap`, and the time since the link was opened. */
function tapCounter(page: Page) {
  let taps = 0;
  const started = Date.now();
  return {
    tap: async (
      target: ReturnType<Page['getByRole']>,
      options?: Parameters<ReturnType<Page['getByRole']>['click']>[0],
    ) => {
      taps += 1;
      await target.click(options);
    },
    report: (what: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${what}: ${taps} toques, ${seconds} s desde el enlace`);
      return { taps, seconds: Number(seconds) };
    },
    page,
  };
}

/** A piece of a new portfolio (the demo client granted), sent to internal review by the employee. */
async function pieceInInternalReview(request: Parameters<typeof apiAs>[0], title: string) {
  const { portfolioId, item, employee } = await newItem(request, title, { format: 'Post' });
  await grantDemoClient(request, portfolioId);
  const file = await employee.upload(item._id, 'pieza.png', 'image/png', png);
  await employee.call('post', `/production/items/${item._id}/mark-for-internal-review`, {
    materialData: { copy: `<p>${title}</p>`, files: [file] },
  });
  return { portfolioId, itemId: item._id as string };
}

mailTest.describe('email with a one-tap link to the piece', () => {
  mailTest(
    'a client who is not in the app approves from the email on a phone, in at most 4 taps',
    async ({ browser, request, mail: { peer } }) => {
      mailTest.setTimeout(90_000);
      const title = `Post del correo ${Date.now()}`;
      const { portfolioId, itemId } = await pieceInInternalReview(request, title);
      await (await apiAs(request, 'admin')).call(
        'post',
        `/production/items/${itemId}/approve-for-client`,
        {},
      );

      const { button, subject } = await emailAbout(peer, demo.client.email, title);
      expect(subject).toMatch(new RegExp(` te pide que revises «${title}» de Panadería Sol$`));
      const phone = await freshBrowser(browser, 390, 844);
      const run = tapCounter(phone);
      await phone.goto(button);
      await expect(phone).toHaveURL(new RegExp(`/portfolios/${portfolioId}/review\\?item=${itemId}`));
      // The token left the address bar at once; the piece is open with the decision bar in reach.
      expect(phone.url()).not.toContain('token=');
      await expect(phone.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      const decision = phone.getByRole('region', { name: 'Decisión' });
      await expect(decision).toBeInViewport();
      await phone.screenshot({ path: mailTest.info().outputPath('client-landed-390.png') });
      await run.tap(decision.getByRole('button', { name: 'Aprobar' }));
      await run.tap(
        phone.getByRole('dialog', { name: 'Aprobar' }).getByRole('button', { name: 'Confirmar' }),
      );
      await expect(phone.getByRole('region', { name: 'Avisos' }).getByText('Pieza aprobada')).toBeVisible();
      const { taps } = run.report('Cliente, aprobar desde el correo (390 px)');
      expect(taps).toBeLessThanOrEqual(4);
      await phone.screenshot({ path: mailTest.info().outputPath('client-approved-390.png') });

      // Saved: the piece is approved. And the link was single use: a second open shows the sign-in form.
      const item = await (await apiAs(request, 'employee')).call('get', `/production/items/${itemId}`);
      expect(item.status).toBe('approved');
      const again = await freshBrowser(browser, 390, 844);
      await again.goto(button);
      await expect(again.getByText('Este enlace ya se usó o caducó')).toBeVisible();
      await expect(again.getByLabel('Correo electrónico')).toBeVisible();
      await again.screenshot({ path: mailTest.info().outputPath('link-spent-390.png') });
    },
  );

  mailTest(
    'a client pins a comment on the image and asks for changes, from the email on a phone',
    async ({ browser, request, mail: { peer } }) => {
      mailTest.setTimeout(90_000);
      const title = `Cartel del correo ${Date.now()}`;
      const { itemId } = await pieceInInternalReview(request, title);
      await (await apiAs(request, 'admin')).call(
        'post',
        `/production/items/${itemId}/approve-for-client`,
        {},
      );

      const { button } = await emailAbout(peer, demo.client.email, title);
      const phone = await freshBrowser(browser, 390, 844);
      const run = tapCounter(phone);
      await phone.goto(button);
      await expect(phone.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      const image = phone.getByRole('button', { name: 'pieza.png: pulsa para marcar un punto' });
      const box = (await image.boundingBox())!;
      await run.tap(image, { position: { x: box.width * 0.8, y: box.height * 0.5 } });
      await run.tap(phone.getByRole('textbox', { name: 'Nuevo comentario' }));
      await phone.keyboard.type('Aquí, el logo más grande');
      await run.tap(phone.getByRole('button', { name: 'Comentar' }));
      await expect(phone.getByRole('button', { name: 'Marca 1: Aquí, el logo más grande' })).toBeVisible();
      await run.tap(
        phone.getByRole('region', { name: 'Decisión' }).getByRole('button', { name: 'Solicitar cambios' }),
      );
      const dialog = phone.getByRole('dialog', { name: 'Solicitar cambios' });
      await dialog.getByLabel('Comentarios de la revisión').fill('El logo más grande, como en la marca');
      await run.tap(dialog.getByRole('button', { name: 'Confirmar' }));
      await expect(
        phone.getByRole('region', { name: 'Avisos' }).getByText('Cambios solicitados'),
      ).toBeVisible();
      run.report('Cliente, marca + comentario + pedir cambios desde el correo (390 px)');
      const item = await (await apiAs(request, 'employee')).call('get', `/production/items/${itemId}`);
      expect(item.status).toBe('client_changes');
    },
  );

  mailTest(
    'an internal reviewer approves for the client from the email on a desktop, in at most 4 taps',
    async ({ browser, request, mail: { peer } }) => {
      mailTest.setTimeout(90_000);
      const title = `Reel del correo ${Date.now()}`;
      const { portfolioId, itemId } = await pieceInInternalReview(request, title);
      const { button, subject } = await emailAbout(peer, demo.admin.email, title);
      expect(subject).toBe(`Elena Empleada te pide que revises «${title}» de Panadería Sol`);
      // The author is never emailed about her own step.
      expect((await peer.to(demo.employee.email)).filter((m) => m.subject?.includes(title))).toEqual([]);

      const desk = await freshBrowser(browser, 1280, 900);
      const run = tapCounter(desk);
      await desk.goto(button);
      await expect(desk).toHaveURL(new RegExp(`/portfolios/${portfolioId}/review\\?item=${itemId}`));
      await expect(desk.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await run.tap(desk.getByRole('button', { name: 'Aprobar para cliente' }));
      await run.tap(
        desk.getByRole('dialog', { name: 'Aprobar para cliente' }).getByRole('button', { name: 'Confirmar' }),
      );
      await expect(
        desk.getByRole('region', { name: 'Avisos' }).getByText('Enviada al cliente'),
      ).toBeVisible();
      const { taps } = run.report('Revisor interno, aprobar para el cliente desde el correo (1280 px)');
      expect(taps).toBeLessThanOrEqual(4);
      await desk.screenshot({ path: mailTest.info().outputPath('reviewer-approved-1280.png') });
      // Which asks the client, by email, in turn.
      await emailAbout(peer, demo.client.email, title);
    },
  );
});

mailTest(
  '«¿Olvidaste tu contraseña?»: from the sign-in form to the email, «Nueva contraseña» and signed in, on a phone',
  async ({ browser, request, mail: { peer } }) => {
    const email = `olvido-${Date.now()}@demo.local`;
    const admin = await apiAs(request, 'admin');
    await admin.call('post', '/users', {
      email,
      name: 'Olga Olvido',
      role: 'employee',
      password: 'Inicial-2026',
    });
    const page = await freshBrowser(browser, 390, 844);
    await page.goto('/auth');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(page.getByText(/te hemos enviado un enlace para elegir una contraseña nueva/)).toBeVisible();

    let link = '';
    await expect
      .poll(
        async () => {
          const text = (await peer.to(email)).map((m) => m.text ?? '').join('\n');
          link = /Elegir una contraseña nueva (\S+)/.exec(text)?.[1] ?? '';
          return link;
        },
        { message: `the email to ${email}`, timeout: 15_000 },
      )
      .toMatch(/\/auth\/password\?token=/);
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('Nueva-clave-2026');
    await page.getByLabel('Repite la contraseña').fill('Nueva-clave-2026');
    await page.getByRole('button', { name: 'Guardar y entrar' }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The new password signs in, the old one no longer, and the link was for one use.
    expect(
      (await request.post('/api/auth/login', { data: { email, password: 'Nueva-clave-2026' } })).status(),
    ).toBe(200);
    expect(
      (await request.post('/api/auth/login', { data: { email, password: 'Inicial-2026' } })).status(),
    ).toBe(401);
    const again = await freshBrowser(browser, 390, 844);
    await again.goto(link);
    await again.getByRole('textbox', { name: 'Nueva contraseña' }).fill('Otra-clave-2026');
    await again.getByLabel('Repite la contraseña').fill('Otra-clave-2026');
    await again.getByRole('button', { name: 'Guardar y entrar' }).click();
    await expect(again).toHaveURL(/\/auth/);
    expect(
      (await request.post('/api/auth/login', { data: { email, password: 'Otra-clave-2026' } })).status(),
    ).toBe(401);
    await page.context().close();
    await again.context().close();
  },
);

mailTest(
  'with email on, a new user made without a password is invited: the email leads to «Nueva contraseña» and in',
  async ({ browser, page, mail: { peer } }) => {
    const email = `invitada-${Date.now()}@demo.local`;
    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
    await expect(dialog.getByText(/recibirá una invitación por correo/)).toBeVisible();
    await dialog.getByLabel('Nombre').fill('Inés Invitada');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(page.getByText(`Invitación enviada a ${email}`)).toBeVisible();

    let link = '';
    await expect
      .poll(
        async () => {
          const mails = await peer.to(email);
          link = /Elegir mi contraseña (\S+)/.exec(mails.map((m) => m.text ?? '').join('\n'))?.[1] ?? '';
          return mails.map((m) => m.subject).join();
        },
        { message: `the invitation to ${email}`, timeout: 15_000 },
      )
      .toContain('Te damos la bienvenida');
    const invited = await freshBrowser(browser, 390, 844);
    await invited.goto(link);
    await invited.getByRole('textbox', { name: 'Nueva contraseña' }).fill('Bienvenida-2026');
    await invited.getByLabel('Repite la contraseña').fill('Bienvenida-2026');
    await invited.getByRole('button', { name: 'Guardar y entrar' }).click();
    await expect(invited).not.toHaveURL(/\/auth/);
    await invited.context().close();
  },
);
