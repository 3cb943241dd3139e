import { type Role, roles } from './enums.ts';

/** Who may open what (spec §2). '*' means every signed-in role. */
export type Allowed = readonly (Role | '*')[];

export const ROLES = {
  all: ['*'],
  admin: ['admin'],
  staff: ['admin', 'employee'],
  everyone: roles,
} as const satisfies Record<string, Allowed>;

export function isAllowed(role: Role | undefined, allowed: Allowed): boolean {
  if (allowed.includes('*')) return true;
  return role !== undefined && allowed.includes(role);
}

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

/** No session → /auth; a role not allowed → home (spec §2). */
export function decide(session: { token: string | null; role?: Role }, allowed: Allowed): GuardDecision {
  if (!session.token) return { kind: 'redirect', to: '/auth' };
  if (!isAllowed(session.role, allowed)) return { kind: 'redirect', to: '/' };
  return { kind: 'render' };
}

/** The first screen of a portfolio for a role (spec §2): clients have no staff dashboard. */
export const portfolioHome = (portfolioId: string, role: Role | undefined) =>
  `/portfolios/${portfolioId}/${role === 'client' ? 'client-dashboard' : 'dashboard'}`;

/** Where a signed-in user lands from /auth: a client's dashboard, else home. */
export function landingFor(role: Role, firstPortfolioId?: string): string {
  if (role === 'client' && firstPortfolioId) return portfolioHome(firstPortfolioId, role);
  return '/';
}
