import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { inputClass } from '../input/input.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.quickAdd;

export interface QuickAddProps {
  /** The field's name for screen readers and its tooltip («Añadir pieza en Borrador»). */
  label: string;
  placeholder?: string;
  maxLength?: number;
  /**
   * Adds one entry. Entries are added one after another, in the order typed; a rejection's message is shown and
   * the text comes back into the field (when the field is empty) so nothing typed is lost.
   */
  onAdd: (text: string) => Promise<unknown>;
  className?: string;
}

/**
 * A one-line form that adds entries by their text: type, Enter, type the next. The field empties at once and keeps
 * the focus while the entry is saved (entries wait their turn, so a fast typist never waits and the order is the
 * order typed). Progress and each result are announced; a failure shows its reason and gives the text back.
 */
export function QuickAdd({ label, placeholder, maxLength, onAdd, className }: QuickAddProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  const submit = () => {
    const field = input.current;
    const text = field?.value.trim() ?? '';
    if (!field || !text) return;
    field.value = '';
    setError(null);
    setPending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        await onAdd(text);
        setAnnounce(t.added(text));
      } catch (reason) {
        const message = t.failed(text, reason instanceof Error ? reason.message : String(reason));
        setError(message);
        setAnnounce(message);
        if (input.current && !input.current.value) input.current.value = text;
      } finally {
        setPending((n) => n - 1);
      }
    });
  };

  return (
    <form
      data-slot="quick-add"
      className={cn('flex flex-col gap-1', className)}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="relative flex items-center">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          name="quick-add"
          autoComplete="off"
          enterKeyHint="done"
          maxLength={maxLength}
          placeholder={placeholder}
          title={label}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && e.currentTarget.value) {
              e.currentTarget.value = '';
              e.stopPropagation();
            }
          }}
          className={cn(inputClass, 'h-9 pr-10')}
        />
        <button
          type="submit"
          aria-label={t.add}
          title={t.add}
          className="absolute right-1 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {pending > 0 ? (
            <LoaderCircleIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <PlusIcon className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {t.hint}
      </p>
      <p role="status" className="sr-only">
        {pending > 0 ? t.adding(pending) : announce}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="px-1 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
