import { describe, expect, it } from 'vitest';
import { funnelPhases, planStrategy } from '../../src/services/review/strategy.ts';

const spread = (values: Array<string | null>) => {
  const counts = new Map<string | null, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const n = [...counts.values()];
  return Math.max(...n) - Math.min(...n);
};

describe('planStrategy', () => {
  const dims = { pilares: ['P1', 'P2', 'P3'], angulos: ['A1', 'A2'], formatos: ['Reel', 'Post'] };

  it.each([4, 7, 12, 13, 24, 50])('covers every dimension and phase evenly for %i items', (count) => {
    const plan = planStrategy(count, dims);
    expect(plan).toHaveLength(count);
    expect(spread(plan.map((s) => s.pilar))).toBeLessThanOrEqual(1);
    expect(spread(plan.map((s) => s.angulo))).toBeLessThanOrEqual(1);
    expect(spread(plan.map((s) => s.format))).toBeLessThanOrEqual(1);
    expect(spread(plan.map((s) => s.funnelPhase))).toBeLessThanOrEqual(1);
  });

  it('uses all four phases once there are four items, and all 12 combinations once there are 12', () => {
    expect(new Set(planStrategy(4, dims).map((s) => s.funnelPhase))).toEqual(new Set(funnelPhases));
    expect(new Set(planStrategy(12, dims).map((s) => `${s.pilar}|${s.angulo}|${s.format}`)).size).toBe(12);
  });

  it('works for a portfolio with no pilares, angulos or formatos yet', () => {
    const plan = planStrategy(5, { pilares: [], angulos: [], formatos: [] });
    expect(plan.every((s) => s.pilar === null && s.format === null)).toBe(true);
    expect(spread(plan.map((s) => s.funnelPhase))).toBeLessThanOrEqual(1);
  });
});
