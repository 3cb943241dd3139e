import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { uiMessages } from '../messages.ts';
import { FIT, MAX_SCALE, viewTransform, type ZoomView } from './zoom.ts';
import { ZoomToolbar, zoomKey } from './zoom-toolbar.tsx';

const t = uiMessages.imageCompare;

/** The toolbar over a pane that zooms with it, and the pane's keys (+ − 0 and the arrows), as the viewers use them. */
function ZoomDemo({ initial = FIT }: { initial?: ZoomView }) {
  const [view, setView] = useState(initial);
  return (
    <div className="flex max-w-md flex-col gap-2">
      <ZoomToolbar view={view} onViewChange={setView} />
      {/* biome-ignore lint/a11y/useSemanticElements: an image viewer, not a form, so no fieldset. */}
      <div
        role="group"
        aria-label={t.viewer}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the pane takes the focus so + − 0 and the arrows reach it.
        tabIndex={0}
        onKeyDown={(e) => {
          const action = zoomKey(e, view);
          if (!action) return;
          e.preventDefault();
          setView(action);
        }}
        data-testid="pane"
        className="relative h-48 overflow-hidden rounded-md border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div
          data-testid="content"
          data-view={`${view.scale} ${view.x} ${view.y}`}
          className="absolute inset-0 grid place-items-center"
          style={{ transform: viewTransform(view) }}
        >
          <div className="grid size-24 grid-cols-2 overflow-hidden rounded">
            <span className="bg-primary" />
            <span className="bg-amber-500" />
            <span className="bg-green-600" />
            <span className="bg-red-600" />
          </div>
        </div>
      </div>
    </div>
  );
}

const meta = {
  title: 'Revisión/ZoomToolbar',
  component: ZoomDemo,
  parameters: {
    docs: {
      description: {
        component:
          'Barra de zoom de los visores de revisión (imágenes lado a lado, anotador): Alejar, el nivel en porcentaje, Acercar y Ajustar. En el visor, + y − amplían, 0 ajusta y las flechas desplazan la vista ampliada.',
      },
    },
  },
} satisfies Meta<typeof ZoomDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

const level = (c: ReturnType<typeof within>) => c.getByRole('status', { name: t.zoomLevel });

export const Fit: Story = {
  name: 'Ajustada (100 %)',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(level(c)).toHaveTextContent('100 %');
    // Nothing to zoom out of or to fit back to.
    await expect(c.getByRole('button', { name: t.zoomOut })).toBeDisabled();
    await expect(c.getByRole('button', { name: t.fit })).toBeDisabled();
    await userEvent.click(c.getByRole('button', { name: t.zoomIn }));
    await expect(level(c)).toHaveTextContent('150 %');
    await userEvent.click(c.getByRole('button', { name: t.zoomIn }));
    await expect(level(c)).toHaveTextContent('225 %');
    await userEvent.click(c.getByRole('button', { name: t.zoomOut }));
    await expect(level(c)).toHaveTextContent('150 %');
    await userEvent.click(c.getByRole('button', { name: t.fit }));
    await expect(level(c)).toHaveTextContent('100 %');
    await expect(c.getByRole('button', { name: t.fit })).toBeDisabled();
  },
};

export const WithTheKeyboard: Story = {
  name: 'Con el teclado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pane = c.getByRole('group', { name: t.viewer });
    const content = c.getByTestId('content');
    pane.focus();
    // At 100 % the arrows have nothing to move.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(content).toHaveAttribute('data-view', '1 0 0');
    await userEvent.keyboard('+');
    await expect(level(c)).toHaveTextContent('150 %');
    // The arrows move the view the way they point.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(content).toHaveAttribute('data-view', '1.5 0.1 0');
    await userEvent.keyboard('-');
    await expect(level(c)).toHaveTextContent('100 %');
    await userEvent.keyboard('++0');
    await expect(content).toHaveAttribute('data-view', '1 0 0');
    // The toolbar's buttons answer Enter and Space.
    c.getByRole('button', { name: t.zoomIn }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(level(c)).toHaveTextContent('150 %');
    await userEvent.keyboard(' ');
    await expect(level(c)).toHaveTextContent('225 %');
  },
};

export const AtMost: Story = {
  name: 'Al máximo (800 %)',
  args: { initial: { scale: MAX_SCALE, x: 0, y: 0 } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(level(c)).toHaveTextContent('800 %');
    await expect(c.getByRole('button', { name: t.zoomIn })).toBeDisabled();
    await expect(c.getByRole('button', { name: t.zoomOut })).toBeEnabled();
    await expect(c.getByRole('button', { name: t.fit })).toBeEnabled();
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  args: { initial: { scale: 2.25, x: 0, y: 0 } },
  decorators: [
    (Story) => (
      <div className="dark rounded-xl bg-background p-4 text-foreground">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(level(within(canvasElement))).toHaveTextContent('225 %');
  },
};
