import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { Toaster } from '../toaster/toaster.tsx';
import { ACTION_BAR_HEIGHT_VAR, ActionBar } from './action-bar.tsx';

const meta = {
  title: 'Shell/ActionBar',
  component: ActionBar,
  args: { 'aria-label': 'Decisión' },
  parameters: {
    docs: {
      description: {
        component:
          'Las acciones decisivas de una pantalla al alcance del pulgar: fijas abajo en un teléfono, en su sitio desde `lg`. Mientras están fijas, los avisos suben por encima en vez de taparlas.',
      },
    },
  },
} satisfies Meta<typeof ActionBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A review's decision with a toast just shown: the toast never covers «Aprobar» or «Solicitar cambios». At the
 * stories' desktop width the bar is in the page's flow (nothing to make room for).
 */
export const WithAToast: Story = {
  render: (args) => (
    // A transform makes this box the containing block of what is fixed inside it: the story's picture holds the
    // bar and the toast where a phone's screen would.
    <div className="relative min-h-56 [transform:translateZ(0)]">
      <p className="text-sm text-muted-foreground">La pieza a revisar…</p>
      <ActionBar {...args}>
        <div className="flex flex-wrap gap-2 [&>button]:flex-1 lg:[&>button]:flex-none">
          <Button>Aprobar</Button>
          <Button variant="outline">Solicitar cambios</Button>
        </div>
      </ActionBar>
      <Toaster
        toasts={[{ id: '1', type: 'success', message: 'Pieza aprobada', duration: 600_000 }]}
        onDismiss={() => undefined}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const bar = body.getByRole('region', { name: 'Decisión' });
    const toast = body.getByText('Pieza aprobada');
    const published = () => document.documentElement.style.getPropertyValue(ACTION_BAR_HEIGHT_VAR);
    if (getComputedStyle(bar).position === 'fixed') {
      // Fixed (a phone's width): its height is published and the toast sits wholly above it.
      await waitFor(() => expect(published()).toBe(`calc(${bar.offsetHeight}px + 0px)`));
      await waitFor(() =>
        expect(toast.getBoundingClientRect().bottom).toBeLessThanOrEqual(bar.getBoundingClientRect().top),
      );
    } else {
      // In the flow (a desktop): nothing to make room for.
      expect(published()).toBe('');
    }
    for (const name of ['Aprobar', 'Solicitar cambios'])
      await expect(within(bar).getByRole('button', { name })).toBeVisible();
  },
};

/** As on a phone (fixed to the bottom at any width here): the toast rises above it. */
export const FixedAsOnAPhone: Story = {
  ...WithAToast,
  args: { 'aria-label': 'Decisión', className: 'lg:fixed lg:inset-x-0 lg:bottom-0 lg:border-t lg:p-3' },
  play: async (context) => {
    await expect(
      getComputedStyle(
        within(context.canvasElement.ownerDocument.body).getByRole('region', { name: 'Decisión' }),
      ).position,
    ).toBe('fixed');
    await WithAToast.play!(context);
  },
};
