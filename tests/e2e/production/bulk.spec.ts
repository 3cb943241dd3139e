import type { Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe.ts';
import { newItem } from '../../support/production.ts';
import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 49, points 1 and 2: twenty pieces typed, then dated, given a format and an owner in a few actions (the
 * table's selection and the bulk bar); a card dragged onto a calendar day takes that day as its publish date.
 */
test.describe.configure({ timeout: 180_000 });

const titles = Array.from({ length: 20 }, (_, i) => `Plan masivo ${String(i + 1).padStart(2, '0')}`);
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const typed = (isoDate: string) => isoDate.split('-').reverse().join('/');
// Two days of the month on screen (the calendar opens on the cycle's first day, today).
const planned = iso(0);
const other = Number(planned.slice(8)) > 1 ? iso(-1) : iso(1);

/** Counts what the user does after typing the titles: each click, fill and key press. */
function counter() {
  let n = 0;
  return {
    click: async (l: ReturnType<Page['getByRole']>) => {
      n += 1;
      await l.click();
    },
    fill: async (l: ReturnType<Page['getByRole']>, v: string) => {
      n += 1;
      await l.fill(v);
    },
    get count() {
      return n;
    },
  };
}

for (const width of [1280, 390]) {
  test(`plan 20 pieces in bulk, then move one with «Mover a fecha…» (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { portfolioId, cycleId, employee } = await newItem(request, 'Ya planificada');
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await context.newPage();
    await signIn(page, 'employee');
    await page.goto(`/portfolios/${portfolioId}/production?view=table`);
    const line = page.getByRole('textbox', { name: 'Añadir pieza en borrador' });
    await line.click();
    for (const title of titles) {
      await page.keyboard.type(title);
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('status').filter({ hasText: 'Se añadió «Plan masivo 20»' })).toBeAttached({
      timeout: 30_000,
    });

    // From here on, every action counts.
    const act = counter();
    await expect(
      page.getByRole('checkbox', { name: 'Seleccionar: Plan masivo 01' }).filter({ visible: true }),
    ).toBeVisible({ timeout: 15_000 });
    await act.click(
      page.getByRole('checkbox', { name: 'Seleccionar todas las de esta página' }).filter({ visible: true }),
    );
    const bar = page.getByRole('region', { name: 'Acciones sobre las piezas seleccionadas' });
    await expect(bar.getByText('21 seleccionadas')).toBeVisible();

    const date = planned;
    await act.click(bar.getByRole('button', { name: 'Fecha', exact: true }));
    let dialog = page.getByRole('dialog');
    await act.fill(dialog.getByRole('textbox'), typed(date));
    await act.click(dialog.getByRole('button', { name: 'Aplicar' }));
    await expect(page.getByText('Se actualizaron 21 piezas')).toBeVisible();

    await act.click(bar.getByRole('button', { name: 'Formato', exact: true }));
    dialog = page.getByRole('dialog');
    await act.click(dialog.getByRole('combobox', { name: 'Formato' }));
    await act.click(page.getByRole('option', { name: 'Reel' }));
    await act.click(dialog.getByRole('button', { name: 'Aplicar' }));
    await expect(dialog).toBeHidden();

    await act.click(bar.getByRole('button', { name: 'Responsable', exact: true }));
    dialog = page.getByRole('dialog');
    await act.click(dialog.getByRole('combobox', { name: 'Responsable' }));
    await act.click(page.getByRole('option').nth(1));
    await act.click(dialog.getByRole('button', { name: 'Aplicar' }));
    await expect(dialog).toBeHidden();
    expect(act.count).toBeLessThan(15);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`bulk-${width}.png`) });

    const list = await employee.call('get', `/production/cycles/${cycleId}/items?limit=50`);
    const mine = (
      list.items as Array<{ title: string; publishDate: string; format: string; assigneeId: string }>
    ).filter((i) => i.title.startsWith('Plan masivo'));
    expect(mine).toHaveLength(20);
    for (const item of mine) {
      expect(item.publishDate).toBe(date);
      expect(item.format).toBe('Reel');
      expect(item.assigneeId).toBeTruthy();
    }

    // By keyboard, on the calendar: «Mover a fecha…».
    await page.goto(`/portfolios/${portfolioId}/production?view=calendar`);
    await page.getByRole('button', { name: 'Mover a fecha…' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Pieza' }).click();
    await page.getByRole('option', { name: /^Plan masivo 08/ }).click();
    await dialog.getByRole('textbox').fill(typed(iso(4)));
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await expect(page.getByText(/«Plan masivo 08» pasa al/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

// With a mouse at both widths, and with a finger on a phone (a press held 250 ms, then the move).
for (const [width, input] of [
  [1280, 'mouse'],
  [390, 'mouse'],
  [390, 'touch'],
] as const) {
  test(`a card dragged onto a calendar day takes that day (${width} px, ${input})`, async ({
    browser,
    request,
  }) => {
    const { portfolioId, cycleId, employee } = await newItem(request, 'Ya planificada', {
      publishDate: planned,
    });
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 800 },
      hasTouch: input === 'touch',
    });
    const page = await context.newPage();
    await signIn(page, 'employee');
    await page.goto(`/portfolios/${portfolioId}/production?view=calendar`);
    // A piece of the day on screen dragged onto another day (one that has a piece, for the phone's agenda).
    await employee.call('post', `/production/cycles/${cycleId}/items`, {
      title: 'Otro día',
      publishDate: other,
    });
    // Draggable once the drag and drop has loaded (it comes lazily).
    const event = page
      .locator(`[data-date="${planned}"] [data-slot="calendar-event"][data-draggable]`)
      .first();
    const target = page.locator(`[data-date="${other}"]`).first();
    await expect(event).toBeVisible({ timeout: 15_000 });
    await expect(target).toBeVisible();
    const title = (await event.textContent())!.trim();
    // Both days on screen (the calendar sits below the plan's filters): the mouse acts where it is seen.
    await event.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = (await event.boundingBox())!;
    const to = (await target.boundingBox())!;
    const [fx, fy] = [from.x + from.width / 2, from.y + from.height / 2];
    const [tx, ty] = [to.x + to.width / 2, to.y + Math.min(to.height / 2, 20)];
    if (input === 'mouse') {
      // A press that does not move is a click: it opens the piece (and arms nothing that outlives it).
      await page.mouse.click(fx, fy);
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await expect(page.locator('[data-dragging]')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.mouse.move(fx, fy);
      await page.mouse.down();
      await page.mouse.move(fx + 10, fy + 10, { steps: 3 });
      await page.mouse.move(tx, ty, { steps: 15 });
      // The day below the event, and it alone, is marked as the one that takes it.
      await expect(target).toHaveAttribute('data-drop-over', '');
      await expect(page.locator('[data-drop-over]')).toHaveCount(1);
      // The pressed event, and it alone, is the one dragged: faded where it was, its copy under the pointer.
      await expect(page.locator('[data-dragging]')).toHaveCount(1);
      await expect(page.locator('[data-dragging]')).toHaveText(title);
      await expect(page.locator('[data-slot="calendar-drag-overlay"]')).toHaveText(title);
      await page.mouse.up();
    } else {
      const cdp = await context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
      await touch('touchStart', fx, fy);
      await page.waitForTimeout(400);
      for (let i = 1; i <= 15; i++)
        await touch('touchMove', fx + ((tx - fx) * i) / 15, fy + ((ty - fy) * i) / 15);
      await expect(target).toHaveAttribute('data-drop-over', '');
      await expect(page.locator('[data-drop-over]')).toHaveCount(1);
      // The pressed event, and it alone, is the one dragged: faded where it was, its copy under the pointer.
      await expect(page.locator('[data-dragging]')).toHaveCount(1);
      await expect(page.locator('[data-dragging]')).toHaveText(title);
      await expect(page.locator('[data-slot="calendar-drag-overlay"]')).toHaveText(title);
      await touch('touchEnd', tx, ty);
    }
    await expect(page.getByText(`«${title}» pasa al`)).toBeVisible();
    await expect(page.locator('[data-drop-over]')).toHaveCount(0);
    await expect(page.locator('[data-dragging]')).toHaveCount(0);
    await expect
      .poll(async () => {
        const moved = await employee.call('get', `/production/cycles/${cycleId}/items?limit=50`);
        return (moved.items as Array<{ title: string; publishDate: string }>).find((i) => i.title === title)
          ?.publishDate;
      })
      .toBe(other);
    await expect(target.locator('[data-slot="calendar-event"]', { hasText: title })).toBeVisible();

    await context.close();
  });
}

// A calendar opened by its address draws before its drag and drop has come, and the drag and drop mounts the grid
// again when it does: nothing can be started in the grid until then, so nothing started is lost.
test('a calendar opened by its address is inert until its drag and drop has come, then keeps what is opened in it', async ({
  browser,
  request,
}) => {
  const { portfolioId, cycleId, employee } = await newItem(request, 'Del día 1', { publishDate: planned });
  for (const n of [2, 3, 4, 5])
    await employee.call('post', `/production/cycles/${cycleId}/items`, {
      title: `Del día ${n}`,
      publishDate: planned,
    });
  // The chunk is held on its way (a route does not see what passes the service worker).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signIn(page, 'employee');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(/\/assets\/calendar-dnd-[^/]+\.js$/, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  await page.goto(`/portfolios/${portfolioId}/production?view=calendar`);
  const more = page.getByRole('button', { name: /^\+3 más/ });
  await expect(more).toBeVisible();
  await expect.poll(() => asked).toBe(1);
  // Drawn while it waits, but a click lands on nothing and the days take no focus.
  await more.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await more.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(900);
  const list = page.locator('[data-slot="calendar-more"]');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(300);
  await expect(list).toHaveCount(0);
  await expect(page.locator('[data-slot="calendar-waiting"] [data-slot="calendar-event"]')).toHaveCount(2);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-slot="calendar-waiting"]'))).toBe(
    false,
  );

  release();
  await expect(page.locator('[data-slot="calendar-event"][data-draggable]')).toHaveCount(2);
  await expect(page.locator('[data-slot="calendar-waiting"]')).toHaveCount(0);
  await more.click();
  await expect(list).toBeVisible();
  await page.waitForTimeout(300);
  await expect(list).toBeVisible();
  expect(await list.getByRole('button', { name: /Del día/ }).count()).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('a calendar whose drag and drop cannot load stays, without dragging', async ({ browser, request }) => {
  const { portfolioId } = await newItem(request, 'Sin arrastre', { publishDate: planned });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signIn(page, 'employee');
  let refused = 0;
  await page.route(/\/assets\/calendar-dnd-[^/]+\.js$/, async (route) => {
    refused += 1;
    await route.abort('connectionfailed');
  });
  await page.goto(`/portfolios/${portfolioId}/production?view=calendar`);
  const event = page.locator('[data-slot="calendar-event"]', { hasText: 'Sin arrastre' });
  await expect(page.locator('[data-slot="calendar-waiting"]')).toHaveCount(0);
  await expect(event).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  await expect(event).not.toHaveAttribute('data-draggable');
  await event.click();
  await expect(page.getByRole('dialog', { name: 'Sin arrastre' })).toBeVisible();
  await context.close();
});
