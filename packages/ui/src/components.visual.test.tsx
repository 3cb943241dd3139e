/**
 * Screenshot baselines of the design system's primitives (badge, card, checkbox, switch, textarea, dialog,
 * dropdown menu, tooltip, skeleton), each rendered from its stories at 1280 px, in the light theme and in the
 * dark one (set on <html>, as the app does, so portalled layers take it too). A visual change fails here until
 * its baseline (in __screenshots__/) is updated on purpose with `npx vitest run --project ui:visual --update`
 * and reviewed. No fixed sleeps: each case waits for fonts, for its layer to be visible and positioned, and
 * for any running animation to finish.
 */
import { composeStories } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import * as preview from '../../../.storybook/preview.tsx';
import * as badge from './badge/badge.stories.tsx';
import * as card from './card/card.stories.tsx';
import * as checkbox from './checkbox/checkbox.stories.tsx';
import * as dialog from './dialog/dialog.stories.tsx';
import * as dropdownMenu from './dropdown-menu/dropdown-menu.stories.tsx';
import * as skeleton from './skeleton/skeleton.stories.tsx';
import * as switchControl from './switch/switch.stories.tsx';
import * as textarea from './textarea/textarea.stories.tsx';
import * as tooltip from './tooltip/tooltip.stories.tsx';
import { cleanUp, mountStory, settle } from './visual-support.ts';

document.documentElement.classList.add('no-motion');

const WIDTH = 1280;
const HEIGHT = 800;

let root: Root | undefined;
let host: HTMLElement | undefined;

async function show(Story: ComponentType, theme: Theme) {
  await page.viewport(WIDTH, HEIGHT);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  // The screenshot is of the frame: the page's full width, only as tall as the story, so a one-pixel change
  // is a large share of the picture.
  ({ root, host } = await mountStory(Story, `width:${WIDTH}px;padding:8px`, 8));
  await document.fonts.ready;
  await settle();
}

/** Stricter than the project's 1 %: these pictures are small, and a one-pixel change must fail. */
const strict = {
  comparatorName: 'pixelmatch',
  comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.001 },
  // As the project's (vitest.config.ts): a busy machine takes more than 5 s for two equal screenshots.
  timeout: 20_000,
} as const;

/** A floating layer (menu, tooltip) is placed by Radix after its first frame: wait until it is on screen. */
async function placed() {
  const wrapper = () => document.querySelector<HTMLElement>('[data-radix-popper-content-wrapper]');
  await expect.poll(() => wrapper()?.getBoundingClientRect().top ?? -1).toBeGreaterThan(0);
  await settle();
  return page.elementLocator(wrapper()!);
}

afterEach(() => cleanUp(root, host));

type Theme = 'light' | 'dark';
const story = preview.default;
const stories = {
  badge: composeStories(badge, story),
  card: composeStories(card, story),
  checkbox: composeStories(checkbox, story),
  switch: composeStories(switchControl, story),
  textarea: composeStories(textarea, story),
  skeleton: composeStories(skeleton, story),
  dialog: composeStories(dialog, story),
  dropdownMenu: composeStories(dropdownMenu, story),
  tooltip: composeStories(tooltip, story),
};

for (const theme of ['light', 'dark'] as const) {
  describe(`visual baselines of the primitives · ${theme}`, () => {
    const inline: Array<[string, ComponentType]> = [
      ['badge-tones', stories.badge.AllTones],
      ['badge-long-text', stories.badge.LongText],
      ['card-default', stories.card.Default],
      ['card-loading', stories.card.Loading],
      ['card-error', stories.card.WithError],
      ['card-long-text', stories.card.LongText],
      ['checkbox-indeterminate', stories.checkbox.Indeterminate],
      ['checkbox-error', stories.checkbox.WithError],
      ['checkbox-disabled', stories.checkbox.Disabled],
      ['switch-error', stories.switch.WithError],
      ['switch-disabled', stories.switch.Disabled],
      ['textarea-error', stories.textarea.WithError],
      ['textarea-long-text', stories.textarea.LongText],
      ['skeleton-list', stories.skeleton.Default],
    ];
    for (const [name, Story] of inline) {
      it(name, async () => {
        await show(Story, theme);
        await expect.element(page.getByTestId('story')).toMatchScreenshot(`${name}-${theme}`, strict);
      });
    }

    it('checkbox-focus', async () => {
      await show(stories.checkbox.Default, theme);
      // A real Tab, so the ring is the keyboard's (:focus-visible).
      await userEvent.tab();
      await expect.element(page.getByRole('checkbox')).toHaveFocus();
      await expect.element(page.getByTestId('story')).toMatchScreenshot(`checkbox-focus-${theme}`, strict);
    });

    it('dialog-open-with-error', async () => {
      await show(stories.dialog.WithError, theme);
      await page.getByRole('button', { name: 'Solicitar cambios' }).click();
      const layer = page.getByRole('dialog', { name: 'Solicitar cambios' });
      await expect.element(layer).toBeVisible();
      await expect.element(page.getByRole('alert')).toHaveTextContent(/No se pudo enviar/);
      await settle();
      await expect.element(layer).toMatchScreenshot(`dialog-open-with-error-${theme}`, strict);
    });

    it('dropdown-menu-open', async () => {
      await show(stories.dropdownMenu.LongText, theme);
      await page.getByRole('button', { name: 'Acciones de la pieza' }).click();
      await expect.element(page.getByRole('menu')).toBeVisible();
      const layer = await placed();
      await expect.element(layer).toMatchScreenshot(`dropdown-menu-open-${theme}`, strict);
    });

    it('tooltip-on-focus', async () => {
      await show(stories.tooltip.LongText, theme);
      (page.getByRole('button', { name: 'Notificaciones' }).element() as HTMLElement).focus();
      await expect.element(page.getByRole('tooltip')).toHaveTextContent(/incluidas las archivadas/);
      const layer = await placed();
      await expect.element(layer).toMatchScreenshot(`tooltip-on-focus-${theme}`, strict);
    });
  });
}
