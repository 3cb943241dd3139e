/**
 * Calendar arithmetic on plain `YYYY-MM-DD` strings, shared by CalendarView and DatePicker. Days are computed in
 * UTC so no time zone or daylight-saving change can shift a date; weeks start on Monday; names come from
 * `Intl` in es-ES.
 */

import { keptByKey, lazy } from './lazy.ts';

export type IsoDate = string;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date written `YYYY-MM-DD` (no 2025-02-30). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function toUtc(iso: IsoDate): Date {
  const m = ISO.exec(iso);
  if (!m) throw new RangeError(`Fecha no válida: ${iso}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  date.setUTCFullYear(Number(m[1])); // years 0–99 are not 1900–1999
  return date;
}

function fromUtc(date: Date): IsoDate {
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Today in the user's time zone (or `now`'s local date). */
export function todayIso(now: Date = new Date()): IsoDate {
  const y = String(now.getFullYear()).padStart(4, '0');
  return `${y}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return fromUtc(new Date(toUtc(iso).getTime() + days * DAY_MS));
}

/** Same day `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const date = toUtc(iso);
  const day = date.getUTCDate();
  const first = new Date(date.getTime());
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() + months);
  const last = daysInMonth(first.getUTCFullYear(), first.getUTCMonth());
  first.setUTCDate(Math.min(day, last));
  return fromUtc(first);
}

function daysInMonth(year: number, monthIndex: number): number {
  const d = new Date(Date.UTC(2000, monthIndex + 1, 0));
  d.setUTCFullYear(year, monthIndex + 1, 0);
  return d.getUTCDate();
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(iso: IsoDate): number {
  return (toUtc(iso).getUTCDay() + 6) % 7;
}

export function startOfWeek(iso: IsoDate): IsoDate {
  return addDays(iso, -weekdayIndex(iso));
}

export function startOfMonth(iso: IsoDate): IsoDate {
  return `${iso.slice(0, 8)}01`;
}

export function endOfMonth(iso: IsoDate): IsoDate {
  return addDays(addMonths(startOfMonth(iso), 1), -1);
}

export function isSameMonth(a: IsoDate, b: IsoDate): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** The seven days (Monday first) of the week that contains `iso`. */
export function weekDays(iso: IsoDate): IsoDate[] {
  const start = startOfWeek(iso);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/**
 * The weeks of the month that contains `iso`, Monday first, padded with the neighbouring months' days. With
 * `fixedWeeks` there are always six rows, so a picker does not change height from month to month.
 */
export function monthGrid(iso: IsoDate, { fixedWeeks = false }: { fixedWeeks?: boolean } = {}): IsoDate[][] {
  const first = startOfMonth(iso);
  const last = endOfMonth(iso);
  const weeks: IsoDate[][] = [];
  let cursor = startOfWeek(first);
  while (cursor <= last || (fixedWeeks && weeks.length < 6)) {
    const week = weekDays(cursor);
    weeks.push(week);
    cursor = addDays(week[6], 1);
  }
  return weeks;
}

/** `iso` kept inside [min, max] (either bound may be missing). */
export function clampIso(iso: IsoDate, min?: IsoDate | null, max?: IsoDate | null): IsoDate {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

export function isWithin(iso: IsoDate, min?: IsoDate | null, max?: IsoDate | null): boolean {
  return !(min && iso < min) && !(max && iso > max);
}

// ——— Spanish names through Intl (es-ES), computed on UTC dates so the day never shifts ———

const fmt = (options: Intl.DateTimeFormatOptions) =>
  lazy(() => new Intl.DateTimeFormat('es-ES', { ...options, timeZone: 'UTC' }));
const weekdayShort = fmt({ weekday: 'short' });
const weekdayLong = fmt({ weekday: 'long' });
const monthYear = fmt({ month: 'long', year: 'numeric' });
const longDate = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const dayMonth = fmt({ day: 'numeric', month: 'short' });
const numeric = fmt({ day: '2-digit', month: '2-digit', year: 'numeric' });

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('es-ES') + s.slice(1);

/** Monday-first weekday names: `short` ("lun", "mar", …) or `long` ("lunes", …). */
export function weekdayNames(width: 'short' | 'long' = 'short'): string[] {
  const f = width === 'short' ? weekdayShort() : weekdayLong();
  // 2024-01-01 was a Monday.
  return weekDays('2024-01-01').map((d) => f.format(toUtc(d)).replace(/\.$/, ''));
}

/** "Marzo de 2025". */
export function formatMonthYear(iso: IsoDate): string {
  return capitalize(monthYear().format(toUtc(iso)));
}

/**
 * "lunes, 3 de marzo de 2025" — the accessible name of a day. Kept once made: a calendar names each of its 42 days
 * two or three times at each render (the cell, «+N más», the drop target), ~20 ms of Intl at 4× CPU for a month.
 */
export const formatLongDate: (iso: IsoDate) => string = keptByKey((iso) => longDate().format(toUtc(iso)));

/** "3 mar" — short labels (week headers, ranges). */
export function formatDayMonth(iso: IsoDate): string {
  return dayMonth().format(toUtc(iso)).replace(/\.$/, '');
}

/** "03/03/2025" — what a date input shows. */
export function formatNumericDate(iso: IsoDate): string {
  return numeric().format(toUtc(iso));
}

/** "3 – 9 mar 2025" or "28 abr – 4 may 2025": a week's range for a toolbar title. */
export function formatWeekRange(iso: IsoDate): string {
  const days = weekDays(iso);
  const [a, b] = [days[0], days[6]];
  const year = b.slice(0, 4);
  if (isSameMonth(a, b)) return `${Number(a.slice(8))} – ${formatDayMonth(b)} ${year}`;
  if (a.slice(0, 4) !== year) return `${formatDayMonth(a)} ${a.slice(0, 4)} – ${formatDayMonth(b)} ${year}`;
  return `${formatDayMonth(a)} – ${formatDayMonth(b)} ${year}`;
}

/**
 * Where a key moves the focused day in a calendar grid (ARIA date grid): arrows a day or a week, Home/End the
 * week's Monday/Sunday, PageUp/PageDown a `page` (a month or a week; with Shift a year). Null for other keys.
 */
export function moveByKey(
  key: string,
  from: IsoDate,
  { shiftKey = false, page = 'month' }: { shiftKey?: boolean; page?: 'month' | 'week' } = {},
): IsoDate | null {
  const pageBy = (dir: 1 | -1) =>
    shiftKey ? addMonths(from, 12 * dir) : page === 'month' ? addMonths(from, dir) : addDays(from, 7 * dir);
  switch (key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home':
      return startOfWeek(from);
    case 'End':
      return addDays(startOfWeek(from), 6);
    case 'PageUp':
      return pageBy(-1);
    case 'PageDown':
      return pageBy(1);
    default:
      return null;
  }
}
