import { formatLongDate, type IsoDate, isSameMonth, monthGrid, weekDays } from '../lib/month-grid.ts';
import { type CalendarEvent, type CalendarMode, EventButton, t } from './calendar-parts.tsx';

export function Agenda({
  mode,
  date,
  today,
  byDay,
  onEventOpen,
  titleId,
}: {
  mode: CalendarMode;
  date: IsoDate;
  today: IsoDate;
  byDay: Map<IsoDate, CalendarEvent[]>;
  onEventOpen: (id: string) => void;
  titleId: string;
}) {
  const days =
    mode === 'month'
      ? monthGrid(date)
          .flat()
          .filter((d) => isSameMonth(d, date))
      : weekDays(date);
  const withEvents = days.filter((d) => byDay.has(d));
  if (withEvents.length === 0)
    return (
      <p
        data-slot="calendar-agenda"
        className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground"
      >
        {t.empty}
      </p>
    );
  return (
    <ol aria-labelledby={titleId} data-slot="calendar-agenda" className="flex flex-col gap-3">
      {withEvents.map((day) => (
        <AgendaDay key={day} day={day} today={today} list={byDay.get(day) ?? []} onEventOpen={onEventOpen} />
      ))}
    </ol>
  );
}

/** A day of the agenda, which takes an event dragged onto it. */
function AgendaDay({
  day,
  today,
  list,
  onEventOpen,
}: {
  day: IsoDate;
  today: IsoDate;
  list: CalendarEvent[];
  onEventOpen: (id: string) => void;
}) {
  return (
    <li
      data-date={day}
      className="rounded-xl border border-border p-3 data-[drop-over]:border-primary data-[drop-over]:bg-primary/10"
    >
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <span className="first-letter:uppercase">{formatLongDate(day)}</span>
        {day === today ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
            {t.today}
          </span>
        ) : null}
      </h3>
      <ul className="flex flex-col gap-1.5">
        {list.map((e) => (
          <li key={e.id}>
            <EventButton event={e} tabbable className="py-2 text-sm" onOpen={onEventOpen} />
          </li>
        ))}
      </ul>
    </li>
  );
}
