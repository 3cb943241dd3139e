import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { DiffView } from './diff-view.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const before =
  'Este otoño llega el café de Huila a nuestra tienda.\n\nPásate a probarlo el sábado por la mañana.';
const after = 'Este otoño llega el café de origen Huila a nuestras tiendas.\n\nPásate a probarlo el sábado.';

const meta = {
  title: 'Revisión/DiffView',
  component: DiffView,
  args: { before, after },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'Comparación de dos textos palabra a palabra: lo añadido aparece subrayado en verde y lo eliminado tachado en rojo, con una leyenda, un resumen de palabras y «Sin cambios» cuando los textos son iguales.',
      },
    },
  },
} satisfies Meta<typeof DiffView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // «origen», «nuestras» and «tiendas» are new; «nuestra», «tienda» and «por la mañana» are gone.
    const added = c.getAllByRole('insertion').map((el) => el.textContent);
    const removed = c.getAllByRole('deletion').map((el) => el.textContent);
    await expect(added).toEqual(['[añadido] origen ', '[añadido] nuestras', '[añadido] tiendas']);
    await expect(removed.join('|')).toContain('mañana');
    await expect(c.getByText('3 palabras añadidas, 5 eliminadas')).toBeVisible();
    // Screen readers hear what each mark is; sighted readers see the legend.
    await expect(c.getAllByText('[añadido]', { exact: false })[0]).toHaveClass('sr-only');
    const legend = c.getByRole('list', { name: 'Leyenda' });
    await expect(within(legend).getByText('Texto añadido')).toBeVisible();
    await expect(within(legend).getByText('Texto eliminado')).toBeVisible();
    // The paragraph break survives.
    const text = canvasElement.querySelector('[data-slot="diff-view-text"]') as HTMLElement;
    await expect(text.textContent).toContain('\n\n');
  },
};

export const Unchanged: Story = {
  name: 'Sin cambios',
  args: { before, after: before },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sin cambios')).toBeVisible();
    await expect(c.queryByRole('insertion')).toBeNull();
    await expect(c.queryByRole('deletion')).toBeNull();
    // Nothing to explain: no legend.
    await expect(c.queryByRole('list', { name: 'Leyenda' })).toBeNull();
    await expect(c.getByText(/café de Huila/)).toBeVisible();
  },
};

export const Empty: Story = {
  name: 'Vacío',
  args: { before: '', after: '' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sin cambios')).toBeVisible();
    await expect(c.getByText('Sin texto')).toBeVisible();
  },
};

export const FromNothing: Story = {
  name: 'Texto nuevo',
  args: { before: '', after: 'Primera versión del texto del cartel.' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('6 palabras añadidas, 0 eliminadas')).toBeVisible();
    await expect(c.getAllByRole('insertion')).toHaveLength(1);
    await expect(c.queryByRole('deletion')).toBeNull();
  },
};

export const Loading: Story = {
  name: 'Cargando',
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const view = canvasElement.querySelector('[data-slot="diff-view"]') as HTMLElement;
    await expect(view).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Cargando la comparación…');
    await expect(within(canvasElement).queryByRole('insertion')).toBeNull();
  },
};

export const WithError: Story = {
  name: 'Con error',
  args: { error: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'No se pudieron comparar los textos',
    );
  },
};

const long = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Párrafo ${i + 1}: la campaña de primavera presenta las nuevas variedades de café de especialidad, con entrevistas a las productoras, recetas de temporada y una guía de métodos de filtrado.`,
  ).join('\n\n');

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    before: `${long(4)}\n\nEnlace: https://www.ejemplo.es/campañas/primavera/cafés-de-especialidad/entrevistas-productoras-huila-colombia`,
    after: `${long(4).replace('recetas de temporada', 'recetas de temporada para preparar en casa')}\n\nEnlace: https://www.ejemplo.es/campañas/otoño/cafés-de-especialidad/entrevistas-productoras-huila-colombia-y-nariño`,
  },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const text = canvasElement.querySelector('[data-slot="diff-view-text"]') as HTMLElement;
    // Long paragraphs and a long address wrap inside the box: nothing spills sideways.
    await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
    await expect(within(canvasElement).getByText('6 palabras añadidas, 1 eliminada')).toBeVisible();
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    const ins = within(canvasElement).getAllByRole('insertion')[0] as HTMLElement;
    const inDark = getComputedStyle(ins).backgroundColor;
    const theme = ins.closest('.dark') as HTMLElement;
    theme.classList.remove('dark');
    const inLight = getComputedStyle(ins).backgroundColor;
    theme.classList.add('dark');
    await expect(inDark).not.toBe(inLight);
  },
};

function Editing() {
  const [text, setText] = useState('Cartel amarillo');
  return (
    <div className="space-y-3">
      <Button size="sm" variant="outline" onClick={() => setText((t) => `${t} y azul`)}>
        Añadir «y azul»
      </Button>
      <DiffView before="Cartel amarillo" after={text} />
    </div>
  );
}

export const FollowsTheTexts: StoryObj<typeof Editing> = {
  name: 'Sigue a los textos',
  render: () => <Editing />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sin cambios')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Añadir «y azul»' }));
    await expect(c.getByText('2 palabras añadidas, 0 eliminadas')).toBeVisible();
    await expect(c.getByRole('insertion')).toHaveTextContent('y azul');
  },
};
