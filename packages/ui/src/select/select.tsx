import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled single choice (Radix Select): pass `id` from a Field for the label.
 *
 * Its list is mounted only while open. Closed, Radix draws every option into a detached fragment (to show the
 * chosen one's text and to type ahead on the closed trigger), twice on mount: a form of six or a filter bar of
 * seven cost 150–300 ms at 4× slowdown to draw, and again at each of the screen's renders. The trigger shows the
 * chosen option's label itself, and typing a letter on the closed trigger chooses the next option that starts with
 * what was typed, as Radix's does.
 */
export function Select({
  options,
  value,
  onValueChange,
  placeholder = uiMessages.selectPlaceholder,
  className,
  onKeyDown,
  ...props
}: Omit<React.ComponentProps<typeof SelectPrimitive.Trigger>, 'value'> & {
  options: readonly SelectOption[];
  value?: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
}) {
  const [open, setOpen] = useState(false);
  const typed = useRef({ text: '', at: 0 });
  const selected = options.find((o) => o.value === value);

  // Typeahead on the closed trigger (Radix's reads the mounted options): the typed letters within a second
  // choose the first option from the current one on that starts with them; one letter again cycles.
  const typeAhead = (e: React.KeyboardEvent<HTMLButtonElement>) => {
    if (open || e.key.length !== 1 || e.key === ' ' || e.ctrlKey || e.altKey || e.metaKey) return false;
    const now = Date.now();
    const text = (now - typed.current.at < 1000 ? typed.current.text : '') + e.key.toLowerCase();
    typed.current = { text, at: now };
    const repeated = text.length > 1 && [...text].every((c) => c === text[0]);
    const search = repeated ? text[0]! : text;
    const current = selected ? options.indexOf(selected) : -1;
    const from = repeated || search.length === 1 ? current + 1 : Math.max(current, 0);
    const ordered = [...options.slice(from), ...options.slice(0, from)];
    const match = ordered.find((o) => o.label.toLowerCase().startsWith(search));
    if (match && match.value !== value) onValueChange(match.value);
    return true;
  };

  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange} open={open} onOpenChange={setOpen}>
      <SelectPrimitive.Trigger
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring data-[placeholder]:text-muted-foreground [&>span]:truncate',
          className,
        )}
        onKeyDown={(e) => {
          onKeyDown?.(e);
          if (!e.defaultPrevented && typeAhead(e)) e.preventDefault();
        }}
        {...props}
      >
        <SelectPrimitive.Value placeholder={placeholder}>{selected?.label}</SelectPrimitive.Value>
        <SelectPrimitive.Icon>
          <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      {open ? (
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-popover shadow-md"
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((o) => (
                <SelectPrimitive.Item
                  key={o.value}
                  value={o.value}
                  className="relative flex cursor-default items-center rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none data-[highlighted]:bg-muted"
                >
                  <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
                  <SelectPrimitive.ItemIndicator className="absolute right-2">
                    <CheckIcon className="size-4" aria-hidden="true" />
                  </SelectPrimitive.ItemIndicator>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      ) : null}
    </SelectPrimitive.Root>
  );
}
