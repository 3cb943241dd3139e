import type { Cycle, ProductionItem } from '@crw/api-client';
import { Button, CalendarView as Calendar, type CalendarMode } from '@crw/ui';
import { memo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { statusTone } from '../../../features/production/status-tone.ts';
import { loadCalendar, productionStore } from '../../../features/production/store.ts';
import { todayIso } from '../../../lib/dates.ts';
import { readPlan, withParams } from './query.ts';

/** Undated pieces listed under the calendar; the rest are a link to the table (hundreds would be a wall). */
const UNDATED_SHOWN = 30;

/**
 * Items by publish date on the design system's `CalendarView` (a month or a week, Monday first; an agenda on a
 * phone), tinted by status; the items without a date are listed under it.
 */
export const CalendarView = memo(function CalendarView({
  cycle,
  onOpen,
}: {
  cycle: Cycle | null;
  onOpen: (itemId: string) => void;
}) {
  const { calendar } = useSnapshot(productionStore);
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<CalendarMode>('month');
  const [date, setDate] = useState(() => cycle?.startDate ?? todayIso());
  const items = calendar.items as ProductionItem[];
  const undated = items.filter((i) => !i.publishDate);

  return (
    <div className="space-y-4">
      <Calendar
        aria-label={t.views.calendar}
        mode={mode}
        onModeChange={setMode}
        date={date}
        onDateChange={setDate}
        events={items.flatMap((item) =>
          item.publishDate
            ? [{ id: item._id, date: item.publishDate, title: item.title, tone: statusTone[item.status] }]
            : [],
        )}
        onEventOpen={onOpen}
        range={
          cycle
            ? { start: cycle.startDate, end: cycle.endDate, outsideLabel: t.calendar.outsideCycle }
            : undefined
        }
        loading={calendar.loading}
        error={calendar.error}
        onRetry={cycle ? () => void loadCalendar(cycle._id, readPlan(params).query) : undefined}
      />
      {undated.length > 0 ? (
        <section aria-labelledby="calendar-undated" className="space-y-2">
          <h3 id="calendar-undated" className="text-sm font-medium">
            {t.calendar.noDate(undated.length)}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {undated.slice(0, UNDATED_SHOWN).map((item) => (
              <li key={item._id}>
                <Button variant="outline" size="sm" onClick={() => onOpen(item._id)}>
                  {item.title}
                  <StatusBadge status={item.status} />
                </Button>
              </li>
            ))}
            {undated.length > UNDATED_SHOWN ? (
              <li>
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => setParams(withParams(params, { view: 'table' }))}
                >
                  {t.calendar.undatedInTable(undated.length)}
                </Button>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
    </div>
  );
});
