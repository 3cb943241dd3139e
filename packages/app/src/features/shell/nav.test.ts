import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, navEntries } from './nav.ts';

describe('sidebar entries per role (spec §2)', () => {
  it('gives a client "Mi Dashboard" and Configuración only', () => {
    expect(navEntries('client', 'p1').map((e) => e.label)).toEqual(['Mi Dashboard', 'Configuración']);
    expect(navEntries('client', 'p1')[0]!.to).toBe('/portfolios/p1/client-dashboard');
  });

  it('gives an employee Dashboard and the production plan', () => {
    expect(navEntries('employee', 'p1').map((e) => e.label)).toEqual([
      'Dashboard',
      'Plan de Producción',
      'Configuración',
    ]);
  });

  it('adds the admin screens for an admin', () => {
    expect(navEntries('admin', null).map((e) => e.label)).toEqual([
      'Dashboard',
      'Plan de Producción',
      'Gestión de Usuarios',
      'Herramientas',
      'Notificar',
      'Configuración',
    ]);
  });

  it('leaves portfolio entries without a target when none is active', () => {
    const [dashboard] = navEntries('employee', null);
    expect(dashboard).toMatchObject({ to: null, needsPortfolio: true });
  });
});

describe('breadcrumbs', () => {
  const p = { _id: 'p1', businessName: 'Café Aurora' };
  it('shows Inicio alone at home', () => {
    expect(breadcrumbsFor('/', p, 'admin')).toEqual([{ label: 'Inicio' }]);
  });
  it('shows Inicio › business name inside a portfolio', () => {
    expect(breadcrumbsFor('/portfolios/p1/production', p, 'employee')).toEqual([
      { label: 'Inicio', href: '/' },
      { label: 'Café Aurora' },
    ]);
  });
  it('adds Revisión on the review route', () => {
    expect(breadcrumbsFor('/portfolios/p1/review', p, 'client')).toEqual([
      { label: 'Inicio', href: '/' },
      { label: 'Café Aurora', href: '/portfolios/p1/client-dashboard' },
      { label: 'Revisión' },
    ]);
  });
});
