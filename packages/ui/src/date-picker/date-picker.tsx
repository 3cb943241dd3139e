import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { DayGridTable } from '../lib/day-grid.tsx';
import {
  addDays,
  addMonths,
  clampIso,
  endOfMonth,
  formatLongDate,
  formatMonthYear,
  formatNumericDate,
  type IsoDate,
  isSameMonth,
  isWithin,
  monthGrid,
  moveByKey,
  startOfMonth,
  todayIso,
  weekdayNames,
} from '../lib/month-grid.ts';
import { parseTypedDate } from '../lib/typed-date.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.datePicker;
const SHORT = weekdayNames('short');
const LONG = weekdayNames('long');

export interface DatePickerProps {
  /** `YYYY-MM-DD` or null. */
  value: IsoDate | null;
  onValueChange: (value: IsoDate | null) => void;
  min?: IsoDate;
  max?: IsoDate;
  /** For a `Field`'s label (`htmlFor`), or use `aria-label`. */
  id?: string;
  disabled?: boolean;
  /** Shows a button that empties the date (default true). */
  clearable?: boolean;
  placeholder?: string;
  className?: string;
  /** Overrides today (stories, tests). */
  today?: IsoDate;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A date field: type a date, day first — `14/12/2026`, `1/2/2027`, `14-12-2026`, `14122026`, `14/12` (this year)
 * or `2026-12-14` (see `parseTypedDate`); a complete date with its four-digit year counts as soon as it is typed,
 * the rest on blur or Enter, and the field then shows it as dd/mm/aaaa (Enter on a date already taken submits the
 * form, as in any field); a text that cannot be read is named in an alert under the field, marked aria-invalid,
 * and the previous value kept. Or pick from a month calendar in a popover (ARIA date picker dialog: a grid of
 * days; arrows move a day or a week, PageUp/PageDown a month, Shift+PageUp/PageDown a year, Home/End the week's
 * ends, Enter chooses, Escape closes). Weeks start on Monday; names in Spanish through Intl.
 */
export function DatePicker({
  value,
  onValueChange,
  min,
  max,
  id,
  disabled = false,
  clearable = true,
  placeholder = t.placeholder,
  className,
  today: todayProp,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
}: DatePickerProps) {
  const today = todayProp ?? todayIso();
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened from the field (Alt+ArrowDown): closing returns there, not to the calendar button.
  const openedFromField = useRef(false);

  // The typed text follows the value whenever the value changes from outside.
  const [text, setText] = useState(value ? formatNumericDate(value) : '');
  const [shownValue, setShownValue] = useState(value);
  const [error, setError] = useState<string | null>(null);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value ? formatNumericDate(value) : '');
    setError(null);
  }

  const [open, setOpen] = useState(false);
  const [dark, setDark] = useState(false);

  const commit = () => {
    const typed = text.trim();
    if (!typed) {
      setError(null);
      if (value !== null) onValueChange(null);
      return;
    }
    const iso = parseTypedDate(typed, { today });
    // The previous value stays; the text stays too, for the person to correct it.
    if (!iso) return setError(t.invalid(typed));
    if (!isWithin(iso, min, max)) return setError(t.outOfRange);
    setError(null);
    setText(formatNumericDate(iso));
    if (iso !== value) onValueChange(iso);
  };

  const describedBy = [ariaDescribedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('w-full min-w-0 space-y-1', className)} data-slot="date-picker">
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) {
            setDark(Boolean(anchorRef.current?.closest('.dark')));
            openedFromField.current = false;
          }
          setOpen(next);
        }}
      >
        <Popover.Anchor asChild>
          <div
            ref={anchorRef}
            data-disabled={disabled || undefined}
            className="flex h-10 w-full min-w-0 items-center rounded-md border border-input bg-background pr-1 text-sm focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring has-aria-invalid:border-destructive data-disabled:cursor-not-allowed data-disabled:opacity-50"
          >
            <input
              ref={inputRef}
              id={id}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={placeholder}
              disabled={disabled}
              value={text}
              aria-label={ariaLabel}
              aria-labelledby={ariaLabelledBy}
              aria-describedby={describedBy}
              aria-invalid={ariaInvalid || Boolean(error) || undefined}
              onChange={(e) => {
                setText(e.target.value);
                // A complete, valid date counts at once (a form's «Guardar» follows it); the text is tidied on
                // blur or Enter.
                const iso = parseTypedDate(e.target.value, { today, complete: true });
                if (iso && isWithin(iso, min, max) && iso !== value) {
                  setError(null);
                  setShownValue(iso);
                  onValueChange(iso);
                }
              }}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  const typed = text.trim();
                  // The typed date is already the value: Enter does what it does in any field (submits a form).
                  if (typed ? parseTypedDate(typed, { today }) === value : value === null) {
                    setText(value ? formatNumericDate(value) : '');
                    return;
                  }
                  e.preventDefault();
                  commit();
                } else if (e.key === 'ArrowDown' && e.altKey) {
                  e.preventDefault();
                  setDark(Boolean(anchorRef.current?.closest('.dark')));
                  openedFromField.current = true;
                  setOpen(true);
                }
              }}
              className="h-full min-w-0 flex-1 bg-transparent px-3 tabular-nums outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
            />
            {clearable && value && !disabled ? (
              <button
                type="button"
                aria-label={t.clear}
                title={t.clear}
                onClick={() => {
                  setError(null);
                  onValueChange(null);
                }}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <XIcon className="size-4" aria-hidden="true" />
              </button>
            ) : null}
            <Popover.Trigger
              disabled={disabled}
              aria-label={value ? `${t.open}, ${formatLongDate(value)}` : t.open}
              title={t.open}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none"
            >
              <CalendarIcon className="size-4" aria-hidden="true" />
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={4}
            aria-label={t.dialog}
            data-slot="date-picker-content"
            onCloseAutoFocus={(e) => {
              if (!openedFromField.current) return;
              e.preventDefault();
              inputRef.current?.focus();
            }}
            onOpenAutoFocus={(e) => {
              // Focus goes to the chosen (or today's) day, not to the first button.
              e.preventDefault();
              const target = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
                '[data-focus-target="true"]',
              );
              target?.focus();
            }}
            className={cn(
              'z-50 rounded-lg border border-border bg-popover p-3 text-popover-foreground shadow-md',
              dark && 'dark',
            )}
          >
            <MonthCalendar
              value={value}
              today={today}
              min={min}
              max={max}
              onSelect={(iso) => {
                setError(null);
                onValueChange(iso);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The popover's month grid (role="grid"), with roving focus over its day buttons. */
function MonthCalendar({
  value,
  today,
  min,
  max,
  onSelect,
}: {
  value: IsoDate | null;
  today: IsoDate;
  min?: IsoDate;
  max?: IsoDate;
  onSelect: (iso: IsoDate) => void;
}) {
  const headingId = useId();
  const [focused, setFocused] = useState(() => clampIso(value ?? today, min, max));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>('[data-focus-target="true"]')?.focus();
  });

  const go = (iso: IsoDate, focusGrid: boolean) => {
    moveFocus.current = focusGrid;
    setFocused(clampIso(iso, min, max));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const next = moveByKey(e.key, focused, { shiftKey: e.shiftKey });
    if (!next) return;
    e.preventDefault();
    go(next, true);
  };

  const weeks = monthGrid(focused, { fixedWeeks: true });
  const prevDisabled = Boolean(min && addDays(startOfMonth(focused), -1) < min);
  const nextDisabled = Boolean(max && addDays(endOfMonth(focused), 1) > max);
  const navClass =
    'inline-flex size-8 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40';

  return (
    <div className="w-[17.5rem] max-w-full" data-slot="date-picker-calendar">
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className={navClass}
          aria-label={t.previousMonth}
          title={t.previousMonth}
          disabled={prevDisabled}
          onClick={() => go(addMonths(focused, -1), false)}
        >
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
        </button>
        <h2 id={headingId} aria-live="polite" className="text-sm font-semibold">
          {formatMonthYear(focused)}
        </h2>
        <button
          type="button"
          className={navClass}
          aria-label={t.nextMonth}
          title={t.nextMonth}
          disabled={nextDisabled}
          onClick={() => go(addMonths(focused, 1), false)}
        >
          <ChevronRightIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      <DayGridTable
        hint={t.hint}
        ref={gridRef}
        aria-labelledby={headingId}
        className="w-full border-collapse"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {SHORT.map((d, i) => (
              <th
                key={d}
                scope="col"
                abbr={LONG[i]}
                className="pb-1 text-center text-xs font-medium text-muted-foreground"
              >
                {d.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const selected = day === value;
                const outside = !isSameMonth(day, focused);
                const allowed = isWithin(day, min, max);
                const isFocus = day === focused;
                return (
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole lint/a11y/useFocusableInteractive: a day of the ARIA grid; its button takes the focus.
                  <td key={day} role="gridcell" aria-selected={selected} className="p-0.5 text-center">
                    <button
                      type="button"
                      tabIndex={isFocus ? 0 : -1}
                      data-focus-target={isFocus}
                      data-date={day}
                      aria-label={formatLongDate(day)}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={!allowed || undefined}
                      onClick={() => {
                        if (allowed) onSelect(day);
                      }}
                      onPointerDown={(e) => {
                        if (!allowed) e.preventDefault();
                      }}
                      onFocus={() => {
                        if (allowed && day !== focused) setFocused(day);
                      }}
                      className={cn(
                        'inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                        outside && 'text-muted-foreground',
                        day === today &&
                          !selected &&
                          'font-semibold text-primary ring-1 ring-primary/50 ring-inset',
                        selected && 'bg-primary font-semibold text-primary-foreground hover:bg-primary/90',
                        !allowed && 'cursor-not-allowed line-through opacity-40 hover:bg-transparent',
                      )}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </DayGridTable>
      <div className="mt-2 flex justify-end border-t border-border pt-2">
        <button
          type="button"
          disabled={!isWithin(today, min, max)}
          onClick={() => onSelect(today)}
          className="rounded-md px-2 py-1 text-sm font-medium text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
        >
          {t.today}
        </button>
      </div>
    </div>
  );
}
