import { type Editor, useEditorState } from '@tiptap/react';
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
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Input } from '../input/input.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { isSafeHref } from './safe-link.ts';

const t = uiMessages.richText;

export function Count({ editor, max }: { editor: Editor; max?: number }) {
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

export function Toolbar({ editor, disabled, end }: { editor: Editor; disabled: boolean; end?: ReactNode }) {
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
