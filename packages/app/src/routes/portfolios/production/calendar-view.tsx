import type { Cycle } from '@crw/api-client';
import { Button, CalendarView as Calendar, type CalendarMode, DatePicker, Field, Select } from '@crw/ui';
import { memo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { updateItemDetails } from '../../../features/production/item.ts';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { statusTone } from '../../../features/production/status-tone.ts';
import {
  type CalendarEntry,
  loadCalendar,
  productionStore,
  replaceCalendarItem,
  usePlanPart,
} from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { formatDay, todayIso } from '../../../lib/dates.ts';
import { FormDialog, useSubmit } from './dialogs.tsx';
import { readPlan, withParams } from './query.ts';

/**
 * Gives a piece of the calendar a new publish date through the item's own update, against the version read:
 * it shows on the new day at once and goes back, with the reason in a toast, if the server refuses (a piece the
 * client is reviewing, one changed meanwhile by someone else).
 */
export async function moveToDate(itemId: string, date: string) {
  const item = productionStore.calendar.items.find((i) => i._id === itemId);
  if (!item || item.publishDate === date) return;
  const before = item.publishDate;
  replaceCalendarItem(itemId, (i) => ({ ...i, publishDate: date }));
  try {
    const saved = await updateItemDetails(itemId, { publishDate: date, version: item.version });
    const { title, status, publishDate, version } = saved;
    replaceCalendarItem(itemId, (i) => ({ ...i, title, status, publishDate, version }));
    toast.success(t.calendar.moved(saved.title, formatDay(date)));
  } catch (error) {
    replaceCalendarItem(itemId, (i) => ({ ...i, publishDate: before }));
    toast.error(error instanceof Error ? error.message : t.calendar.moveError);
  }
}

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
  const calendar = usePlanPart('calendar');
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<CalendarMode>('month');
  const [date, setDate] = useState(() => cycle?.startDate ?? todayIso());
  const [moving, setMoving] = useState(false);
  const items = calendar.items as CalendarEntry[];
  const undated = items.filter((i) => !i.publishDate);

  return (
    <div className="space-y-4">
      {calendar.more ? <p className="text-sm text-muted-foreground">{t.calendar.capped}</p> : null}
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={() => setMoving(true)} disabled={items.length === 0}>
          {t.calendar.moveToDate}
        </Button>
      </div>
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
        onEventMove={(id, day) => void moveToDate(id, day)}
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
      {moving ? <MoveToDateDialog items={items} defaultDate={date} onOpenChange={setMoving} /> : null}
    </div>
  );
});

/** «Mover a fecha…»: what a drag does, by keyboard (a piece of the calendar, dated or not, and its new day). */
function MoveToDateDialog({
  items,
  defaultDate,
  onOpenChange,
}: {
  items: CalendarEntry[];
  defaultDate: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [itemId, setItemId] = useState<string | undefined>(items[0]?._id);
  const [day, setDay] = useState<string | null>(defaultDate);
  const { busy, error, submit } = useSubmit(async () => {
    if (!itemId || !day) return;
    await moveToDate(itemId, day);
    onOpenChange(false);
  });
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t.calendar.moveTitle}
      submitLabel={t.calendar.moveSubmit}
      busy={busy}
      submitDisabled={!itemId || !day}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <Field label={t.calendar.movePiece}>
        {(a) => (
          <Select
            {...a}
            options={items.map((i) => ({
              value: i._id,
              label: `${i.title} (${i.publishDate ? formatDay(i.publishDate) : t.noDate})`,
            }))}
            value={itemId}
            onValueChange={setItemId}
          />
        )}
      </Field>
      <Field label={t.calendar.moveDate}>
        {(a) => <DatePicker {...a} value={day} onValueChange={setDay} />}
      </Field>
    </FormDialog>
  );
}
