import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Switch } from '../switch/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table/table.tsx';

export interface SwitchGridAxis<K extends string> {
  key: K;
  label: string;
}

export interface SwitchGridColumn<K extends string> extends SwitchGridAxis<K> {
  /** Every switch of the column is off limits (e.g. a channel the server cannot use). */
  disabled?: boolean;
}

/**
 * A grid of switches: one row per subject, one column per option, each cell a switch with its own accessible
 * name (`switchLabel`). A table from `sm` up; on a phone each row stacks as a block with the column names beside
 * its switches, so nothing overflows.
 */
export function SwitchGrid<R extends string, C extends string>({
  caption,
  rows,
  columns,
  checked,
  onCheckedChange,
  switchLabel,
  className,
  ...props
}: {
  /** The table's name for assistive technology (not shown). */
  caption: string;
  rows: readonly SwitchGridAxis<R>[];
  columns: readonly SwitchGridColumn<C>[];
  checked: (row: R, column: C) => boolean;
  onCheckedChange: (row: R, column: C, next: boolean) => void;
  /** The switch's accessible name, e.g. «Revisiones por correo». */
  switchLabel: (row: SwitchGridAxis<R>, column: SwitchGridColumn<C>) => string;
} & Omit<React.ComponentProps<'table'>, 'children'>) {
  return (
    <Table
      data-slot="switch-grid"
      className={cn('max-sm:block max-sm:[&>tbody]:block max-sm:[&>thead]:hidden', className)}
      {...props}
    >
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <tr>
          <TableHead scope="col">
            <span className="sr-only">{caption}</span>
          </TableHead>
          {columns.map((c) => (
            <TableHead key={c.key} scope="col" className="w-24 text-center">
              {c.label}
            </TableHead>
          ))}
        </tr>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key} className="max-sm:block max-sm:px-4 max-sm:py-3">
            <TableHead
              scope="row"
              className="font-medium text-foreground max-sm:block max-sm:h-auto max-sm:px-0 max-sm:pb-1"
            >
              {r.label}
            </TableHead>
            {columns.map((c) => (
              <TableCell
                key={c.key}
                className="text-center max-sm:flex max-sm:items-center max-sm:justify-between max-sm:px-0 max-sm:py-1.5"
              >
                <span aria-hidden="true" className="text-muted-foreground sm:hidden">
                  {c.label}
                </span>
                <Switch
                  aria-label={switchLabel(r, c)}
                  checked={checked(r.key, c.key)}
                  disabled={c.disabled}
                  onCheckedChange={(next) => onCheckedChange(r.key, c.key, next)}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
