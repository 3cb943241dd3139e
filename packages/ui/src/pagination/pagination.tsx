import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '../button/button.tsx';
import { uiMessages } from '../messages.ts';

const t = uiMessages.pagination;

/**
 * Previous / page x of y / next, for lists paginated by the API (`{ page, limit, total }`). When the total is a
 * lower bound (`atLeast`: the API counted up to its cap) it reads «y o más», and «Siguiente» stays while `more`
 * says another page may follow.
 */
export function Pagination({
  page,
  limit,
  total,
  atLeast = false,
  more = false,
  onPageChange,
}: {
  page: number;
  limit: number;
  total: number;
  atLeast?: boolean;
  /** With `atLeast`: this page came full, so another may follow. */
  more?: boolean;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit), atLeast ? page : 1);
  const last = atLeast ? !more && page >= pages : page >= pages;
  return (
    <nav aria-label={t.label} className="flex items-center justify-between gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" />
        {t.previous}
      </Button>
      <span aria-current="page">
        {t.page(page)} / {atLeast ? t.atLeast(pages) : pages}
      </span>
      <Button variant="outline" size="sm" disabled={last} onClick={() => onPageChange(page + 1)}>
        {t.next}
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
