import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../chromium.config.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Debian's Chromium, never a downloaded one (see the root README). */
const chromium = playwright({
  launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, '--font-render-hinting=none'] },
});

const browser = (name: string) => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const, name }],
  viewport: { width: 1280, height: 800 },
});

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The editor's packages, found only when a test reaches the rich-text stories: pre-bundled up front, so Vite
  // never reloads a running browser test to add them (which fails it on a fresh machine).
  optimizeDeps: {
    include: [
      '@tiptap/core',
      '@tiptap/extension-blockquote',
      '@tiptap/extension-bold',
      '@tiptap/extension-document',
      '@tiptap/extension-hard-break',
      '@tiptap/extension-heading',
      '@tiptap/extension-italic',
      '@tiptap/extension-list',
      '@tiptap/extension-mention',
      '@tiptap/extension-paragraph',
      '@tiptap/extension-text',
      '@tiptap/extensions',
      '@tiptap/react',
    ],
  },
  test: {
    // Two files at a time on a 2-core machine (vitest's default there is one): each story file renders in its
    // own page of the same Chromium.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: join(here, '../../.storybook') })],
        test: {
          name: 'ui:stories',
          browser: browser('stories · chromium'),
          setupFiles: [join(here, '../../.storybook/vitest.setup.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui:visual',
          include: ['src/**/*.visual.test.tsx'],
          testTimeout: 30_000,
          browser: {
            ...browser('visual · chromium'),
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.01 },
                // Two equal screenshots in a row: on a busy 2-core machine (two workers, the databases) one
                // screenshot has taken more than a second, and vitest's 5 s gave up before a second one.
                timeout: 20_000,
              },
            },
          },
        },
      },
      { extends: true, test: { name: 'ui:unit', include: ['src/**/*.test.ts'], environment: 'jsdom' } },
    ],
  },
});
