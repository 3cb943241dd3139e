import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Signs in with any e-mail and password through the real form, in a fresh context. */
async function signInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page, 'Inicio de sesión exitoso')).toBeVisible();
  return page;
}

async function openUsers(page: Page) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios', level: 1 })).toBeVisible();
}

/** Creates a user through the dialog with a generated password; answers the password shown once. */
async function createUser(page: Page, name: string, email: string, role: 'Empleado' | 'Cliente') {
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: role }).click();
  await dialog.getByRole('button', { name: 'Generar' }).click();
  await expect(dialog.getByRole('status')).toContainText('no se volverá a mostrar');
  const typed = await dialog.getByLabel('Contraseña', { exact: true }).inputValue();
  await dialog.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(toast(page, `Usuario ${name} creado`)).toBeVisible();
  // The dialog now edits the new user and shows the generated password once.
  const edit = page.getByRole('dialog', { name: `Editar a ${name}` });
  const shown = await edit.getByTestId('generated-password').textContent();
  expect(shown).toBe(typed);
  expect(shown).toMatch(/^[A-Za-z2-9]{16}$/);
  return { dialog: edit, password: shown! };
}

async function newPortfolio(request: Parameters<typeof apiAs>[0], businessName: string) {
  const { call } = await apiAs(request, 'employee');
  const p = await call('post', '/portfolios', {
    identifier: `adm-${stamp()}`,
    accountData: { businessName },
    productionCycleData: { pilaresContenido: ['A'], angulosVenta: ['B'], formatosCreativos: ['Reel'] },
  });
  return p._id as string;
}

test('an admin creates an employee and a client, grants them a portfolio, edits permissions; each signs in with the password shown once', async ({
  page,
  browser,
  request,
}) => {
  const id = stamp();
  const business = `Cafetería ${id}`;
  await newPortfolio(request, business);
  await signIn(page, 'admin');
  await openUsers(page);

  const employee = { name: `Eva Equipo ${id}`, email: `eva-${id}@example.test` };
  const created = await createUser(page, employee.name, employee.email, 'Empleado');
  const dialog = created.dialog;

  // Grant a portfolio by searching it; the employee's defaults are shown as labelled badges.
  await dialog.getByRole('tab', { name: 'Portafolios' }).click();
  await expect(dialog.getByText('Sin acceso a ningún portafolio')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Añadir portafolio' }).fill(id);
  await page.getByRole('option', { name: new RegExp(business) }).click();
  await dialog.getByRole('button', { name: 'Conceder acceso' }).click();
  await expect(toast(page, `Acceso a ${business} concedido`)).toBeVisible();
  const grant = dialog.getByRole('listitem').filter({ hasText: business });
  await expect(grant.getByText('Editar la producción', { exact: true })).toBeVisible();

  // Edit the grant's permissions: no more agents.
  await grant.getByRole('button', { name: `Editar permisos en ${business}` }).click();
  await grant.getByLabel('Gestionar agentes, tareas y herramientas del agente').uncheck();
  await grant.getByRole('button', { name: 'Guardar permisos' }).click();
  await expect(toast(page, `Permisos en ${business} guardados`)).toBeVisible();
  await expect(grant.getByText('Gestionar agentes, tareas y herramientas del agente')).toHaveCount(0);

  // Global permissions from the catalogue: take "Crear portafolios" away.
  await dialog.getByRole('tab', { name: 'Permisos' }).click();
  const globals = dialog.getByRole('group', { name: 'Permisos globales' });
  await expect(globals.getByLabel('Buscar usuarios')).toBeChecked();
  await globals.getByLabel('Crear portafolios').uncheck();
  await dialog.getByRole('button', { name: 'Guardar permisos' }).click();
  await expect(toast(page, 'Permisos guardados')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toBeHidden();

  // The table lists the new user (search is debounced and answers on the server).
  await page.getByLabel('Buscar personas').fill(id);
  const row = page.getByRole('row').filter({ hasText: employee.email });
  await expect(row).toContainText('Empleado');

  // A client too.
  const client = { name: `Cleo Cliente ${id}`, email: `cleo-${id}@example.test` };
  const createdClient = await createUser(page, client.name, client.email, 'Cliente');
  await createdClient.dialog.getByRole('tab', { name: 'Portafolios' }).click();
  await createdClient.dialog.getByRole('combobox', { name: 'Añadir portafolio' }).fill(id);
  await page.getByRole('option', { name: new RegExp(business) }).click();
  await createdClient.dialog.getByRole('button', { name: 'Conceder acceso' }).click();
  await expect(createdClient.dialog.getByText('Revisión del cliente', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: client.email })).toContainText('Cliente');

  // Each signs in with the password shown once and sees the granted portfolio.
  const asEmployee = await signInAs(browser, employee.email, created.password);
  await expect(asEmployee.getByText(business).first()).toBeVisible();
  await asEmployee.context().close();
  const asClient = await signInAs(browser, client.email, createdClient.password);
  await expect(asClient.getByText(business).first()).toBeVisible();
  await asClient.context().close();
});

test("changing an employee's role to client warns first, resets grants to the client's defaults and takes the old powers away", async ({
  page,
  browser,
  request,
}) => {
  const id = stamp();
  const business = `Librería ${id}`;
  const portfolioId = await newPortfolio(request, business);
  const admin = await apiAs(request, 'admin');
  const person = {
    name: `Pablo Paso ${id}`,
    email: `pablo-${id}@example.test`,
    password: `clave-${id}-larga`,
  };
  const user = await admin.call('post', '/users', { ...person, role: 'employee' });
  await admin.call('post', `/users/${user._id}/portfolio-access`, { portfolioId });

  // The employee, signed in: can search users and open the portfolio's production plan.
  const asEmployee = await signInAs(browser, person.email, person.password);
  const oldToken = await asEmployee.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${oldToken}` };
  expect((await request.get('/api/users/search?query=a', { headers })).status()).toBe(200);
  expect((await request.get(`/api/agents/${portfolioId}`, { headers })).status()).toBe(200);

  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByLabel('Buscar personas').fill(person.email);
  await page.getByRole('button', { name: `Editar a ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Editar a ${person.name}` });
  await expect(dialog.getByTestId('role-warning')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Cliente' }).click();
  // Before saving, it says what will happen.
  await expect(dialog.getByTestId('role-warning')).toContainText(
    'sus permisos globales y los de cada portafolio vuelven a los valores por defecto',
  );
  await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(toast(page, `Usuario ${person.name} actualizado`)).toBeVisible();
  await expect(dialog.getByTestId('role-warning')).toHaveCount(0);

  // The grant is back to the client's defaults.
  await dialog.getByRole('tab', { name: 'Portafolios' }).click();
  const grant = dialog.getByRole('listitem').filter({ hasText: business });
  await expect(grant.getByText('Revisión del cliente', { exact: true })).toBeVisible();
  await expect(grant.getByText(/Editar la producción/)).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Permisos' }).click();
  await expect(dialog.getByLabel('Buscar usuarios')).not.toBeChecked();
  await expect(dialog.getByLabel('Crear portafolios')).not.toBeChecked();

  // The old session is over…
  expect((await request.get('/api/auth/me', { headers })).status()).toBe(401);
  await asEmployee.context().close();
  // …and signed in again, the old powers are gone: no user search, no staff screens, no production plan.
  const asClient = await signInAs(browser, person.email, person.password);
  const token = await asClient.evaluate(() => localStorage.getItem('token'));
  const clientHeaders = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/users/search?query=a', { headers: clientHeaders })).status()).toBe(403);
  const agents = await request.get(`/api/agents/${portfolioId}`, { headers: clientHeaders });
  expect([403, 404]).toContain(agents.status());
  await asClient.goto('/portfolios/create');
  await expect(asClient).toHaveURL(/\/client-dashboard$|\/$/);
  await expect(asClient.getByRole('heading', { name: 'Crear portafolio' })).toHaveCount(0);
  await asClient.context().close();
});

test('an admin deletes a user after confirming; the user can no longer sign in', async ({
  page,
  request,
}) => {
  const id = stamp();
  const admin = await apiAs(request, 'admin');
  const person = {
    name: `Dora Despedida ${id}`,
    email: `dora-${id}@example.test`,
    password: `clave-${id}-larga`,
  };
  await admin.call('post', '/users', { ...person, role: 'employee' });

  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByLabel('Buscar personas').fill(id);
  await expect(page.getByRole('row').filter({ hasText: person.email })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar a ${person.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Eliminar a ${person.name}?` });
  await expect(confirm).toContainText('se conserva');
  // Cancelling keeps the user.
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('row').filter({ hasText: person.email })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar a ${person.name}` }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, `Usuario ${person.name} eliminado`)).toBeVisible();
  await expect(page.getByText(`Nadie coincide con «${id}»`)).toBeVisible();

  const login = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(login.status()).toBe(401);
});

test('the last admin cannot be demoted or deleted, and the server’s refusals are shown', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByLabel('Buscar personas').fill('admin@demo.local');
  const row = page.getByRole('row').filter({ hasText: 'admin@demo.local' });
  await expect(row).toContainText('Tú');
  await expect(row.getByRole('button', { name: 'No puedes eliminar tu propia cuenta' })).toBeDisabled();
  await row.getByRole('button', { name: 'Editar a Ana Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar a Ana Admin' });
  await expect(dialog.getByRole('combobox', { name: 'Rol' })).toBeDisabled();
  await expect(dialog.getByText('No puedes cambiar tu propio rol')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Permisos' }).click();
  await expect(dialog.getByText('No puedes cambiar tus propios permisos.')).toBeVisible();
  await expect(dialog.getByLabel('Buscar usuarios')).toBeDisabled();
  await page.keyboard.press('Escape');

  // The server refuses it too (the UI never sends it): the only admin is the one asking.
  const admin = await apiAs(request, 'admin');
  const me = await admin.call('get', '/auth/me');
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@demo.local', password: 'demo-admin-123' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const demote = await request.put(`/api/users/${me._id}`, { headers, data: { role: 'employee' } });
  expect(demote.status()).toBe(403);
  expect((await demote.json()).message).toBe('No puedes cambiar tu propio rol');

  // A refusal the UI cannot foresee is shown in the form: an e-mail already in use.
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await create.getByLabel('Nombre').fill('Copia de Elena');
  await create.getByLabel('Correo electrónico').fill('empleado@demo.local');
  await create.getByLabel('Contraseña', { exact: true }).fill('una-clave-larga');
  await create.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(create.getByText('Ya existe un usuario con ese correo')).toBeVisible();
  await expect(create.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
});

test('non-admins get no access to the admin screens nor to their API', async ({ browser, request }) => {
  for (const role of ['employee', 'client'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, role);
    for (const path of ['/admin/users', '/admin/tools']) {
      await page.goto(path);
      await expect(page).not.toHaveURL(new RegExp(`${path}$`));
      await expect(
        page.getByRole('heading', { name: /Gestión de Usuarios|Herramientas/, level: 1 }),
      ).toHaveCount(0);
    }
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/users?page=1&limit=10', { headers })).status()).toBe(403);
    expect((await request.get('/api/tools', { headers })).status()).toBe(403);
    await context.close();
  }
});

for (const width of [1280, 390]) {
  test(`/admin/users at ${width} px (table or list, dialog) has no serious accessibility violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signIn(page, 'admin');
    await openUsers(page);
    await expect(page.getByText('admin@demo.local')).toBeVisible();
    if (width === 390) await expect(page.getByRole('table')).toHaveCount(0);
    else await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/admin-users-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Editar a Elena Empleada' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar a Elena Empleada' });
    await dialog.getByRole('tab', { name: 'Portafolios' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Añadir portafolio' })).toBeVisible();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/admin-users-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await page
      .getByRole('dialog', { name: 'Nuevo usuario' })
      .getByRole('button', { name: 'Generar' })
      .click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/admin-users-new-${width}.png` });
  });
}

test('a header sorts the whole list on the server, then pages', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const tag = `orden${stamp()}`;
  // 22 users: more than one page of 20, named so that the last by name is created first.
  for (let i = 21; i >= 0; i--) {
    await admin.call('post', '/users', {
      name: `${tag} ${String(i).padStart(2, '0')}`,
      email: `${tag}-${i}@example.com`,
      role: 'client',
      password: 'contraseña-de-orden-1',
    });
  }
  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByLabel('Buscar personas').fill(tag);
  const table = page.getByRole('table');
  const firstName = table.getByRole('row').nth(1);
  await expect(firstName).toContainText(`${tag} 00`);

  const header = table.getByRole('columnheader', { name: 'Nombre' });
  const desc = page.waitForRequest((r) => /\/api\/users\?.*sort=name&order=desc/.test(r.url()));
  await header.getByRole('button').click(); // ascending
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click(); // descending
  await desc;
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // The first page now starts with the last user of the whole list, which was not on page 1 before.
  await expect(firstName).toContainText(`${tag} 21`);
  // A search's total goes as far as its page: past a full page it is a lower bound, exact on the last one.
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(page.getByText('21 o más usuarios')).toBeVisible();
  await expect(pagination).toContainText('Página 1 / 2 o más');
  await pagination.getByRole('button', { name: 'Siguiente' }).click();
  await expect(firstName).toContainText(`${tag} 01`);
  await expect(page.getByText('22 usuarios')).toBeVisible();
  await expect(pagination).toContainText('Página 2 / 2');
  await expect(pagination.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
});

test('without email configured, a new user needs a password: the form says so instead of inviting', async ({
  page,
}) => {
  const id = stamp();
  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await expect(dialog.getByText(/El correo no está configurado/)).toBeVisible();
  await dialog.getByLabel('Nombre').fill(`Sin Correo ${id}`);
  await dialog.getByLabel('Correo electrónico').fill(`sin-correo-${id}@example.test`);
  await dialog.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(
    dialog.getByText('Escribe o genera una contraseña: sin correo no se puede enviar una invitación'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Contraseña', { exact: true })).toBeFocused();
});
