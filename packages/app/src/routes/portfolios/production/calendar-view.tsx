import type { Cycle, ProductionItem } from '@crw/api-client';
import { Button, SegmentedControl, Skeleton } from '@crw/ui';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { productionStore } from '../../../features/production/store.ts';
import { todayIso } from '../../../lib/dates.ts';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
};
/** Monday of the week of `day`. */
const weekStart = (day: string) => addDays(day, -((utc(day).getUTCDay() + 6) % 7));
const monthTitle = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekday = new Intl.DateTimeFormat('es-ES', { weekday: 'short', timeZone: 'UTC' });
const dayNumber = new Intl.DateTimeFormat('es-ES', { day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: 'UTC' });
const MAX_PER_DAY = 3;

/** Items by publish date, in a month or a week (Monday first); arrows move between days, Enter opens. */
export function CalendarView({ cycle, onOpen }: { cycle: Cycle | null; onOpen: (itemId: string) => void }) {
  const { calendar } = useSnapshot(productionStore);
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const [anchor, setAnchor] = useState(() => cycle?.startDate ?? todayIso());
  const [expanded, setExpanded] = useState<string | null>(null);
  const items = calendar.items as ProductionItem[];

  const first = mode === 'month' ? weekStart(`${anchor.slice(0, 7)}-01`) : weekStart(anchor);
  const count = mode === 'month' ? 42 : 7;
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  const byDay = new Map<string, ProductionItem[]>();
  for (const item of items)
    if (item.publishDate) byDay.set(item.publishDate, [...(byDay.get(item.publishDate) ?? []), item]);
  const undated = items.filter((i) => !i.publishDate);
  const shift = (direction: 1 | -1) => {
    if (mode === 'week') return setAnchor(addDays(anchor, 7 * direction));
    const d = utc(`${anchor.slice(0, 7)}-01`);
    d.setUTCMonth(d.getUTCMonth() + direction);
    setAnchor(iso(d));
  };
  const keys = (e: KeyboardEvent<HTMLTableCellElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 }[e.key];
    if (!step) return;
    e.preventDefault();
    document.querySelector<HTMLElement>(`[data-calendar-day="${index + step}"]`)?.focus();
  };
  const today = todayIso();

  return (
    <section aria-label={t.views.calendar} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon-sm" aria-label={t.calendar.previous} onClick={() => shift(-1)}>
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(today)}>
            {t.calendar.today}
          </Button>
          <Button variant="outline" size="icon-sm" aria-label={t.calendar.next} onClick={() => shift(1)}>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <h2 className="ml-2 text-base font-semibold capitalize" aria-live="polite">
            {monthTitle.format(utc(mode === 'month' ? `${anchor.slice(0, 7)}-01` : first))}
          </h2>
        </div>
        <SegmentedControl
          aria-label={t.views.calendar}
          size="sm"
          value={mode}
          items={[
            { value: 'month', label: t.calendar.month },
            { value: 'week', label: t.calendar.week },
          ]}
          onValueChange={(v) => setMode(v as 'month' | 'week')}
        />
      </div>
      {calendar.loading && items.length === 0 ? (
        <Skeleton className="h-96" />
      ) : (
        <table className="w-full table-fixed border-collapse overflow-hidden rounded-xl border border-border text-xs">
          <thead>
            <tr>
              {days.slice(0, 7).map((d) => (
                <th
                  key={d}
                  scope="col"
                  className="border-b border-border bg-muted/50 p-1 text-center font-medium capitalize"
                >
                  {weekday.format(utc(d))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: count / 7 }, (_, week) => (
              <tr key={days[week * 7]}>
                {days.slice(week * 7, week * 7 + 7).map((d, i) => {
                  const index = week * 7 + i;
                  const dayItems = byDay.get(d) ?? [];
                  const open = expanded === d;
                  const shown = open ? dayItems : dayItems.slice(0, MAX_PER_DAY);
                  const outside = mode === 'month' && d.slice(0, 7) !== anchor.slice(0, 7);
                  const inCycle = cycle && d >= cycle.startDate && d <= cycle.endDate;
                  return (
                    <td
                      key={d}
                      tabIndex={index === 0 ? 0 : -1}
                      data-calendar-day={index}
                      aria-label={longDay.format(utc(d))}
                      onKeyDown={(e) => keys(e, index)}
                      className={`space-y-1 border-r border-b border-border p-1 align-top focus-visible:outline-2 focus-visible:outline-ring ${outside ? 'bg-muted/40' : ''} ${inCycle ? '' : 'bg-muted/20'} ${mode === 'week' ? 'h-64' : 'h-24'}`}
                    >
                      <span
                        className={`inline-flex size-6 items-center justify-center rounded-full ${d === today ? 'bg-primary text-primary-foreground' : ''}`}
                      >
                        {dayNumber.format(utc(d))}
                      </span>
                      {shown.map((item) => (
                        <button
                          key={item._id}
                          type="button"
                          onClick={() => onOpen(item._id)}
                          className="block w-full truncate rounded bg-background px-1 py-0.5 text-left shadow-xs ring-1 ring-border hover:ring-primary focus-visible:outline-2 focus-visible:outline-ring"
                          title={item.title}
                        >
                          {item.title}
                        </button>
                      ))}
                      {dayItems.length > MAX_PER_DAY && !open ? (
                        <button
                          type="button"
                          className="text-primary underline"
                          onClick={() => setExpanded(d)}
                        >
                          {t.calendar.more(dayItems.length - MAX_PER_DAY)}
                        </button>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {undated.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium">{t.calendar.noDate(undated.length)}</h3>
          <ul className="flex flex-wrap gap-2">
            {undated.map((item) => (
              <li key={item._id}>
                <button
                  type="button"
                  onClick={() => onOpen(item._id)}
                  className="inline-flex items-center gap-2 rounded-md border border-border px-2 py-1 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {item.title}
                  <StatusBadge status={item.status} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
