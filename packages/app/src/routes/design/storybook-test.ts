/**
 * The app build's stand-in for `storybook/test` (aliased in vite.config.ts; Storybook and the ui package's
 * Vitest runs keep the real one). /design renders the stories' `render` and `args` and never runs a `play`
 * function, so the test runtime (expect, userEvent, Testing Library: ~200 KB gz) stays out of the bundle.
 * Only `fn` is called while rendering (as an argument's callback); it is the callback itself or a no-op.
 */
type Callback = (...args: never[]) => unknown;

export function fn<T extends Callback>(implementation?: T): T {
  return implementation ?? ((() => undefined) as unknown as T);
}

/** What a play function would use: never called in the app, so it fails loudly if it ever is. */
function playOnly(): never {
  throw new Error('storybook/test: las funciones play no se ejecutan en la app');
}

export const expect = playOnly;
export const waitFor = playOnly;
export const within = playOnly;
export const fireEvent = new Proxy({}, { get: () => playOnly });
export const userEvent = new Proxy({}, { get: () => playOnly });
