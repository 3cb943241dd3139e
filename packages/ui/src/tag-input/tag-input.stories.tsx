import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Field } from '../input/input.tsx';
import { uiMessages } from '../messages.ts';
import { TagInput } from './tag-input.tsx';

function Harness({
  initial = ['Recetas'],
  disabled = false,
  error,
  maxTags,
  onChange,
}: {
  initial?: string[];
  disabled?: boolean;
  error?: string;
  maxTags?: number;
  onChange?: (tags: string[]) => void;
}) {
  const [tags, setTags] = useState(initial);
  return (
    <div className="max-w-md space-y-4">
      <Field label="Pilares de contenido" hint={uiMessages.tagInput.hint} error={error}>
        {(p) => (
          <TagInput
            {...p}
            value={tags}
            disabled={disabled}
            maxTags={maxTags}
            onChange={(next) => {
              setTags(next);
              onChange?.(next);
            }}
          />
        )}
      </Field>
      <p data-testid="value" className="text-xs text-muted-foreground">
        {JSON.stringify(tags)}
      </p>
    </div>
  );
}

const meta = {
  title: 'Primitives/TagInput',
  component: Harness,
  args: { onChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Campo de etiquetas: una lista de textos cortos (pilares, ángulos, formatos) que se añaden con Intro o coma y se quitan con retroceso o con la cruz.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const value = (c: ReturnType<typeof within>) => JSON.parse(c.getByTestId('value').textContent ?? '[]');

export const AddWithEnterAndComma: Story = {
  name: 'Añadir con Intro y coma',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Pilares de contenido');
    await userEvent.type(input, 'Origen del café{Enter}Comunidad,');
    await expect(value(c)).toEqual(['Recetas', 'Origen del café', 'Comunidad']);
    await expect(input).toHaveValue('');
    await expect(c.getByRole('status')).toHaveTextContent('Añadido: Comunidad');
    // Spaces around a tag do not count; an empty one is never added.
    await userEvent.type(input, '   Temporada   ,  ,{Enter}');
    await expect(value(c)).toEqual(['Recetas', 'Origen del café', 'Comunidad', 'Temporada']);
  },
};

export const RemoveWithBackspaceAndTheCross: Story = {
  name: 'Quitar con retroceso y con la cruz',
  args: { initial: ['Recetas', 'Comunidad', 'Temporada'] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Pilares de contenido');
    await userEvent.click(input);
    // Backspace deletes text first, and only in the empty box the last tag.
    await userEvent.keyboard('ab{Backspace}{Backspace}');
    await expect(value(c)).toEqual(['Recetas', 'Comunidad', 'Temporada']);
    await userEvent.keyboard('{Backspace}');
    await expect(value(c)).toEqual(['Recetas', 'Comunidad']);
    await expect(c.getByRole('status')).toHaveTextContent('Quitado: Temporada');
    await userEvent.click(c.getByRole('button', { name: 'Quitar Recetas' }));
    await expect(value(c)).toEqual(['Comunidad']);
    // Focus goes back to the text box, not lost to the page.
    await expect(input).toHaveFocus();
  },
};

export const NoDuplicates: Story = {
  name: 'Sin duplicados',
  args: { initial: ['Recetas', 'Reel'] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Pilares de contenido');
    await userEvent.type(input, 'recetas{Enter}');
    await userEvent.type(input, '  REEL ,');
    await expect(value(c)).toEqual(['Recetas', 'Reel']);
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(c.getByRole('status')).toHaveTextContent('«Reel» ya está en la lista');
    await expect(c.getByText('Reel').closest('li')).toHaveAttribute('data-duplicate', 'true');
    // Typing again clears the highlight.
    await userEvent.type(input, 'C');
    await expect(c.getByText('Reel').closest('li')).not.toHaveAttribute('data-duplicate');
  },
};

export const PasteAList: Story = {
  name: 'Pegar una lista',
  args: { initial: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Pilares de contenido');
    await userEvent.click(input);
    await userEvent.paste('Reel, Carrusel,reel, Historia');
    await expect(value(c)).toEqual(['Reel', 'Carrusel', 'Historia']);
    await expect(input).toHaveValue('');
  },
};

export const KeyboardOnly: Story = {
  name: 'Solo con el teclado',
  args: { initial: ['Recetas', 'Comunidad'] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Quitar Recetas' })).toHaveFocus();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Quitar Comunidad' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(value(c)).toEqual(['Recetas']);
    const input = c.getByLabelText('Pilares de contenido');
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Novedades{Enter}');
    await expect(value(c)).toEqual(['Recetas', 'Novedades']);
    // The text box is named by its label and described by the hint.
    await expect(input).toHaveAccessibleDescription(uiMessages.tagInput.hint);
  },
};

export const Empty: Story = {
  name: 'Vacío',
  args: { initial: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Pilares de contenido')).toHaveAttribute(
      'placeholder',
      'Escribe y pulsa Intro',
    );
    await expect(c.queryByRole('list')).toBeNull();
  },
};

export const ManyAndLongText: Story = {
  name: 'Muchas y con texto largo',
  args: {
    initial: [
      'Recetas de temporada con ingredientes de proximidad',
      'Comunidad',
      'Detrás de cámaras',
      'Sostenibilidad',
      'Una etiqueta muy larga que no debería romper la maqueta aunque ocupe toda la línea disponible',
      'Tutoriales',
      'Testimonios',
    ],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('listitem')).toHaveLength(7);
    const box = canvasElement.querySelector('[data-slot="tag-input"]') as HTMLElement;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  },
};

export const Full: Story = {
  name: 'Lleno',
  args: { initial: ['Reel', 'Carrusel'], maxTags: 2 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Pilares de contenido'), 'Historia{Enter}');
    await expect(value(c)).toEqual(['Reel', 'Carrusel']);
    await expect(c.getByRole('status')).toHaveTextContent('La lista admite como máximo 2 elementos');
  },
};

export const WithError: Story = {
  name: 'Con error',
  args: { initial: [], error: 'Añade al menos un pilar' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Pilares de contenido');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(`${uiMessages.tagInput.hint} Añade al menos un pilar`);
  },
};

export const Disabled: Story = {
  name: 'Desactivado',
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Pilares de contenido')).toBeDisabled();
    // A disabled list shows its tags but offers no way to remove them.
    await expect(c.getByText('Recetas')).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Quitar Recetas' })).toBeNull();
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  globals: { viewport: { value: 'mobile' } },
  args: { initial: ['Recetas', 'Comunidad', 'Temporada', 'Sostenibilidad'] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Pilares de contenido'), 'Novedades{Enter}');
    await waitFor(() => expect(value(c)).toHaveLength(5));
    const box = canvasElement.querySelector('[data-slot="tag-input"]') as HTMLElement;
    await expect(box.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    // Each × is a touch target of at least 24 px.
    const cross = c.getByRole('button', { name: 'Quitar Recetas' }).getBoundingClientRect();
    await expect(cross.width).toBeGreaterThanOrEqual(24);
  },
};
