import { XIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.tagInput;

/** A list of short texts (pilares, ángulos, formatos): Enter or comma adds, Backspace on empty removes the last. */
export function TagInput({
  id,
  value,
  onChange,
  placeholder = t.placeholder,
  className,
  ...aria
}: {
  id?: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const tag = draft.trim();
    if (tag && !value.includes(tag)) onChange([...value, tag]);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !draft && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div
      className={cn(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 focus-within:outline-2 focus-within:outline-ring',
        className,
      )}
    >
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium"
        >
          {tag}
          <button
            type="button"
            aria-label={t.remove(tag)}
            onClick={() => onChange(value.filter((x) => x !== tag))}
            className="rounded-full p-0.5 hover:bg-foreground/10 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <XIcon className="size-3" aria-hidden="true" />
          </button>
        </span>
      ))}
      <input
        id={id}
        {...aria}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        placeholder={value.length === 0 ? placeholder : undefined}
        className="min-w-24 flex-1 bg-transparent py-1 text-sm outline-none placeholder:text-muted-foreground"
      />
    </div>
  );
}
