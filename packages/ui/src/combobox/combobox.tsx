import { CheckIcon, ChevronDownIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.combobox;

export interface ComboboxOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

interface ComboboxBaseProps {
  options: readonly ComboboxOption[];
  /** For a `Field`'s label (`htmlFor`), or use `aria-label`. */
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Options are being fetched (e.g. after `onSearchChange`): shows "Cargando..." above the list. */
  loading?: boolean;
  /** Called with what the user types (and with "" when the list closes after a search), for remote search. */
  onSearchChange?: (query: string) => void;
  /** Filters `options` by the typed text (label and description, ignoring case and accents). Set false when the
   * options come already filtered from a server. */
  filter?: boolean;
  /** Shows a button that empties the selection (default true). */
  clearable?: boolean;
  /** Text shown when nothing matches (default "Sin resultados"). */
  emptyText?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface ComboboxSingleProps extends ComboboxBaseProps {
  multiple?: false;
  value: string | null;
  onValueChange: (value: string | null) => void;
}

export interface ComboboxMultipleProps extends ComboboxBaseProps {
  multiple: true;
  value: readonly string[];
  onValueChange: (value: string[]) => void;
}

export type ComboboxProps = ComboboxSingleProps | ComboboxMultipleProps;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es-ES');

/** Whether an option matches typed text (case- and accent-insensitive, label or description). */
export function matchesOption(option: ComboboxOption, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return (
    fold(option.label).includes(q) || (option.description ? fold(option.description).includes(q) : false)
  );
}

/**
 * A searchable select (one value, or several with `multiple`) following the ARIA combobox pattern: the text
 * field is the combobox (aria-expanded, aria-controls, aria-activedescendant) and a Radix Popover holds the
 * listbox. Type to filter, arrows to move, Enter to choose, Escape to close; Backspace on an empty field removes
 * the last chosen value in `multiple` mode.
 */
export function Combobox(props: ComboboxProps) {
  const {
    options,
    id,
    placeholder = props.multiple ? t.placeholder : uiMessages.selectPlaceholder,
    disabled = false,
    loading = false,
    onSearchChange,
    filter = true,
    clearable = true,
    emptyText = t.noResults,
    className,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': ariaInvalid,
  } = props;
  const selected: readonly string[] = props.multiple ? props.value : props.value ? [props.value] : [];

  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (i: number) => `${baseId}-option-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);

  const [open, setOpen] = useState(false);
  const [dark, setDark] = useState(false);
  /** What the user typed; null while they have not typed since the list opened. */
  const [query, setQuery] = useState<string | null>(null);
  const [activeValue, setActiveValue] = useState<string | null>(null);

  // Labels seen once are remembered, so a chosen value keeps its label when a remote search changes `options`.
  const labels = useRef(new Map<string, string>());
  for (const o of options) labels.current.set(o.value, o.label);
  const labelOf = (value: string) => labels.current.get(value) ?? value;

  const visible = filter && query ? options.filter((o) => matchesOption(o, query)) : options;
  const enabled = visible.filter((o) => !o.disabled);
  const active = enabled.find((o) => o.value === activeValue) ?? enabled[0];
  const activeIndex = active ? visible.indexOf(active) : -1;

  useEffect(() => {
    if (open && activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const show = (initialActive: string | null = selected[0] ?? null) => {
    if (disabled) return;
    setDark(Boolean(anchorRef.current?.closest('.dark')));
    if (!open) setActiveValue(initialActive);
    setOpen(true);
  };

  const hide = () => {
    setOpen(false);
    if (query) onSearchChange?.('');
    setQuery(null);
  };

  const choose = (value: string) => {
    if (props.multiple) {
      const next = props.value.includes(value)
        ? props.value.filter((v) => v !== value)
        : [...props.value, value];
      props.onValueChange(next);
      setActiveValue(value);
      if (query) onSearchChange?.('');
      setQuery(null);
    } else {
      props.onValueChange(value);
      hide();
    }
  };

  const clear = () => {
    if (props.multiple) props.onValueChange([]);
    else props.onValueChange(null);
    inputRef.current?.focus();
  };

  const move = (delta: 1 | -1) => {
    if (enabled.length === 0) return;
    const i = active ? enabled.indexOf(active) : -1;
    const next = enabled[(i + delta + enabled.length) % enabled.length];
    setActiveValue(next.value);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) show();
        else move(1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) show(enabled.at(-1)?.value ?? null);
        else move(-1);
        break;
      case 'Enter':
        if (open && active) {
          e.preventDefault();
          choose(active.value);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          hide();
        }
        break;
      case 'Tab':
        if (open) hide();
        break;
      case 'Backspace':
        if (props.multiple && !e.currentTarget.value && props.value.length > 0)
          props.onValueChange(props.value.slice(0, -1));
        break;
    }
  };

  const inputValue = query ?? (!props.multiple && selected[0] ? labelOf(selected[0]) : '');
  const showClear = clearable && !disabled && selected.length > 0;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) hide();
      }}
    >
      <Popover.Anchor asChild>
        <div
          ref={anchorRef}
          data-slot="combobox"
          data-disabled={disabled || undefined}
          className={cn(
            'flex min-h-10 w-full min-w-0 flex-wrap items-center gap-1 rounded-md border border-input bg-background py-1 pr-1 pl-2 text-sm focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring has-aria-invalid:border-destructive data-disabled:cursor-not-allowed data-disabled:opacity-50',
            className,
          )}
        >
          {props.multiple
            ? props.value.map((value) => (
                <span
                  key={value}
                  data-slot="combobox-chip"
                  className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground"
                >
                  <span className="truncate">{labelOf(value)}</span>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={t.remove(labelOf(value))}
                    onClick={() => {
                      choose(value);
                      inputRef.current?.focus();
                    }}
                    className="rounded-full p-0.5 hover:bg-foreground/10 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <XIcon className="size-3" aria-hidden="true" />
                  </button>
                </span>
              ))
            : null}
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-label={ariaLabel}
            aria-labelledby={ariaLabelledBy}
            aria-describedby={ariaDescribedBy}
            aria-invalid={ariaInvalid}
            disabled={disabled}
            placeholder={props.multiple && props.value.length > 0 ? undefined : placeholder}
            value={inputValue}
            onChange={(e) => {
              setQuery(e.target.value);
              setActiveValue(null);
              show(null);
              onSearchChange?.(e.target.value);
            }}
            onClick={() => {
              if (!open) {
                show();
                if (!props.multiple) inputRef.current?.select();
              }
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (open) hide();
            }}
            className="h-8 min-w-16 flex-1 bg-transparent px-1 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
          />
          {showClear ? (
            <button
              type="button"
              aria-label={t.clear}
              title={t.clear}
              onClick={clear}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <XIcon className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          <button
            type="button"
            tabIndex={-1}
            disabled={disabled}
            aria-label={t.showOptions}
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            onPointerDown={(e) => e.preventDefault()}
            onClick={() => {
              if (open) hide();
              else show();
              inputRef.current?.focus();
            }}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted disabled:pointer-events-none"
          >
            <ChevronDownIcon
              className={cn('size-4 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          role="presentation"
          data-slot="combobox-content"
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if (anchorRef.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onPointerDown={(e) => e.preventDefault()}
          className={cn(
            'z-50 w-[var(--radix-popover-trigger-width)] min-w-56 overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md',
            dark && 'dark',
          )}
        >
          {loading ? (
            <div role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <LoaderCircleIcon
                className="size-4 animate-spin motion-reduce:animate-none"
                aria-hidden="true"
              />
              {uiMessages.loading}
            </div>
          ) : null}
          {!loading && visible.length === 0 ? (
            <div role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {emptyText}
            </div>
          ) : null}
          <div
            id={listboxId}
            role="listbox"
            aria-label={ariaLabel ?? t.options}
            aria-multiselectable={props.multiple || undefined}
            className="max-h-64 overflow-y-auto"
          >
            {visible.map((o, i) => {
              const isSelected = selected.includes(o.value);
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the input (ARIA combobox), never focused.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is handled by the combobox input (arrows, Enter).
                <div
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={isSelected}
                  aria-disabled={o.disabled || undefined}
                  data-active={i === activeIndex || undefined}
                  onPointerMove={() => {
                    if (!o.disabled && activeValue !== o.value) setActiveValue(o.value);
                  }}
                  onClick={() => {
                    if (!o.disabled) choose(o.value);
                  }}
                  className="flex cursor-default items-start gap-2 rounded-sm px-2 py-1.5 text-sm select-none aria-disabled:opacity-50 data-active:bg-muted"
                >
                  {/* The tick only where chosen: the others keep its box (a list of 200 drew 200 hidden icons). */}
                  {isSelected ? (
                    <CheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  ) : (
                    <span className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  )}
                  <span className="min-w-0">
                    <span className="block break-words">{o.label}</span>
                    {o.description ? (
                      <span className="block text-xs break-words text-muted-foreground">{o.description}</span>
                    ) : null}
                  </span>
                </div>
              );
            })}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
