import type * as React from 'react';
import { useId } from 'react';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { cn } from '../lib/cn.ts';

export interface CheckboxGroupOption {
  value: string;
  label: string;
  description?: string;
}

/**
 * A labelled list of checkboxes that edits a list of values (e.g. permissions from a catalogue): a fieldset
 * whose legend names the group, one labelled checkbox per option. Controlled: `value` + `onValueChange`;
 * the chosen values keep the options' order.
 */
export function CheckboxGroup({
  legend,
  hideLegend = false,
  options,
  value,
  onValueChange,
  disabled = false,
  hint,
  columns = 1,
  className,
}: {
  legend: string;
  hideLegend?: boolean;
  options: readonly CheckboxGroupOption[];
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  disabled?: boolean;
  hint?: React.ReactNode;
  columns?: 1 | 2;
  className?: string;
}) {
  const id = useId();
  const toggle = (option: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(option);
    else next.delete(option);
    onValueChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset
      data-slot="checkbox-group"
      disabled={disabled}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className={cn('min-w-0 space-y-2', className)}
    >
      <legend className={cn('mb-2 text-sm font-medium', hideLegend && 'sr-only')}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className={cn('grid gap-2', columns === 2 && 'sm:grid-cols-2')}>
        {options.map((o, i) => {
          const optionId = `${id}-${i}`;
          return (
            <div key={o.value} className="flex items-start gap-2">
              <Checkbox
                id={optionId}
                className="-mt-0.5"
                checked={value.includes(o.value)}
                disabled={disabled}
                aria-describedby={o.description ? `${optionId}-description` : undefined}
                onCheckedChange={(checked) => toggle(o.value, checked === true)}
              />
              <div className="min-w-0 text-sm leading-tight wrap-anywhere">
                <label htmlFor={optionId} className={cn('font-normal', disabled && 'opacity-60')}>
                  {o.label}
                </label>
                {o.description ? (
                  <p id={`${optionId}-description`} className="text-xs text-muted-foreground">
                    {o.description}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
