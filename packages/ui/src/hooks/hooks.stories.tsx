import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { Field, Input } from '../input/input.tsx';
import {
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_COLLAPSE_DELAY_MS,
  SYSTEM_ROTATION_MS,
  TOAST_DEFAULT_DURATION_MS,
} from './timings.ts';
import { useCountdown } from './use-countdown.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useDelayedCollapse } from './use-delayed-collapse.ts';
import { useMediaQuery } from './use-media-query.ts';
import { useRotation } from './use-rotation.ts';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

/** useDebouncedValue: the search runs once typing stops. */
function DebouncedSearch({ delayMs = 300 }: { delayMs?: number }) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, delayMs);
  return (
    <div className="max-w-sm space-y-2">
      <Field label="Buscar piezas">
        {(p) => <Input {...p} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <p data-testid="query" className="text-sm text-muted-foreground">
        {query ? `Buscando «${query}»` : 'Escribe para buscar'}
      </p>
    </div>
  );
}

/** useDelayedCollapse: the rail collapses a moment after the pointer leaves. */
function DelayedCollapse({ delay = SIDEBAR_COLLAPSE_DELAY_MS }: { delay?: number }) {
  const rail = useDelayedCollapse({ delay });
  return (
    <nav
      aria-label="Menú de ejemplo"
      data-expanded={rail.expanded}
      onPointerEnter={rail.onPointerEnter}
      onPointerLeave={rail.onPointerLeave}
      onFocusCapture={rail.onFocusCapture}
      onBlurCapture={rail.onBlurCapture}
      className="inline-flex flex-col gap-2 rounded-xl border border-border p-2"
    >
      <Button variant="outline" size="sm" aria-expanded={rail.expanded} onClick={rail.toggle}>
        {rail.expanded ? 'Contraer menú lateral' : 'Expandir menú lateral'}
      </Button>
      {rail.expanded ? (
        <ul className="space-y-1 px-2 text-sm">
          <li>Portafolios</li>
          <li>Notificaciones</li>
          <li>Ajustes</li>
        </ul>
      ) : null}
    </nav>
  );
}

/** useMediaQuery: the shell switches to its mobile layout below 768 px. */
function MediaQuery() {
  const desktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  return (
    <p data-testid="layout" className="text-sm">
      {desktop ? 'Vista de escritorio' : 'Vista de móvil'}
    </p>
  );
}

const messages = [
  'Mantenimiento programado el domingo a las 22:00',
  'Nueva versión disponible: recarga la página para usarla',
  'La integración con Instagram tarda más de lo habitual',
];

/** useRotation: the system pill shows one message at a time and pauses while hovered. */
function Rotation({ interval = SYSTEM_ROTATION_MS }: { interval?: number }) {
  const [paused, setPaused] = useState(false);
  const index = useRotation(messages.length, { paused, interval });
  return (
    <div className="flex max-w-xl items-center gap-3">
      <p data-testid="message" aria-live="polite" className="flex-1 text-sm">
        {index + 1} de {messages.length}: {messages[index]}
      </p>
      <Button variant="outline" size="sm" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
        Pausar
      </Button>
    </div>
  );
}

/** useCountdown: a notice closes itself after its duration, but not while the pointer holds it. */
function Countdown({ duration = TOAST_DEFAULT_DURATION_MS }: { duration?: number }) {
  const [shown, setShown] = useState(false);
  const [held, setHeld] = useState(false);
  useCountdown(shown ? duration : Number.POSITIVE_INFINITY, () => setShown(false), held);
  return (
    <div className="space-y-3">
      <Button variant="outline" onClick={() => setShown(true)}>
        Mostrar aviso
      </Button>
      {shown ? (
        <div
          role="status"
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          className="max-w-sm rounded-md border border-border bg-card p-3 text-sm"
        >
          Pieza guardada. Este aviso se cierra solo.
        </div>
      ) : null}
    </div>
  );
}

function Gallery() {
  return (
    <div className="space-y-6">
      <DebouncedSearch />
      <DelayedCollapse />
      <MediaQuery />
      <Rotation />
      <Countdown />
    </div>
  );
}

const meta = {
  title: 'Primitives/Hooks',
  component: Gallery,
  parameters: {
    docs: {
      description: {
        component:
          'Los hooks del sistema de diseño con comportamiento visible: búsqueda con espera (useDebouncedValue), menú que se contrae al salir (useDelayedCollapse), escritorio o móvil (useMediaQuery), mensajes que rotan (useRotation) y avisos que se cierran solos (useCountdown).',
      },
    },
  },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllHooks: Story = { name: 'Todos los hooks' };

export const DebouncedValue: Story = {
  name: 'Búsqueda con espera',
  render: () => <DebouncedSearch />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Buscar piezas'), 'reel');
    // Right after typing the search has not run yet…
    await expect(c.getByTestId('query')).toHaveTextContent('Escribe para buscar');
    // …it runs once, with the whole word, when typing stops.
    await waitFor(() => expect(c.getByTestId('query')).toHaveTextContent('Buscando «reel»'));
  },
};

export const DelayedCollapseAfterLeaving: Story = {
  name: 'Se contrae al salir',
  render: () => <DelayedCollapse />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const nav = c.getByRole('navigation', { name: 'Menú de ejemplo' });
    await userEvent.click(c.getByRole('button', { name: 'Expandir menú lateral' }));
    await expect(nav).toHaveAttribute('data-expanded', 'true');
    await expect(c.getByText('Portafolios')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    const left = performance.now();
    await userEvent.unhover(nav);
    await waitFor(() => expect(nav).toHaveAttribute('data-expanded', 'false'));
    // Not at once: only after the shell's delay.
    await expect(performance.now() - left).toBeGreaterThanOrEqual(SIDEBAR_COLLAPSE_DELAY_MS - 20);
  },
};

export const MediaQueryDesktop: Story = {
  name: 'Escritorio o móvil (1280 px)',
  render: () => <MediaQuery />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('layout')).toHaveTextContent('Vista de escritorio');
  },
};

export const MediaQueryMobile: Story = {
  name: 'Escritorio o móvil (390 px)',
  globals: { viewport: { value: 'mobile' } },
  render: () => <MediaQuery />,
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('layout')).toHaveTextContent('Vista de móvil'),
    );
  },
};

export const RotationEveryInterval: Story = {
  name: 'Mensajes que rotan (cada 0,4 s)',
  render: () => <Rotation interval={400} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('message')).toHaveTextContent(`1 de 3: ${messages[0]}`);
    await waitFor(() => expect(c.getByTestId('message')).toHaveTextContent(`2 de 3: ${messages[1]}`));
    await waitFor(() => expect(c.getByTestId('message')).toHaveTextContent(`3 de 3: ${messages[2]}`));
    const pause = c.getByRole('button', { name: 'Pausar' });
    await userEvent.click(pause);
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
  },
};

export const CountdownClosesItself: Story = {
  name: 'Aviso que se cierra solo (0,5 s)',
  render: () => <Countdown duration={500} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Mostrar aviso' }));
    await expect(c.getByRole('status')).toHaveTextContent('Pieza guardada');
    await waitFor(() => expect(c.queryByRole('status')).toBeNull());
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Buscar piezas'), 'carrusel');
    await waitFor(() => expect(c.getByTestId('query')).toHaveTextContent('Buscando «carrusel»'));
  },
};
