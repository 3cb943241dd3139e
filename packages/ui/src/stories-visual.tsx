/**
 * A screenshot baseline for every story of the design system, in the light theme and in the dark one (set
 * on <html>, as the app does), at 1280 px, and for the shell's parts also at 390 px. Stories are found by
 * file, so a new story fails here until its baselines are created on purpose
 * (`npx vitest run --project ui:visual --update`, then review the PNGs in __screenshots__/).
 *
 * Each picture is taken of the story in its first state (play functions are the stories' own tests, run by
 * the ui:stories project); a story that opens a layer on mount is taken with its layer. Nothing waits a fixed
 * time: fonts, images, video frames, lazy parts (the markup settles) and finite animations are waited on, and the
 * clock is fixed so relative dates ("hace 3 días") never drift.
 */
import { composeStories } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../../.storybook/preview.tsx';
import { cleanUp, mountStory, settle } from './visual-support.ts';

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

/** The shell's parts: also at a phone's width. */
const shell = [
  'sidebar',
  'system-notifications',
  'notification-panel',
  'breadcrumb',
  'toaster',
  'action-bar',
  'loading-overlay',
];

/**
 * Stories that change by themselves on a timer from their first frame: they have no first state to picture (on a
 * busy machine the picture caught the second message). Their behaviour is their play function's, in ui:stories.
 */
const moving = new Set(['hooks-RotationEveryInterval']);

/** A story still busy after this long shows a loading state, not a load under way. */
const BUSY_FOR_GOOD_MS = 1500;

let root: Root | undefined;
let host: HTMLElement | undefined;

/** Images decoded, videos as far as they preload, and the markup no longer changing (lazy parts in). */
async function ready(frame: HTMLElement) {
  await document.fonts.ready;
  await expect
    .poll(
      () =>
        [...document.querySelectorAll('img')].every((i) => i.complete) &&
        [...document.querySelectorAll('video')].every(
          (v) => v.readyState >= (v.preload === 'none' ? 0 : v.preload === 'metadata' ? 1 : 2) || v.error,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  await Promise.all([...document.querySelectorAll('img')].map((i) => i.decode().catch(() => undefined)));
  // Settled: the markup stopped changing and nothing is busy, unless the story is a loading state (busy for
  // good, e.g. «Cargando»): what a story loads after mounting (the next page of a column) is waited for.
  let last = '';
  let busySince: number | undefined;
  await expect
    .poll(
      () => {
        const now = document.body.innerHTML;
        const same = now === last;
        last = now;
        const busy = document.querySelector('[aria-busy="true"]') !== null;
        // (performance.now: Date is fixed for the stories.)
        busySince = busy ? (busySince ?? performance.now()) : undefined;
        const loadingState = busy && performance.now() - busySince! > BUSY_FOR_GOOD_MS;
        return same && (!busy || loadingState) && frame.childElementCount > 0;
      },
      { interval: 50, timeout: 10_000 },
    )
    .toBe(true);
  await settle();
}

async function show(Story: ComponentType, width: number, theme: 'light' | 'dark') {
  await page.viewport(width, 844);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  let frame: HTMLElement;
  ({ root, host, frame } = await mountStory(Story, `width:${width}px`, 16));
  await ready(frame);
  // A story that opens a dialog or a menu on mount is pictured with it: the viewport, not the frame.
  const layer = document.querySelector(
    '[role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper]',
  );
  return layer ? page.elementLocator(document.body) : page.getByTestId('story');
}

/**
 * Registers the baselines of the story files whose name `include` accepts, in the calling test file (its
 * __screenshots__ folder holds them). The stories are split over two files by name so that the two workers of a
 * 2-core machine take one each: one file of 640 pictures was the ui suite's long pole.
 */
export function storyBaselines(include: (name: string) => boolean) {
  beforeAll(() => {
    document.documentElement.classList.add('no-motion');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T10:00:00Z'));
  });
  afterAll(() => vi.useRealTimers());
  afterEach(() => cleanUp(root, host));

  for (const [path, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const name = path.split('/').at(-1)!.replace('.stories.tsx', '');
    if (!include(name)) continue;
    const stories = Object.entries(composeStories(module, preview.default)) as Array<[string, ComponentType]>;
    const widths = shell.includes(name) ? [1280, 390] : [1280];
    describe(name, () => {
      for (const [storyName, Story] of stories.filter(([storyName]) => !moving.has(`${name}-${storyName}`)))
        for (const width of widths)
          for (const theme of ['light', 'dark'] as const) {
            const id = `${name}-${storyName}-${theme}${width === 1280 ? '' : `-${width}`}`;
            it(id, async () => {
              const target = await show(Story, width, theme);
              // Chromium's PDF viewer paints in its own process at its own pace: its box is masked.
              const plugins = [...document.querySelectorAll('object, embed, iframe')].map((el) =>
                page.elementLocator(el),
              );
              await expect
                .element(target)
                .toMatchScreenshot(id, plugins.length ? { screenshotOptions: { mask: plugins } } : {});
            });
          }
    });
  }
}
