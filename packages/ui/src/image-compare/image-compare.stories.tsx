import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { ImageCompare } from './image-compare.tsx';

const W = 320;
const H = 200;

/** A PNG drawn here, so the stories need no network: the same poster, and in v2 a red badge (64 × 40 px). */
function poster(version: 1 | 2 | 3): string {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) return ''; // no canvas (a DOM without one): the stories show their error state
  ctx.fillStyle = '#e0e7ff';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#4338ca';
  ctx.fillRect(0, 140, W, 60);
  ctx.fillStyle = '#f59e0b';
  ctx.beginPath();
  ctx.arc(240, 70, 36, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0f172a';
  ctx.fillRect(120, 40, 80, 80);
  if (version >= 2) {
    // The known change: 64 × 40 = 2 560 of 64 000 pixels, 4 %.
    ctx.fillStyle = '#dc2626';
    ctx.fillRect(24, 24, 64, 40);
  }
  if (version === 3) {
    // And a band in v3, cut by the edge: 20 × 80 = 1 600 more pixels, 6,5 % in all.
    ctx.fillStyle = '#16a34a';
    ctx.fillRect(280, 120, 20, 160);
  }
  return canvas.toDataURL('image/png');
}

const v1 = { src: poster(1), alt: 'Cartel de la campaña, versión 1' };
const v2 = { src: poster(2), alt: 'Cartel de la campaña, versión 2, con una insignia roja' };
const v3 = { src: poster(3), alt: 'Cartel de la campaña, versión 3, con una franja verde' };
const labels = { before: 'Versión 1', after: 'Versión 2' };

const meta = {
  title: 'Revisión/ImageCompare',
  component: ImageCompare,
  args: { before: v1, after: v2, labels, onModeChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'Comparador de imágenes: dos versiones lado a lado, con cortina, por diferencia o superpuestas, para ver qué ha cambiado entre ellas.',
      },
    },
  },
} satisfies Meta<typeof ImageCompare>;
export default meta;
type Story = StoryObj<typeof meta>;

const panes = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('[data-slot="image-compare-pane"]')].map((pane) => ({
    pane,
    transform: pane.querySelector<HTMLElement>('[data-slot="image-compare-pane-content"]')!.style.transform,
  }));

export const SideBySideSyncedZoom: Story = {
  name: 'Lado a lado con zoom sincronizado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const viewer = await c.findByRole('group', { name: 'Imágenes lado a lado' });
    await expect(c.getByRole('radio', { name: 'Lado a lado' })).toHaveAttribute('aria-checked', 'true');
    await expect(c.getByRole('img', { name: v1.alt })).toBeVisible();
    await expect(c.getByRole('img', { name: v2.alt })).toBeVisible();
    await expect(c.getByText('Versión 1')).toBeVisible();
    await expect(c.getByText('Versión 2')).toBeVisible();
    const level = c.getByRole('status', { name: 'Nivel de zoom' });
    await expect(level).toHaveTextContent(/^100\s%$/);
    await expect(c.getByRole('button', { name: 'Alejar' })).toBeDisabled();

    // Buttons zoom both panes alike.
    await userEvent.click(c.getByRole('button', { name: 'Acercar' }));
    await expect(level).toHaveTextContent(/^150\s%$/);
    let [a, b] = panes(canvasElement);
    await expect(a.transform).toBe('translate(0%, 0%) scale(1.5)');
    await expect(b.transform).toBe(a.transform);

    // The wheel over one pane zooms both, about the pointer.
    const r = a.pane.getBoundingClientRect();
    fireEvent.wheel(a.pane, { deltaY: -200, clientX: r.right - 1, clientY: r.top + r.height / 2 });
    [a, b] = panes(canvasElement);
    await expect(Number(a.pane.dataset.scale)).toBeGreaterThan(1.5);
    await expect(b.pane.dataset.scale).toBe(a.pane.dataset.scale);
    await expect(a.transform).not.toMatch(/^translate\(0%/);
    await expect(b.transform).toBe(a.transform);

    // Dragging the other pane pans both.
    const before = a.transform;
    const rb = b.pane.getBoundingClientRect();
    fireEvent.pointerDown(b.pane, { pointerId: 7, button: 0, clientX: rb.left + 100, clientY: rb.top + 80 });
    fireEvent.pointerMove(b.pane, { pointerId: 7, clientX: rb.left + 140, clientY: rb.top + 90 });
    fireEvent.pointerUp(b.pane, { pointerId: 7, clientX: rb.left + 140, clientY: rb.top + 90 });
    [a, b] = panes(canvasElement);
    await expect(a.transform).not.toBe(before);
    await expect(b.transform).toBe(a.transform);

    // "Ajustar" goes back to fit.
    await userEvent.click(c.getByRole('button', { name: 'Ajustar' }));
    [a, b] = panes(canvasElement);
    await expect(a.transform).toBe('translate(0%, 0%) scale(1)');
    await expect(b.transform).toBe(a.transform);

    // Keyboard, with the viewer focused: + zooms, arrows pan, − zooms out, 0 fits.
    viewer.focus();
    await userEvent.keyboard('+');
    await expect(level).toHaveTextContent(/^150\s%$/);
    await userEvent.keyboard('{ArrowRight}');
    [a, b] = panes(canvasElement);
    await expect(a.transform).toBe('translate(-10%, 0%) scale(1.5)');
    await expect(b.transform).toBe(a.transform);
    await userEvent.keyboard('+');
    await expect(level).toHaveTextContent(/^225\s%$/);
    await userEvent.keyboard('-');
    await expect(level).toHaveTextContent(/^150\s%$/);
    await userEvent.keyboard('0');
    await expect(level).toHaveTextContent(/^100\s%$/);
    await expect(panes(canvasElement)[1].transform).toBe('translate(0%, 0%) scale(1)');
  },
};

export const WipeSlider: Story = {
  name: 'Cortina deslizante',
  args: { defaultMode: 'wipe' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const slider = await c.findByRole('slider', { name: 'Posición de la cortina' });
    const after = canvasElement.querySelector<HTMLElement>('[data-slot="image-compare-wipe-after"]')!;
    await expect(slider).toHaveAttribute('aria-valuenow', '50');
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '100');
    await expect(after.style.clipPath).toBe('inset(0px 0px 0px 50%)');

    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(slider).toHaveAttribute('aria-valuenow', '51');
    await expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^51\s%$/));
    await expect(after.style.clipPath).toBe('inset(0px 0px 0px 51%)');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(slider).toHaveAttribute('aria-valuenow', '49');
    await userEvent.keyboard('{PageUp}');
    await expect(slider).toHaveAttribute('aria-valuenow', '59');
    await userEvent.keyboard('{PageDown}{PageDown}');
    await expect(slider).toHaveAttribute('aria-valuenow', '39');
    await userEvent.keyboard('{Home}');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await userEvent.keyboard('{End}');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');

    // Pointer: pressing on the stage jumps the divider there, dragging moves it, and the divider takes focus.
    const stage = canvasElement.querySelector<HTMLElement>('[data-slot="image-compare-wipe"]')!;
    const r = stage.getBoundingClientRect();
    const y = r.top + r.height / 2;
    fireEvent.pointerDown(stage, { pointerId: 3, button: 0, clientX: r.left + r.width * 0.25, clientY: y });
    await expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(stage, { pointerId: 3, clientX: r.left + r.width * 0.8, clientY: y });
    await expect(slider).toHaveAttribute('aria-valuenow', '80');
    fireEvent.pointerUp(stage, { pointerId: 3, clientX: r.left + r.width * 0.8, clientY: y });
    // After the release, moving no longer drags.
    fireEvent.pointerMove(stage, { pointerId: 3, clientX: r.left + r.width * 0.1, clientY: y });
    await expect(slider).toHaveAttribute('aria-valuenow', '80');
    await expect(slider).toHaveFocus();
  },
};

export const DifferenceAndOverlay: Story = {
  name: 'Diferencia y superposición',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByRole('group', { name: 'Imágenes lado a lado' });
    await userEvent.click(c.getByRole('radio', { name: 'Diferencia' }));
    await expect(args.onModeChange).toHaveBeenLastCalledWith('difference');
    // The badge is 4 % of the poster.
    await expect(await c.findByText('4 % de píxeles cambiados')).toBeVisible();

    // Changed pixels are magenta, unchanged ones transparent.
    const diff = canvasElement.querySelector<HTMLCanvasElement>('[data-slot="image-compare-diff"]')!;
    await expect([diff.width, diff.height]).toEqual([W, H]);
    const px = (x: number, y: number) => [...diff.getContext('2d')!.getImageData(x, y, 1, 1).data];
    await expect(px(40, 40)).toEqual([255, 0, 255, 255]);
    await expect(px(87, 63)).toEqual([255, 0, 255, 255]);
    await expect(px(88, 64)).toEqual([0, 0, 0, 0]);
    await expect(px(160, 80)).toEqual([0, 0, 0, 0]);
    await expect(diff).toBeVisible();

    // Opacity fades "after" over "before".
    const opacity = c.getByRole('slider', { name: 'Opacidad' });
    const overlay = canvasElement.querySelector<HTMLElement>('[data-slot="image-compare-overlay"]')!;
    await expect(opacity).toHaveValue('100');
    fireEvent.change(opacity, { target: { value: '40' } });
    await expect(overlay.style.opacity).toBe('0.4');
    await expect(opacity).toHaveAttribute('aria-valuetext', expect.stringMatching(/^40\s%$/));

    // Without the highlight it is a plain overlay.
    await userEvent.click(c.getByRole('switch', { name: 'Resaltar cambios' }));
    await expect(diff).not.toBeVisible();
    await expect(c.getByText('Versión 2 sobre Versión 1')).toBeVisible();
    await expect(c.getByRole('img', { name: v2.alt })).toBeVisible();
    await userEvent.click(c.getByRole('switch', { name: 'Resaltar cambios' }));
    await expect(diff).toBeVisible();
  },
};

export const NothingChanged: Story = {
  name: 'Sin cambios',
  args: {
    before: v1,
    after: { ...v1, alt: 'Cartel de la campaña, copia sin cambios' },
    defaultMode: 'difference',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('0 % de píxeles cambiados')).toBeVisible();
  },
};

export const ImageFails: Story = {
  name: 'Imagen que no carga',
  args: { after: { src: 'data:image/png;base64,AAAA', alt: 'Imagen dañada' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent('No se pudo comparar las imágenes');
    // The other modes say the same instead of breaking.
    await userEvent.click(c.getByRole('radio', { name: 'Diferencia' }));
    await expect(c.getByRole('alert')).toHaveTextContent('No se pudo comparar las imágenes');
    await expect(c.queryByRole('slider')).toBeNull();
  },
};

function NextVersion() {
  const [after, setAfter] = useState(v2);
  return (
    <div className="space-y-3">
      <Button size="sm" variant="outline" onClick={() => setAfter(v3)}>
        Comparar con la versión 3
      </Button>
      <ImageCompare
        before={v1}
        after={after}
        labels={{ before: 'Versión 1', after: after === v3 ? 'Versión 3' : 'Versión 2' }}
        defaultMode="difference"
      />
    </div>
  );
}

export const LoadingANewVersion: StoryObj<typeof NextVersion> = {
  name: 'Cargando una versión nueva',
  render: () => <NextVersion />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('4 % de píxeles cambiados')).toBeVisible();
    // A synchronous click: the new image cannot have loaded before React has rendered the loading state.
    fireEvent.click(c.getByRole('button', { name: 'Comparar con la versión 3' }));
    const loading = c.getByRole('status');
    await expect(loading).toHaveTextContent('Cargando imágenes…');
    await expect(canvasElement.querySelector('[data-slot="image-compare-diff"]')).toBeNull();
    // Then the new comparison: (2 560 + 1 600) / 64 000.
    await waitFor(() => expect(c.queryByText('Cargando imágenes…')).toBeNull());
    await expect(await c.findByText('6,5 % de píxeles cambiados')).toBeVisible();
    await expect(c.getByText('Cambios de Versión 1 a Versión 3')).toBeVisible();
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole('group', { name: 'Imágenes lado a lado' });
    // Stacked: the second pane starts below the first, both as wide as the component.
    const [a, b] = panes(canvasElement).map(({ pane }) => pane.getBoundingClientRect());
    await expect(b.top).toBeGreaterThanOrEqual(a.bottom);
    await expect(Math.round(b.left)).toBe(Math.round(a.left));
    const root = canvasElement.querySelector<HTMLElement>('[data-slot="image-compare"]')!;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    await expect(root.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    // The wipe still answers the keyboard at this width.
    await userEvent.click(c.getByRole('radio', { name: 'Cortina' }));
    const slider = c.getByRole('slider', { name: 'Posición de la cortina' });
    slider.focus();
    await userEvent.keyboard('{PageDown}');
    await expect(slider).toHaveAttribute('aria-valuenow', '40');
  },
};

export const WithPins: Story = {
  name: 'Con las marcas de cada versión',
  args: {
    before: { ...v1, pins: [{ id: 'a', number: 1, x: 0.5, y: 0.4, label: 'Más contraste' }] },
    after: {
      ...v2,
      pins: [
        { id: 'b', number: 2, x: 0.175, y: 0.22, label: 'La insignia, más pequeña' },
        { id: 'c', number: 3, x: 0.75, y: 0.35, label: 'El sol, más arriba' },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole('group', { name: 'Imágenes lado a lado' });
    const [a, b] = panes(canvasElement);
    // Each version's pins over its own image, numbered as given, where their point is.
    const one = within(a!.pane).getByRole('img', { name: 'Marca 1: Más contraste' });
    await expect(within(b!.pane).queryByRole('img', { name: /^Marca 1/ })).toBeNull();
    const two = within(b!.pane).getByRole('img', { name: 'Marca 2: La insignia, más pequeña' });
    await expect(within(b!.pane).getByRole('img', { name: 'Marca 3: El sol, más arriba' })).toBeVisible();
    const box = b!.pane.getBoundingClientRect();
    const pin = two.getBoundingClientRect();
    await expect((pin.left + pin.width / 2 - box.left) / box.width).toBeCloseTo(0.175, 2);
    await expect((pin.top + pin.height / 2 - box.top) / box.height).toBeCloseTo(0.22, 2);
    // They zoom with the image and keep their size.
    await userEvent.click(c.getByRole('button', { name: 'Acercar' }));
    await waitFor(() => expect(one.getBoundingClientRect().width).toBeCloseTo(28, 0));
    // In the wipe each side's pins show on its side of the divider.
    await userEvent.click(c.getByRole('radio', { name: 'Cortina' }));
    const layers = canvasElement.querySelectorAll<HTMLElement>('[data-slot="image-compare-pins"]');
    await expect(layers).toHaveLength(2);
    await expect(layers[0]!.style.clipPath).toBe('inset(0px 50% 0px 0px)');
    await expect(layers[1]!.style.clipPath).toBe('inset(0px 0px 0px 50%)');
    await expect(c.getByRole('img', { name: 'Marca 3: El sol, más arriba' })).toBeInTheDocument();
  },
};
