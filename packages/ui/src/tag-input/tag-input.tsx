import { XIcon } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.tagInput;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Two tags are the same when they read the same: neither case nor repeated spaces count. */
const sameTag = (a: string, b: string) =>
  clean(a).localeCompare(clean(b), 'es', { sensitivity: 'accent' }) === 0;

export interface TagInputProps {
  id?: string;
  name?: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** Called when focus leaves the text box (react-hook-form's `onBlur`). */
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  /** Most tags the list may hold; further ones are refused with a message. */
  maxTags?: number;
  /** Longest tag, in characters. */
  maxTagLength?: number;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
}

/**
 * A list of short texts (pilares, ángulos, formatos). Enter or a comma adds what was typed (pasting
 * "a, b, c" adds three); Backspace in the empty box removes the last tag; each tag has a × button.
 * A tag already in the list (whatever its case) is not added twice: the existing one is highlighted and
 * the reason is announced. Every change is announced to screen readers.
 */
export function TagInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  placeholder = t.placeholder,
  disabled = false,
  maxTags = 50,
  maxTagLength = 100,
  className,
  ...aria
}: TagInputProps) {
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  /** Adds each of `texts` that is new; returns the list after. */
  const addAll = (texts: string[]) => {
    const next = [...value];
    const added: string[] = [];
    let repeated: string | null = null;
    let full = false;
    for (const raw of texts) {
      const tag = clean(raw).slice(0, maxTagLength);
      if (!tag) continue;
      const existing = next.find((x) => sameTag(x, tag));
      if (existing) {
        repeated = existing;
        continue;
      }
      if (next.length >= maxTags) {
        full = true;
        break;
      }
      next.push(tag);
      added.push(tag);
    }
    if (added.length > 0) onChange(next);
    setDuplicate(repeated);
    if (full) setAnnouncement(t.full(maxTags));
    else if (repeated && added.length === 0) setAnnouncement(t.duplicate(repeated));
    else if (added.length > 0) setAnnouncement(t.added(added.join(', ')));
  };

  const remove = (tag: string) => {
    onChange(value.filter((x) => x !== tag));
    setDuplicate(null);
    setAnnouncement(t.removed(tag));
  };

  const commit = () => {
    if (clean(draft)) addAll([draft]);
    setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' || e.key === ',') {
      // Enter with nothing typed submits the form as any other field would.
      if (e.key === 'Enter' && !clean(draft)) return;
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && draft === '' && value.length > 0) {
      e.preventDefault();
      remove(value[value.length - 1] as string);
    }
  };

  // A comma that arrives without a key event (mobile keyboards, dictation) still splits.
  const onTextChange = (text: string) => {
    setDuplicate(null);
    if (!text.includes(',')) {
      setDraft(text);
      return;
    }
    const parts = text.split(',');
    const rest = parts.pop() ?? '';
    addAll(parts);
    setDraft(rest.trimStart());
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[,\n]/.test(text)) return;
    e.preventDefault();
    addAll([draft, ...text.split(/[,\n]/)]);
    setDraft('');
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the box's padding focuses its text box; the keyboard reaches the text box directly.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above, the text box itself takes the keyboard.
    <div
      data-slot="tag-input"
      data-disabled={disabled || undefined}
      onClick={(e) => {
        if (e.target === e.currentTarget) input.current?.focus();
      }}
      className={cn(
        'flex min-h-10 w-full min-w-0 flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring has-[[aria-invalid=true]]:border-destructive data-disabled:cursor-not-allowed data-disabled:bg-muted',
        className,
      )}
    >
      {value.length > 0 ? (
        <ul className="contents">
          {value.map((tag) => (
            <li
              key={tag}
              data-duplicate={duplicate === tag || undefined}
              data-locked={disabled || undefined}
              className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 data-[locked]:pr-2.5 text-xs font-medium text-secondary-foreground data-duplicate:ring-2 data-duplicate:ring-warning"
            >
              <span className="min-w-0 break-words">{tag}</span>
              {disabled ? null : (
                <button
                  type="button"
                  aria-label={t.remove(tag)}
                  onClick={() => {
                    remove(tag);
                    input.current?.focus();
                  }}
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-foreground/10 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        name={name}
        {...aria}
        disabled={disabled}
        value={draft}
        maxLength={maxTagLength}
        autoComplete="off"
        enterKeyHint="enter"
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        placeholder={value.length === 0 ? placeholder : undefined}
        className="h-7 min-w-28 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
      />
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
