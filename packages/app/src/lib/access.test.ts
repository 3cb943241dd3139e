import { describe, expect, it } from 'vitest';
import { decide, isAllowed, landingFor, portfolioHome, ROLES } from './access.ts';

describe('route access (spec §2)', () => {
  it('sends a missing session to /auth whatever the route', () => {
    expect(decide({ token: null }, ROLES.all)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decide({ token: null, role: 'admin' }, ROLES.admin)).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('sends a role that is not allowed home', () => {
    expect(decide({ token: 't', role: 'client' }, ROLES.staff)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ token: 't', role: 'employee' }, ROLES.admin)).toEqual({ kind: 'redirect', to: '/' });
  });

  it("renders for allowed roles and for '*'", () => {
    expect(decide({ token: 't', role: 'client' }, ROLES.everyone)).toEqual({ kind: 'render' });
    expect(decide({ token: 't', role: 'client' }, ROLES.all)).toEqual({ kind: 'render' });
    expect(isAllowed('admin', ROLES.admin)).toBe(true);
    expect(isAllowed(undefined, ROLES.staff)).toBe(false);
  });

  it('lands a client on the first portfolio dashboard, everyone else home', () => {
    expect(landingFor('client', 'p1')).toBe('/portfolios/p1/client-dashboard');
    expect(landingFor('client')).toBe('/');
    expect(landingFor('employee', 'p1')).toBe('/');
  });

  it("opens a portfolio on its role's home: the client's dashboard, the staff's dashboard", () => {
    expect(portfolioHome('p1', 'client')).toBe('/portfolios/p1/client-dashboard');
    expect(portfolioHome('p1', 'employee')).toBe('/portfolios/p1/dashboard');
    expect(portfolioHome('p1', 'admin')).toBe('/portfolios/p1/dashboard');
  });
});
