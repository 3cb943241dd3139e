import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, with one thing more: the browser contexts a test opens itself (`browser.newContext()`, a
 * second person's tab) are closed when it ends. Playwright closes only the contexts of its own `page` and
 * `context` fixtures; the others lived on, signed in, with their sockets and timers, until the worker's browser
 * closed at the end of the suite: dozens of them by its end, all sharing the machine's two cores with the test
 * under way.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
