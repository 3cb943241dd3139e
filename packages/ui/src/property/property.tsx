import { CheckIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type * as React from 'react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * One property of a record shown as a compact button with its value («Formato · Reel»), the way an issue tracker
 * shows an issue's fields: a piece opens to read, and the control that changes a property (a list of options, a
 * date field) mounts only when its button is pressed — by a click, a tap, Enter, Space or ArrowDown — in a
 * popover anchored to the button. Until then a property costs one button: a form of seven selects and a date
 * picker, mounted only to be looked at, was most of the cost of opening a piece (issue 48).
 *
 * The button keeps its box and text when the control mounts (the popover floats over the page: no layout shift).
 * `children` is the control, given `close`; closing returns the focus to the button. `withheld`: the property
 * cannot change now: the button stays focusable, says why (its description and a tooltip) and opens nothing.
 */
export function Property({
  label,
  value,
  empty,
  withheld,
  describedBy,
  popup = 'listbox',
  className,
  children,
}: {
  label: string;
  /** The value as read (an option's label, a date); null or '' shows `empty`. */
  value: ReactNode;
  /** What an unset value reads as («Sin definir»). */
  empty: string;
  /** Why the property cannot change now; the button opens nothing. */
  withheld?: string;
  /** Ids of elements that describe it (a note that says the reason once for several properties). */
  describedBy?: string;
  /** What the control is, for `aria-haspopup`. */
  popup?: 'listbox' | 'dialog';
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  // Mounted on first use and kept (its state, e.g. a date being typed, survives closing and opening again).
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const unset = value === null || value === undefined || value === '';
  const show = () => {
    if (withheld) return;
    setUsed(true);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const description = [withheld && !describedBy ? reasonId : null, describedBy].filter(Boolean).join(' ');
  return (
    <>
      <button
        ref={button}
        type="button"
        data-slot="property"
        aria-haspopup={withheld ? undefined : popup}
        aria-expanded={withheld ? undefined : open}
        aria-disabled={withheld ? true : undefined}
        aria-describedby={description || undefined}
        title={withheld}
        onClick={show}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            show();
          }
        }}
        className={cn(
          'flex min-h-11 min-w-0 flex-col items-start justify-center rounded-md px-2 py-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-transparent aria-expanded:bg-muted',
          className,
        )}
      >
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className={cn('max-w-full truncate text-sm', unset ? 'text-muted-foreground' : 'font-medium')}>
          {unset ? empty : value}
        </span>
      </button>
      {withheld && !describedBy ? (
        <span id={reasonId} hidden>
          {withheld}
        </span>
      ) : null}
      {used ? (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Anchor virtualRef={button} />
          {open ? (
            <Popover.Portal>
              <Popover.Content
                aria-label={label}
                align="start"
                sideOffset={4}
                collisionPadding={8}
                onCloseAutoFocus={(e) => {
                  // No Radix trigger: the focus goes back to the property's button.
                  e.preventDefault();
                  button.current?.focus();
                }}
                className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
              >
                {children(close)}
              </Popover.Content>
            </Popover.Portal>
          ) : null}
        </Popover.Root>
      ) : null}
    </>
  );
}

export interface PropertyOption {
  value: string;
  label: string;
}

/**
 * The options of a property as a listbox (inside `Property`'s popover): the chosen one is focused first; arrows,
 * Home and End move, a letter jumps to the next option that starts with it, Enter or Space (or a click) chooses.
 */
export function PropertyOptions({
  label,
  options,
  value,
  onChoose,
}: {
  label: string;
  options: readonly PropertyOption[];
  value: string;
  onChoose: (value: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      options.findIndex((o) => o.value === value),
    ),
  );
  const baseId = useId();
  useEffect(() => {
    list.current?.focus();
  }, []);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const last = options.length - 1;
    const move = (i: number) => {
      e.preventDefault();
      setActive(Math.min(last, Math.max(0, i)));
    };
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(last);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const option = options[active];
      if (option) onChoose(option.value);
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const key = e.key.toLowerCase();
      const ordered = [...options.slice(active + 1), ...options.slice(0, active + 1)];
      const match = ordered.find((o) => o.label.toLowerCase().startsWith(key));
      if (match) move(options.indexOf(match));
    }
  };
  return (
    <div
      ref={list}
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={options[active] ? `${baseId}-${active}` : undefined}
      onKeyDown={onKeyDown}
      className="max-h-72 overflow-y-auto outline-none"
    >
      {options.map((o, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys (aria-activedescendant)
        // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the listbox, never focused
        <div
          key={o.value}
          id={`${baseId}-${i}`}
          data-index={i}
          role="option"
          aria-selected={o.value === value}
          onClick={() => onChoose(o.value)}
          onPointerMove={() => setActive(i)}
          className={cn(
            'relative flex min-h-8 cursor-default items-center rounded-sm py-1.5 pr-8 pl-2 text-sm select-none',
            i === active && 'bg-muted',
          )}
        >
          {o.label}
          {o.value === value ? <CheckIcon className="absolute right-2 size-4" aria-hidden="true" /> : null}
        </div>
      ))}
    </div>
  );
}
