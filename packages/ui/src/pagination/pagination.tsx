import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '../button/button.tsx';
import { uiMessages } from '../messages.ts';

const t = uiMessages.pagination;

/** Previous / page x of y / next, for lists paginated by the API (`{ page, limit, total }`). */
export function Pagination({
  page,
  limit,
  total,
  onPageChange,
}: {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav aria-label={t.label} className="flex items-center justify-between gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" />
        {t.previous}
      </Button>
      <span aria-current="page">
        {t.page(page)} / {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t.next}
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
