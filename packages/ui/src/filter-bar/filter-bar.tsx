import { FilterXIcon, XIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '../button/button.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

const t = uiMessages.filterBar;

export interface ActiveFilter {
  key: string;
  /** The filter's name ("Estado"). */
  label: string;
  /** What it is set to ("Borrador, Aprobado"). */
  valueLabel: string;
}

export type FilterBarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The active filters, shown as removable chips. */
  filters: readonly ActiveFilter[];
  onRemove: (key: string) => void;
  onClear: () => void;
  /** The filter controls (search input, selects, comboboxes…); they wrap onto more rows when space runs out. */
  children?: React.ReactNode;
  /** At the end of the controls row (e.g. "Mis ítems" switch or a result count). */
  end?: React.ReactNode;
  /** The region's Spanish name (default "Filtros"). */
  label?: string;
  disabled?: boolean;
};

/**
 * A row of filter controls plus the active filters as chips, each removable, and one "Limpiar filtros" button.
 * Generic: it knows filters only as `{ key, label, valueLabel }`.
 */
export function FilterBar({
  filters,
  onRemove,
  onClear,
  children,
  end,
  label = t.label,
  disabled = false,
  className,
  ...props
}: FilterBarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" is announced by every screen reader; <search> not yet.
    <div
      role="search"
      aria-label={label}
      data-slot="filter-bar"
      className={cn('flex flex-col gap-3', className)}
      {...props}
    >
      {children || end ? (
        <div
          data-slot="filter-bar-controls"
          className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:flex sm:flex-wrap sm:items-end [&>*]:min-w-0"
        >
          {children}
          {end ? <div className="col-span-full flex items-center gap-2 sm:ml-auto">{end}</div> : null}
        </div>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {t.count(filters.length)}
      </span>
      {filters.length > 0 ? (
        <div data-slot="filter-bar-chips" className="flex flex-wrap items-center gap-2">
          <ul aria-label={t.active} className="flex min-w-0 flex-wrap items-center gap-2">
            {filters.map((f) => (
              <li
                key={f.key}
                data-slot="filter-chip"
                className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-secondary py-0.5 pr-1 pl-3 text-xs text-secondary-foreground"
              >
                <span className="min-w-0 truncate">
                  <span className="text-muted-foreground">{f.label}:</span>{' '}
                  <span className="font-medium">{f.valueLabel}</span>
                </span>
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={t.remove(f.label, f.valueLabel)}
                  title={t.remove(f.label, f.valueLabel)}
                  onClick={() => onRemove(f.key)}
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-foreground/10 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                >
                  <XIcon className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={onClear}
            data-slot="filter-bar-clear"
          >
            <FilterXIcon aria-hidden="true" />
            {t.clear}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
