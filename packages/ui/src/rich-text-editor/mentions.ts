import Mention from '@tiptap/extension-mention';

export type Mentionable = { id: string; name: string };

/**
 * A mention as the server stores and recognises it: `<span data-mention-id="…">@Nombre</span>` (any other
 * attribute would be stripped by its sanitiser, so the editor reads and writes exactly this).
 */
export const ServerMention = Mention.extend({
  parseHTML() {
    return [{ tag: 'span[data-mention-id]' }];
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      id: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-mention-id'),
        renderHTML: (attrs: { id?: string | null }) => (attrs.id ? { 'data-mention-id': attrs.id } : {}),
      },
      label: {
        default: null,
        parseHTML: (el: HTMLElement) => (el.textContent ?? '').replace(/^@/, ''),
        renderHTML: () => ({}),
      },
    };
  },
});

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** People whose name matches what follows `@` (accents and case ignored), at most 8. */
export function matchMentionables(all: ReadonlyArray<Mentionable>, query: string): Mentionable[] {
  const q = normalise(query.trim());
  return all.filter((m) => normalise(m.name).includes(q)).slice(0, 8);
}

/** Room kept between the suggestion box and the viewport's edges (px). */
export const EDGE = 8;
/** Between the caret and the box (px). */
export const GAP = 4;

/**
 * Where the @mention box goes, relative to the editor's box (issue 31: it was cut at the right edge): below the
 * caret, shifted left to stay inside both the editor and the viewport, and above the caret when there is no
 * room below but there is above. All rectangles in viewport coordinates.
 */
export function placeSuggestion(
  caret: Pick<DOMRect, 'left' | 'top' | 'bottom'>,
  editor: Pick<DOMRect, 'left' | 'right' | 'top'>,
  box: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const minLeft = Math.max(editor.left, EDGE);
  const maxRight = Math.min(editor.right, viewport.width - EDGE);
  const x = Math.max(minLeft, Math.min(caret.left, maxRight - box.width));
  const below = caret.bottom + GAP;
  const above = caret.top - GAP - box.height;
  const y = below + box.height > viewport.height - EDGE && above >= EDGE ? above : below;
  return { top: y - editor.top, left: x - editor.left };
}

export type SuggestionState = {
  items: Mentionable[];
  command: (item: { id: string; label: string }) => void;
  rect: DOMRect | null;
};
