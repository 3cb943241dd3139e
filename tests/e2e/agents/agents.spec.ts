import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { apiAs, grantDemoClient, newPortfolio } from '../../support/production.ts';
import { signIn, toast } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/** The dialog is open (`seriousViolations` lets its fade-in finish before measuring colours). */
async function settled(page: Page, name: string) {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openAgents(page: Page, portfolioId: string) {
  await page.goto(`/portfolios/${portfolioId}/agents`);
  await expect(page.getByRole('heading', { name: 'Agentes', level: 1 })).toBeVisible();
}

test('an employee creates an agent, edits it, (de)activates it, gives it tasks, cancels one and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const portfolioId = await newPortfolio(request);
  const name = `Redactor ${stamp()}`;
  await signIn(page, 'employee');
  await openAgents(page, portfolioId);
  await expect(page.getByText('Todavía no hay agentes')).toBeVisible();

  // Create from the empty state; the name is required.
  await page.getByRole('button', { name: 'Nuevo agente' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo agente' });
  await dialog.getByRole('button', { name: 'Crear agente' }).click();
  await expect(dialog.getByText('Escribe un nombre')).toBeVisible();
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Descripción (opcional)').fill('Escribe los textos de las piezas');
  await dialog.getByLabel('Instrucciones (opcional)').fill('Tono cercano, frases cortas.');
  await dialog.getByRole('button', { name: 'Crear agente' }).click();
  await expect(toast(page, `Agente ${name} creado`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Escribe los textos de las piezas');
  await expect(row).toContainText('0 tareas abiertas');
  await expect(row.getByRole('switch', { name: `Activo: ${name}` })).toBeChecked();

  // Edit the instructions.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${name}` });
  await expect(edit.getByLabel('Instrucciones (opcional)')).toHaveValue('Tono cercano, frases cortas.');
  await edit.getByLabel('Instrucciones (opcional)').fill('Tono cercano, frases cortas, sin tecnicismos.');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, `Agente ${name} actualizado`)).toBeVisible();
  await expect(edit).toBeHidden();

  // Deactivate (keyboard) and reactivate.
  await row.getByRole('switch', { name: `Activo: ${name}` }).focus();
  await page.keyboard.press('Space');
  await expect(toast(page, `Agente ${name} desactivado`)).toBeVisible();
  await expect(row.getByRole('switch', { name: `Activo: ${name}` })).not.toBeChecked();
  await row.getByRole('switch', { name: `Activo: ${name}` }).click();
  await expect(toast(page, `Agente ${name} activado`)).toBeVisible();
  await expect(row.getByRole('switch', { name: `Activo: ${name}` })).toBeChecked();

  // The detail: instructions as edited, no tools (only an admin manages the catalogue).
  await row.getByText(name, { exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('agent-instructions')).toHaveText(
    'Tono cercano, frases cortas, sin tecnicismos.',
  );
  await expect(page.getByText('Solo un administrador gestiona el catálogo de herramientas.')).toBeVisible();
  await expect(page.getByText('Este agente no tiene tareas')).toBeVisible();

  // Two tasks; without webhook tools they wait for people.
  for (const title of ['Copy de enero', 'Copy de febrero']) {
    await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
    const taskDialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await taskDialog.getByLabel('Título').fill(title);
    await taskDialog.getByLabel('Instrucciones (opcional)').fill('Tres variantes');
    await taskDialog.getByRole('button', { name: 'Crear tarea' }).click();
    await expect(toast(page, `Tarea ${title} creada`)).toBeVisible();
    await expect(taskDialog).toBeHidden();
  }
  const tasks = page.getByRole('list', { name: 'Tareas' });
  const january = tasks.getByRole('listitem').filter({ hasText: 'Copy de enero' });
  await expect(january).toContainText('Pendiente');
  await expect(tasks.getByRole('listitem')).toHaveCount(2);

  // Cancel one after confirming; the filter shows only what matches.
  await january.getByRole('button', { name: 'Cancelar tarea: Copy de enero' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Cancelar la tarea Copy de enero?' });
  await confirm.getByRole('button', { name: 'Cancelar tarea' }).click();
  await expect(toast(page, 'Tarea Copy de enero cancelada')).toBeVisible();
  await expect(january).toContainText('Cancelada');
  await expect(january.getByRole('button', { name: 'Reintentar la tarea Copy de enero' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Pendiente' }).click();
  await expect(tasks.getByRole('listitem')).toHaveCount(1);
  await expect(tasks).toContainText('Copy de febrero');

  // A comment on the agent.
  await page.getByLabel('Nuevo comentario').fill('Revisar el tono en marzo');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByText('Revisar el tono en marzo')).toBeVisible();

  // Back to the list: one open task; delete after confirming.
  await page.getByRole('link', { name: 'Volver a los agentes' }).click();
  await expect(row).toContainText('1 tarea abierta');
  await row.getByRole('button', { name: `Eliminar ${name}` }).click();
  const remove = page.getByRole('alertdialog', { name: `¿Eliminar ${name}?` });
  await expect(remove).toContainText('Se eliminan también sus tareas');
  await remove.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, `Agente ${name} eliminado`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText('Todavía no hay agentes')).toBeVisible();
});

test('a task runs through a webhook tool: done with its result, live, and the item gets a version in review', {
  tag: '@pg',
}, async ({ page, request }) => {
  test.setTimeout(90_000);
  // A local peer that answers like a copywriting service.
  const received: Array<{
    headers: IncomingMessage['headers'];
    body: { event: string; task: { title: string } };
  }> = [];
  const peer = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'Copy listo', material: { copy: '<p>Hola</p>' } }));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = peer.address() as AddressInfo;
    const portfolioId = await newPortfolio(request);
    const employee = await apiAs(request, 'employee');
    const cycle = await employee.call('post', `/production/portfolios/${portfolioId}/start`, {
      cycleDuration: 14,
    });
    const item = await employee.call('post', `/production/cycles/${cycle._id}/items`, {
      title: `Reel de pan ${stamp()}`,
      format: 'Reel',
    });
    const agentName = `Copy ${stamp()}`;
    const agent = await employee.call('post', `/agents/${portfolioId}`, { name: agentName });
    const admin = await apiAs(request, 'admin');
    const toolName = `Redacción ${stamp()}`;
    await admin.call('post', '/tools', {
      name: toolName,
      kind: 'webhook',
      config: { url: `http://127.0.0.1:${port}/run`, method: 'POST' },
    });

    await signIn(page, 'admin');
    await page.goto(`/portfolios/${portfolioId}/agents/${agent._id}`);
    await expect(page.getByRole('heading', { name: agentName, level: 1 })).toBeVisible();

    // Assign the tool from the catalogue.
    await page.getByRole('checkbox', { name: new RegExp(toolName) }).check();
    await page.getByRole('button', { name: 'Guardar herramientas' }).click();
    await expect(toast(page, 'Herramientas guardadas')).toBeVisible();

    // A task about the item, picked by keyboard search.
    await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await dialog.getByLabel('Título').fill('Copy del reel');
    await dialog.getByRole('combobox', { name: 'Pieza (opcional)' }).click();
    await page.keyboard.type(item.title);
    await page.getByRole('option', { name: new RegExp(item.title) }).click();
    await dialog.getByRole('button', { name: 'Crear tarea' }).click();
    await expect(toast(page, 'Tarea Copy del reel creada')).toBeVisible();

    // Done, with its result, without a reload.
    const task = page
      .getByRole('list', { name: 'Tareas' })
      .getByRole('listitem')
      .filter({ hasText: 'Copy del reel' });
    await expect(task).toContainText('Hecha');
    await expect(task).toContainText('Copy listo');
    await expect(task).toContainText('1 intento');
    await expect(task.getByRole('link', { name: 'Pieza vinculada' })).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0]!.body.event).toBe('task.run');
    expect(received[0]!.body.task.title).toBe('Copy del reel');
    expect(received[0]!.headers['x-crw-signature']).toMatch(/^sha256=/);

    // The material became a new version of the item, in internal review.
    const after = await employee.call('get', `/production/items/${item._id}`);
    expect(after.status).toBe('internal_review');
    expect(after.currentVersion).toBeGreaterThan(item.currentVersion ?? 0);
  } finally {
    await new Promise((resolve) => peer.close(resolve));
  }
});

test('a task its tool refuses fails with the error, and «Reintentar» runs it again to done', {
  tag: '@pg',
}, async ({ page, request }) => {
  test.setTimeout(90_000);
  // A peer that refuses the first call (a 4xx is not retried by the server) and accepts the next.
  let calls = 0;
  const peer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      res.writeHead(calls === 1 ? 422 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(calls === 1 ? { message: 'Falta contexto' } : { result: 'Segunda vez' }));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = peer.address() as AddressInfo;
    const portfolioId = await newPortfolio(request);
    const admin = await apiAs(request, 'admin');
    const toolName = `Titulares ${stamp()}`;
    const tool = await admin.call('post', '/tools', {
      name: toolName,
      kind: 'webhook',
      config: { url: `http://127.0.0.1:${port}/run`, method: 'POST' },
    });
    const employee = await apiAs(request, 'employee');
    const agent = await employee.call('post', `/agents/${portfolioId}`, { name: `Titulador ${stamp()}` });
    await employee.call('put', `/agents/${portfolioId}/${agent._id}/tools`, { tools: [tool._id] });

    await signIn(page, 'employee');
    await page.goto(`/portfolios/${portfolioId}/agents/${agent._id}`);
    await expect(page.getByRole('heading', { name: agent.name, level: 1 })).toBeVisible();
    // An employee sees the assigned tool, not the catalogue.
    await expect(page.getByRole('list', { name: 'Herramientas asignadas' })).toContainText(toolName);

    await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await dialog.getByLabel('Título').fill('Titular de abril');
    await dialog.getByRole('button', { name: 'Crear tarea' }).click();
    await expect(toast(page, 'Tarea Titular de abril creada')).toBeVisible();

    const task = page
      .getByRole('list', { name: 'Tareas' })
      .getByRole('listitem')
      .filter({ hasText: 'Titular de abril' });
    await expect(task).toContainText('Fallida');
    // Plain Spanish naming what failed and what to do; the tool's status and answer behind «Detalles» (issue 31).
    const error = task.locator('[data-task-error]');
    await expect(error).toContainText('La tarea falló');
    await expect(error).toContainText(
      `${toolName}: La herramienta rechazó la llamada (respondió 422): revisa qué datos espera`,
    );
    await expect(error.locator('[data-slot="error-message"]')).not.toContainText('Falta contexto');
    await expect(error.locator('pre')).toBeHidden();
    await error.getByRole('button', { name: 'Detalles' }).click();
    await expect(error.locator('pre')).toHaveText('HTTP 422\n{"message":"Falta contexto"}');
    await page.screenshot({ path: '/tmp/i31-agent-task-failed-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(error).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/i31-agent-task-failed-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(task).toContainText('1 intento');
    await task.getByRole('button', { name: 'Reintentar la tarea Titular de abril' }).click();
    await expect(toast(page, 'Tarea Titular de abril en cola de nuevo')).toBeVisible();
    await expect(task).toContainText('Hecha');
    await expect(task).toContainText('Segunda vez');
    await expect(task).not.toContainText('respondió 422');
    expect(calls).toBe(2);
  } finally {
    await new Promise((resolve) => peer.close(resolve));
  }
});

test('a client cannot reach the agents screens', async ({ page, request }) => {
  const portfolioId = await newPortfolio(request);
  await grantDemoClient(request, portfolioId);
  const employee = await apiAs(request, 'employee');
  const agent = await employee.call('post', `/agents/${portfolioId}`, { name: 'Interno' });
  await signIn(page, 'client');
  for (const path of [
    `/portfolios/${portfolioId}/agents`,
    `/portfolios/${portfolioId}/agents/${agent._id}`,
  ]) {
    await page.goto(path);
    await expect(page).not.toHaveURL(/\/agents/);
    await expect(page.getByRole('heading', { name: 'Agentes', level: 1 })).toHaveCount(0);
  }
});

for (const width of [1280, 390]) {
  test(`agents list and detail at ${width} px have no serious accessibility violations`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const portfolioId = await newPortfolio(request);
    const employee = await apiAs(request, 'employee');
    const agent = await employee.call('post', `/agents/${portfolioId}`, {
      name: 'Redactora de carruseles con un nombre bastante largo',
      description: 'Escribe el copy de los carruseles y propone titulares',
      instructions: 'Tono cercano.\nFrases cortas.',
    });
    await employee.call('post', `/agents/${portfolioId}/${agent._id}/tasks`, {
      title: 'Titulares de la campaña de primavera',
      instructions: 'Cinco opciones',
      dueDate: '2030-03-01',
    });
    await signIn(page, 'employee');
    await openAgents(page, portfolioId);
    await expect(page.getByText('1 tarea abierta')).toBeVisible();
    if (width === 390) await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/agents-${width}.png`, fullPage: true });

    await page.goto(`/portfolios/${portfolioId}/agents/${agent._id}`);
    await expect(page.getByRole('heading', { name: agent.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tareas' })).toContainText('Pendiente');
    await expect(page.getByText('Todavía no hay comentarios')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/agent-detail-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Nueva tarea' }).first().click();
    await settled(page, 'Nueva tarea');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/agent-task-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Editar ${agent.name}` }).click();
    await settled(page, `Editar ${agent.name}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
