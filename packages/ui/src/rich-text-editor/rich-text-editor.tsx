import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Mention from '@tiptap/extension-mention';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { CharacterCount, Placeholder, UndoRedo } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import {
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  QuoteIcon,
  Redo2Icon,
  Undo2Icon,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Input } from '../input/input.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { isSafeHref, SafeLink } from './safe-link.ts';

const t = uiMessages.richText;

export type Mentionable = { id: string; name: string };

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
};

/**
 * A mention as the server stores and recognises it: `<span data-mention-id="…">@Nombre</span>` (any other
 * attribute would be stripped by its sanitiser, so the editor reads and writes exactly this).
 */
const ServerMention = Mention.extend({
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
const EDGE = 8;
/** Between the caret and the box (px). */
const GAP = 4;

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

type SuggestionState = {
  items: Mentionable[];
  command: (item: { id: string; label: string }) => void;
  rect: DOMRect | null;
};

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

  // A value from outside (another user's save, a reset) replaces the content unless the user is typing.
  // Effects can run against an editor Tiptap has just destroyed (a Suspense boundary hid and showed this
  // again); the replacement arrives with the next render.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current && !editor.isFocused)
      editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor.isDestroyed) return;
    // Without an update: the value on screen is the one given, not a change to report.
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

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

function Count({ editor, max }: { editor: Editor; max?: number }) {
  // A destroyed editor (unmounting, remounting) has no storage left: count nothing then.
  const n = useEditorState({
    editor,
    selector: ({ editor: e }) => (e.isDestroyed ? 0 : (e.storage.characterCount?.characters() ?? 0)),
  });
  return (
    <p className="border-t px-3 py-1 text-right text-xs text-muted-foreground" aria-live="polite">
      {t.characters(n, max)}
    </p>
  );
}

const idle = {
  h2: false,
  h3: false,
  bold: false,
  italic: false,
  bullet: false,
  ordered: false,
  quote: false,
  link: false,
  href: '',
  canUndo: false,
  canRedo: false,
};

function Toolbar({ editor, disabled, end }: { editor: Editor; disabled: boolean; end?: ReactNode }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isDestroyed
        ? idle
        : {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            href: (e.getAttributes('link').href as string | undefined) ?? '',
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          },
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [linkError, setLinkError] = useState(false);
  const urlId = useId();
  const chain = () => editor.chain().focus();

  const toggle = (
    key: string,
    label: string,
    pressed: boolean,
    icon: ReactNode,
    run: () => void,
    shortcut?: string,
  ) => (
    <button
      key={key}
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50 [&_svg]:size-4',
        pressed && 'bg-accent text-accent-foreground',
      )}
    >
      {icon}
    </button>
  );

  const applyLink = () => {
    const href = url.trim();
    if (href === '') {
      chain().extendMarkRange('link').unsetMark('link').run();
      setLinkOpen(false);
      return;
    }
    if (!isSafeHref(href)) {
      setLinkError(true);
      return;
    }
    chain().extendMarkRange('link').setMark('link', { href }).run();
    setLinkOpen(false);
  };

  return (
    <div className="border-b">
      <div role="toolbar" aria-label={t.toolbar} className="flex flex-wrap items-center gap-0.5 p-1">
        {toggle('h2', t.heading, state.h2, <Heading1Icon />, () => chain().toggleHeading({ level: 2 }).run())}
        {toggle('h3', t.subheading, state.h3, <Heading2Icon />, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {toggle('b', t.bold, state.bold, <BoldIcon />, () => chain().toggleBold().run(), 'Ctrl+B')}
        {toggle('i', t.italic, state.italic, <ItalicIcon />, () => chain().toggleItalic().run(), 'Ctrl+I')}
        {toggle('ul', t.bulletList, state.bullet, <ListIcon />, () => chain().toggleBulletList().run())}
        {toggle('ol', t.orderedList, state.ordered, <ListOrderedIcon />, () =>
          chain().toggleOrderedList().run(),
        )}
        {toggle('q', t.quote, state.quote, <QuoteIcon />, () => chain().toggleBlockquote().run())}
        {toggle('a', t.link, state.link || linkOpen, <LinkIcon />, () => {
          setUrl(state.href);
          setLinkError(false);
          setLinkOpen((o) => !o);
        })}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        <button
          type="button"
          aria-label={t.undo}
          title={`${t.undo} (Ctrl+Z)`}
          disabled={disabled || !state.canUndo}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => chain().undo().run()}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-40 [&_svg]:size-4"
        >
          <Undo2Icon />
        </button>
        <button
          type="button"
          aria-label={t.redo}
          title={`${t.redo} (Ctrl+Shift+Z)`}
          disabled={disabled || !state.canRedo}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => chain().redo().run()}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-40 [&_svg]:size-4"
        >
          <Redo2Icon />
        </button>
        {end ? <span className="ml-auto flex items-center gap-1">{end}</span> : null}
      </div>
      {linkOpen ? (
        <form
          className="flex flex-wrap items-start gap-2 border-t p-2"
          onSubmit={(e) => {
            e.preventDefault();
            applyLink();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setLinkOpen(false);
              editor.commands.focus();
            }
          }}
        >
          <label htmlFor={urlId} className="sr-only">
            {t.linkUrl}
          </label>
          <div className="min-w-48 flex-1">
            <Input
              id={urlId}
              autoFocus
              inputMode="url"
              placeholder="https://"
              value={url}
              aria-invalid={linkError || undefined}
              aria-describedby={linkError ? `${urlId}-error` : undefined}
              onChange={(e) => {
                setUrl(e.target.value);
                setLinkError(false);
              }}
            />
            {linkError ? (
              <p id={`${urlId}-error`} className="mt-1 text-xs text-destructive">
                {t.linkInvalid}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="sm">
            {t.linkApply}
          </Button>
          {state.link ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                chain().extendMarkRange('link').unsetMark('link').run();
                setLinkOpen(false);
              }}
            >
              {t.linkRemove}
            </Button>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
