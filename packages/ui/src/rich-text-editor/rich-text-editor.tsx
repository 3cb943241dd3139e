import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { CharacterCount, Placeholder, UndoRedo } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import {
  GAP,
  type Mentionable,
  matchMentionables,
  placeSuggestion,
  ServerMention,
  type SuggestionState,
} from './mentions.ts';
import { SafeLink } from './safe-link.ts';
import { Count, Toolbar } from './toolbar.tsx';

export { type Mentionable, matchMentionables, placeSuggestion } from './mentions.ts';

const t = uiMessages.richText;

export type RichTextEditorProps = {
  /** HTML in the server's allow-list (lib/sanitize.ts on the server): what was saved, or ''. */
  value: string;
  onChange: (html: string) => void;
  /** People who may be mentioned with `@` (they can see what is written). */
  mentionables?: ReadonlyArray<Mentionable>;
  /**
   * `false`: no mentions at all (a material's copy is the content to publish): `@` is a plain character and a
   * stored mention reads as its text. Fixed when the editor is created.
   */
  mentions?: boolean;
  /** Accessible name of the editable area. */
  label: string;
  /** Ids of elements that describe the editor (hint, error). */
  describedBy?: string;
  placeholder?: string;
  /** Characters allowed; typing stops there. */
  maxLength?: number;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  /** Extra controls at the end of the toolbar. */
  toolbarEnd?: ReactNode;
  /**
   * Focus the editor once it is made, the caret after this many characters of its text (`RichTextSurface`'s
   * `onEdit`: where the read view was clicked) or at the end.
   */
  focusAt?: number | 'end';
  /**
   * Text typed before the editor was made (on `RichTextSurface`), asked for once it is focused and written at the
   * caret: asked then, not when the editor is made, so keys that arrive in between are not lost.
   */
  typeAhead?: () => string;
};

/** The document position after `offset` characters of its text (blocks add none, as `textBetween` with no separator). */
function positionAtText(doc: Editor['state']['doc'], offset: number): number {
  let left = offset;
  let found: number | null = null;
  doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (node.isText) {
      const length = node.text?.length ?? 0;
      if (left <= length) found = pos + left;
      else left -= length;
    }
    return true;
  });
  return found ?? doc.content.size;
}

/**
 * The rich-text editor for material copy and comments (Tiptap): headings, bold, italic, lists, links,
 * quotes, undo/redo, a character count and `@` mentions. Emits HTML in the server's allow-list; render
 * stored HTML with `RichTextContent`, which shares the same `crw-prose` rules.
 */
export function RichTextEditor({
  value,
  onChange,
  mentionables = [],
  mentions = true,
  label,
  describedBy,
  placeholder,
  maxLength,
  disabled = false,
  invalid = false,
  className,
  toolbarEnd,
  focusAt,
  typeAhead,
}: RichTextEditorProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const listId = useId();
  const people = useRef(mentionables);
  people.current = mentionables;
  const change = useRef(onChange);
  change.current = onChange;
  const [suggestion, setSuggestion] = useState<SuggestionState | null>(null);
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  const suggestionRef = useRef<SuggestionState | null>(null);
  suggestionRef.current = suggestion;
  activeRef.current = active;

  const activeOption = suggestion?.items[active];
  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editable: !disabled,
    content: value || '',
    extensions: [
      // Only what the server keeps (lib/sanitize.ts), one extension each: the whole starter kit and the
      // linkify-based link would add a third to the chunk for marks nobody can save.
      Document,
      Paragraph,
      Text,
      HardBreak,
      Heading.configure({ levels: [1, 2, 3] }),
      Bold,
      Italic,
      BulletList,
      OrderedList,
      ListItem,
      ListKeymap,
      Blockquote,
      SafeLink,
      UndoRedo,
      CharacterCount.configure({ limit: maxLength ?? null }),
      Placeholder.configure({ placeholder: placeholder ?? (mentions ? t.mentionHint : '') }),
      ServerMention.configure({
        renderText: ({ node }) => `@${node.attrs.label ?? node.attrs.id}`,
        renderHTML: ({ node }) => [
          'span',
          { 'data-mention-id': node.attrs.id },
          `@${node.attrs.label ?? node.attrs.id}`,
        ],
        suggestion: {
          char: '@',
          allowSpaces: true,
          items: ({ query }) => matchMentionables(people.current, query),
          render: () => {
            const show = (p: SuggestionProps<Mentionable, { id: string; label: string }>) => {
              setSuggestion({ items: p.items, command: p.command, rect: p.clientRect?.() ?? null });
            };
            return {
              onStart: (p) => {
                setActive(0);
                show(p);
              },
              onUpdate: (p) => {
                setActive(0);
                show(p);
              },
              onKeyDown: ({ event }: SuggestionKeyDownProps) => {
                const s = suggestionRef.current;
                if (!s) return false;
                if (event.key === 'Escape') {
                  setSuggestion(null);
                  return true;
                }
                if (s.items.length === 0) return false;
                if (event.key === 'ArrowDown') {
                  setActive((activeRef.current + 1) % s.items.length);
                  return true;
                }
                if (event.key === 'ArrowUp') {
                  setActive((activeRef.current - 1 + s.items.length) % s.items.length);
                  return true;
                }
                if (event.key === 'Enter' || event.key === 'Tab') {
                  const item = s.items[activeRef.current];
                  if (item) s.command({ id: item.id, label: item.name });
                  return true;
                }
                return false;
              },
              onExit: () => setSuggestion(null),
            };
          },
        },
      }),
    ].filter((e) => mentions || e.name !== 'mention'),
    // Recomputed on every render (the editor takes new options then), so they follow the props and the
    // suggestion list.
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'crw-prose min-h-32 px-3 py-2',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
        ...(suggestion ? { 'aria-controls': listId } : {}),
        ...(activeOption ? { 'aria-activedescendant': `${listId}-${activeOption.id}` } : {}),
      },
    },
    onUpdate: ({ editor: e }) => change.current(e.isEmpty ? '' : e.getHTML()),
  });

  // A value from outside (another user's save, a reset, the server's copy arriving after the one shown first)
  // replaces the content unless the user has typed into it: while the field has the focus, only content still
  // as it was given is replaced (a click into it before the newer copy arrived must not keep the older one).
  // Effects can run against an editor Tiptap has just destroyed (a Suspense boundary hid and showed this
  // again); the replacement arrives with the next render.
  const given = useRef<{ editor: typeof editor; html: string } | null>(null);
  useEffect(() => {
    if (editor.isDestroyed) return;
    const html = () => (editor.isEmpty ? '' : editor.getHTML());
    const current = html();
    // What it was made with: text typed since (keys handed over from the read view, `typeAhead`, before this
    // first run) is the user's, not a value to replace.
    if (given.current?.editor !== editor) given.current = { editor, html: value || '' };
    if ((value || '') === current || (editor.isFocused && current !== given.current.html)) return;
    editor.commands.setContent(value || '', { emitUpdate: false });
    given.current = { editor, html: html() };
  }, [editor, value]);

  useEffect(() => {
    if (editor.isDestroyed) return;
    // Without an update: the value on screen is the one given, not a change to report.
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // Made to be written in at once (the read view was clicked): the caret where the click was.
  const focusOnMount = useRef({ at: focusAt, typed: typeAhead });
  // In the commit itself (a layout effect), not after the paint: the read view it replaces had the focus, and a
  // key that arrived in between would find none.
  useLayoutEffect(() => {
    const { at, typed } = focusOnMount.current;
    if (at === undefined || editor.isDestroyed) return;
    // Tiptap's `focus` command focuses in the next frame (a key typed before it would be lost): the caret is set
    // and the view focused now.
    editor.commands.setTextSelection(
      at === 'end' ? editor.state.doc.content.size : positionAtText(editor.state.doc, at),
    );
    editor.view.focus();
    // As plain text at the caret (an update like any typing: the screen hears it).
    const text = typed?.();
    if (text) editor.view.dispatch(editor.state.tr.insertText(text));
  }, [editor]);

  const box = wrapper.current?.getBoundingClientRect();
  const position =
    suggestion?.rect && box
      ? { top: suggestion.rect.bottom - box.top + GAP, left: Math.max(0, suggestion.rect.left - box.left) }
      : null;
  // The box's real size is known once drawn: placed (shifted, flipped) before the browser paints it.
  const popup = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = popup.current;
    const host = wrapper.current;
    if (!el || !host || !suggestion?.rect) return;
    const place = placeSuggestion(
      suggestion.rect,
      host.getBoundingClientRect(),
      { width: el.offsetWidth, height: el.offsetHeight },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
    );
    el.style.top = `${place.top}px`;
    el.style.left = `${place.left}px`;
  });

  return (
    <div
      ref={wrapper}
      className={cn(
        'relative rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
        invalid && 'border-destructive',
        disabled && 'bg-muted',
        className,
      )}
    >
      <Toolbar editor={editor} disabled={disabled} end={toolbarEnd} />
      <EditorContent editor={editor} />
      <Count editor={editor} max={maxLength} />
      {suggestion && position ? (
        <div
          ref={popup}
          data-slot="mention-suggestions"
          className="absolute z-50 w-64 max-w-[min(calc(100%-1rem),calc(100vw-1rem))] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg"
          style={position}
        >
          {suggestion.items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">{t.noMatches}</p>
          ) : (
            <div id={listId} role="listbox" aria-label={t.mentions} className="max-h-60 overflow-y-auto py-1">
              {suggestion.items.map((item, i) => (
                <div
                  key={item.id}
                  tabIndex={-1}
                  id={`${listId}-${item.id}`}
                  role="option"
                  aria-selected={i === active}
                  className={cn(
                    'cursor-pointer px-3 py-1.5 text-sm',
                    i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                  )}
                  onMouseDown={(e) => {
                    // Keep the editor's selection: the click must not blur it.
                    e.preventDefault();
                    suggestion.command({ id: item.id, label: item.name });
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  @{item.name}
                </div>
              ))}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
