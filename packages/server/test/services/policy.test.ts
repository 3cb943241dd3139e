import { describe, expect, it } from 'vitest';
import {
  isClientReviewer,
  isInternalReviewer,
  isInternalViewer,
  portfolioHome,
  reviewDecision,
} from '../../src/policy.ts';
import { transitions } from '../../src/services/review/transitions.ts';

describe('policy: who reviews and where they land', () => {
  it('names the same review decisions as the transition table', () => {
    expect(transitions['approve-for-client'].permission).toBe(reviewDecision.internal);
    expect(transitions['request-internal-changes'].permission).toBe(reviewDecision.internal);
    expect(transitions['approve-client-review'].permission).toBe(reviewDecision.client);
    expect(transitions['request-client-changes'].permission).toBe(reviewDecision.client);
  });

  it('tells internal from client reviewers by what they see and may decide', () => {
    const member = (role: 'admin' | 'employee' | 'client', perms: string[]) => {
      const set = new Set(perms);
      return { internal: isInternalViewer({ role }, set), perms: set };
    };
    expect(isInternalReviewer(member('employee', ['portfolio.view', 'review.internal']))).toBe(true);
    expect(isInternalReviewer(member('employee', ['portfolio.view', 'production.edit']))).toBe(false);
    // A client never reviews internally, whatever its grant says.
    expect(isInternalReviewer(member('client', ['portfolio.view', 'review.internal']))).toBe(false);
    expect(isClientReviewer(member('client', ['portfolio.view', 'review.client']))).toBe(true);
    expect(isClientReviewer(member('employee', ['portfolio.view', 'review.internal', 'review.client']))).toBe(
      false,
    );
  });

  it('sends each role to its home in a portfolio', () => {
    expect(portfolioHome('p1', 'client')).toBe('/portfolios/p1/client-dashboard');
    expect(portfolioHome('p1', 'employee')).toBe('/portfolios/p1/dashboard');
    expect(portfolioHome('p1', 'admin')).toBe('/portfolios/p1/dashboard');
  });
});
