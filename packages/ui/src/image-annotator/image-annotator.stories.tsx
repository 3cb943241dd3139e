import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, userEvent, within } from 'storybook/test';
import { type AnnotationPin, ImageAnnotator } from './image-annotator.tsx';

const svg = encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fde68a"/><circle cx="300" cy="100" r="40" fill="#1d4ed8"/></svg>',
);
const src = `data:image/svg+xml,${svg}`;

function Harness() {
  const [pins, setPins] = useState<AnnotationPin[]>([{ id: 'a', x: 0.25, y: 0.5, label: 'Más luz aquí' }]);
  const [draft, setDraft] = useState<{ x: number; y: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="max-w-lg space-y-2">
      <ImageAnnotator
        src={src}
        alt="Cartel"
        pins={pins}
        draft={draft}
        onPlace={setDraft}
        onMoveDraft={setDraft}
        highlighted={selected}
        onSelectPin={setSelected}
      />
      <output data-testid="draft">{draft ? `${draft.x.toFixed(2)},${draft.y.toFixed(2)}` : 'ninguna'}</output>
      <button
        type="button"
        onClick={() => {
          if (!draft) return;
          setPins((p) => [...p, { id: String(p.length), ...draft, label: 'Nueva' }]);
          setDraft(null);
        }}
      >
        Guardar marca
      </button>
    </div>
  );
}

const meta = {
  title: 'Primitives/ImageAnnotator',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Anotador de imágenes: marcas numeradas sobre una imagen para comentar un punto concreto. Se colocan con el ratón o con el teclado, también con zoom.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PlaceWithTheMouse: Story = {
  name: 'Marcar con el ratón',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const stage = c.getByRole('button', { name: 'Cartel: pulsa para marcar un punto' });
    const box = stage.getBoundingClientRect();
    fireEvent.click(stage, {
      clientX: box.left + box.width * 0.75,
      clientY: box.top + box.height * 0.5,
      detail: 1,
    });
    await expect(c.getByTestId('draft')).toHaveTextContent('0.75,0.50');
    await userEvent.click(c.getByRole('button', { name: 'Guardar marca' }));
    await expect(Number.parseFloat(c.getByRole('button', { name: 'Marca 2: Nueva' }).style.left)).toBeCloseTo(
      75,
      0,
    );
  },
};

export const PlaceAndMoveWithTheKeyboard: Story = {
  name: 'Marcar y mover con el teclado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const stage = c.getByRole('button', { name: 'Cartel: pulsa para marcar un punto' });
    stage.focus();
    await userEvent.keyboard('{Enter}');
    await expect(c.getByTestId('draft')).toHaveTextContent('0.50,0.50');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    await expect(c.getByTestId('draft')).toHaveTextContent('0.52,0.60');
  },
};

export const SelectAPin: Story = {
  name: 'Seleccionar una marca',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pin = c.getByRole('button', { name: 'Marca 1: Más luz aquí' });
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(pin);
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
  },
};

export const ZoomedPlacesWhereTheClickIs: Story = {
  name: 'Con zoom, marca donde se pulsa',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Acercar' }));
    await expect(c.getByRole('status', { name: 'Nivel de zoom' })).toHaveTextContent(/150/);
    const viewport = canvasElement.querySelector<HTMLElement>('[data-slot="image-annotator-viewport"]')!;
    const box = viewport.getBoundingClientRect();
    // The saved pin at x 0.25 now sits at an eighth of the viewport (0.5 + (0.25 − 0.5) × 1.5).
    const pin = c.getByRole('button', { name: 'Marca 1: Más luz aquí' }).getBoundingClientRect();
    await expect((pin.left + pin.width / 2 - box.left) / box.width).toBeCloseTo(0.125, 2);
    await expect(pin.width).toBeCloseTo(28, 0);

    const stage = c.getByRole('button', { name: 'Cartel: pulsa para marcar un punto' });
    fireEvent.click(stage, {
      clientX: box.left + box.width * 0.75,
      clientY: box.top + box.height / 2,
      detail: 1,
    });
    // Three quarters across the zoomed view is two thirds across the image.
    await expect(c.getByTestId('draft')).toHaveTextContent('0.67,0.50');

    // A drag pans the view and places nothing.
    const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, pointerId: 1 };
    fireEvent.pointerDown(viewport, { ...at, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(viewport, { ...at, clientX: at.clientX + 40, pointerType: 'mouse' });
    fireEvent.pointerUp(viewport, { ...at, clientX: at.clientX + 40, pointerType: 'mouse' });
    fireEvent.click(stage, { clientX: at.clientX + 40, clientY: at.clientY, detail: 1 });
    await expect(c.getByTestId('draft')).toHaveTextContent('0.67,0.50');
    const stageBox = canvasElement
      .querySelector('[data-slot="image-annotator-stage"]')!
      .getBoundingClientRect();
    await expect(stageBox.left).toBeGreaterThan(box.left - box.width * 0.25 + 1);

    stage.focus();
    await userEvent.keyboard('0');
    await expect(c.getByRole('status', { name: 'Nivel de zoom' })).toHaveTextContent(/100/);
  },
};

export const OnlyShowsPins: Story = {
  name: 'Solo muestra las marcas',
  render: () => (
    <div className="max-w-lg">
      <ImageAnnotator
        src={src}
        alt="Cartel"
        pins={[
          { id: 'a', x: 0.25, y: 0.5, label: 'Más luz aquí', number: 2 },
          { id: 'b', x: 0.75, y: 0.5, label: 'El logo, más grande', number: 5 },
        ]}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // Without `onPlace` nothing places a pin, and without `onSelectPin` the pins are markers, numbered as given.
    await expect(c.queryByRole('button', { name: /pulsa para marcar/ })).toBeNull();
    await expect(c.getByRole('img', { name: 'Marca 2: Más luz aquí' })).toHaveTextContent('2');
    const five = c.getByRole('img', { name: 'Marca 5: El logo, más grande' });
    await expect(Number.parseFloat(five.style.left)).toBeCloseTo(75, 0);
    await expect(c.queryByRole('button', { name: /^Marca/ })).toBeNull();
  },
};
