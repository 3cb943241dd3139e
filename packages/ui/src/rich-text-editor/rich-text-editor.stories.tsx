import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { RichTextContent } from './rich-text-content.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const people = [
  { id: 'u1', name: 'Lucía Gómez' },
  { id: 'u2', name: 'Andrés Pérez' },
  { id: 'u3', name: 'Marta Ruiz' },
];

function Harness({
  initial = '',
  maxLength,
  disabled,
  mentions,
}: {
  initial?: string;
  maxLength?: number;
  disabled?: boolean;
  /** `false`: the copy's editor (no mentions), read back with mentions as plain text. */
  mentions?: boolean;
}) {
  const [html, setHtml] = useState(initial);
  return (
    <div className="grid max-w-3xl gap-4">
      <RichTextEditor
        label="Copy"
        value={html}
        onChange={setHtml}
        mentionables={people}
        maxLength={maxLength}
        disabled={disabled}
        mentions={mentions}
      />
      <output data-testid="html" className="block break-all font-mono text-xs">
        {html}
      </output>
      <RichTextContent html={html} mentions={mentions === false ? 'plain' : 'chip'} />
    </div>
  );
}

const meta = {
  title: 'Primitives/RichTextEditor',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Editor de texto enriquecido: títulos, negrita, cursiva, listas, citas, enlaces seguros y menciones a personas, con un límite de caracteres opcional.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const html = (c: ReturnType<typeof within>) => c.getByTestId('html').textContent ?? '';

export const FormatWithTheToolbarAndKeys: Story = {
  name: 'Formato con la barra y el teclado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const editor = c.getByRole('textbox', { name: 'Copy' });
    await userEvent.click(editor);
    await userEvent.click(c.getByRole('button', { name: 'Título' }));
    await userEvent.keyboard('Lanzamiento');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Control>}b{/Control}negrita{Control>}b{/Control} normal');
    await waitFor(() => expect(html(c)).toContain('<h2>Lanzamiento</h2>'));
    await expect(html(c)).toContain('<strong>negrita</strong> normal');
    await userEvent.click(c.getByRole('button', { name: 'Lista con viñetas' }));
    await expect(c.getByRole('button', { name: 'Lista con viñetas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(html(c)).toContain('<ul><li>'));
    await userEvent.click(c.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(html(c)).not.toContain('<ul>'));
    await userEvent.click(c.getByRole('button', { name: 'Rehacer' }));
    await waitFor(() => expect(html(c)).toContain('<ul>'));
    await expect(c.getByText(/caracteres$/).textContent).toMatch(/^\d+ caracteres$/);
  },
};

export const MentionSomeoneWithTheKeyboard: Story = {
  name: 'Mencionar a alguien con el teclado',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('textbox', { name: 'Copy' }));
    await userEvent.keyboard('Hola @mar');
    const list = await c.findByRole('listbox', { name: 'Personas que puedes mencionar' });
    await expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@Marta Ruiz']);
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(c.getAllByRole('option')).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(html(c)).toContain('<span data-mention-id="u2">@Andrés Pérez</span>'));
    await expect(c.queryByRole('listbox')).toBeNull();
    // The read-only rendering shows the same mention.
    await expect(canvasElement.querySelectorAll('span[data-mention-id="u2"]').length).toBe(2);
  },
};

export const NobodyMatches: Story = {
  name: 'Nadie coincide',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('textbox', { name: 'Copy' }));
    await userEvent.keyboard('@zzz');
    await expect(await c.findByText('Nadie coincide')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(c.queryByText('Nadie coincide')).toBeNull());
  },
};

export const LinksOnlySafeTargets: Story = {
  name: 'Solo enlaces seguros',
  args: { initial: '<p>Lee la guía</p>' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const editor = c.getByRole('textbox', { name: 'Copy' });
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(c.getByRole('button', { name: 'Enlace' }));
    const url = c.getByLabelText('Dirección del enlace');
    await userEvent.type(url, 'javascript:alert(1){Enter}');
    await expect(c.getByText('El enlace debe empezar por https://, http:// o mailto:')).toBeInTheDocument();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com/guia{Enter}');
    await waitFor(() => expect(html(c)).toContain('href="https://example.com/guia"'));
    await expect(html(c)).not.toContain('javascript:');
  },
};

export const StoredHtmlReadsBack: Story = {
  name: 'Lee el HTML guardado',
  args: {
    initial:
      '<h2>Plan</h2><p>Con <em>cursiva</em> y <span data-mention-id="u1">@Lucía Gómez</span></p><blockquote><p>Cita</p></blockquote><ol><li><p>Uno</p></li></ol>',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const editor = c.getByRole('textbox', { name: 'Copy' });
    await expect(within(editor).getByText('@Lucía Gómez')).toHaveAttribute('data-mention-id', 'u1');
    await expect(within(editor).getByText('cursiva').tagName).toBe('EM');
    await expect(c.getByRole('button', { name: 'Deshacer' })).toBeDisabled();
  },
};

export const WithALimit: Story = {
  name: 'Con límite de caracteres',
  args: { maxLength: 10 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('textbox', { name: 'Copy' }));
    await userEvent.keyboard('abcdefghijklmno');
    await waitFor(() => expect(c.getByText('10 / 10 caracteres')).toBeInTheDocument());
    await expect(html(c)).toBe('<p>abcdefghij</p>');
  },
};

export const ReadOnly: Story = {
  name: 'Solo lectura',
  args: { initial: '<p>No se puede editar</p>', disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('textbox', { name: 'Copy' })).toHaveAttribute('contenteditable', 'false');
    await expect(c.getByRole('button', { name: 'Negrita' })).toBeDisabled();
  },
};

const crowd = [
  ...people,
  { id: 'u4', name: 'Nuria Sánchez' },
  { id: 'u5', name: 'Pablo Ortega' },
  { id: 'u6', name: 'Sara Molina' },
  { id: 'u7', name: 'Tomás Vidal' },
  { id: 'u8', name: 'Elena Castro' },
];

/** An editor in the viewport's bottom-right corner, where a box below and to the right of the caret would be cut. */
function CornerHarness() {
  const [html, setHtml] = useState('');
  return (
    <div className="fixed right-2 bottom-2 w-80">
      <RichTextEditor label="Comentario" value={html} onChange={setHtml} mentionables={crowd} />
    </div>
  );
}

export const MentionBoxStaysInsideTheViewport: Story = {
  name: 'La lista de menciones no sale de la pantalla',
  render: () => <CornerHarness />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const editor = c.getByRole('textbox', { name: 'Comentario' });
    await userEvent.click(editor);
    // The caret near the editor's right edge, which is 8 px from the viewport's.
    await userEvent.keyboard('Una línea que llega al borde @');
    const list = await c.findByRole('listbox', { name: 'Personas que puedes mencionar' });
    await expect(within(list).getAllByRole('option')).toHaveLength(8);
    const box = canvasElement.querySelector('[data-slot="mention-suggestions"]') as HTMLElement;
    const rect = box.getBoundingClientRect();
    // The editor's frame (the box is positioned in it).
    const frame = (box.offsetParent as HTMLElement).getBoundingClientRect();
    // Shifted left: inside the editor and the viewport…
    await expect(rect.right).toBeLessThanOrEqual(Math.min(frame.right, window.innerWidth - 8) + 1);
    await expect(rect.left).toBeGreaterThanOrEqual(8);
    // …and flipped above the caret: no room below it.
    await expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight - 8 + 1);
    await expect(rect.top).toBeGreaterThanOrEqual(0);
    // The typed line (one line: the caret's).
    const line = editor.querySelector('p')!.getBoundingClientRect();
    await expect(rect.bottom).toBeLessThanOrEqual(line.top);
    // Still a working list: Enter inserts the first person.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(c.queryByRole('listbox')).toBeNull());
    await expect(editor.querySelector('span[data-mention-id="u1"]')).not.toBeNull();
  },
};

export const MentionBoxBelowWhenThereIsRoom: Story = {
  name: 'La lista de menciones va debajo si cabe',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const editor = c.getByRole('textbox', { name: 'Copy' });
    await userEvent.click(editor);
    await userEvent.keyboard('@');
    await c.findByRole('listbox', { name: 'Personas que puedes mencionar' });
    const rect = (
      canvasElement.querySelector('[data-slot="mention-suggestions"]') as HTMLElement
    ).getBoundingClientRect();
    const line = editor.querySelector('p')!.getBoundingClientRect();
    await expect(rect.top).toBeGreaterThanOrEqual(line.bottom);
    await expect(rect.right).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const CopyWithoutMentions: Story = {
  name: 'Copy sin menciones',
  args: {
    mentions: false,
    initial: '<p>Hola <span data-mention-id="u1">@Lucía Gómez</span>, café de origen.</p>',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // What was stored as a mention reads as its plain label, with no chip.
    const shown = canvasElement.querySelector<HTMLElement>('.crw-prose:not([role="textbox"])')!;
    await expect(html(c)).toContain('data-mention-id');
    await expect(shown).toHaveTextContent('Hola Lucía Gómez, café de origen.');
    await expect(shown.querySelector('[data-mention-id]')).toBeNull();
    // «@» is a plain character: no suggestion box, no mention in what is saved.
    const editor = c.getByRole('textbox', { name: 'Copy' });
    await userEvent.click(editor);
    await userEvent.keyboard(' @mar');
    await waitFor(() => expect(html(c)).toContain(' @mar'));
    await expect(c.queryByRole('listbox')).toBeNull();
    await expect(html(c)).not.toContain('data-mention-id');
    await expect(editor).not.toHaveAttribute('aria-controls');
  },
};

/** An editor whose value also changes from outside, as when the server's copy arrives after the one shown first. */
function OutsideHarness() {
  const [html, setHtml] = useState('<p>Copia del plan</p>');
  return (
    <div className="grid max-w-3xl gap-4">
      <RichTextEditor label="Copy" value={html} onChange={setHtml} mentions={false} />
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => setHtml('<p>Copia del servidor</p>')}
      >
        Llega la copia del servidor
      </Button>
    </div>
  );
}

export const ValueFromOutside: Story = {
  name: 'Un valor que llega de fuera',
  render: () => <OutsideHarness />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const editor = c.getByRole('textbox', { name: 'Copy' });
    const arrives = c.getByRole('button', { name: 'Llega la copia del servidor' });
    // The field has the focus, nothing typed: the newer copy replaces the one shown (the focus stays).
    await userEvent.click(editor);
    arrives.click();
    await waitFor(() => expect(editor).toHaveTextContent('Copia del servidor'));
    await expect(editor).toHaveFocus();
    // Typed into: what is being written is never replaced while it has the focus.
    await userEvent.keyboard(' y lo escrito');
    await waitFor(() => expect(editor).toHaveTextContent('Copia del servidor y lo escrito'));
    arrives.click();
    await expect(editor).toHaveTextContent('Copia del servidor y lo escrito');
  },
};
