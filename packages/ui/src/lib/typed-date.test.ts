import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './typed-date.ts';

const today = '2026-03-18';
const read = (text: string) => parseTypedDate(text, { today });
const whileTyping = (text: string) => parseTypedDate(text, { today, complete: true });

describe('parseTypedDate', () => {
  it.each([
    ['14122026', '2026-12-14'],
    ['01022027', '2027-02-01'],
    ['14/12/2026', '2026-12-14'],
    ['14-12-2026', '2026-12-14'],
    ['14.12.2026', '2026-12-14'],
    ['14 12 2026', '2026-12-14'],
    ['1/2/2027', '2027-02-01'],
    ['01/2/2027', '2027-02-01'],
    ['1/02/2027', '2027-02-01'],
    ['  7/4/2025 ', '2025-04-07'],
    ['14/12/26', '2026-12-14'],
    ['2026-12-14', '2026-12-14'],
    ['2026/12/14', '2026-12-14'],
    ['2026-1-5', '2026-01-05'],
  ])('reads %j as %s', (text, iso) => {
    expect(read(text)).toBe(iso);
  });

  it('completes day and month with the current year (today’s), also for a day already past', () => {
    expect(read('14/12')).toBe('2026-12-14');
    expect(read('1/2')).toBe('2026-02-01');
    expect(read('1.2')).toBe('2026-02-01');
    expect(parseTypedDate('14/12', { today: '2031-01-01' })).toBe('2031-12-14');
  });

  it('knows leap years', () => {
    expect(read('29/02/2028')).toBe('2028-02-29');
    expect(read('29022028')).toBe('2028-02-29');
    expect(read('2028-02-29')).toBe('2028-02-29');
    expect(read('29/02/2000')).toBe('2000-02-29');
    expect(read('29/02/2027')).toBeNull();
    expect(read('29/02/2100')).toBeNull();
    expect(read('2027-02-29')).toBeNull();
    expect(read('29/02')).toBeNull(); // 2026 is not a leap year
    expect(parseTypedDate('29/02', { today: '2028-06-01' })).toBe('2028-02-29');
  });

  it.each([
    '',
    '   ',
    'hola',
    'mañana',
    '31/02/2026',
    '31/04/2026',
    '14/13',
    '0/12/2026',
    '14/0/2026',
    '32/01/2026',
    '14/12/202',
    '14/12/20266',
    '1412202',
    '141220266',
    '14122',
    '2026-13-01',
    '2026-12-32',
    '14//12/2026',
    '14/12/2026/',
    '14/12-',
    '-14/12/2026',
    '1,2,2026',
    '14/12/2026 10:00',
    '０１/０２/２０２７',
    '0999-01-01',
  ])('refuses %j', (text) => {
    expect(read(text)).toBeNull();
  });

  it('while typing, takes only what cannot become another date', () => {
    expect(whileTyping('14/12/2026')).toBe('2026-12-14');
    expect(whileTyping('1/2/2027')).toBe('2027-02-01');
    expect(whileTyping('14122026')).toBe('2026-12-14');
    expect(whileTyping('2026-12-14')).toBe('2026-12-14');
    // On their way to a longer date.
    expect(whileTyping('14/1')).toBeNull();
    expect(whileTyping('14/12')).toBeNull();
    expect(whileTyping('14/12/20')).toBeNull();
    expect(whileTyping('2026-12-1')).toBeNull();
    expect(whileTyping('2026/12/1')).toBeNull();
    expect(whileTyping('31/02/2026')).toBeNull();
  });
});
