import { act, cleanup, render } from '@testing-library/react';
import { memo } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePathname, useRouterNavigate } from './pathname.ts';

afterEach(cleanup);

const draws = { ours: 0, reactRouters: 0 };
let go: ((to: string) => void) | null = null;

/** A shell's part reading the path and navigating, as the app's shell and bell do. */
const Ours = memo(function Ours() {
  draws.ours++;
  go = useRouterNavigate();
  return <p>{usePathname()}</p>;
});

/** The same with react-router's `useNavigate`. */
const Theirs = memo(function Theirs() {
  draws.reactRouters++;
  useNavigate();
  return null;
});

/** Both under a layout route, as the app's shell is: drawn again only when what they read changes. */
function setup() {
  draws.ours = 0;
  draws.reactRouters = 0;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Ours />
            <Theirs />
            <Outlet />
          </>
        ),
        children: [
          { path: 'plan', element: <span>plan</span> },
          { path: 'home', element: <span>home</span> },
        ],
      },
    ],
    { initialEntries: ['/plan'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { draws, router, view, go: (to: string) => act(() => go!(to)) };
}

describe('useRouterNavigate and usePathname', () => {
  it('a change of the query does not draw the reader again; a change of the path does', async () => {
    const { draws, router, view, go } = setup();
    expect(view.container.querySelector('p')?.textContent).toBe('/plan');
    const before = { ...draws };
    await go('/plan?item=42');
    expect(router.state.location.search).toBe('?item=42');
    // `useNavigate`'s reader is drawn again by the query alone (the premise); ours is not.
    expect(draws.reactRouters).toBeGreaterThan(before.reactRouters);
    expect(draws.ours).toBe(before.ours);
    await go('/home');
    expect(router.state.location.pathname).toBe('/home');
    expect(draws.ours).toBe(before.ours + 1);
    expect(view.container.querySelector('p')?.textContent).toBe('/home');
  });
});
