import { ChevronRightIcon, EllipsisIcon } from 'lucide-react';
import { Fragment } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu.tsx';
import { BREADCRUMB_MAX_VISIBLE } from '../hooks/timings.ts';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

export interface BreadcrumbEntry {
  label: string;
  /** Without href the entry is the current page. */
  href?: string;
}

/** Which entries show and which collapse into the menu: first and last stay, the middle ones fold. */
export function collapseCrumbs<T>(
  items: readonly T[],
  max = BREADCRUMB_MAX_VISIBLE,
): { head: T[]; hidden: T[]; tail: T[] } {
  if (items.length <= max) return { head: [...items], hidden: [], tail: [] };
  const tailCount = Math.max(1, max - 2);
  return {
    head: items.slice(0, 1),
    hidden: items.slice(1, items.length - tailCount),
    tail: items.slice(items.length - tailCount),
  };
}

export function Breadcrumb({
  items,
  onNavigate,
  max = BREADCRUMB_MAX_VISIBLE,
  className,
}: {
  items: readonly BreadcrumbEntry[];
  onNavigate: (href: string) => void;
  max?: number;
  className?: string;
}) {
  const { head, hidden, tail } = collapseCrumbs(items, max);
  const last = items[items.length - 1];
  const crumb = (item: BreadcrumbEntry) =>
    item === last || !item.href ? (
      <span
        aria-current={item === last ? 'page' : undefined}
        className="truncate font-medium text-foreground"
      >
        {item.label}
      </span>
    ) : (
      <a
        href={item.href}
        className="-my-0.5 block truncate rounded-sm py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.button !== 0) return;
          e.preventDefault();
          onNavigate(item.href!);
        }}
      >
        {item.label}
      </a>
    );
  const separator = <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden="true" />;
  return (
    <nav aria-label={uiMessages.breadcrumb} className={cn('min-w-0', className)}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {head.map((item, i) => (
          <Fragment key={`h-${item.href ?? ''}-${item.label}`}>
            {i > 0 ? <li aria-hidden="true">{separator}</li> : null}
            <li className="min-w-0">{crumb(item)}</li>
          </Fragment>
        ))}
        {hidden.length > 0 ? (
          <>
            <li aria-hidden="true">{separator}</li>
            <li>
              <DropdownMenu>
                <DropdownMenuTrigger
                  aria-label={uiMessages.moreBreadcrumbs}
                  className="inline-flex size-7 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <EllipsisIcon className="size-4" aria-hidden="true" />
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  {hidden.map((item) => (
                    <DropdownMenuItem
                      key={`${item.href}-${item.label}`}
                      onSelect={() => item.href && onNavigate(item.href)}
                    >
                      {item.label}
                    </DropdownMenuItem>
                  ))}
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          </>
        ) : null}
        {tail.map((item, _i) => (
          <Fragment key={`t-${item.href ?? ''}-${item.label}`}>
            <li aria-hidden="true">{separator}</li>
            <li className="min-w-0">{crumb(item)}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
