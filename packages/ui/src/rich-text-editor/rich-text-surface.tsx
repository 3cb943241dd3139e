import { PencilIcon } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.richText;

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Where a point of the page falls in `root`'s text: the number of characters before it (as `Range.toString()`
 * counts them: block boundaries add nothing, as the editor's `textBetween` with no separator), or null outside.
 */
export function textOffsetAt(root: HTMLElement, x: number, y: number): number | null {
  const doc = root.ownerDocument as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  };
  let node: Node | null = null;
  let offset = 0;
  const position = doc.caretPositionFromPoint?.(x, y);
  if (position) {
    node = position.offsetNode;
    offset = position.offset;
  } else {
    const range = doc.caretRangeFromPoint?.(x, y);
    if (range) {
      node = range.startContainer;
      offset = range.startOffset;
    }
  }
  if (!node || !root.contains(node)) return null;
  const before = doc.createRange();
  before.setStart(root, 0);
  before.setEnd(node, offset);
  return before.toString().length;
}

/**
 * A rich text as it reads, in the box of `RichTextEditor` (its border, its toolbar's row, its content's padding,
 * its count): what a piece shows before anyone edits it, without loading the editor (issue 48: a piece opens to
 * read). It is the editable area's stand-in, named and focusable as it is: a click, a tap or the focus (Tab) on
 * it, or «Editar» in the toolbar's row, calls `onEdit` with where the caret should go (the characters before the
 * point clicked; `'end'` from the keyboard or the button), and the screen mounts the editor in its place, the
 * same box and the same text: nothing moves.
 */
export function RichTextSurface({
  html,
  label,
  placeholder,
  maxLength,
  describedBy,
  className,
  onEdit,
  onType,
}: {
  /** Sanitised HTML (the server's allow-list), or ''. */
  html: string;
  /** The editable area's name (the editor's `label`). */
  label: string;
  placeholder?: string;
  maxLength?: number;
  describedBy?: string;
  className?: string;
  onEdit: (caret: number | 'end') => void;
  /**
   * Characters typed on it before the editor took its place (its chunk still on its way), and `'End'` when End is
   * pressed: the screen gives them to the editor (`typeAhead`, the caret), so nothing typed is lost.
   */
  onType?: (text: string) => void;
}) {
  const content = useRef<HTMLDivElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  const caret = useRef<number | null>(null);
  // The count as the editor's (its text's characters, a line break one): set on the element, no second render.
  useLayoutEffect(() => {
    const el = content.current;
    if (!el || !count.current) return;
    const n = html ? (el.textContent ?? '').length + el.querySelectorAll('br').length : 0;
    count.current.textContent = t.characters(n, maxLength);
  }, [html, maxLength]);
  return (
    <div
      data-slot="rich-text-surface"
      className={cn('relative rounded-md border border-input bg-background', className)}
    >
      <div className="border-b">
        <div className="flex flex-wrap items-center gap-0.5 p-1">
          <button
            type="button"
            onClick={() => onEdit('end')}
            className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4"
          >
            <PencilIcon aria-hidden="true" />
            {t.edit}
          </button>
        </div>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: the stand-in of the editor's contenteditable textbox (rich text, not a field) */}
      <div
        ref={content}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={0}
        className="crw-prose min-h-32 cursor-text px-3 py-2 focus:outline-none"
        onPointerDown={(e) => {
          caret.current = content.current ? textOffsetAt(content.current, e.clientX, e.clientY) : null;
        }}
        onKeyDown={(e) => {
          if (e.key === 'End') return onType?.('End');
          if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
          e.preventDefault();
          onType?.(e.key);
        }}
        onFocus={() => {
          const at = caret.current;
          caret.current = null;
          onEdit(at ?? 'end');
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (its allow-list)
        dangerouslySetInnerHTML={{
          __html:
            html ||
            `<p class="is-editor-empty" data-placeholder="${escapeAttribute(placeholder ?? '')}"></p>`,
        }}
      />
      <p ref={count} className="border-t px-3 py-1 text-right text-xs text-muted-foreground" />
    </div>
  );
}
