import type { Cycle } from '@crw/api-client';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CalendarEntry, productionStore } from '../../../features/production/store.ts';
import { CalendarView } from './calendar-view.tsx';

const cycle = { _id: 'c1', startDate: '2026-03-02', endDate: '2026-03-15' } as Cycle;
const entry = (id: string, title: string, publishDate: string | null): CalendarEntry => ({
  _id: id,
  title,
  status: 'draft',
  publishDate,
  version: 1,
});

beforeEach(() => {
  // A desktop's width: the month grid, not the phone's agenda.
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(productionStore.calendar, { items: [], more: false, loading: false, error: null });
});

function renderCalendar(items: CalendarEntry[], more: boolean) {
  Object.assign(productionStore.calendar, { items, more, loading: false, error: null });
  render(
    <MemoryRouter>
      <CalendarView cycle={cycle} onOpen={() => {}} />
    </MemoryRouter>,
  );
}

describe("the plan's calendar", () => {
  it('draws the dated pieces on their days and lists the undated ones below', () => {
    renderCalendar(
      [entry('a', 'Reel de masa madre', '2026-03-03'), entry('b', 'Carrusel sin fecha', null)],
      false,
    );
    expect(screen.getByText('Reel de masa madre')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 pieza sin fecha de publicación' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Carrusel sin fecha/ })).toBeTruthy();
    expect(screen.queryByText(/más piezas de las que caben/)).toBeNull();
  });

  it('says when the cycle holds more pieces than the calendar reads', () => {
    renderCalendar([entry('a', 'Reel de masa madre', '2026-03-03')], true);
    expect(
      screen.getByText(
        'El ciclo tiene más piezas de las que caben en el calendario: se muestran las primeras por fecha de publicación. Filtra para ver las demás.',
      ),
    ).toBeTruthy();
  });
});
