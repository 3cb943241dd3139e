/**
 * Reading a date typed in a date field, day first as in Spain. Pure: no DOM, no clock (today is passed in).
 *
 * Accepted, with the separators `/`, `-`, `.` or a space, one- or two-digit day and month:
 * - `14/12/2026`, `1/2/2027`, `14-12-2026`, `14.12.2026`, `14 12 2026`: day, month, year;
 * - `14/12/26`: a two-digit year is of this century (2026);
 * - `14122026`: eight digits, ddmmaaaa;
 * - `14/12`: day and month, **in the current year** (today's year, not the next occurrence: a plan is written
 *   for the year in course, and a past date is shown as such rather than silently moved a year ahead);
 * - `2026-12-14` (ISO) and `2026/12/14`, `2026-1-5`: year first when it has four digits.
 * Anything else, or a day that does not exist (`31/02/2026`, `29/02/2027`, `14/13`), is null.
 */

import type { IsoDate } from './month-grid.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` when the day exists (leap years included), else null. */
function toIso(year: number, month: number, day: number): IsoDate | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const SEP = '[/.\\- ]';
const DAY_MONTH_YEAR = new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4}|\\d{2})$`);
const DAY_MONTH = new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})$`);
const YEAR_FIRST = new RegExp(`^(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})$`);
const STRICT_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

export interface ParseTypedDateOptions {
  /** Today, `YYYY-MM-DD`: its year completes `14/12`. */
  today: IsoDate;
  /**
   * While the person is still typing, only the forms that cannot become another date count (a four-digit
   * year at the end, eight digits, a full ISO date): `14/1` on its way to `14/12/2026` is not taken.
   */
  complete?: boolean;
}

/** The typed text as `YYYY-MM-DD`, or null when it cannot be read as a real date. */
export function parseTypedDate(
  text: string,
  { today, complete = false }: ParseTypedDateOptions,
): IsoDate | null {
  const s = text.trim().replace(/\s+/g, ' ');
  if (!s) return null;
  let m = STRICT_ISO.exec(s);
  if (m) return toIso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = COMPACT.exec(s);
  if (m) return toIso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = DAY_MONTH_YEAR.exec(s);
  if (m) {
    if (complete && m[3].length !== 4) return null;
    const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return toIso(year, Number(m[2]), Number(m[1]));
  }
  if (complete) return null;
  m = YEAR_FIRST.exec(s);
  if (m) return toIso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DAY_MONTH.exec(s);
  if (m) return toIso(Number(today.slice(0, 4)), Number(m[2]), Number(m[1]));
  return null;
}
