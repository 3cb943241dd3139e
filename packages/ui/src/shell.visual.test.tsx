/**
 * Screenshot baselines of the shell's key states, rendered from their stories in Chromium. A visual change
 * fails here until its baseline (in __screenshots__/) is updated on purpose with
 * `npx vitest run --project ui:visual --update` and reviewed.
 */
import { composeStories } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../../.storybook/preview.tsx';
import * as breadcrumb from './breadcrumb/breadcrumb.stories.tsx';
import * as button from './button/button.stories.tsx';
import * as notifications from './notification-panel/notification-panel.stories.tsx';
import * as sidebar from './sidebar/sidebar.stories.tsx';
import * as system from './system-notifications/system-notifications.stories.tsx';
import * as toaster from './toaster/toaster.stories.tsx';
import { settle } from './visual-support.ts';

document.documentElement.classList.add('no-motion');

let root: Root | undefined;
let host: HTMLElement | undefined;

async function show(Story: ComponentType, width = 1280, height = 800) {
  await page.viewport(width, height);
  host = document.createElement('div');
  host.setAttribute('data-testid', 'story');
  host.style.cssText = `width:${width}px;min-height:${Math.min(height, 600)}px;padding:16px;background:var(--background)`;
  document.body.append(host);
  await act(async () => {
    root = createRoot(host!);
    root.render(<Story />);
  });
  await document.fonts.ready;
  // Enter animations finished, then a frame for layout: what is on screen is what stays.
  await settle();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  for (const el of document.body.querySelectorAll('[data-radix-portal], [data-radix-popper-content-wrapper]'))
    el.remove();
});

describe('visual baselines', () => {
  const cases: Array<[string, ComponentType, number?, number?]> = [
    ['button-variants', composeStories(button, preview.default).Variants],
    ['breadcrumb-collapsed', composeStories(breadcrumb, preview.default).MoreThanThreeCollapseIntoAMenu],
    ['badge-counts', composeStories(notifications, preview.default).BadgeCounts],
    ['sidebar-rail', composeStories(sidebar, preview.default).CollapsedRail],
    ['sidebar-mobile-topbar', composeStories(sidebar, preview.default).MobileDrawer, 390, 844],
  ];
  for (const [name, Story, width, height] of cases) {
    it(name, async () => {
      await show(Story, width, height);
      await expect.element(page.getByTestId('story')).toMatchScreenshot(name);
    });
  }

  // Fixed-position layers: the screenshot is of the layer itself.
  it('toasts-four-types', async () => {
    await show(composeStories(toaster, preview.default).FourTypes);
    await expect.element(page.getByRole('region', { name: 'Avisos' })).toMatchScreenshot('toasts-four-types');
  });

  it('system-pill-long', async () => {
    await show(composeStories(system, preview.default).LongMessageIsCutAt60);
    await expect
      .element(page.getByRole('button', { name: /Abrir notificaciones del sistema/ }))
      .toMatchScreenshot('system-pill-long');
  });

  it('notification-panel-many (popover)', async () => {
    await show(composeStories(notifications, preview.default).ManyWithActions);
    await expect
      .element(page.getByRole('region', { name: 'Notificaciones' }))
      .toMatchScreenshot('notification-panel-many');
  });

  it('notification-panel-empty-390', async () => {
    await show(composeStories(notifications, preview.default).Empty, 390, 844);
    await expect
      .element(page.getByRole('region', { name: 'Notificaciones' }))
      .toMatchScreenshot('notification-panel-empty-390');
  });
});
