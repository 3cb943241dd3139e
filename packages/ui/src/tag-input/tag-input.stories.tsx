import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Field } from '../input/input.tsx';
import { TagInput } from './tag-input.tsx';

function Harness() {
  const [tags, setTags] = useState(['Recetas']);
  return (
    <Field label="Pilares de contenido">{(p) => <TagInput {...p} value={tags} onChange={setTags} />}</Field>
  );
}

const meta = { title: 'Primitives/TagInput', component: Harness } satisfies Meta<typeof Harness>;
export default meta;

export const AddAndRemoveWithTheKeyboard: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Pilares de contenido');
    await userEvent.type(input, 'Origen del café{Enter}Comunidad,');
    await expect(c.getByRole('button', { name: 'Quitar Origen del café' })).toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Quitar Comunidad' })).toBeInTheDocument();
    await userEvent.type(input, '{Backspace}');
    await expect(c.queryByRole('button', { name: 'Quitar Comunidad' })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Quitar Recetas' }));
    await expect(c.queryByText('Recetas')).toBeNull();
  },
};
