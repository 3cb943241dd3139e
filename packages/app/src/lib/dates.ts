import { keptByKey, lazy } from '@crw/ui';

// Made on first use (`lazy`): a page's first formatter loads the locale's data.
const dayFormat = lazy(
  () =>
    new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const dateTimeFormat = lazy(
  () => new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }),
);

const dayName = keptByKey((day: string) => dayFormat().format(new Date(`${day}T00:00:00Z`)));

/**
 * A calendar day (`YYYY-MM-DD`) as Spanish text, e.g. «5 dic 2026». Kept once made: every card of the board names
 * its day at each render, and a cycle has a few days (~6 ms of Intl at 4× CPU for a filter's cards).
 */
export const formatDay = (day: string | null | undefined) => (day ? dayName(day) : '');

const timeFormat = lazy(() => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' }));
const shortDayFormat = lazy(() => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short' }));

/** A moment's time of day in the reader's time zone, «14:05». */
export const formatTime = (iso: string) => timeFormat().format(new Date(iso));

/** A moment's day when it is not today's in the reader's time zone («5 dic»), else undefined. */
export const dayUnlessToday = (iso: string, now = new Date()) => {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? undefined : shortDayFormat().format(d);
};

/** A moment (ISO timestamp) in the reader's time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat().format(new Date(iso));

/** Today as `YYYY-MM-DD` in the reader's time zone. */
export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const relative = lazy(() => new Intl.RelativeTimeFormat('es-ES', { numeric: 'auto' }));

/** How long ago, in the largest whole unit: "hace 5 minutos", "hace 3 horas", "hace 2 días". */
export function formatAgo(iso: string, now = Date.now()) {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (Math.abs(minutes) < 60) return relative().format(Math.min(0, minutes), 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return relative().format(hours, 'hour');
  return relative().format(Math.round(hours / 24), 'day');
}
