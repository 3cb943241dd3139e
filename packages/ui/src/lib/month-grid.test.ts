import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  clampIso,
  endOfMonth,
  formatDayMonth,
  formatLongDate,
  formatMonthYear,
  formatNumericDate,
  formatWeekRange,
  isIsoDate,
  isWithin,
  monthGrid,
  moveByKey,
  startOfWeek,
  todayIso,
  weekDays,
  weekdayIndex,
  weekdayNames,
} from './month-grid.ts';

describe('month grid', () => {
  it('starts weeks on Monday and pads with the neighbouring months', () => {
    // March 2025: 1 March is a Saturday, 31 March a Monday.
    const weeks = monthGrid('2025-03-18');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([
      '2025-02-24',
      '2025-02-25',
      '2025-02-26',
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(weeks[5][0]).toBe('2025-03-31');
    expect(weeks[5][6]).toBe('2025-04-06');
    for (const week of weeks) expect(weekdayIndex(week[0])).toBe(0);
  });

  it('has only the weeks it needs, or always six with fixedWeeks', () => {
    // February 2027 starts on a Monday and has 28 days: exactly four weeks.
    expect(monthGrid('2027-02-10')).toHaveLength(4);
    expect(monthGrid('2027-02-10', { fixedWeeks: true })).toHaveLength(6);
    expect(monthGrid('2027-02-10', { fixedWeeks: true })[5][6]).toBe('2027-03-14');
  });

  it('handles leap years and month ends', () => {
    expect(endOfMonth('2024-02-05')).toBe('2024-02-29');
    expect(endOfMonth('2025-02-05')).toBe('2025-02-28');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-01-15', -13)).toBe('2023-12-15');
  });

  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31'); // DST starts in Spain on 30 March 2025
    expect(addDays('2025-10-25', 2)).toBe('2025-10-27'); // and ends on 26 October
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(startOfWeek('2025-03-02')).toBe('2025-02-24'); // a Sunday belongs to the week before
    expect(weekDays('2025-03-05')[0]).toBe('2025-03-03');
  });

  it('validates, clamps and parses typed dates', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-2-3')).toBe(false);
    expect(clampIso('2025-01-01', '2025-02-01', '2025-03-01')).toBe('2025-02-01');
    expect(clampIso('2025-05-01', '2025-02-01', '2025-03-01')).toBe('2025-03-01');
    expect(clampIso('2025-02-10', null, undefined)).toBe('2025-02-10');
    expect(isWithin('2025-02-10', '2025-02-10', '2025-02-10')).toBe(true);
    expect(isWithin('2025-02-11', undefined, '2025-02-10')).toBe(false);
  });

  it('takes today from the local date', () => {
    expect(todayIso(new Date(2025, 2, 5, 23, 59))).toBe('2025-03-05');
    expect(todayIso(new Date(2025, 2, 6, 0, 1))).toBe('2025-03-06');
  });
});

describe('keyboard moves', () => {
  it('moves days, weeks, week ends and pages', () => {
    const from = '2025-03-31'; // a Monday
    expect(moveByKey('ArrowLeft', from)).toBe('2025-03-30');
    expect(moveByKey('ArrowRight', from)).toBe('2025-04-01');
    expect(moveByKey('ArrowUp', from)).toBe('2025-03-24');
    expect(moveByKey('ArrowDown', from)).toBe('2025-04-07');
    expect(moveByKey('Home', '2025-03-02')).toBe('2025-02-24');
    expect(moveByKey('End', from)).toBe('2025-04-06');
    expect(moveByKey('PageDown', from)).toBe('2025-04-30');
    expect(moveByKey('PageUp', from)).toBe('2025-02-28');
    expect(moveByKey('PageUp', from, { shiftKey: true })).toBe('2024-03-31');
    expect(moveByKey('PageDown', from, { page: 'week' })).toBe('2025-04-07');
    expect(moveByKey('Enter', from)).toBeNull();
  });
});

describe('Spanish names (Intl es-ES)', () => {
  it('names the weekdays Monday first', () => {
    expect(weekdayNames('long')).toEqual([
      'lunes',
      'martes',
      'miércoles',
      'jueves',
      'viernes',
      'sábado',
      'domingo',
    ]);
    expect(weekdayNames('short')[0]).toBe('lun');
    expect(weekdayNames('short')[6]).toBe('dom');
  });

  it('formats months, days and weeks', () => {
    expect(formatMonthYear('2025-03-18')).toBe('Marzo de 2025');
    expect(formatLongDate('2025-03-03')).toBe('lunes, 3 de marzo de 2025');
    expect(formatDayMonth('2025-03-09')).toBe('9 mar');
    expect(formatNumericDate('2025-03-03')).toBe('03/03/2025');
    expect(formatWeekRange('2025-03-05')).toBe('3 – 9 mar 2025');
    expect(formatWeekRange('2025-04-30')).toBe('28 abr – 4 may 2025');
    expect(formatWeekRange('2025-12-31')).toBe('29 dic 2025 – 4 ene 2026');
  });
});
