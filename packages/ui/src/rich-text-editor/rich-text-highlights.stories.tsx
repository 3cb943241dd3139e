import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { RichTextContent, type TextHighlight } from './rich-text-content.tsx';

const copy =
  '<p>Llega la <strong>nueva colección</strong> de otoño a todas las tiendas.</p><p>Compra hoy y recibe un regalo.</p>';
// Offsets in the copy's text («Llega la nueva colección de otoño…\nCompra hoy…»).
const highlights: TextHighlight[] = [
  { id: 'c1', start: 9, end: 33, label: 'Comentado: ¿Podemos decir «temporada»?' },
  { id: 'c2', start: 55, end: 65, label: 'Comentado: Mejor «Reserva ya»' },
];

function Harness({ initial = null }: { initial?: string | null }) {
  const [active, setActive] = useState<string | null>(initial);
  return (
    <div className="grid max-w-xl gap-3">
      <RichTextContent
        className="rounded-lg border border-border p-3"
        html={copy}
        highlights={highlights}
        activeHighlight={active}
        onHighlight={(id) => setActive((a) => (a === id ? null : id))}
      />
      <output data-testid="chosen" className="text-sm">
        {active ?? 'ninguno'}
      </output>
    </div>
  );
}

const meta = {
  title: 'Primitives/RichTextHighlights',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Texto enriquecido de solo lectura con palabras resaltadas al mostrarlo (no se guardan en el texto): cada resaltado es un botón «Comentado: …» que elige su comentario; el elegido se marca más fuerte y subrayado.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseAHighlight: Story = {
  name: 'Elegir un resaltado con el ratón y el teclado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const first = c.getByRole('button', { name: 'nueva colección (Comentado: ¿Podemos decir «temporada»?)' });
    // The words stay the copy's: one highlight across bold words is two pieces, the text unchanged.
    await expect(
      [...canvasElement.querySelectorAll('mark[data-highlight="c1"]')].map((m) => m.textContent),
    ).toEqual(['nueva colección', ' de otoño']);
    await expect(canvasElement.querySelector('.crw-prose strong')?.textContent).toBe('nueva colección');
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(first);
    await expect(c.getByTestId('chosen')).toHaveTextContent('c1');
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(first).toHaveAttribute('data-active');
    // The second piece of the same highlight chooses it too; a click on plain words chooses nothing.
    await userEvent.click(c.getByText('Llega la', { exact: false }));
    await expect(c.getByTestId('chosen')).toHaveTextContent('c1');
    // The keyboard: tab to the second highlight, Enter; Space on it again lets it go.
    const second = c.getByRole('button', { name: 'Compra hoy (Comentado: Mejor «Reserva ya»)' });
    second.focus();
    await userEvent.keyboard('{Enter}');
    await expect(c.getByTestId('chosen')).toHaveTextContent('c2');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    // Choosing does not render the copy again: focus stays on the highlight.
    await expect(second).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(c.getByTestId('chosen')).toHaveTextContent('ninguno');
  },
};

export const OneChosen: Story = {
  name: 'Uno elegido',
  args: { initial: 'c2' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      c.getByRole('button', { name: 'Compra hoy (Comentado: Mejor «Reserva ya»)' }),
    ).toHaveAttribute('aria-pressed', 'true');
  },
};
